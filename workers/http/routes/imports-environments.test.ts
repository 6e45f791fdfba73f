// POST /api/imports with format swebench and harbor, end to end through the
// Worker: a SWE-bench submission becomes a run graded by Assay whose score
// is the published one (168/500 = 33.6% for the shared SWE-agent + Claude
// 3.5 Sonnet submission; the generated submission's 7/15 without
// ../shared), each sample carrying the submission's verdict beside
// Assay's; Harbor trials become attempts with their rewards and their
// trajectories as steps; bad input is a 422 naming the field, nothing
// written.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../../src/db/client";
import { validateAtif } from "../../../src/trajectories/atif";
import { miniTrial } from "../../../test/mini-harbor";
import { miniSubmission } from "../../../test/mini-swebench";
import { call, expectProblem, newProject } from "../../../test/http";
import { waitForRun } from "../../../test/runs";
import { realSwebench, statedTotals, submissionZip, verifiedTestSource } from "../../../test/swebench-data";
import { writeZip } from "../../../test/zip-writer";
import { verifiedInstances } from "../../catalog/swebench-instances";

function form(fields: Record<string, string>, file: { name: string; bytes: Uint8Array }): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append("file", new File([file.bytes], file.name));
  return f;
}

async function counts(projectId: string) {
  const one = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE project_id = ?1`).bind(projectId).first<{ n: number }>())!.n;
  return { datasets: await one("dataset_revisions"), benchmarks: await one("benchmarks"), runs: await one("eval_runs") };
}

async function allSamples(key: string, runId: string): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | null = null;
  do {
    const r: { body: any } = await call("GET", `/api/eval-runs/${runId}/samples?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { key });
    out.push(...r.body.items);
    cursor = r.body.next_cursor ?? null;
  } while (cursor);
  return out;
}

describe("POST /api/imports: SWE-bench submissions", { timeout: 600_000 }, () => {
  beforeAll(async () => {
    // The instances the import grades against: the pinned loader, fed the test's files (real or generated).
    await verifiedInstances(env, openDb(env.DB), await verifiedTestSource());
  }, 300_000);

  it("imports the submission as a run graded by Assay, totalling the published figure, each sample with the submission's verdict beside Assay's", async () => {
    const { key } = await newProject("import-swebench");
    const { resolved, total } = statedTotals();
    const r = await call("POST", "/api/imports", { key, raw: form({ format: "swebench", name: "sweagent-verified" }, { name: "submission.zip", bytes: await submissionZip() }) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      source: { tool: "swebench", tool_name: "SWE-bench", task: "SWE-bench Verified", files: ["submission.zip"] },
      tasks: total,
      outputs: total,
      attempts: 1,
      source_score: resolved / total,
      source_verdicts: total,
      benchmarks: [{ score: "resolved", counterpart: true, scoring: { type: "swebench", rules: "auto", verdict_column: "verdict:resolved" } }],
    });
    expect((await waitForRun(key, r.body.run_id, 300_000)).status).toBe("completed");
    const [score] = (await call("GET", `/api/eval-runs/${r.body.run_id}/scores`, { key })).body.scores as any[];
    expect(score.score).toBeCloseTo(resolved / total, 12);
    if (realSwebench()) expect(score.score).toBeCloseTo(0.336, 12);
    expect(score.score_counts).toMatchObject({ total, scored: total });
    const samples = await allSamples(key, r.body.run_id);
    expect(samples).toHaveLength(total);
    const regraded = samples.filter((s) => s.reason?.includes("SWE-bench 2.0 rules") || s.reason?.includes("SWE-bench 5.0 rules"));
    expect(regraded.length).toBe(realSwebench() ? 79 : miniSubmission().regraded.length);
    expect(regraded.every((s) => !s.reason.includes("they disagree"))).toBe(true);
    // One trial in full: Assay's report and the submission's verdict.
    const one = samples.find((s) => s.task_key === (realSwebench() ? "astropy__astropy-14309" : "astropy__astropy-7166"))!;
    const trial = (await call("GET", `/api/trials/${one.id}?include_reward_components=true`, { key })).body;
    expect(trial).toMatchObject({ reward: 1, recorded: true, structured: { dimensions: { resolved: 1, regraded: 1, agrees: 1 }, report: { from: "test log", resolution: "RESOLVED_FULL", submission_resolved: 1 } } });
    expect(trial.reward_components.scorer).toBe("swebench");
  });

  it.each([
    ["a log of an instance Verified does not have", { "logs/nope__nope-1/test_output.txt": "x" }, "file:logs/nope__nope-1/test_output.txt"],
    ["a report.json that does not read", { "logs/astropy__astropy-7166/report.json": "{bad" }, "file:logs/astropy__astropy-7166/report.json"],
    ["no logs and no results", { "notes.txt": "x" }, "file"],
  ])("refuses %s: 422 naming the field, nothing written", async (_, files, field) => {
    const { key, project } = await newProject("import-swebench-bad");
    const before = await counts(project.id);
    const bytes = await writeZip(Object.entries(files).map(([name, data]) => ({ name, data })));
    const r = await call("POST", "/api/imports", { key, raw: form({ format: "swebench", name: "bad" }, { name: "s.zip", bytes }) });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0].field).toBe(field);
    expect(await counts(project.id)).toEqual(before);
  });

  it("refuses a file that is not a ZIP, saying to send one", async () => {
    const { key } = await newProject("import-swebench-notzip");
    const r = await call("POST", "/api/imports", { key, raw: form({ format: "swebench", name: "bad" }, { name: "results.json", bytes: new TextEncoder().encode('{"resolved": []}') }) });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.detail).toContain("one ZIP");
  });
});

