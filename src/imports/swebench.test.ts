// The SWE-bench submission importer: a ZIP of logs/<id>/ folders and
// results.json becomes one task and one output per Verified instance, each
// carrying the submission's verdict; scoring every output with Assay's
// swebench scorer gives the submission's published total (168/500 for the
// shared SWE-agent + Claude 3.5 Sonnet run; the generated one's 7/15
// without ../shared) and shows where Assay and the submission agree.
import { beforeAll, describe, expect, it } from "vitest";
import { miniInstances, miniReport, miniSubmission } from "../../test/mini-swebench";
import { realSwebench, statedTotals, submissionZip } from "../../test/swebench-data";
import { writeZip } from "../../test/zip-writer";
import { SwebenchInstance } from "../environments/swebench/instance";
import { swebenchRows } from "../environments/swebench/verified-data";
import { SWEBENCH_VERIFIED_DATA } from "../environments/swebench/verified-data";
import { scoreAttempt } from "../scorers/registry";
import { ScoringSpec } from "../scorers/spec";
import { outputRows, taskRows } from "./index";
import { parseSwebenchSubmission } from "./swebench";
import { ImportError, type ImportedEval } from "./types";
import { inject } from "vitest";

const zipOf = (files: Record<string, string>) => writeZip(Object.entries(files).map(([name, data]) => ({ name, data, deflate: true })));
const mini = miniInstances().map((r) => SwebenchInstance.parse(r));

async function instancesForTest(): Promise<SwebenchInstance[]> {
  if (!realSwebench()) return mini;
  const source = await (await fetch(`${inject("sharedUrl")}/datasets/swebench_verified/SOURCE.md`)).text();
  const ids = [...new Set([...source.matchAll(/`datasets\/swebench_verified\/instances\/([A-Za-z0-9._-]+__[A-Za-z0-9._-]+-\d+)\/config\.json`/g)].map((m) => m[1]!))];
  const files = await Promise.all(
    ids.map(async (id) => ({ file: { ...SWEBENCH_VERIFIED_DATA.files[0]!, path: `${id}/config.json`, format: "json" as const }, bytes: new Uint8Array(await (await fetch(`${inject("sharedUrl")}/datasets/swebench_verified/instances/${id}/config.json`)).arrayBuffer()) })),
  );
  return (await swebenchRows(files)).map((r) => SwebenchInstance.parse(r));
}

/** Scores every output as the run does and tallies rewards and agreement. */
async function scoreAll(ev: ImportedEval) {
  const rows = new Map(taskRows(ev).map((r) => [r.key as string, r]));
  const spec = ScoringSpec.parse(ev.scores[0]!.assay);
  const results = await Promise.all(outputRows(ev).map(async (o) => ({ key: o.key as string, r: await scoreAttempt({ output: o.output as string, expected: null, spec, row: rows.get(o.key as string)! }) })));
  return {
    resolved: results.filter((x) => x.r.reward === 1).length,
    unscored: results.filter((x) => x.r.reward === null).length,
    regraded: results.filter((x) => x.r.structured?.dimensions?.regraded === 1).map((x) => x.key),
    disagreeing: results.filter((x) => x.r.structured?.dimensions?.agrees === 0).map((x) => x.key),
    agreeing: results.filter((x) => x.r.structured?.dimensions?.agrees === 1).length,
    byKey: new Map(results.map((x) => [x.key, x.r])),
  };
}

