/**
 * LiveCodeBench's grading program (src/scorers/livecodebench-harness.ts) in
 * the code sandbox the test setup starts, through the scorer: the made-up
 * problems of the test mirror (stdin and LeetCode ones, hidden tests as
 * base64 of zlib of a pickle, and as plain JSON) solved right and wrong; a
 * pickle that names a global refused by the unpickler (unscored, not run);
 * the 6 s limit per test; and a grading split over several requests.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hiddenBlob, LCB_SOLUTIONS, miniFiles } from "../../src/catalog/benchmarks/livecodebench_v6/mini";
import { scoreLivecodebench } from "../../src/scorers/livecodebench";
import { ScoringSpec } from "../../src/scorers/spec";
import { sandboxClient, sandboxSettings } from "./client";

const execute = sandboxClient(sandboxSettings(env)!);
const SPEC = ScoringSpec.parse({ type: "livecodebench", timeout_s: 60, memory_mb: 1024 }) as never;
const problems = new Map(
  miniFiles()[0]!
    .text.trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, string>)
    .map((p) => [p.question_id!, p]),
);

/** A row as the loader writes it, with the hidden tests inline (the scorer reads a string cell as the published text). */
function row(id: string, hidden?: string) {
  const p = problems.get(id)!;
  return { public_tests: p.public_test_cases, hidden_tests: hidden ?? p.private_test_cases, fn_name: (JSON.parse(p.metadata!) as { func_name?: string }).func_name ?? "" };
}

const grade = (id: string, code: string, spec = SPEC, hidden?: string) =>
  scoreLivecodebench({ output: `Solution:\n\`\`\`python\n${code}\n\`\`\``, expected: null, spec, row: row(id, hidden) }, { execute });

describe("LiveCodeBench grading in the sandbox", { timeout: 180_000 }, () => {
  it.each([...problems.keys()])("problem %s: the right solution passes every public and hidden test", async (id) => {
    const r = await grade(id, LCB_SOLUTIONS[id]!);
    expect([r.reward, r.reason]).toEqual([1, `all ${(r.structured?.report as { total: number }).total} tests passed`]);
  });

  it.each([
    ["abc901_a", "n = int(input())\nprint(sum(map(int, input().split())) + (1 if n == 4 else 0))", /^wrong answer on test 3 of 4: line 0: 101 != 100/],
    ["3901", "class Solution:\n    def maxValue(self, nums):\n        return min(nums)", /^wrong answer on test 1 of 3: returned 1/],
    ["abc902_b", "print(input()[::-1]", /^compile error: SyntaxError/],
    ["3902", "class Solution:\n    def pairs(self, nums, k):\n        return nums[10]", /^runtime error on test 1 of 3: IndexError/],
  ])("problem %s: a wrong solution fails at the first failing test, named", async (id, code, reason) => {
    const r = await grade(id, code);
    expect(r.reward).toBe(0);
    expect(r.reason).toMatch(reason);
  });

  it("a test running past 6 s is a time limit", async () => {
    const r = await grade("abc903_c", "import time\nn = int(input())\nif n == 5:\n    time.sleep(30)\nfor i in range(1, n + 1):\n    print(i)");
    expect([r.reward, r.reason]).toEqual([0, "time limit exceeded on test 3 of 3: no result within 6 s"]);
  });

  it("a pickle naming a global is refused before any code runs: unscored", async () => {
    // protocol 0: os.system('true') as a reduce of a global; the unpickler must not resolve it.
    const hostile = btoa(String.fromCharCode(...new Uint8Array(await new Response(new Blob(["cos\nsystem\n(S'true'\ntR."]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer())));
    const r = await grade("abc901_a", LCB_SOLUTIONS.abc901_a!, SPEC, hostile);
    expect(r.reward).toBeNull();
    expect(r.reason).toMatch(/^not scored: the hidden tests cannot be read: UnpicklingError\("the hidden tests' pickle names a global \(os\.system\): refused"\)/);
  });

  it("a grading longer than one request's budget continues in the next ones, from where it stopped", async () => {
    const tests = Array.from({ length: 4 }, (_, i) => ({ input: `1\n${i}\n`, output: `${i}\n`, testtype: "stdin" as const }));
    const slow = ScoringSpec.parse({ type: "livecodebench", timeout_s: 60, memory_mb: 1024, budget_s: 0.001 }) as never;
    const r = await grade("abc901_a", LCB_SOLUTIONS.abc901_a!, slow, hiddenBlob(tests));
    expect([r.reward, r.reason]).toEqual([1, "all 5 tests passed"]);
    expect((r.structured?.execution as { requests: number }).requests).toBe(5);
  });
});
