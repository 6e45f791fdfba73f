// The demo `npm start` runs: a real evaluation through the whole local stack
// (API, queue, RunGate, D1, R2) of 50 grade-school math questions against
// the fixture model: a deterministic stand-in for a model endpoint that
// answers about 80% right, clearly labelled, never presented as a real model.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { client, waitForRun } from "./api.mjs";
import { demoQuestions } from "./demo-data.mjs";

async function demoKey(url, bootstrapToken, stateDir) {
  const file = join(stateDir, "demo.json");
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, "utf8"));
    const r = await fetch(`${url}/api/project`, { headers: { authorization: `Bearer ${saved.api_key}` } });
    if (r.ok) return saved.api_key;
  }
  const boot = client(url, bootstrapToken);
  const { api_key, project } = await boot("POST", "/api/projects", { name: "demo" });
  writeFileSync(file, JSON.stringify({ project_id: project.id, api_key }, null, 2) + "\n", { mode: 0o600 });
  return api_key;
}

export async function runDemo({ url, bootstrapToken, stateDir, fixture, questions = demoQuestions(50), log = console.log }) {
  const { rows, source } = questions;
  const key = await demoKey(url, bootstrapToken, stateDir);
  const call = client(url, key);
  const ds = await call("POST", "/api/datasets/demo-math/revisions", undefined, {
    raw: rows.map((r) => JSON.stringify(r)).join("\n") + "\n",
    type: "application/x-ndjson",
  });
  const name = `demo-math@${ds.version}`;
  const existing = (await call("GET", "/api/benchmarks?limit=200")).items.find((b) => b.name === name);
  const bm =
    existing ??
    (await call("POST", "/api/benchmarks", {
      name,
      description: `Demo: ${source}; answers read from '#### N'.`,
      dataset: ds.ref,
      prompt_template: "Solve the problem step by step. End with '#### <number>'.\n\nQuestion: {question}",
      answer_column: "answer",
      scoring: { type: "regex", pattern: "#### (-?[0-9.,]+)" },
    }));
  const model = "assay-fixture:accuracy=0.8,latency_ms=40,vary=1";
  const run = await call("POST", "/api/eval-runs", {
    display_name: "Demo: fixture model on 50 math questions",
    benchmarks: [bm.id],
    target: { kind: "model", provider: "openai", base_url: `${fixture.url}/v1`, model, name: "fixture model (not a real model)" },
    options: { attempts: 2, concurrency: 8, timeout_s: 30 },
  });
  log(`Demo: evaluating the fixture model (a deterministic stand-in, not a real model) on ${source}, 2 attempts each…`);
  await call("POST", `/api/eval-runs/${run.id}/start`);
  let last = "";
  const p = await waitForRun(call, run.id, {
    everyMs: 500,
    onTick: (p) => {
      const line = `  ${p.status}: ${p.terminal_attempts}/${p.total_attempts ?? "?"} attempts ended, ${p.scored_attempts} scored`;
      if (line !== last) log((last = line));
    },
  });
  const scores = await call("GET", `/api/eval-runs/${run.id}/scores`, undefined, { allowError: true });
  log(`\nDemo run ${run.id} ${p.status}.`);
  for (const s of scores?.items ?? scores?.scores ?? []) {
    const d = s.display ?? {};
    log(`  ${s.benchmark_name ?? s.benchmark_id} · ${s.target_label ?? s.target}: ${d.score_with_ci ?? d.score ?? s.score}`);
    if (d.coverage) log(`    ${d.coverage}`);
    if (d.pass_at_k) log(`    ${d.labels?.pass_at_k ?? "pass@k"} ${d.pass_at_k}, ${d.labels?.pass_hat_k ?? "pass^k"} ${d.pass_hat_k}`);
  }
  log(`  API key of the demo project (kept in ${join(stateDir, "demo.json")}): ${key}`);
  log(`\nSee it in the dashboard: open ${url}/runs/${run.id} and sign in with that key.`);
  return { runId: run.id, status: p.status, key };
}
