// Bench of the results API on a large run: seeds a finished run of N
// attempts (k per task) straight into the local D1 with one recursive
// INSERT (no model calls), starts the local stack on it and times
// GET /api/eval-runs/{id}/scores, /metrics, /samples and /export as a client
// sees them. The aggregation reads each attempt through the (run_id, seq)
// primary-key range: D1 counts 2 rows read per attempt (the scan and the
// GROUP BY sorter). A copy of the run marked running times /scores and
// /progress as they read during execution (src/db/results/sealed-blocks.ts:
// the first call reads every block, later ones only those not sealed).
//   BENCH_SCORES_N=100000 BENCH_SCORES_K=2 node scripts/bench-scores.mjs
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { client } from "./lib/api.mjs";
import { freePort, startStack } from "./lib/stack.mjs";

const N = Number(process.env.BENCH_SCORES_N || 100_000);
const K = Number(process.env.BENCH_SCORES_K || 2);
const REPEATS = Number(process.env.BENCH_SCORES_REPEATS || 5);
if (!Number.isInteger(N / K)) throw new Error("BENCH_SCORES_N must be a multiple of BENCH_SCORES_K");
const WRANGLER = join("node_modules", ".bin", "wrangler");

const stateDir = mkdtempSync(join(tmpdir(), "assay-bench-scores-"));
const persist = join(stateDir, "wrangler");
const wrangler = (args) => {
  const r = spawnSync(WRANGLER, args, { encoding: "utf8", env: { ...process.env, CI: "true" } });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
};

const q = (s) => `'${String(s).replace(/'/g, "''")}'`;
const now = new Date().toISOString();
const projectId = `prj_bench${randomBytes(6).toString("hex")}`;
const runId = `run_bench${randomBytes(6).toString("hex")}`;
const runningId = `run_benchlive${randomBytes(6).toString("hex")}`;
const benchmarkId = "bm_bench_scores";
const apiKey = `ak_${randomBytes(32).toString("base64url")}`;
const target = { kind: "model", provider: "openai", base_url: "https://bench.example/v1", model: "bench-model", params: {} };
const options = { attempts: K, missing_policy: "unknown", temperature: 0, max_output_tokens: 1024, timeout_s: 120, concurrency: 8, select: { shuffle: false, seed: 0, skip: 0 }, per_benchmark: {} };
const members = N / K;
// Rewards follow a fixed pattern (about 60% pass) so the scores are the same on every run of the bench.
const seed = `
INSERT INTO projects (id, name, plan, evaluations_enabled, credits, created_at) VALUES (${q(projectId)}, 'bench-scores', 'team', 1, 1000000, ${q(now)});
INSERT INTO api_keys (id, project_id, name, prefix, hash, scopes, created_at) VALUES ('key_bench', ${q(projectId)}, 'bench', ${q(apiKey.slice(0, 11))}, ${q(createHash("sha256").update(apiKey).digest("hex"))}, '["read"]', ${q(now)});
INSERT INTO eval_runs (id, project_id, display_name, status, benchmark_ids, target, options, created_at, updated_at, queued_at, started_at, finished_at)
  VALUES (${q(runId)}, ${q(projectId)}, 'bench-scores', 'completed', ${q(JSON.stringify([benchmarkId]))}, ${q(JSON.stringify(target))}, ${q(JSON.stringify(options))}, ${q(now)}, ${q(now)}, ${q(now)}, ${q(now)}, ${q(now)});
INSERT INTO run_benchmarks (run_id, benchmark_id, position, status, dataset_digest, scoring, k, member_count, base_seq, attempt_count, planned_count)
  VALUES (${q(runId)}, ${q(benchmarkId)}, 0, 'completed', 'bench-digest', '{"type":"exact_match"}', ${K}, ${members}, 0, ${N}, ${N});
INSERT INTO attempts (run_id, seq, benchmark_id, target, member_key, member_index, row_index, task_digest, subset, attempt_index, status, reward, output, reason, tries, input_tokens, output_tokens, latency_ms, started_at, finished_at)
  WITH RECURSIVE s(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM s WHERE x < ${N - 1})
  SELECT ${q(runId)}, x, ${q(benchmarkId)}, 'a', 'task-' || (x / ${K}), x / ${K}, x / ${K}, 'd' || (x / ${K}), 's' || ((x / ${K}) % 20), x % ${K}, 'succeeded',
    CASE WHEN ((x / ${K}) * 7 + (x % ${K}) * 3) % 5 < 3 THEN 1.0 ELSE 0.0 END, 'The answer is 42.', 'compared', 1, 120, 30, 50, ${q(now)}, ${q(now)}
  FROM s;
INSERT INTO eval_runs (id, project_id, display_name, status, benchmark_ids, target, options, created_at, updated_at, queued_at, started_at)
  VALUES (${q(runningId)}, ${q(projectId)}, 'bench-scores-running', 'running', ${q(JSON.stringify([benchmarkId]))}, ${q(JSON.stringify(target))}, ${q(JSON.stringify(options))}, ${q(now)}, ${q(now)}, ${q(now)}, ${q(now)});
INSERT INTO run_benchmarks (run_id, benchmark_id, position, status, dataset_digest, scoring, k, member_count, base_seq, attempt_count, planned_count)
  VALUES (${q(runningId)}, ${q(benchmarkId)}, 0, 'running', 'bench-digest', '{"type":"exact_match"}', ${K}, ${members}, 0, ${N}, ${N});
INSERT INTO attempts (run_id, seq, benchmark_id, target, member_key, member_index, row_index, task_digest, subset, attempt_index, status, reward, output, reason, tries, input_tokens, output_tokens, latency_ms, started_at, finished_at)
  SELECT ${q(runningId)}, seq, benchmark_id, target, member_key, member_index, row_index, task_digest, subset, attempt_index, status, reward, output, reason, tries, input_tokens, output_tokens, latency_ms, started_at, finished_at
  FROM attempts WHERE run_id = ${q(runId)};
`;

