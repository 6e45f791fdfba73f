/**
 * The evalplus harness (src/scorers/evalplus-harness.ts) executed in the code
 * sandbox the test setup starts: EvalPlus's rules as the program applies
 * them, one small made-up task per rule (argument conversion, exact versus
 * float-tolerant comparison, set and not-None checks), each with a candidate
 * that passes and one that fails with the reason a user sees; then the
 * scorer over the same program: base and base+plus verdicts, HumanEval+'s
 * find_zero oracle and contracts, and a candidate that ends the process.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { scoreCodeExecution } from "../../src/scorers/code-execution";
import { evalplusProgram, type EvalplusOracle } from "../../src/scorers/evalplus-harness";
import { ScoringSpec } from "../../src/scorers/spec";
import { sandboxClient, sandboxSettings } from "./client";

const execute = sandboxClient(sandboxSettings(env)!);

async function check(task: { code: string; reference: string; entry: string; inputs: string; oracle?: Partial<EvalplusOracle> }) {
  const oracle = { atol: 0, arguments: null, output: "exact", ...task.oracle };
  const program = evalplusProgram({ code: task.code, reference: task.reference, entryPoint: task.entry, inputs: task.inputs, oracle });
  const v = await execute({ language: "python", program, timeout_s: 20, memory_mb: 512 });
  return { passed: v.passed, reason: v.reason };
}

const PAIR = "def pair(a, b):\n    return (a, b)\n";

describe("the evalplus harness in the sandbox", { timeout: 120_000 }, () => {
  it.each([
    {
      what: "arguments converted to tuples as EvalPlus's loader does (the reference asserts it)",
      task: { code: "def total(t):\n    return sum(t)\n", reference: "def total(t):\n    assert isinstance(t, tuple)\n    return sum(t)\n", entry: "total", inputs: '{"base": [[[1, 2]]], "plus": [[[]], [[9007199254740993, 1]]]}', oracle: { arguments: { each: ["tuple"] } } },
      want: { passed: true, reason: "passed" },
    },
    {
      what: "a list where the reference returns a tuple: exact comparison fails, naming the input",
      task: { code: "def pair(a, b):\n    return [a, b]\n", reference: PAIR, entry: "pair", inputs: '{"base": [[1, 2]], "plus": []}' },
      want: { passed: false, reason: "assertion failed: base input 1: expected (1, 2), got [1, 2]" },
    },
    {
      what: "floats within 1e-6 pass once the expected output is a float",
      task: { code: "def f(x):\n    return 0.3 * x\n", reference: "def f(x):\n    return (0.1 + 0.2) * x\n", entry: "f", inputs: '{"base": [[1.0]], "plus": [[3]]}' },
      want: { passed: true, reason: "passed" },
    },
    {
      what: "floats further off than the task's atol fail",
      task: { code: "def f(x):\n    return x + 0.01\n", reference: "def f(x):\n    return x + 0.0\n", entry: "f", inputs: '{"base": [[1.5]], "plus": []}', oracle: { atol: 0.0001 } },
      want: { passed: false, reason: "assertion failed: base input 1: expected 1.5, got 1.51" },
    },
    {
      what: "set comparison for the tasks EvalPlus compares as sets",
      task: { code: "def Diff(a, b):\n    return [x for x in reversed(a) if x not in b]\n", reference: "def Diff(a, b):\n    return [x for x in a if x not in b]\n", entry: "Diff", inputs: '{"base": [[[1, 2, 3], [2]]], "plus": []}', oracle: { output: "set" } },
      want: { passed: true, reason: "passed" },
    },
    {
      what: "the same reply fails where comparison is exact",
      task: { code: "def Diff(a, b):\n    return [x for x in reversed(a) if x not in b]\n", reference: "def Diff(a, b):\n    return [x for x in a if x not in b]\n", entry: "Diff", inputs: '{"base": [[[1, 2, 3], [2]]], "plus": []}' },
      want: { passed: false, reason: "assertion failed: base input 1: expected [1, 3], got [3, 1]" },
    },
    {
      what: "not-None tasks: a match object and True agree",
      task: { code: "import re\ndef m(s):\n    return re.match('a', s)\n", reference: "def m(s):\n    return True if s.startswith('a') else None\n", entry: "m", inputs: '{"base": [["abc"], ["xyz"]], "plus": []}', oracle: { output: "not_none" } },
      want: { passed: true, reason: "passed" },
    },
    {
      what: "a test driver under __main__ does not run (EvalPlus's sanitizer drops it)",
      task: { code: PAIR + "if __name__ == '__main__':\n    raise SystemExit(3)\n", reference: PAIR, entry: "pair", inputs: '{"base": [[1, 2]], "plus": [[Infinity, 0]]}' },
      want: { passed: true, reason: "passed" },
    },
    {
      what: "a reply without the entry point",
      task: { code: "def other():\n    pass\n", reference: PAIR, entry: "pair", inputs: '{"base": [[1, 2]], "plus": []}' },
      want: { passed: false, reason: "assertion failed: the code defines no function pair" },
    },
    {
      what: "a reply that raises",
      task: { code: "def pair(a, b):\n    return a / 0\n", reference: PAIR, entry: "pair", inputs: '{"base": [[1, 2]], "plus": []}' },
      want: { passed: false, reason: "exception ZeroDivisionError: division by zero" },
    },
  ])("$what", async ({ task, want }) => {
    expect(await check(task)).toEqual(want);
  });
});

const SPEC = ScoringSpec.parse({
  type: "code_execution",
  harness: "evalplus",
  prompt_column: "prompt",
  contract_column: "contract",
  reference_column: "canonical_solution",
  entry_point_column: "entry_point",
  test_column: "inputs",
  oracle_column: "oracle",
  timeout_s: 30,
  memory_mb: 512,
});

/** A made-up HumanEval+-shaped task: prompt, contract, canonical solution, base and plus inputs. */
const HALVE = {
  prompt: 'def halve(n: int) -> int:\n    """Half of an even n."""\n',
  contract: '    assert n % 2 == 0, "invalid inputs" # $_CONTRACT_$\n',
  canonical_solution: "    return n // 2\n",
  entry_point: "halve",
  inputs: '{"base": [[4], [10]], "plus": [[0], [-6], [1000000000000000000000]]}',
  oracle: { atol: 0, arguments: null, output: "exact" },
};

