/**
 * The evalplus harness (src/scorers/evalplus-harness.ts) executed in the code
 * sandbox the test setup starts: EvalPlus's rules as the program applies
 * them, one small made-up task per rule (argument conversion, exact versus
 * float-tolerant comparison, set and not-None checks), each with a candidate
 * that passes and one that fails with the reason a user sees.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { evalplusProgram, type EvalplusOracle } from "../../src/scorers/evalplus-harness";
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