let stack;
try {
  const t0 = performance.now();
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
  const file = join(stateDir, "seed.sql");
  writeFileSync(file, seed);
  wrangler(["d1", "execute", "DB", "--local", "--persist-to", persist, "--file", file]);
  console.log(`seeded ${N} attempts (${members} tasks × k = ${K}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  stack = await startStack({ port: await freePort(), stateDir, bootstrapToken: "bench-bootstrap-token", quiet: true, logFile: join(stateDir, "wrangler.log") });
  const call = client(stack.url, apiKey);
  const time = async (label, path, check) => {
    const ms = [];
    let body;
    for (let i = 0; i < REPEATS; i++) {
      const t = performance.now();
      body = await call("GET", path);
      ms.push(performance.now() - t);
    }
    check?.(body);
    const sorted = [...ms].sort((a, b) => a - b);
    console.log(`${label.padEnd(28)} first ${ms[0].toFixed(0).padStart(6)} ms   median ${sorted[Math.floor(sorted.length / 2)].toFixed(0).padStart(6)} ms   (${REPEATS} calls)`);
    return body;
  };
  await time(`GET /scores (${N})`, `/api/eval-runs/${runId}/scores`, (b) => {
    const s = b.scores[0];
    if (s.score_counts.scored !== N) throw new Error(`scored ${s.score_counts.scored}, expected ${N}`);
    console.log(`  ${s.display.coverage}; pass@${K} ${s.display.pass_at_k}, pass^${K} ${s.display.pass_hat_k}; ${s.subsets.length} subsets`);
  });
  await time("GET /metrics (curves)", `/api/eval-runs/${runId}/metrics`);
  await time("GET /samples?filter=failed", `/api/eval-runs/${runId}/samples?filter=failed&limit=200`);
  await time("GET /history/scores", `/api/eval-runs/history/scores`);
  await time("GET /export?format=md", `/api/eval-runs/${runId}/export?format=md`);
  console.log(`D1 rows read by the aggregation: ${2 * N} (one primary-key range scan + the GROUP BY sorter), per /scores call`);
  // The running copy: its first call reads and seals every block; the median is what a dashboard polling it waits.
  await time(`GET /scores, running (${N})`, `/api/eval-runs/${runningId}/scores`, (b) => {
    if (b.scores[0].score_counts.scored !== N) throw new Error(`running run scored ${b.scores[0].score_counts.scored}, expected ${N}`);
  });
  await time(`GET /progress, running`, `/api/eval-runs/${runningId}/progress`, (b) => {
    if (b.scored_attempts !== N) throw new Error(`running run's progress scored ${b.scored_attempts}, expected ${N}`);
  });
} finally {
  await stack?.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
