/**
 * Scorer `swebench`: SWE-bench's own grading (src/environments/swebench/
 * grading.ts: the harness's per-repository log parsers and its
 * FAIL_TO_PASS / PASS_TO_PASS rules, 2.0.x, 4.x or 5.x by the log's
 * layout) of the output, which is the instance's evaluation log; the row is
 * the instance. Reward 1 only when resolved (every FAIL_TO_PASS and
 * PASS_TO_PASS test passes), else 0 with the failing tests named.
 *
 * With `verdict_column` (a submission's import), the submission's own
 * verdict is set beside Assay's: the `agrees` dimension is 1 when they
 * match. An output without a log (the submission gave none for the
 * instance) is graded from the submission's report.json lists when the row
 * has them (`submission_tests_status`), and otherwise keeps the
 * submission's verdict, marked not re-graded (`regraded` 0), so a
 * submission's total stays comparable with its published figure. A
 * repository without a parser, or a row that is not an instance, is
 * unscored (null), never 0. Pure, no I/O.
 */
import { gradeInstance, resolutionOf, UnsupportedRepositoryError, type SwebenchGrade, type TestsStatus } from "../environments/swebench/grading";
import { GradableInstance } from "../environments/swebench/instance";
import type { ScoreInputOf, ScoreResult } from "./types";

/** Failing tests listed in a sample's report; the counts say how many there are. */
const MAX_LISTED_FAILURES = 50;

/** What the submission gave for an instance, as the import wrote it (row column `submission_evidence`). */
const EVIDENCE_WORDS: Record<string, string> = {
  "results.json": "only its results.json lists it",
  "run_instance.log": "the harness stopped before the tests ran (run_instance.log only)",
  "report.json": "only its report.json",
  none: "nothing for this instance",
  oversized: "a test log larger than Assay keeps per output",
};

function verdictOf(v: unknown): number | null {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number" && (v === 0 || v === 1)) return v;
  return null;
}

const said = (v: number) => (v === 1 ? "resolved" : "not resolved");

function counts(s: Pick<TestsStatus, "FAIL_TO_PASS" | "PASS_TO_PASS">) {
  const failing = [...s.FAIL_TO_PASS.failure, ...s.PASS_TO_PASS.failure];
  return {
    fail_to_pass: { success: s.FAIL_TO_PASS.success.length, failure: s.FAIL_TO_PASS.failure.length },
    pass_to_pass: { success: s.PASS_TO_PASS.success.length, failure: s.PASS_TO_PASS.failure.length },
    failing_tests: failing.slice(0, MAX_LISTED_FAILURES),
  };
}

const passRate = (o: { success: string[]; failure: string[] }) => (o.success.length + o.failure.length ? o.success.length / (o.success.length + o.failure.length) : 1);

export function scoreSwebench({ output, row, spec }: ScoreInputOf<"swebench">): ScoreResult {
  const parsed = GradableInstance.safeParse(row ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { reward: null, reason: `the row is not a SWE-bench instance: ${issue.path.join(".") || "row"} ${issue.message}` };
  }
  const instance = parsed.data;
  const verdict = spec.verdict_column ? verdictOf(row?.[spec.verdict_column]) : null;
  const evidence = typeof row?.submission_evidence === "string" ? row.submission_evidence : null;

  if (output.trim() === "") {
    const lists = row?.submission_tests_status as TestsStatus | null | undefined;
    if (lists && typeof lists === "object" && lists.FAIL_TO_PASS && lists.PASS_TO_PASS) {
      const resolution = resolutionOf(lists);
      const reward = resolution === "RESOLVED_FULL" ? 1 : 0;
      const agrees: Record<string, number> = verdict === null ? {} : { agrees: reward === verdict ? 1 : 0 };
      return {
        reward,
        reason: `graded from the submission's report.json lists (no test log): ${resolution === "RESOLVED_FULL" ? "resolved" : "not resolved"}${verdict === null ? "" : reward === verdict ? "; the report says the same" : `; the report says ${said(verdict)}: they disagree`}`,
        structured: { dimensions: { resolved: reward, regraded: 0, ...agrees }, report: { from: "report.json", resolution, submission_resolved: verdict, ...counts(lists) } },
      };
    }
    if (verdict !== null) {
      const what = evidence ? (EVIDENCE_WORDS[evidence] ?? evidence) : "no test log";
      return {
        reward: verdict,
        reason: `not re-graded: the submission gives ${what}; its own verdict is kept: ${said(verdict)}`,
        structured: { dimensions: { resolved: verdict, regraded: 0 }, report: { from: evidence ?? "none", submission_resolved: verdict } },
      };
    }
  }

  let grade: SwebenchGrade;
  try {
    grade = gradeInstance({ instance, log: output, rules: spec.rules });
  } catch (e) {
    if (e instanceof UnsupportedRepositoryError) return { reward: null, reason: `cannot grade: ${e.message}` };
    throw e;
  }
  const reward = grade.resolved ? 1 : 0;
  const dims: Record<string, number> = { resolved: reward, regraded: 1 };
  if (grade.tests_status) {
    dims.fail_to_pass = passRate(grade.tests_status.FAIL_TO_PASS);
    dims.pass_to_pass = passRate(grade.tests_status.PASS_TO_PASS);
  }
  if (verdict !== null) dims.agrees = reward === verdict ? 1 : 0;
  const beside = verdict === null ? "" : reward === verdict ? "; the submission says the same" : `; the submission says ${said(verdict)}: they disagree`;
  return {
    reward,
    reason: `${grade.reason} (SWE-bench ${grade.rules} rules, ${grade.parser})${beside}`,
    structured: {
      dimensions: dims,
      report: {
        from: "test log",
        rules: grade.rules,
        parser: grade.parser,
        patch_successfully_applied: grade.patch_successfully_applied,
        resolution: grade.resolution,
        ...(grade.not_graded ? { not_graded: grade.not_graded } : {}),
        ...(grade.tests_status ? counts(grade.tests_status) : {}),
        submission_resolved: verdict,
      },
    },
  };
}