describe("POST /api/imports: Harbor trials", { timeout: 300_000 }, () => {
  it("imports a job's trials as attempts with their rewards; each trial's trajectory is its steps and its ATIF", async () => {
    const { key } = await newProject("import-harbor");
    const files = {
      ...miniTrial({ task: "hello-file", trial: "hello-file__aaaaaaa", reward: "1" }),
      ...miniTrial({ task: "hello-file", trial: "hello-file__bbbbbbb", reward: "0" }),
      ...miniTrial({ task: "sum-file", trial: "sum-file__ccccccc", reward: "1" }),
      ...miniTrial({ task: "sum-file", trial: "sum-file__ddddddd", reward: null, exception: "EnvironmentBuildTimeoutError" }),
    };
    const bytes = await writeZip(Object.entries(files).map(([name, data]) => ({ name, data, deflate: true })));
    const r = await call("POST", "/api/imports", { key, raw: form({ format: "harbor", name: "tb-trials" }, { name: "job.zip", bytes }) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ source: { tool: "harbor", tool_name: "Harbor", task: "terminal-bench", model: "fixture-model" }, tasks: 2, outputs: 4, attempts: 2, benchmarks: [{ score: "reward", counterpart: false, scoring: { type: "source_verdict", column: "verdict:reward" } }] });
    expect((await waitForRun(key, r.body.run_id, 120_000)).status).toBe("completed");
    const [score] = (await call("GET", `/api/eval-runs/${r.body.run_id}/scores`, { key })).body.scores as any[];
    // Three rewarded trials (1, 0, 1); the build timeout has none: missing, not 0.
    expect(score.score).toBeCloseTo(2 / 3, 12);
    expect(score.score_counts).toMatchObject({ total: 4, scored: 3, missing: 1 });
    const samples = await allSamples(key, r.body.run_id);
    const first = samples.find((s) => s.task_key === "hello-file" && s.attempt_index === 0)!;
    const steps = (await call("GET", `/api/trials/${first.id}/steps?limit=20`, { key })).body;
    expect(steps.num_steps).toBe(2);
    // The agent's bash call, then its result, as the trajectory recorded them.
    expect(steps.items[0].messages.slice(-2)).toMatchObject([
      { role: "assistant", tool_calls: [{ id: "call_1", function: { name: "bash" } }] },
      { role: "tool", tool_call_id: "call_1" },
    ]);
    const traj = (await call("GET", `/api/trials/${first.id}/trajectory?format=atif`, { key })).body;
    expect(validateAtif(traj, { strictVersion: true }).valid).toBe(true);
    expect(traj.session_id).toBe("hello-file__aaaaaaa");
  });

  it("refuses an invalid trajectory with a 422 naming its file", async () => {
    const { key } = await newProject("import-harbor-bad");
    const bytes = await writeZip([{ name: "t__1234567/agent/trajectory.json", data: JSON.stringify({ schema_version: "ATIF-v1.5", session_id: "s", agent: { name: "a", version: "1" }, steps: [{ step_id: 2, source: "agent", message: "" }] }) }]);
    const r = await call("POST", "/api/imports", { key, raw: form({ format: "harbor", name: "bad" }, { name: "t.zip", bytes }) });
    expectProblem(r, 422, "validation_failed");
    expect(r.body.errors[0]).toMatchObject({ field: "file:t__1234567/agent/trajectory.json", message: expect.stringContaining("step_id: expected 1") });
  });
});