const score = (reply: string, row: Record<string, unknown>) => scoreCodeExecution({ output: reply, spec: SPEC as never, row }, { execute });

describe("the evalplus scorer: base and base+plus as EvalPlus reports them", { timeout: 120_000 }, () => {
  it("a right reply passes both groups: reward 1, base 1, base_plus 1, each group's count kept", async () => {
    const r = await score("```python\ndef halve(n):\n    return n // 2\n```", HALVE);
    expect([r.reward, r.reason, r.structured?.dimensions]).toEqual([1, "all tests passed", { base: 1, base_plus: 1 }]);
    expect((r.structured?.execution as any).evalplus).toEqual({
      base: { status: "pass", inputs: 2, passed: 2, failure: null },
      plus: { status: "pass", inputs: 3, passed: 3, failure: null },
    });
  });

  it("a reply right on the base inputs only: base 1, base_plus 0, the first failing plus input named", async () => {
    const r = await score("```python\ndef halve(n):\n    return abs(n) // 2 if n < 10**6 else 0\n```", HALVE);
    expect([r.reward, r.structured?.dimensions]).toEqual([0, { base: 1, base_plus: 0 }]);
    expect(r.reason).toBe("assertion failed: plus input 2: expected -3, got 3");
    expect((r.structured?.execution as any).evalplus.plus).toEqual({ status: "fail", inputs: 3, passed: 1, failure: "plus input 2: expected -3, got 3" });
  });

  it("the plus group runs the candidate afresh even after the base group failed (EvalPlus checks both)", async () => {
    const r = await score("```python\ncalls = []\ndef halve(n):\n    calls.append(n)\n    return 99 if len(calls) == 1 else n // 2\n```", HALVE);
    expect((r.structured?.execution as any).evalplus).toMatchObject({ base: { status: "fail", passed: 0 }, plus: { status: "fail", passed: 0 } });
    expect(r.structured?.dimensions).toEqual({ base: 0, base_plus: 0 });
  });

  it("HumanEval/32's oracle: any root passes within atol, whatever the reference returned", async () => {
    const row = {
      prompt: "import math\n\ndef poly(xs, x):\n    return sum([c * math.pow(x, i) for i, c in enumerate(xs)])\n\ndef find_zero(xs):\n    \"\"\"A zero of the polynomial.\"\"\"\n",
      contract: "",
      canonical_solution: "    lo, hi = -100.0, 100.0\n    for _ in range(200):\n        mid = (lo + hi) / 2\n        if poly(xs, lo) * poly(xs, mid) <= 0:\n            hi = mid\n        else:\n            lo = mid\n    return lo\n",
      entry_point: "find_zero",
      // (x - 1)(x + 2) = x^2 + x - 2: the reference finds -2, the reply 1.
      inputs: '{"base": [[[-2, 1, 1, 0]]], "plus": []}',
      oracle: { atol: 0.0001, arguments: null, output: "poly" },
    };
    expect((await score("```python\ndef find_zero(xs):\n    return 1.0\n```", row)).reward).toBe(1);
    expect((await score("```python\ndef find_zero(xs):\n    return 1.1\n```", row)).reward).toBe(0);
  });

  it("an input the contract rejects is the data's fault: unscored, never a 0", async () => {
    const r = await score("```python\ndef halve(n):\n    return n // 2\n```", { ...HALVE, inputs: '{"base": [[4]], "plus": [[3]]}' });
    expect(r.reward).toBeNull();
    expect(r.reason).toBe("not scored: the reference solution fails on plus input 1: AssertionError: invalid inputs");
  });

  it("a candidate that ends the process with status 0 has no verdict: 0, not a pass", async () => {
    const r = await score("```python\nimport os\nos._exit(0)\n```", HALVE);
    expect([r.reward, r.reason, r.structured?.dimensions]).toEqual([0, "the base inputs ended without a verdict (the program exited early)", { base: 0, base_plus: 0 }]);
  });

  it("a candidate slower than EvalPlus's limit on an input times out in that group", async () => {
    const r = await score("```python\nimport time\ndef halve(n):\n    if n == 0:\n        time.sleep(30)\n    return n // 2\n```", HALVE);
    expect((r.structured?.execution as any).evalplus.plus).toMatchObject({ status: "timeout", passed: 0 });
    expect(r.reason).toMatch(/^exception TimeoutError: plus input 1: still running after 4\.0 s/);
    expect(r.structured?.dimensions).toEqual({ base: 1, base_plus: 0 });
  });
});
