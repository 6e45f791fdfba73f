// The swebench scorer: a test log graded by SWE-bench's rules against the
// row's instance, the submission's own verdict beside it, and the outputs
// without a log an import gives (report lists, or the verdict kept).
import { describe, expect, it } from "vitest";
import { miniInstances, miniLog } from "../../test/mini-swebench";
import { scoreAttempt } from "./registry";
import { ScoringSpec } from "./spec";

const row = miniInstances().find((i) => i.repo === "django/django")! as unknown as Record<string, unknown>;
const iid = row.instance_id as string;
const [f2p] = JSON.parse(row.FAIL_TO_PASS as string) as string[];
const spec = ScoringSpec.parse({ type: "swebench", verdict_column: "verdict:resolved" });
const score = (output: string, extra: Record<string, unknown> = {}, s = spec) => scoreAttempt({ output, expected: null, spec: s, row: { ...row, ...extra } });

describe("swebench scorer", () => {
  it("grades a log: resolved 1 with the counts, the submission's verdict beside it", async () => {
    const r = await score(miniLog(iid), { "verdict:resolved": 1 });
    expect(r).toMatchObject({
      reward: 1,
      reason: expect.stringMatching(/^resolved: FAIL_TO_PASS 1\/1 pass, PASS_TO_PASS 2\/2 pass \(SWE-bench 2\.0 rules, parse_log_django\); the submission says the same$/),
      structured: {
        dimensions: { resolved: 1, regraded: 1, agrees: 1, fail_to_pass: 1, pass_to_pass: 1 },
        report: { from: "test log", rules: "2.0", resolution: "RESOLVED_FULL", fail_to_pass: { success: 1, failure: 0 }, failing_tests: [], submission_resolved: 1 },
      },
    });
  });

  it("names the failing tests and says when Assay and the submission disagree", async () => {
    const r = await score(miniLog(iid, { layout: "markers", statuses: { [f2p!]: "FAILED" } }), { "verdict:resolved": 1 });
    expect(r.reward).toBe(0);
    expect(r.reason).toContain(`failing: ${f2p}`);
    expect(r.reason).toContain("the submission says resolved: they disagree");
    expect(r.structured).toMatchObject({ dimensions: { agrees: 0, fail_to_pass: 0 }, report: { rules: "5.0", failing_tests: [f2p] } });
  });

  it("without a verdict column, grades alone; a run's empty log does not resolve", async () => {
    const plain = ScoringSpec.parse({ type: "swebench" });
    expect((await score(miniLog(iid), {}, plain)).structured!.dimensions).toEqual({ resolved: 1, regraded: 1, fail_to_pass: 1, pass_to_pass: 1 });
    expect(await score("", {}, plain)).toMatchObject({ reward: 0, structured: { report: { not_graded: "no_applied_patch" } } });
    expect((await score(miniLog(iid, { layout: "markers" }), {}, ScoringSpec.parse({ type: "swebench", rules: "2.0" }))).structured!.report!.rules).toBe("2.0");
  });

  it("no log: grades from the submission's report lists when the row has them, else keeps its verdict, not re-graded", async () => {
    const lists = { FAIL_TO_PASS: { success: [f2p], failure: [] }, PASS_TO_PASS: { success: [], failure: ["x"] }, FAIL_TO_FAIL: { success: [], failure: [] }, PASS_TO_FAIL: { success: [], failure: [] } };
    expect(await score("", { "verdict:resolved": 1, submission_tests_status: lists, submission_evidence: "report.json" })).toMatchObject({
      reward: 0,
      reason: "graded from the submission's report.json lists (no test log): not resolved; the report says resolved: they disagree",
      structured: { dimensions: { resolved: 0, regraded: 0, agrees: 0 }, report: { from: "report.json", resolution: "RESOLVED_NO", failing_tests: ["x"] } },
    });
    expect(await score("", { "verdict:resolved": 1, submission_evidence: "results.json" })).toEqual({
      reward: 1,
      reason: "not re-graded: the submission gives only its results.json lists it; its own verdict is kept: resolved",
      structured: { dimensions: { resolved: 1, regraded: 0 }, report: { from: "results.json", submission_resolved: 1 } },
    });
    expect((await score("", { "verdict:resolved": 0, submission_evidence: "none" })).reason).toBe("not re-graded: the submission gives nothing for this instance; its own verdict is kept: not resolved");
  });

  it("is unscored, never 0, for a row that is not an instance or a repository without a parser", async () => {
    expect(await scoreAttempt({ output: "x", expected: null, spec, row: { key: "q1" } })).toMatchObject({ reward: null, reason: expect.stringContaining("not a SWE-bench instance") });
    expect(await score("PASSED x", { repo: "facebook/react" })).toEqual({ reward: null, reason: "cannot grade: no log parser for facebook/react" });
  });
});
