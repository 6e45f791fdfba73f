/**
 * A SWE-bench task instance as the Hugging Face rows hold it (Verified,
 * Lite, full, Multilingual): the repository at a base commit, the test
 * patch, the version that picks the test command, and the tests that must
 * go from failing to passing (FAIL_TO_PASS) and stay passing
 * (PASS_TO_PASS), JSON-encoded lists in the rows, parsed here. Newer
 * datasets (the 5.x task repositories) also carry the image, eval script,
 * log parser and eval type; kept when present. Pure, no I/O.
 */
import { z } from "zod";

/** `owner__repo-<number>`, SWE-bench's instance ids (`django__django-11099`). */
export const INSTANCE_ID = /^[A-Za-z0-9._-]+__[A-Za-z0-9._-]+-\d+$/;

/** A list of test names: an array, or the JSON text of one as the Hugging Face rows store it. */
const TestList = z.union([z.array(z.string()), z.string()]).transform((v, ctx) => {
  if (Array.isArray(v)) return v;
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    ctx.addIssue({ code: "custom", message: "is not a JSON list of test names" });
    return z.NEVER;
  }
  if (!Array.isArray(parsed) || !parsed.every((t) => typeof t === "string")) {
    ctx.addIssue({ code: "custom", message: "is not a JSON list of test names" });
    return z.NEVER;
  }
  return parsed as string[];
});

export const SwebenchInstance = z.object({
  instance_id: z.string().regex(INSTANCE_ID, "is not a SWE-bench instance id (owner__repo-<number>)"),
  repo: z.string().regex(/^[A-Za-z0-9._-]+\/[A-Za-z0-9._-]+$/, "is not owner/name"),
  base_commit: z.string().regex(/^[0-9a-f]{7,40}$/, "is not a git commit"),
  /** Picks the repository's test command (specs.ts); a string in the rows ("3.0"). */
  version: z.string().min(1).max(40),
  test_patch: z.string(),
  FAIL_TO_PASS: TestList,
  PASS_TO_PASS: TestList,
  problem_statement: z.string().optional(),
  /** The gold patch: the oracle's answer, never shown to an agent. */
  patch: z.string().optional(),
  hints_text: z.string().optional(),
  created_at: z.string().optional(),
  environment_setup_commit: z.string().optional(),
  difficulty: z.string().optional(),
  /** Newer datasets: the evaluation image, the whole eval script, the parser's name and the eval type. */
  image: z.string().optional(),
  eval_script: z.string().optional(),
  log_parser: z.string().optional(),
  eval_type: z.enum(["pass_and_fail", "fail_only"]).optional(),
});
export type SwebenchInstance = z.infer<typeof SwebenchInstance>;

/** What grading a log needs of an instance (a dataset row without the patches reads as one). */
export const GradableInstance = SwebenchInstance.pick({ instance_id: true, repo: true, FAIL_TO_PASS: true, PASS_TO_PASS: true, log_parser: true, eval_type: true });
export type GradableInstance = z.infer<typeof GradableInstance>;

/** The repository an instance id names: `scikit-learn__scikit-learn-14629` → `scikit-learn/scikit-learn`, as the 2.0.x harness derives it. */
export function repoOfInstance(instanceId: string): string {
  return instanceId.replace(/-\d+$/, "").replaceAll("__", "/");
}
