import { describe, expect, it } from "vitest";
import { buildProgram, extractCode, scoreCodeExecution } from "./code-execution";
import { EVALPLUS_MARK, evalplusVerdict } from "./evalplus-harness";
import type { ExecutionRequest, ExecutionVerdict } from "./execution";
import { needsJudge, needsSandbox } from "./registry";
import { ScoringSpec, type CodeExecutionSpec } from "./spec";
import type { z } from "zod";

type Spec = z.infer<typeof CodeExecutionSpec>;
const HUMANEVAL = ScoringSpec.parse({ type: "code_execution", harness: "humaneval", prompt_column: "prompt", test_column: "test", entry_point_column: "entry_point" }) as Spec;
const MBPP = ScoringSpec.parse({ type: "code_execution", harness: "mbpp", test_column: "test_list", setup_column: "test_setup_code" }) as Spec;

describe("extractCode", () => {
  it.each([
    ["a python block", "Here:\n```python\ndef f():\n    return 1\n```\nDone.", "def f():\n    return 1\n"],
    ["a py block", "```py\nx = 1\n```", "x = 1\n"],
    ["a python3 block", "```python3\nx = 3\n```", "x = 3\n"],
    ["a bare fence", "```\nx = 2\n```", "x = 2\n"],
    ["the last of several", "```python\nfirst = 1\n```\ntext\n```python\nsecond = 2\n```", "second = 2\n"],
    ["other languages skipped", "```python\nok = 1\n```\n```bash\npip install x\n```", "ok = 1\n"],
    ["a block cut off by the token limit", "```python\ndef f():\n    return", "def f():\n    return\n"],
    ["no fence: the whole reply", "    return a + b\n", "    return a + b\n"],
    ["only a non-python block: the whole reply", "```js\nx\n```", "```js\nx\n```"],
    ["CRLF line ends", "```python\r\nx = 1\r\n```\r\n", "x = 1\n"],
    ["a closing fence at the end of the last code line", "```python\nx = 1```", "x = 1\n"],
  ])("%s", (_, reply, code) => {
    expect(extractCode(reply)).toBe(code);
  });
});

describe("buildProgram", () => {
  const row = { prompt: "import math\n\ndef f(x):\n    \"\"\"Doc.\"\"\"\n", test: "def check(candidate):\n    assert candidate(4) == 2\n", entry_point: "f" };
  it("humaneval: prompt, then the code, then the test and check(entry_point)", () => {
    expect(buildProgram(HUMANEVAL, row, "    return math.isqrt(x)\n")).toBe(
      "import math\n\ndef f(x):\n    \"\"\"Doc.\"\"\"\n    return math.isqrt(x)\n\ndef check(candidate):\n    assert candidate(4) == 2\n\ncheck(f)\n",
    );
  });
  it("mbpp: code, then the setup code, then the asserts one per line", () => {
    const mbpp = { test_list: ["assert g(1) == 2", "assert g(2) == 3"], test_setup_code: "import os" };
    expect(buildProgram(MBPP, mbpp, "def g(x):\n    return x + 1\n")).toBe("def g(x):\n    return x + 1\n\nimport os\nassert g(1) == 2\nassert g(2) == 3\n");
    expect(buildProgram(MBPP, { test_list: ["assert g(1) == 2"], test_setup_code: "" }, "code\n")).toBe("code\n\nassert g(1) == 2\n");
  });
});

describe("scoreCodeExecution", () => {
  const verdict = (o: Partial<ExecutionVerdict>): ExecutionVerdict => ({
    passed: true,
    exit_code: 0,
    timed_out: false,
    stdout: "",
    stderr: "",
    duration_ms: 12,
    reason: "passed",
    failure: null,
    isolation: "bwrap",
    ...o,
  });
  const row = { prompt: "def f():\n", test: "def check(c):\n    assert c() == 1\n", entry_point: "f" };

  it("reward 1 on a passing program, the program and excerpts kept", async () => {
    const sent: ExecutionRequest[] = [];
    const r = await scoreCodeExecution({ output: "```python\ndef f():\n    return 1\n```", spec: HUMANEVAL, row }, { execute: async (req) => (sent.push(req), verdict({})) });
    expect(sent).toEqual([{ language: "python", program: "def f():\ndef f():\n    return 1\n\ndef check(c):\n    assert c() == 1\n\ncheck(f)\n", timeout_s: 10, memory_mb: 1024 }]);
    expect(r).toEqual({
      reward: 1,
      reason: "all tests passed",
      exit_code: 0,
      structured: { execution: { passed: true, failure: null, exit_code: 0, timed_out: false, duration_ms: 12, isolation: "bwrap", stdout: "", stderr: "", program: sent[0]!.program } },
    });
  });

  it("reward 0 with the sandbox's reason on a failing one", async () => {
    const r = await scoreCodeExecution({ output: "    return 2\n", spec: HUMANEVAL, row }, { execute: async () => verdict({ passed: false, exit_code: 1, reason: "assertion failed", failure: "assertion", stderr: "AssertionError\n" }) });
    expect([r.reward, r.reason, r.exit_code]).toEqual([0, "assertion failed", 1]);
  });

  it("an empty reply is 0 without executing anything", async () => {
    let calls = 0;
    const r = await scoreCodeExecution({ output: "```python\n\n```", spec: HUMANEVAL, row }, { execute: async () => (calls++, verdict({})) });
    expect([r.reward, r.reason, calls]).toEqual([0, "no code in the reply", 0]);
  });

  it("a sandbox failure propagates (the caller retries it; it is never a 0)", async () => {
    await expect(scoreCodeExecution({ output: "x", spec: HUMANEVAL, row }, { execute: async () => Promise.reject(new Error("sandbox down")) })).rejects.toThrow("sandbox down");
    await expect(scoreCodeExecution({ output: "x", spec: HUMANEVAL, row }, {})).rejects.toThrow(/ASSAY_SANDBOX_URL/);
  });

  it("is a sandbox scorer, not a judged one", () => {
    expect(needsSandbox(HUMANEVAL)).toBe(true);
    expect(needsJudge(HUMANEVAL)).toBe(false);
    expect(needsSandbox(ScoringSpec.parse({ type: "numeric" }))).toBe(false);
  });
});

