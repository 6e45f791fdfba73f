// POST /api/imports with format tau2 and tau-bench, end to end: every
// simulation replayed through Assay's environment at import (the agreement
// in the response), then the outputs run scored by the tau2 scorer on each
// attempt (from the row's task and database slice), its pass^k and its
// per-domain rows. With ../shared (inject("sharedPresent")): ToolOrchestra's
// airline and retail runs (published pass^1 56.0 and 84.2), Sierra's eight
// test-split runs, and τ-bench v1's gpt-4o airline run (pass^1..4
// 0.420/0.273/0.220/0.200). Without it: made-up
// runs on the generated domains. Bad files are 422s naming the field.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, expectProblem, newProject } from "../../../test/http";
import { miniDomainFiles, miniResultsFile, miniTasks, miniV1AirlineFiles, miniV1Trajectories } from "../../../test/mini-tau2";
import { waitForRun } from "../../../test/runs";
import { loadTestTau2Data } from "../../../test/tau2-data";
import { loadDomain } from "../../../src/agents/tau2/domain";
import { loadsPy } from "../../../src/agents/tau2/py/json";
import type { PyValue } from "../../../src/agents/tau2/py/values";
import { readTasks } from "../../../src/agents/tau2/task";
import { freshV1Data, v1Data, v1Step } from "../../../src/agents/tau2/v1/replay";

const sharedPresent = inject("sharedPresent");
const sharedUrl = inject("sharedUrl");

function form(fields: Record<string, string>, name: string, bytes: Uint8Array | string): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append("file", new File([typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes], name));
  return f;
}

async function importFile(key: string, format: string, name: string, file: string, bytes: Uint8Array | string) {
  return call("POST", "/api/imports", { key, raw: form({ format, name }, file, bytes) });
}

async function importAndScore(key: string, format: string, name: string, file: string, bytes: Uint8Array | string) {
  const r = await importFile(key, format, name, file, bytes);
  if (r.status !== 201) throw new Error(`import failed: ${r.status} ${JSON.stringify(r.body)}`);
  expect((await waitForRun(key, r.body.run_id, 240_000)).status).toBe("completed");
  const scores = (await call("GET", `/api/eval-runs/${r.body.run_id}/scores`, { key })).body.scores as any[];
  const curves = (await call("GET", `/api/eval-runs/${r.body.run_id}/metrics`, { key })).body.curves as any[];
  return { imp: r.body, score: scores[0], curve: curves[0] };
}

/** A made-up τ² run on the generated airline: the gold path, an idle one and a cut-off one per task. */
function miniAirlineRun(): string {
  const domain = loadDomain("airline", miniDomainFiles("airline"));
  const tasks = new Map(readTasks(loadsPy(JSON.stringify(miniTasks("airline")))).map((t) => [t.id, t]));
  return JSON.stringify(
    miniResultsFile("airline", (taskId, calls) => {
      const e = domain.environment("agent");
      e.setState({ actions: tasks.get(taskId)!.initial_state?.initialization_actions }, []);
      return calls.map((c) => {
        const r = e.getResponse({ ...c, arguments: loadsPy(JSON.stringify(c.arguments)) as Map<string, PyValue> });
        return { content: r.content, error: r.error === true };
      });
    }),
  );
}

