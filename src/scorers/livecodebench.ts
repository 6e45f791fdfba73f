/**
 * LiveCodeBench's code-generation scorer, pure part, following LiveCodeBench
 * (lcb_runner): the code is what `extract_code` takes from a chat reply (the
 * lines between the last two lines holding a ``` fence; none without two
 * such lines), graded on the problem's public tests then its hidden ones by
 * the program src/scorers/livecodebench-harness.ts writes (LiveCodeBench's
 * testing_util rules: stdin/stdout or a LeetCode method, 6 s per test,
 * stopping at the first failure). Reward 1 when every test passes, as
 * LiveCodeBench grades a generation (pass@1 is the mean). Nothing here
 * executes code or does I/O: the sandbox and the revision file holding the
 * hidden tests are injected.
 *
 * Requests: one program carries the problem's tests as published (the hidden
 * ones as their base64 blob, which only the sandbox decodes), so a request
 * is the blob plus the code and the harness, under the sandbox's 16 MB body
 * (a problem whose blob does not fit leaves its attempts unscored, named,
 * never 0). A program grades tests until it has run for `budget_s` of wall
 * time, then says where it stopped; the scorer sends it again from there,
 * summing the sandbox's execution time, until every test has run, one
 * fails, or the time passes LiveCodeBench's own global limit for the
 * problem, (6 + 1) s per test + 5 s, which fails it as upstream does.
 */
import type { Execute, ExecutionVerdict } from "./execution";
import { lcbVerdict, LCB_TEST_TIMEOUT_S, livecodebenchProgram, type LcbOutcome } from "./livecodebench-harness";
import type { ScoreDeps, ScoreInputOf, ScoreResult } from "./types";

/** The sandbox's request body limit (sandbox/server.mjs MAX_BODY_BYTES), less room for the JSON around the program. */
export const LCB_MAX_PROGRAM_BYTES = 16 * 1024 * 1024 - 64 * 1024;

/** Requests one grading may take, whatever its time: a bound on one attempt's use of the queue consumer's 15 minutes. */
export const LCB_MAX_REQUESTS = 6;

/** LiveCodeBench's extract_code for chat models: the lines between the last two lines that hold ```, or "" without two. */
export function extractLcbCode(reply: string): string {
  const lines = reply.split("\n");
  const fences = lines.flatMap((l, i) => (l.includes("```") ? [i] : []));
  if (fences.length < 2) return "";
  return lines.slice(fences.at(-2)! + 1, fences.at(-1)!).join("\n");
}

/** A revision file's reference in a row cell. */
interface FileRef {
  file: string;
  sha256: string;
  bytes: number;
}

function fileRef(v: unknown): FileRef | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  return typeof o.file === "string" && typeof o.sha256 === "string" && typeof o.bytes === "number" ? { file: o.file, sha256: o.sha256, bytes: o.bytes } : null;
}

const STATUS_WORDS: Record<string, string> = {
  pass: "passed",
  wrong_answer: "wrong answer",
  runtime_error: "runtime error",
  time_limit: "time limit exceeded",
  compile_error: "compile error",
};

/** Grades the code against the tests, request after request (see the header). */
async function grade(
  execute: Execute,
  spec: ScoreInputOf<"livecodebench">["spec"],
  task: { code: string; publicTests: string; hiddenTests: string; fnName: string | null },
): Promise<{ verdict: LcbOutcome | null; last: ExecutionVerdict; requests: number; seconds: number; limit: number | null }> {
  let start = 0;
  let seconds = 0;
  let limit: number | null = null;
  for (let requests = 1; ; requests++) {
    const program = livecodebenchProgram({ ...task, start, budgetS: spec.budget_s });
    const last = await execute({ language: "python", program, timeout_s: spec.timeout_s, memory_mb: spec.memory_mb });
    seconds += last.duration_ms / 1000;
    const verdict = lcbVerdict(last.stdout);
    if (!verdict || "error" in verdict || verdict.next === null) return { verdict, last, requests, seconds, limit };
    // LiveCodeBench's global limit for the whole problem: (timeout + 1) s per test, and 5 s more.
    limit = (LCB_TEST_TIMEOUT_S + 1) * verdict.total + 5;
    if (seconds > limit || requests >= LCB_MAX_REQUESTS) return { verdict, last, requests, seconds, limit };
    start = verdict.next;
  }
}

