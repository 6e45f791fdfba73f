// The grader against the harness's own verdicts: every instance of the
// shared SWE-agent + Claude 3.5 Sonnet submission (swebench 2.0.x logs,
// 2024-07-25) re-graded from its test_output.txt must give exactly its
// report.json's tests_status and resolved. Runs when ../shared is present
// (sharedUrl serves it); generated logs cover the same rules without it
// (grading.test.ts).
import { beforeAll, describe, expect, inject, it } from "vitest";
import { evalPlan } from "./eval-plan";
import { gradeInstance, type SwebenchGrade } from "./grading";
import { SwebenchInstance } from "./instance";
import { parseReport, type ReportEntry } from "./report";

const SUBMISSION = "real-outputs/swebench_verified/20240620_sweagent_claude3.5sonnet";
const present = inject("sharedPresent");

async function text(path: string): Promise<string | null> {
  const r = await fetch(`${inject("sharedUrl")}/${path}`);
  if (r.status === 404) {
    await r.body?.cancel();
    return null;
  }
  if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
  // The mirror serves octet-stream; the harness read these files as UTF-8.
  return new TextDecoder().decode(await r.arrayBuffer());
}

interface Case {
  iid: string;
  instance: SwebenchInstance;
  log: string | null;
  report: ReportEntry | null;
  evalSh: string;
}

const cases: Case[] = [];
let resolvedIds = new Set<string>();

