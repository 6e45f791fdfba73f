/**
 * What an environment runner's attempt carries to run one SWE-bench Pro
 * instance: the dataset row (ProRow, as pro-data.ts loads it), the
 * instance's run_script.sh and parser.py (pro-scripts.ts), the ENV lines
 * of its Dockerfiles as exports for the entry script, and optionally a
 * Dockerfile to build instead of pulling the instance's image (a backend
 * that cannot pull, a made-up instance). In: the task row's JSON; out: the
 * checked row or the first problem, naming its field. Pure, no I/O.
 */
import { z } from "zod";
import { ProFormatError, pythonStringList } from "./pro";

/** A Python list literal of strings, as the Pro rows hold their lists. */
const PyList = z.string().superRefine((v, ctx) => {
  try {
    pythonStringList(v);
  } catch (e) {
    if (!(e instanceof ProFormatError)) throw e;
    ctx.addIssue({ code: "custom", message: e.message });
  }
});

/** The fields of a Pro dataset row the runner and the grader read. */
export const ProRow = z.object({
  instance_id: z.string().regex(/^instance_[A-Za-z0-9._-]+$/, "is not instance_<owner>__<repo>-<commit>…"),
  repo: z.string().regex(/^[^/\s]+\/[^/\s]+$/, "is not owner/name"),
  base_commit: z.string().regex(/^[0-9a-f]{40}$/, "is not a commit"),
  patch: z.string(),
  problem_statement: z.string(),
  requirements: z.string().nullish(),
  interface: z.string().nullish(),
  before_repo_set_cmd: z.string(),
  selected_test_files_to_run: PyList,
  fail_to_pass: PyList,
  pass_to_pass: PyList,
  dockerhub_tag: z.string().nullish(),
});
export type ProRow = z.infer<typeof ProRow>;

/** The task row of a Pro attempt (`environment: "swebench_pro"`). */
export const ProTaskRow = z.object({
  environment: z.literal("swebench_pro"),
  instance: ProRow,
  run_script: z.string().min(1),
  parser: z.string().min(1),
  exports: z.array(z.string()).default([]),
  dockerfile: z.string().nullish(),
});
export type ProTaskRow = z.infer<typeof ProTaskRow>;

/** The prompt the Pro paper's agents get: the statement, then the requirements and the interface when the row has them. */
export function proInstruction(row: ProRow): string {
  const parts = [`The repository ${row.repo} is checked out at /app at commit ${row.base_commit}. Resolve the issue below by editing the repository's files (do not change its tests).`, row.problem_statement.trim()];
  if (row.requirements?.trim()) parts.push(`Requirements:\n${row.requirements.trim()}`);
  if (row.interface?.trim()) parts.push(`Interface:\n${row.interface.trim()}`);
  return parts.join("\n\n");
}
