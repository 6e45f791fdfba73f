// LiveCodeBench's scorer, pure part: LiveCodeBench's code extraction, and the
// grading loop over sandbox requests (continuing where a program stopped, up
// to upstream's global limit), with the sandbox and the revision file reader
// stubbed. The harness itself runs in the sandbox in
// workers/sandbox/livecodebench-harness.test.ts.
import { describe, expect, it } from "vitest";
import { extractLcbCode, LCB_MAX_PROGRAM_BYTES, scoreLivecodebench } from "./livecodebench";
import { LCB_MARK } from "./livecodebench-harness";
import type { ExecutionRequest, ExecutionVerdict } from "./execution";
import { needsSandbox } from "./registry";
import { ScoringSpec, type LivecodebenchSpec } from "./spec";
import type { z } from "zod";

describe("LiveCodeBench's extract_code", () => {
  it.each([
    ["a fenced block", "Here:\n```python\nprint(1)\n```\nDone.", "print(1)"],
    ["the last of two blocks", "```python\nfirst()\n```\ntext\n```python\nsecond()\n```", "second()"],
    ["any line holding ```, not only a fence", "x ```\na = 1\nb = 2 ```", "a = 1"],
    ["one fence only: no code", "```python\nprint(1)", ""],
    ["no fence: no code", "print(1)", ""],
  ])("%s", (_, reply, code) => expect(extractLcbCode(reply)).toBe(code));
});

type Spec = z.infer<typeof LivecodebenchSpec>;
const SPEC = ScoringSpec.parse({ type: "livecodebench" }) as Spec;
const REPLY = "```python\nprint(input())\n```";
const ROW = { public_tests: '[{"input": "a\\n", "output": "a\\n", "testtype": "stdin"}]', hidden_tests: { file: "hidden-tests/p.txt", sha256: "0".repeat(64), bytes: 10 }, fn_name: "" };

const verdict = (v: object, o: Partial<ExecutionVerdict> = {}): ExecutionVerdict => ({
  passed: true,
  exit_code: 0,
  timed_out: false,
  stdout: `${LCB_MARK} ${JSON.stringify(v)}\n`,
  stderr: "",
  duration_ms: 2000,
  reason: "passed",
  failure: null,
  isolation: "bwrap",
  ...o,
});

/** The scorer with a sandbox that answers `answers` in turn, and a file reader that serves "BLOB". */
async function score(answers: ExecutionVerdict[], row: Record<string, unknown> = ROW) {
  const sent: ExecutionRequest[] = [];
  const read: string[] = [];
  const r = await scoreLivecodebench(
    { output: REPLY, expected: null, spec: SPEC, row },
    {
      execute: async (req) => (sent.push(req), answers[sent.length - 1]!),
      withRevisionFile: async (ref, use) => (read.push(ref.file), use("BLOB")),
    },
  );
  return { r, sent, read };
}

describe("scoreLivecodebench", () => {
  it("every test passing is 1; the hidden tests go to the sandbox as the file holds them", async () => {
    const { r, sent, read } = await score([verdict({ total: 3, passed: 3, status: "pass", next: null, failure: null })]);
    expect([r.reward, r.reason]).toEqual([1, "all 3 tests passed"]);
    expect(read).toEqual(["hidden-tests/p.txt"]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.program).toContain('_HIDDEN = "BLOB"');
    expect(sent[0]!.program).toContain("_START = 0\n");
    expect(r.structured?.report).toEqual({ status: "pass", passed: 3, total: 3, failure: null });
  });

  it.each([
    [{ status: "wrong_answer", failure: { test: 1, error: "line 0: 1 != 2" } }, "wrong answer on test 2 of 3: line 0: 1 != 2"],
    [{ status: "time_limit", failure: { test: 2, error: "no result within 6 s" } }, "time limit exceeded on test 3 of 3: no result within 6 s"],
    [{ status: "runtime_error", failure: { test: 0, error: "ZeroDivisionError('division by zero')" } }, "runtime error on test 1 of 3: ZeroDivisionError('division by zero')"],
    [{ status: "compile_error", failure: { error: "SyntaxError('invalid syntax')" } }, "compile error: SyntaxError('invalid syntax')"],
  ])("a failing test is 0, named: %j", async (v, reason) => {
    const { r } = await score([verdict({ total: 3, passed: 1, next: null, ...v })]);
    expect([r.reward, r.reason]).toEqual([0, reason]);
  });

  it("continues where a program stopped, in new requests, until the tests are done", async () => {
    const { r, sent } = await score([
      verdict({ total: 5, passed: 2, status: "pass", next: 2, failure: null }),
      verdict({ total: 5, passed: 4, status: "pass", next: 4, failure: null }),
      verdict({ total: 5, passed: 5, status: "pass", next: null, failure: null }),
    ]);
    expect(r.reward).toBe(1);
    expect(sent.map((s) => /_START = (\d+)/.exec(s.program)![1])).toEqual(["0", "2", "4"]);
    expect(r.structured?.execution).toMatchObject({ requests: 3, duration_ms: 6000 });
  });

  it("stops at LiveCodeBench's global limit for the problem: (6 + 1) s per test + 5 s", async () => {
    // 2 tests: a limit of 19 s; the first request alone took 30 s.
    const { r, sent } = await score([verdict({ total: 2, passed: 1, status: "pass", next: 1, failure: null }, { duration_ms: 30_000 })]);
    expect(sent).toHaveLength(1);
    expect([r.reward, r.reason]).toEqual([0, "timeout: 1 of 2 tests passed within LiveCodeBench's global limit of 19 s for 2 tests"]);
  });

  it("a program that ends without its verdict is 0 with the sandbox's reason", async () => {
    const { r } = await score([verdict({}, { stdout: "", passed: false, exit_code: null, reason: "timeout: used its 120 s of CPU time, killed" })]);
    expect([r.reward, r.reason]).toEqual([0, "no verdict: timeout: used its 120 s of CPU time, killed"]);
  });

  it("hidden tests that cannot be decoded leave the attempt unscored", async () => {
    const { r } = await score([verdict({ error: "the hidden tests cannot be read: UnpicklingError('refused')" })]);
    expect([r.reward, r.reason]).toEqual([null, "not scored: the hidden tests cannot be read: UnpicklingError('refused')"]);
  });

  it("a reply without two ``` lines is 0 without a request; tests too large for one request leave it unscored", async () => {
    const none = await scoreLivecodebench({ output: "print(1)", expected: null, spec: SPEC, row: ROW }, { execute: async () => Promise.reject(new Error("not called")) });
    expect(none.reward).toBe(0);
    const huge = { ...ROW, hidden_tests: { ...ROW.hidden_tests, bytes: LCB_MAX_PROGRAM_BYTES + 1 } };
    const { r, sent } = await score([], huge);
    expect([r.reward, sent.length]).toEqual([null, 0]);
    expect(r.reason).toMatch(/^not scored: the problem's tests and the code take \d+ bytes, more than one sandbox request carries/);
  });

  it("is a sandbox scorer, refused at start without one", () => {
    expect(needsSandbox(SPEC)).toBe(true);
  });
});
