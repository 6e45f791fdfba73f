/**
 * The code-execution scorer, pure part: extract the program from a model's
 * reply, assemble it with the benchmark's tests, and turn the sandbox's
 * verdict into a reward. Executing the program is the injected `execute`
 * (workers/sandbox/client.ts calls the sandbox service); nothing here runs
 * code or does I/O.
 *
 * Extraction: the last fenced code block whose opening fence (a line of its
 * own) is ```` ```python ````, ```` ```python3 ````, ```` ```py ```` or bare;
 * other languages' blocks are skipped; a block never closed (a reply cut off
 * by the token limit) counts with what it holds; with no such block, the
 * whole reply. This is
 * the rule of MapCoder's and Inspect's HumanEval harnesses (last block, else
 * all) narrowed to Python blocks.
 *
 * Programs (one process each, so no name leaks from one task to another):
 * - humaneval (openai/human-eval's `check_correctness`): prompt + code +
 *   "\n" + test + "\n" + `check(<entry_point>)`. A reply that is only a body
 *   completes the prompt as the original harness does; a reply that is a whole
 *   function redefines the prompt's (whose body is only its docstring), so the
 *   prompt's imports and helpers stay available. MapCoder's harness instead
 *   left the prompt out and ran every program in one shared interpreter; see
 *   README ("Code benchmarks") for the tasks where that differs.
 * - mbpp (Austin et al.'s MBPP): code, then `test_setup_code`, then the asserts
 *   of `test_list`, one per line.
 * - evalplus (EvalPlus's HumanEval+ and MBPP+): the code's entry point called
 *   on every base and plus input and compared with the reference solution's
 *   outputs (for HumanEval+ the reference is the prompt, the contract and the
 *   canonical solution), as src/scorers/evalplus-harness.ts states (with how
 *   it differs from EvalPlus).
 * Reward 1 when the program exits 0 within the timeout, else 0 with the
 * sandbox's reason; a reply with no code is 0 without executing anything.
 * The evalplus harness is read by its verdict lines instead: reward 1 when
 * the base and the plus inputs both pass (EvalPlus's headline), with `base`
 * and `base_plus` as dimensions; null when the reference itself fails on an
 * input (the data's fault, not the candidate's).
 */
import type { Execute, ExecutionVerdict } from "./execution";
import { evalplusProgram, evalplusVerdict, type EvalplusOracle } from "./evalplus-harness";
import type { SpecOf, ScoreResult } from "./types";

/** Characters of stdout and stderr kept in the structured result. */
export const EXCERPT_CHARS = 2_000;
/** Characters of the program kept in the structured result. */
export const PROGRAM_CHARS = 64_000;

const OPEN = /^[ \t]*```[ \t]*([\w+#.-]*)[ \t]*$/;
const PYTHON_TAGS = new Set(["", "python", "python3", "py"]);

/** The code in a model's reply under the rule in this file's header. */
export function extractCode(reply: string): string {
  const lines = reply.split(/\r?\n/);
  let last: string | null = null;
  let open: { tag: string; body: string[] } | null = null;
  for (const line of lines) {
    if (!open) {
      const m = OPEN.exec(line);
      if (m) open = { tag: m[1]!.toLowerCase(), body: [] };
      continue;
    }
    // A closing fence ends the block, on its own line or at the end of its last line.
    const close = /^(.*?)```[ \t]*$/.exec(line);
    if (close) {
      if (close[1]!.trim() !== "") open.body.push(close[1]!);
      if (PYTHON_TAGS.has(open.tag)) last = open.body.join("\n") + "\n";
      open = null;
    } else open.body.push(line);
  }
  // Cut off before its closing fence (the token limit): what was written counts.
  if (open && PYTHON_TAGS.has(open.tag)) last = open.body.join("\n") + "\n";
  return last ?? reply;
}

function cell(row: Record<string, unknown>, column: string | undefined): string {
  if (!column) return "";
  const v = row[column];
  if (v === undefined || v === null) return "";
  if (Array.isArray(v)) return v.map(String).join("\n");
  return String(v);
}