describe("POST /api/imports: τ²-bench and τ-bench", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    await loadTestTau2Data(env);
  }, 300_000);

  // The deployment's domains are the real ones with ../shared: the made-up runs replay on the generated ones only.
  it.runIf(!sharedPresent)("a τ² run: each simulation replayed (agreement reported), the run scored by the tau2 scorer, pass^k and a row per domain", async () => {
    const { key } = await newProject("import-tau2-mini");
    const { imp, score, curve } = await importAndScore(key, "tau2", "mini-airline", "results.json", miniAirlineRun());
    expect(imp).toMatchObject({ source: { tool: "tau2", tool_name: "τ²-bench", task: "τ²-bench airline", model: "mini-agent" }, tasks: 2, outputs: 6, attempts: 3 });
    expect(imp.agreement).toMatchObject({ simulations: 6, agree: 6, differing: [], relabelled: [], tool_results: { differing: 0 } });
    expect(imp.benchmarks[0]).toMatchObject({ scoring: { type: "tau2", rule: "tau2", nl: "recorded" }, counterpart: true, source_score: 2 / 6 });
    // Re-scored in the run from the row's task and slice: the recorded rewards again.
    expect(score.score).toBeCloseTo(2 / 6, 12);
    expect(score.dimensions["source:reward"].mean).toBeCloseTo(2 / 6, 12);
    expect(score.subsets.map((s: any) => s.key)).toEqual(["airline"]);
    expect(curve.rows.map((r: any) => r.pass_hat_j)).toEqual([1 / 3, 0, 0]);
    const row = (await call("GET", `/api/datasets/${imp.tasks_dataset}/rows?limit=1`, { key })).body.items[0];
    expect(JSON.parse(row.data.db_slice)).toMatchObject({ domain: "airline" });
  });

  it.runIf(!sharedPresent)("a τ-bench v1 run: each episode replayed, v1's rule in the run", async () => {
    const { key } = await newProject("import-tau-bench-mini");
    const base = v1Data(miniV1AirlineFiles());
    const copies = new Map<number, ReturnType<typeof freshV1Data>>();
    const data = (trial: number) => copies.get(trial) ?? (copies.set(trial, freshV1Data(base)), copies.get(trial)!);
    const file = JSON.stringify(miniV1Trajectories((trial, name, kwargs) => v1Step(data(trial), name, loadsPy(JSON.stringify(kwargs)) as Map<string, PyValue>)));
    const { imp, score, curve } = await importAndScore(key, "tau-bench", "mini-v1", "gpt-x-airline.json", file);
    expect(imp.agreement).toMatchObject({ simulations: 2, agree: 2, db: { compared: 2, agree: 2 }, tool_results: { replayed: 3, differing: 0 } });
    expect(score.score).toBe(0.5);
    expect(curve.rows.map((r: any) => r.pass_hat_j)).toEqual([0.5, 0]);
  });

  it.runIf(sharedPresent)("ToolOrchestra's airline and retail runs: every reward reproduced, pass^1 56.0 and 84.2 as published", async () => {
    const { key } = await newProject("import-tau2-toolorchestra");
    for (const [domain, published] of [
      ["airline", 0.56],
      ["retail", 96 / 114],
    ] as const) {
      const path = `real-outputs/tau2/leaderboard_toolorchestra_nvidia/toolorchestra_${domain}_gpt-5_1trial.json`;
      const bytes = new Uint8Array(await (await fetch(`${sharedUrl}/${path}`)).arrayBuffer());
      const { imp, score } = await importAndScore(key, "tau2", `toolorchestra-${domain}`, path.split("/").at(-1)!, bytes);
      const n = domain === "airline" ? 50 : 114;
      expect(imp.agreement).toMatchObject({ simulations: n, agree: n, differing: [], db: { compared: n, agree: n }, tool_results: { differing: 0 } });
      expect(imp.agreement.relabelled).toHaveLength(domain === "airline" ? 49 : 113);
      expect(score.pass_hat_k).toBeCloseTo(published, 10);
      expect(score.score).toBeCloseTo(published, 10);
      expect(score.subsets).toEqual([expect.objectContaining({ key: domain })]);
      expect(score.dimensions.DB.attempts).toBe(n);
      const row = (await call("GET", `/api/datasets/${imp.tasks_dataset}/rows?limit=1`, { key })).body.items[0];
      expect(JSON.parse(row.data.db_slice).domain).toBe(domain);
    }
  });

  // Sierra's test-split runs (20 airline, 40 retail, 40 telecom tasks; telecom with the user and solo): each mean reward as recorded.
  it.runIf(sharedPresent).each([
    ["gpt-4.1_airline_default_gpt-4.1_1trials.json", "airline", 20, 0.5],
    ["gpt-4.1_retail_defautl_gpt-4.1_1trials.json", "retail", 40, 0.85],
    ["gpt-4.1_telecom_default_gpt-4.1_1trials.json", "telecom", 40, 0.45],
    ["gpt-4.1_telecom_no-user_gpt-4.1_1trials.json", "telecom", 40, 0.5],
    ["ft_gpt-4.1-2025-04-14_sierra_tau2-full-sft_BzrYdMNm_airline_default_gpt-4.1_1trials.json", "airline", 20, 0.65],
    ["ft_gpt-4.1-2025-04-14_sierra_tau2-full-sft_BzrYdMNm_retail_default_gpt-4.1_1trials.json", "retail", 40, 0.85],
    ["ft_gpt-4.1-2025-04-14_sierra_tau2-full-sft_BzrYdMNm_telecom_default_gpt-4.1_1trials.json", "telecom", 40, 0.75],
    ["ft_gpt-4.1-2025-04-14_sierra_tau2-full-sft_BzrYdMNm_telecom_no-user_gpt-4.1_1trials.json", "telecom", 40, 0.85],
  ] as const)("Sierra's %s: every reward reproduced", async (file, domain, n, recorded) => {
    const { key } = await newProject(`import-tau2-sierra-${file.slice(0, 24)}`);
    const bytes = new Uint8Array(await (await fetch(`${sharedUrl}/real-outputs/tau2/sierra_gym_2025-08-01/${file}`)).arrayBuffer());
    const { imp, score } = await importAndScore(key, "tau2", file.slice(0, 60), file, bytes);
    expect(imp.agreement).toMatchObject({ simulations: n, agree: n, differing: [], relabelled: [], tool_results: { differing: 0 } });
    expect(score.score).toBeCloseTo(recorded, 10);
    expect(score.subsets).toEqual([expect.objectContaining({ key: domain })]);
  });

  it.runIf(sharedPresent)("τ-bench v1's gpt-4o airline run: 200 rewards reproduced, pass^1..4 0.420 / 0.273 / 0.220 / 0.200", async () => {
    const { key } = await newProject("import-tau-bench-gpt4o");
    const path = "real-outputs/tau_bench_v1/historical_trajectories/gpt-4o-airline.json";
    const bytes = new Uint8Array(await (await fetch(`${sharedUrl}/${path}`)).arrayBuffer());
    const { imp, score, curve } = await importAndScore(key, "tau-bench", "gpt-4o-airline", "gpt-4o-airline.json", bytes);
    expect(imp).toMatchObject({ tasks: 50, outputs: 200, attempts: 4 });
    expect(imp.agreement).toMatchObject({ simulations: 200, agree: 200, differing: [], tool_results: { differing: 0 } });
    expect(score.pass_hat_k).toBeCloseTo(0.2, 10);
    expect(curve.rows.map((r: any) => Number(r.pass_hat_j.toFixed(3)))).toEqual([0.42, 0.273, 0.22, 0.2]);
  });

  describe("bad input: 422 naming the field, nothing written", () => {
    it.each([
      ["tau2", '{"info": {"environment_info": {"domain_name": "banking"}}, "tasks": [], "simulations": []}', "file.info.environment_info.domain_name", /unknown domain 'banking'/],
      ["tau2", JSON.stringify({ results: { results: [] }, config: {} }), "file.info", /is required/],
      ["tau2", "[]", "file", /is a list/],
      ["tau-bench", '{"info": {}, "tasks": [], "simulations": []}', "file", /is an object/],
      ["tau-bench", "not json", "file", /is not JSON/],
    ])("%s with %s", async (format, text, field, message) => {
      const { key, project } = await newProject(`import-bad-${format}`);
      const r = await importFile(key, format, "bad", "results.json", text);
      expectProblem(r, 422);
      expect(r.body.errors).toEqual([{ field, message: expect.stringMatching(message) }]);
      const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM dataset_revisions WHERE project_id = ?1").bind(project.id).first<{ n: number }>();
      expect(n!.n).toBe(0);
    });
  });
});
