// JUnit reports, checked with a real XML parser: one suite per benchmark
// and target, one case per task, verdicts from the attempts' rewards.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { junitXml, normalizeSamples, taskVerdict, xmlEscape } from "./junit.mjs";
import { parseJunit } from "./test-support.mjs";

/** A sample as GET /samples returns it. */
function sample(task, attempt, reward, status = "succeeded", over = {}) {
  return { id: `att_x.${attempt}`, benchmark_id: "bm_1", target: "a", task_key: task, subset: null, attempt_index: attempt, status, reward, output: `answer ${task}`, output_truncated: false, expected_answer: "7", reason: null, error: null, ...over };
}

describe("taskVerdict", () => {
  const s = (reward, status = "succeeded", error = null) => normalizeSamples([sample("t", 0, reward, status, { error })])[0];
  const cases = [
    ["every attempt passed", [s(1), s(1)], "pass", "2/2 attempts passed"],
    ["one attempt below 1", [s(1), s(0)], "failure", "1/2 attempts passed (rewards 1, 0)"],
    ["a partial reward is not a pass", [s(0.5)], "failure", "0/1 attempts passed (rewards 0.5)"],
    ["ended without a reward", [s(1), s(null, "failed", "HTTP 500")], "error", "1/2 attempts ended without a reward: HTTP 500"],
    ["not finished", [s(1), s(null, "pending")], "skipped", "1/2 attempts not finished"],
    ["cancelled without a reward is an error, not a failure", [s(null, "cancelled")], "error", "1/1 attempts ended without a reward: cancelled"],
  ];
  for (const [name, attempts, kind, message] of cases) {
    test(name, () => assert.deepEqual(taskVerdict(attempts), { kind, message }));
  }
});

describe("junitXml", () => {
  test("one suite per benchmark and target, one case per task, counts that add up", () => {
    const samples = normalizeSamples([
      sample("q1", 0, 1),
      sample("q1", 1, 1),
      sample("q2", 0, 1),
      sample("q2", 1, 0),
      sample("q3", 0, null, "timed_out", { error: "no answer in 120 s" }),
      sample("q3", 1, 1),
      sample("q4", 0, null, "pending"),
      sample("q4", 1, null, "dispatched"),
      { ...sample("q1", 0, 0), benchmark_id: "bm_2" },
      { ...sample("q1", 0, 1), target: "b" },
    ]);
    const doc = parseJunit(junitXml({ runId: "run_1", samples, benchmarkNames: { bm_1: "arith" } }));
    assert.deepEqual(
      { name: doc.name, tests: doc.tests, failures: doc.failures, errors: doc.errors, skipped: doc.skipped },
      { name: "assay run_1", tests: "6", failures: "2", errors: "1", skipped: "1" },
    );
    const suites = doc.testsuite.map((s) => ({
      name: s.name,
      tests: s.tests,
      failures: s.failures,
      errors: s.errors,
      skipped: s.skipped,
      cases: s.testcase.map((c) => [c.name, c.classname, c.failure ? "failure" : c.error ? "error" : c.skipped ? "skipped" : "pass"]),
    }));
    assert.deepEqual(suites, [
      {
        name: "arith",
        tests: "4",
        failures: "1",
        errors: "1",
        skipped: "1",
        cases: [
          ["q1", "assay.arith", "pass"],
          ["q2", "assay.arith", "failure"],
          ["q3", "assay.arith", "error"],
          ["q4", "assay.arith", "skipped"],
        ],
      },
      { name: "bm_2", tests: "1", failures: "1", errors: "0", skipped: "0", cases: [["q1", "assay.bm_2", "failure"]] },
      { name: "arith (compare target)", tests: "1", failures: "0", errors: "0", skipped: "0", cases: [["q1", "assay.arith (compare target)", "pass"]] },
    ]);
    const q2 = doc.testsuite[0].testcase[1];
    assert.equal(q2.failure[0].message, "1/2 attempts passed (rewards 1, 0)");
    assert.match(q2.failure[0]["#text"], /attempt 1: succeeded, reward 0/);
  });

  test("model output cannot break the XML", () => {
    const nasty = `<b>"quoted" & 'single'</b> ]]> \u0000\u0007\u001b[31m \uFFFE ok 🎉`;
    const samples = normalizeSamples([sample(`task <&> "1"`, 0, 0, "succeeded", { output: nasty, reason: nasty, error: nasty })]);
    const doc = parseJunit(junitXml({ runId: "run_<1>", samples, benchmarkNames: { bm_1: `a&b "c"` } }));
    const tc = doc.testsuite[0].testcase[0];
    assert.equal(doc.name, "assay run_<1>");
    assert.equal(tc.name, `task <&> "1"`);
    assert.equal(doc.testsuite[0].name, `a&b "c"`);
    assert.match(tc.failure[0]["#text"], /<b>"quoted" & 'single'<\/b> \]\]>/);
    assert.match(tc.failure[0]["#text"], /ok 🎉/);
  });

  test("a case's time is its attempts' model latency summed; suites and the report add up their cases", () => {
    const samples = normalizeSamples([
      sample("q1", 0, 1, "succeeded", { latency_ms: 1250 }),
      sample("q1", 1, 1, "succeeded", { latency_ms: 750 }),
      sample("q2", 0, 0, "succeeded", { latency_ms: 42 }),
      sample("q3", 0, null, "pending"),
    ]);
    const doc = parseJunit(junitXml({ runId: "run_1", samples }));
    assert.deepEqual(
      doc.testsuite[0].testcase.map((c) => [c.name, c.time]),
      [
        ["q1", "2.000"],
        ["q2", "0.042"],
        ["q3", "0.000"],
      ],
    );
    assert.equal(doc.testsuite[0].time, "2.042");
    assert.equal(doc.time, "2.042");
  });

  test("a run without samples is an empty, valid report", () => {
    const doc = parseJunit(junitXml({ runId: "run_1", samples: [] }));
    assert.equal(doc.tests, "0");
    assert.equal(doc.testsuite, undefined);
  });

  test("xmlEscape drops characters XML 1.0 forbids and escapes markup", () => {
    assert.equal(xmlEscape("a\u0000b\u0008c\td\ne<&>\"'"), "abc\td\ne&lt;&amp;&gt;&quot;&apos;");
  });
});