/** The program that decides the attempt: the extracted code with the benchmark's tests around it. */
export function buildProgram(spec: SpecOf<"code_execution">, row: Record<string, unknown>, code: string): string {
  if (spec.harness === "evalplus") {
    const oracle = spec.oracle_column ? row[spec.oracle_column] : undefined;
    return evalplusProgram({
      code,
      // HumanEval+'s reference is a completion of its prompt, with the input contract EvalPlus's generator checked inputs by.
      reference: cell(row, spec.prompt_column) + cell(row, spec.contract_column) + cell(row, spec.reference_column),
      entryPoint: cell(row, spec.entry_point_column),
      inputs: cell(row, spec.test_column),
      oracle: (oracle && typeof oracle === "object" ? oracle : { atol: 0, arguments: null, output: "exact" }) as EvalplusOracle,
    });
  }
  if (spec.harness === "humaneval") {
    const entry = cell(row, spec.entry_point_column);
    return `${cell(row, spec.prompt_column)}${code}\n${cell(row, spec.test_column)}\ncheck(${entry})\n`;
  }
  const setup = cell(row, spec.setup_column);
  return `${code}\n${setup ? `${setup}\n` : ""}${cell(row, spec.test_column)}\n`;
}

function excerpt(s: string): string {
  return s.length > EXCERPT_CHARS ? `${s.slice(0, EXCERPT_CHARS / 2)}\n…\n${s.slice(-EXCERPT_CHARS / 2)}` : s;
}

/** Scores one reply: extract, assemble, execute, verdict. */
export async function scoreCodeExecution(
  input: { output: string; spec: SpecOf<"code_execution">; row?: Record<string, unknown> },
  deps: { execute?: Execute },
): Promise<ScoreResult> {
  if (!deps.execute) throw new Error("code execution needs a sandbox: set ASSAY_SANDBOX_URL and ASSAY_SANDBOX_SECRET");
  const code = extractCode(input.output);
  if (code.trim() === "") return { reward: 0, reason: "no code in the reply", structured: { execution: { program: null } } };
  const program = buildProgram(input.spec, input.row ?? {}, code);
  const verdict = await deps.execute({ language: input.spec.language, program, timeout_s: input.spec.timeout_s, memory_mb: input.spec.memory_mb });
  const execution: Record<string, unknown> = {
    passed: verdict.passed,
    failure: verdict.failure,
    exit_code: verdict.exit_code,
    timed_out: verdict.timed_out,
    duration_ms: verdict.duration_ms,
    isolation: verdict.isolation,
    stdout: excerpt(verdict.stdout),
    stderr: excerpt(verdict.stderr),
    program: program.length > PROGRAM_CHARS ? `${program.slice(0, PROGRAM_CHARS)}\n# …[truncated]` : program,
  };
  if (input.spec.harness === "evalplus") return evalplusResult(verdict, execution);
  return {
    reward: verdict.passed ? 1 : 0,
    reason: verdict.passed ? "all tests passed" : verdict.reason,
    exit_code: verdict.exit_code,
    structured: { execution },
  };
}

/** The evalplus harness's verdict lines as a score: base+plus the reward, both as dimensions (see the header). */
function evalplusResult(verdict: ExecutionVerdict, execution: Record<string, unknown>): ScoreResult {
  const groups = evalplusVerdict(verdict.stdout);
  const structured = { execution: { ...execution, evalplus: { base: groups.base, plus: groups.plus } } };
  if (groups.error !== null) return { reward: null, reason: `not scored: ${groups.error}`, exit_code: verdict.exit_code, structured };
  const base = groups.base?.status === "pass" ? 1 : 0;
  const both = base === 1 && groups.plus?.status === "pass" ? 1 : 0;
  const reason = both
    ? "all tests passed"
    : !verdict.passed
      ? verdict.reason
      : // Exit 0 without both verdict lines: the candidate ended the process before the harness could finish.
        `${groups.base ? "the plus inputs" : "the base inputs"} ended without a verdict (the program exited early)`;
  return { reward: both, reason, exit_code: verdict.exit_code, structured: { ...structured, dimensions: { base, base_plus: both } } };
}