describe("SWE-bench submission import", { timeout: 180_000 }, () => {
  let instances: SwebenchInstance[] = [];
  let ev: ImportedEval;
  beforeAll(async () => {
    instances = await instancesForTest();
    ev = await parseSwebenchSubmission({ name: "submission.zip", bytes: await submissionZip() }, instances);
  }, 120_000);

  it("makes one task and one output per instance, the submission's verdict and evidence beside each", () => {
    const { resolved, total } = statedTotals();
    expect(ev.tasks).toHaveLength(total);
    expect(ev.outputs).toHaveLength(total);
    expect(ev.scores).toEqual([
      expect.objectContaining({ name: "resolved", assay: { type: "swebench", rules: "auto", verdict_column: "verdict:resolved" }, stated: resolved / total, verdicts: total }),
    ]);
    expect(ev.scores[0]!.stated_from).toMatch(new RegExp(`^[^ ]*results/results\\.json: ${resolved} of ${total} resolved$`));
    const rows = taskRows(ev);
    expect(rows.filter((r) => r["verdict:resolved"] === 1)).toHaveLength(resolved);
    expect(rows[0]).toMatchObject({ key: expect.any(String), instance_id: rows[0]!.key, FAIL_TO_PASS: expect.any(Array), PASS_TO_PASS: expect.any(Array), submission_evidence: expect.any(String) });
    expect(ev.model).toBe(realSwebench() ? "SWE-agent + Claude 3.5 Sonnet" : "Fixture Agent + Fixture Model");
    expect(ev.tool_version).toBe(realSwebench() ? "2.0.x logs" : "logs of both layouts");
  });

  it("re-grades every log and totals exactly the published figure, agreeing with the submission wherever it re-grades", async () => {
    const { resolved, total } = statedTotals();
    const s = await scoreAll(ev);
    expect(s.resolved).toBe(resolved);
    expect(s.unscored).toBe(0);
    expect(s.resolved / total).toBeCloseTo(realSwebench() ? 0.336 : 7 / 15, 12);
    expect(s.disagreeing).toEqual([]);
    if (realSwebench()) {
      // 79 logs (78 with report.json, sphinx-doc__sphinx-7985's timeout without); django__django-14011 has only run_instance.log.
      expect(s.regraded).toHaveLength(79);
      expect(s.agreeing).toBe(79);
      expect(s.byKey.get("django__django-14011")!.reason).toBe("not re-graded: the submission gives the harness stopped before the tests ran (run_instance.log only); its own verdict is kept: not resolved");
      expect(s.byKey.get("sphinx-doc__sphinx-7985")).toMatchObject({ reward: 0, structured: { report: { not_graded: "timed_out" }, dimensions: { agrees: 1 } } });
      expect(s.byKey.get("django__django-16877")).toMatchObject({ reward: 0, structured: { report: { not_graded: "no_applied_patch" } } });
      expect(taskRows(ev).find((r) => r.key === "django__django-13315")).toMatchObject({ submission_evidence: "results.json", submission_note: "listed under no_generation" });
    } else {
      expect([...s.regraded].sort()).toEqual([...miniSubmission().regraded].sort());
      expect(s.byKey.get(mini[3]!.instance_id)!.reason).toMatch(/^graded from the submission's report.json lists \(no test log\): resolved; the report says the same$/);
      expect(s.byKey.get(mini[8]!.instance_id)!.reason).toContain("run_instance.log only");
    }
  });

  it("shows a disagreement when a report claims what its log does not", async () => {
    const files = miniSubmission().files;
    const iid = mini[1]!.instance_id; // its FAIL_TO_PASS test fails in the log
    files[`20260101_fixture_agent/logs/${iid}/report.json`] = miniReport(iid, true, null);
    const s = await scoreAll(await parseSwebenchSubmission({ name: "s.zip", bytes: await zipOf(files) }, mini));
    expect(s.disagreeing).toEqual([iid]);
    expect(s.byKey.get(iid)!.reason).toContain("the submission says resolved: they disagree");
  });

  it("reads the harness's own layout: logs/run_evaluation/<run>/<model>/<id>/ and its summary report", async () => {
    const ids = mini.map((i) => i.instance_id);
    const files: Record<string, string> = {
      [`logs/run_evaluation/run1/model-x/${ids[0]}/test_output.txt`]: miniSubmission().files[`20260101_fixture_agent/logs/${ids[0]}/test_output.txt`]!,
      "model-x.run1.json": JSON.stringify({ total_instances: 15, submitted_ids: [ids[0]], resolved_ids: [ids[0]], error_ids: [] }),
    };
    const parsed = await parseSwebenchSubmission({ name: "h.zip", bytes: await zipOf(files) }, mini);
    expect(parsed.scores[0]).toMatchObject({ stated: 1 / 15, stated_from: "model-x.run1.json: 1 of 15 resolved" });
    expect((await scoreAll(parsed)).resolved).toBe(1);
  });

  it.each([
    ["a log of an instance not in the dataset", { "logs/foo__bar-1/test_output.txt": "x" }, "file:logs/foo__bar-1/test_output.txt", /not an instance of SWE-bench Verified/],
    ["two folders of one instance", { "a/logs/django__django-12276/test_output.txt": "x", "b/logs/django__django-12276/report.json": "{}" }, "file:", /second folder of django__django-12276/],
    ["a report.json that does not read", { "logs/django__django-12276/report.json": '{"django__django-12276": {"resolved": "yes"}}' }, "file:logs/django__django-12276/report.json.django__django-12276.patch_successfully_applied", /./],
    ["a results.json of another shape", { "results/results.json": '{"passed": []}' }, "file:results/results.json", /neither/],
    ["a results.json naming a foreign instance", { "results/results.json": '{"resolved": ["foo__bar-1"]}' }, "file:results/results.json", /foo__bar-1/],
    ["no log and no results", { "README.md": "hi" }, "file", /not a SWE-bench submission/],
    ["a path leaving the archive", { "../logs/x__y-1/test_output.txt": "x" }, "file", /outside its root/],
  ])("refuses %s, naming the file", async (_, files, field, message) => {
    const err = await parseSwebenchSubmission({ name: "x.zip", bytes: await zipOf(files as Record<string, string>) }, mini).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).field.startsWith(field)).toBe(true);
    expect((err as ImportError).message).toMatch(message);
  });

  it("refuses what is not a ZIP", async () => {
    await expect(parseSwebenchSubmission({ name: "results.json", bytes: new TextEncoder().encode("{}") }, mini)).rejects.toMatchObject({ field: "file", message: expect.stringContaining("one ZIP") });
  });
});