export async function scoreLivecodebench(input: ScoreInputOf<"livecodebench">, deps: ScoreDeps): Promise<ScoreResult> {
  const execute = deps.execute;
  if (!execute) throw new Error("LiveCodeBench needs the code sandbox: set ASSAY_SANDBOX_URL and ASSAY_SANDBOX_SECRET");
  const row = input.row ?? {};
  const spec = input.spec;
  const code = extractLcbCode(input.output);
  if (code.trim() === "") return { reward: 0, reason: "no code between two ``` lines in the reply (LiveCodeBench's extraction)", structured: { report: { status: "no_code" } } };
  const publicTests = row[spec.public_tests_column];
  if (typeof publicTests !== "string") return { reward: null, reason: `the row has no public tests ('${spec.public_tests_column}')` };
  const fnName = typeof row[spec.fn_name_column] === "string" && row[spec.fn_name_column] !== "" ? (row[spec.fn_name_column] as string) : null;
  const cell = row[spec.hidden_tests_column];
  const ref = fileRef(cell);
  // The program must fit one request; its blob dominates it.
  const size = (ref ? ref.bytes : typeof cell === "string" ? cell.length : 0) + publicTests.length + code.length;
  if (size > LCB_MAX_PROGRAM_BYTES) {
    return { reward: null, reason: `not scored: the problem's tests and the code take ${size} bytes, more than one sandbox request carries (${LCB_MAX_PROGRAM_BYTES})` };
  }
  const run = (hiddenTests: string) => grade(execute, spec, { code, publicTests, hiddenTests, fnName });
  let graded;
  if (ref) {
    if (!deps.withRevisionFile) throw new Error("LiveCodeBench's hidden tests are a file of the dataset revision, and no reader of revision files was given");
    graded = await deps.withRevisionFile(ref, run);
  } else graded = await run(typeof cell === "string" ? cell : "[]");
  const { verdict, last, requests, seconds, limit } = graded;
  const execution = {
    passed: last.passed,
    failure: last.failure,
    exit_code: last.exit_code,
    timed_out: last.timed_out,
    duration_ms: Math.round(seconds * 1000),
    isolation: last.isolation,
    requests,
    stderr: last.stderr.slice(-2_000),
    code: code.slice(0, 64_000),
  };
  if (!verdict) {
    // The program ended before its verdict (killed at the sandbox's limits, or the code ended the process): a failure, as upstream's global timeout is.
    return { reward: 0, reason: `no verdict: ${last.reason}`, exit_code: last.exit_code, structured: { execution, report: { status: "no_verdict" } } };
  }
  if ("error" in verdict) return { reward: null, reason: `not scored: ${verdict.error}`, exit_code: last.exit_code, structured: { execution, report: { status: "data_error" } } };
  const report = { status: verdict.status, passed: verdict.passed, total: verdict.total, failure: verdict.failure };
  if (verdict.next !== null) {
    const why = limit !== null && seconds > limit ? `LiveCodeBench's global limit of ${limit} s for ${verdict.total} tests` : `${requests} sandbox requests`;
    return { reward: 0, reason: `timeout: ${verdict.passed} of ${verdict.total} tests passed within ${why}`, exit_code: last.exit_code, structured: { execution, report: { ...report, status: "global_timeout" } } };
  }
  const reward = verdict.status === "pass" && verdict.passed === verdict.total ? 1 : 0;
  const failure = verdict.failure;
  const reason = reward
    ? `all ${verdict.total} tests passed`
    : `${STATUS_WORDS[verdict.status] ?? verdict.status}${failure && typeof failure.test === "number" ? ` on test ${failure.test + 1} of ${verdict.total}` : ""}${failure?.error ? `: ${failure.error}` : ""}`;
  return { reward, reason, exit_code: last.exit_code, structured: { execution, report } };
}