describe("the evalplus harness's verdict lines", () => {
  const EVALPLUS = ScoringSpec.parse({ type: "code_execution", harness: "evalplus", test_column: "inputs", entry_point_column: "entry_point", reference_column: "canonical_solution", oracle_column: "oracle" }) as Spec;
  const row = { entry_point: "f", canonical_solution: "def f(x):\n    return x\n", inputs: '{"base": [[1]], "plus": [[2]]}', oracle: { atol: 0, arguments: null, output: "exact" } };
  const line = (o: object) => `${EVALPLUS_MARK} ${JSON.stringify(o)}`;
  const group = (g: string, status: string, passed: number, failure: string | null = null) => line({ group: g, status, inputs: 1, passed, failure });
  const run = (stdout: string, passed: boolean, reason = passed ? "passed" : "assertion failed: plus input 1: expected 2, got 3") =>
    scoreCodeExecution({ output: "```python\ndef f(x):\n    return x\n```", spec: EVALPLUS, row }, { execute: async () => ({ passed, exit_code: passed ? 0 : 1, timed_out: false, stdout, stderr: "", duration_ms: 5, reason, failure: passed ? null : "assertion", isolation: "bwrap" }) });

  it.each([
    { what: "both groups pass: 1, base 1, base_plus 1", stdout: `${group("base", "pass", 1)}\n${group("plus", "pass", 1)}\npassed 2 inputs\n`, passed: true, want: [1, "all tests passed", { base: 1, base_plus: 1 }] },
    { what: "base passes, plus fails: 0, base 1", stdout: `${group("base", "pass", 1)}\n${group("plus", "fail", 0, "plus input 1: expected 2, got 3")}\n`, passed: false, want: [0, "assertion failed: plus input 1: expected 2, got 3", { base: 1, base_plus: 0 }] },
    { what: "base fails, plus passes: 0 for both (base+plus needs base)", stdout: `${group("base", "fail", 0, "x")}\n${group("plus", "pass", 1)}\n`, passed: false, want: [0, "assertion failed: plus input 1: expected 2, got 3", { base: 0, base_plus: 0 }] },
    { what: "a plus group killed before its line: base kept, plus failed", stdout: `${group("base", "pass", 1)}\n`, passed: false, want: [0, "assertion failed: plus input 1: expected 2, got 3", { base: 1, base_plus: 0 }] },
    { what: "exit 0 with no line at all: 0 (the candidate ended the process)", stdout: "", passed: true, want: [0, "the base inputs ended without a verdict (the program exited early)", { base: 0, base_plus: 0 }] },
    { what: "a malformed line is ignored", stdout: `${EVALPLUS_MARK} {not json\n${group("base", "pass", 1)}\n${group("plus", "pass", 1)}\n`, passed: true, want: [1, "all tests passed", { base: 1, base_plus: 1 }] },
  ])("$what", async ({ stdout, passed, want }) => {
    const r = await run(stdout, passed);
    expect([r.reward, r.reason, r.structured?.dimensions]).toEqual(want);
  });

  it("the reference failing on an input leaves the attempt unscored, naming the input", async () => {
    const r = await run(`${line({ error: "the reference solution fails on plus input 3: AssertionError: invalid inputs" })}\n`, false);
    expect([r.reward, r.reason, r.structured?.dimensions]).toEqual([null, "not scored: the reference solution fails on plus input 3: AssertionError: invalid inputs", undefined]);
  });

  it("parses the lines into each group's outcome", () => {
    expect(evalplusVerdict(`noise\n${group("plus", "timeout", 3, "plus input 4: still running")}\n`)).toEqual({
      base: null,
      plus: { status: "timeout", inputs: 1, passed: 3, failure: "plus input 4: still running" },
      error: null,
    });
  });

  it("builds HumanEval+'s reference from the prompt, the contract and the canonical solution", () => {
    const spec = { ...EVALPLUS, prompt_column: "prompt", contract_column: "contract" };
    const program = buildProgram(spec, { ...row, prompt: "def f(x):\n", contract: "    assert x > 0\n", canonical_solution: "    return x\n" }, "def f(x):\n    return x\n");
    expect(program).toContain('_REFERENCE = "def f(x):\\n    assert x > 0\\n    return x\\n"');
  });
});