describe.skipIf(!present)("SWE-bench grading of the shared submission's logs (swebench 2.0.x)", () => {
  beforeAll(async () => {
    // The shared folder lists its files in SOURCE.md; the mirror serves files, not directories.
    const source = (await text("real-outputs/swebench_verified/SOURCE.md"))!;
    const ids = [...new Set([...source.matchAll(/`real-outputs\/swebench_verified\/20240620_sweagent_claude3\.5sonnet\/logs\/([^/]+)\//g)].map((m) => m[1]!))].sort();
    resolvedIds = new Set(JSON.parse((await text(`${SUBMISSION}/results/results.json`))!).resolved as string[]);
    for (const iid of ids) {
      const [config, log, report, evalSh] = await Promise.all([
        text(`datasets/swebench_verified/instances/${iid}/config.json`),
        text(`${SUBMISSION}/logs/${iid}/test_output.txt`),
        text(`${SUBMISSION}/logs/${iid}/report.json`),
        text(`${SUBMISSION}/logs/${iid}/eval.sh`),
      ]);
      cases.push({ iid, instance: SwebenchInstance.parse(JSON.parse(config!)), log, report: report === null ? null : parseReport(report, iid), evalSh: evalSh! });
    }
  }, 120_000);

  it("finds the 80 instances across the 12 repositories of Verified", () => {
    expect(cases).toHaveLength(80);
    expect(new Set(cases.map((c) => c.instance.repo)).size).toBe(12);
    expect(cases.filter((c) => c.log !== null && c.report !== null)).toHaveLength(78);
  });

  /** What a regrade says, in report.json's own shape. */
  const asReport = (g: SwebenchGrade) => ({ patch_successfully_applied: g.patch_successfully_applied, resolved: g.resolved, ...(g.tests_status ? { tests_status: g.tests_status } : {}) });
  const fromReport = (r: ReportEntry) => ({ patch_successfully_applied: r.patch_successfully_applied, resolved: r.resolved, ...(r.tests_status ? { tests_status: r.tests_status } : {}) });

  it("re-grades each test_output.txt to exactly its report.json (tests_status and resolved)", () => {
    const graded = cases.filter((c) => c.log !== null && c.report !== null);
    const differing: string[] = [];
    for (const c of graded) {
      const g = gradeInstance({ instance: c.instance, log: c.log! });
      expect(g.rules).toBe("2.0");
      if (c.iid === "pylint-dev__pylint-7080") continue; // below: the dataset was revised after the run
      if (JSON.stringify(asReport(g)) !== JSON.stringify(fromReport(c.report!))) differing.push(c.iid);
      expect(asReport(g), c.iid).toEqual(fromReport(c.report!));
    }
    expect(differing).toEqual([]);
    expect(graded.filter((c) => c.report!.resolved).length).toBe(34);
  });

  it("pylint-dev__pylint-7080: the 2024 run listed one PASS_TO_PASS test the revised dataset drops; with it, the report is exact", () => {
    const c = cases.find((x) => x.iid === "pylint-dev__pylint-7080")!;
    const dropped = "tests/test_self.py::TestRunTC::test_jobs_score";
    expect(c.instance.PASS_TO_PASS).not.toContain(dropped);
    expect(c.report!.tests_status!.PASS_TO_PASS.success).toContain(dropped);
    const now = gradeInstance({ instance: c.instance, log: c.log! });
    expect(now.resolved).toBe(c.report!.resolved);
    const order = c.report!.tests_status!.PASS_TO_PASS.success.concat(c.report!.tests_status!.PASS_TO_PASS.failure);
    const then = gradeInstance({ instance: { ...c.instance, PASS_TO_PASS: [...c.instance.PASS_TO_PASS, dropped].sort((a, b) => order.indexOf(a) - order.indexOf(b)) }, log: c.log! });
    expect(asReport(then)).toEqual(fromReport(c.report!));
  });

  it("grades the cases the submission covers as the harness did: a test patch that did not apply, a timeout, sphinx without -rA", () => {
    const by = (iid: string) => cases.find((c) => c.iid === iid)!;
    const notApplied = gradeInstance({ instance: by("django__django-16877").instance, log: by("django__django-16877").log! });
    expect(notApplied).toMatchObject({ patch_successfully_applied: false, resolved: false, not_graded: "no_applied_patch" });
    expect(notApplied.tests_status).toBeUndefined();
    // The 7,200 s timeout: the harness wrote no report; the submission counts it unresolved.
    const timeout = gradeInstance({ instance: by("sphinx-doc__sphinx-7985").instance, log: by("sphinx-doc__sphinx-7985").log! });
    expect(timeout).toMatchObject({ resolved: false, not_graded: "timed_out" });
    expect(resolvedIds.has("sphinx-doc__sphinx-7985")).toBe(false);
    // Every sphinx instance: passing tests print nothing without -rA, so PASS_TO_PASS is "missing" and none resolves.
    for (const c of cases.filter((x) => x.instance.repo === "sphinx-doc/sphinx" && x.log !== null)) expect(gradeInstance({ instance: c.instance, log: c.log! }).resolved).toBe(false);
  });

  it("builds each instance's eval script exactly as the 2.0.x harness wrote its eval.sh", () => {
    const differing = cases.filter((c) => evalPlan(c.instance, { layout: "2.0" }).eval_script !== c.evalSh).map((c) => c.iid);
    expect(differing).toEqual([]);
    expect(evalPlan(cases[0]!.instance).image).toBe(`swebench/sweb.eval.x86_64.${cases[0]!.iid.replace("__", "_1776_")}:latest`);
  });

  it("has an eval plan for every one of the 500 Verified instances", async () => {
    const source = (await text("datasets/swebench_verified/SOURCE.md"))!;
    const ids = [...new Set([...source.matchAll(/`datasets\/swebench_verified\/instances\/([A-Za-z0-9._-]+__[A-Za-z0-9._-]+-\d+)\/config\.json`/g)].map((m) => m[1]!))];
    expect(ids).toHaveLength(500);
    for (let i = 0; i < ids.length; i += 50) {
      const configs = await Promise.all(ids.slice(i, i + 50).map((id) => text(`datasets/swebench_verified/instances/${id}/config.json`)));
      for (const c of configs) expect(evalPlan(SwebenchInstance.parse(JSON.parse(c!))).test_command).toBeTruthy();
    }
  }, 120_000);

  it("agrees with results.json on every instance that has a log", () => {
    for (const c of cases.filter((x) => x.log !== null)) expect(gradeInstance({ instance: c.instance, log: c.log! }).resolved, c.iid).toBe(resolvedIds.has(c.iid));
  });
});
