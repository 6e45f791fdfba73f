// `npm run bench`, rate-limited case: N attempts (fixture latency L ms) at
// concurrency C through the full local stack, against a fixture endpoint that
// refuses calls beyond LIMIT in flight with 429 and `retry-after: 1`. With
// C above LIMIT the endpoint sets the pace, so the ideal is N·L/LIMIT.
// Reports wall time against that ideal, 429s per attempt, lost attempts
// (ended without a reward) and doubled ones (answered by the model more than
// once). Target: within 2× of the ideal, 0 lost, 0 doubled.
// BENCH_RL_CONCURRENCY is N (pinned) or MIN..MAX (a band, the default 1..32):
// a band also reports how it converged, from the run's timeline (when its
// limit first reached the endpoint's, and where it sat after).
//   BENCH_RL_N=60 BENCH_RL_LATENCY_MS=400 BENCH_RL_LIMIT=3 BENCH_RL_CONCURRENCY=1..32 node scripts/bench-rate-limit.mjs
// BENCH_PORT picks the stack's port (default: a free one).
import { arithmeticRows, client, waitForRun } from "./lib/api.mjs";
import { startBenchStack } from "./lib/bench-stack.mjs";

const N = Number(process.env.BENCH_RL_N || 60);
const L = Number(process.env.BENCH_RL_LATENCY_MS || 400);
const LIMIT = Number(process.env.BENCH_RL_LIMIT || 3);
const C_TEXT = process.env.BENCH_RL_CONCURRENCY || "1..32";
const band = /^(\d+)\.\.(\d+)$/.exec(C_TEXT);
const C = band ? { min: Number(band[1]), max: Number(band[2]) } : Number(C_TEXT);
/** The endpoint's retry-after on refusals, in seconds. */
const RETRY_AFTER_S = 1;

const { fixture, stack, close } = await startBenchStack("bench-rl", { port: Number(process.env.BENCH_PORT) || undefined });
try {
  const boot = client(stack.url, stack.bootstrapToken);
  const { api_key } = await boot("POST", "/api/projects", { name: "bench-rate-limit" });
  const call = client(stack.url, api_key);
  const rows = arithmeticRows(N);
  const ds = await call("POST", "/api/datasets/bench-rl-arith/revisions", undefined, {
    raw: rows.map((r) => JSON.stringify(r)).join("\n"),
    type: "application/x-ndjson",
  });
  const bm = await call("POST", "/api/benchmarks", {
    name: "bench-rl-arith",
    dataset: ds.ref,
    prompt_template: "Solve it and end with '#### <number>'.\n{question}",
    answer_column: "answer",
    scoring: { type: "regex", pattern: "#### (-?[0-9.,]+)" },
  });
  const model = `fixture-bench-rl:latency_ms=${L},limit_in_flight=${LIMIT},limit_retry_after_s=${RETRY_AFTER_S}`;
  const run = await call("POST", "/api/eval-runs", {
    display_name: "bench rate limit",
    benchmarks: [bm.id],
    target: { kind: "model", provider: "openai", base_url: `${fixture.url}/v1`, model },
    options: { concurrency: C, timeout_s: 60 },
  });
  const t0 = Date.now();
  await call("POST", `/api/eval-runs/${run.id}/start`);
  const p = await waitForRun(call, run.id, { everyMs: 250, timeoutMs: 30 * 60_000 });
  const { finished_at } = await call("GET", `/api/eval-runs/${run.id}`);
  const wall = (Date.parse(finished_at) - t0) / 1000;
  const { samples } = await call("GET", `/api/eval-runs/${run.id}/timeline`);
  const stats = fixture.stats(model);
  const ideal = (N * L) / 1000 / LIMIT;
  const refused = stats.by_status["429"] ?? 0;
  const lost = N - p.scored_attempts;
  // Every answered call of an attempt beyond its first is a doubled attempt (the model ran it twice).
  const doubled = (stats.by_status["200"] ?? 0) - p.scored_attempts;
  const within = wall <= 2 * ideal;
  const missed = !within || lost !== 0 || doubled !== 0;
  // Convergence: the first sample in which the calls in flight reached the endpoint's limit, and the band's limit after it.
  const at = samples.findIndex((s) => s.in_flight >= LIMIT);
  const after = at < 0 ? [] : samples.slice(at);
  const limits = after.map((s) => s.limit);
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const refusedAfter = after.reduce((n, s) => n + s.rate_limited, 0);
  const startOffset = samples.length ? (Date.parse(samples[0].at) - t0) / 1000 : 0;
  const converged = at < 0
    ? "never reached the endpoint's limit"
    : `${LIMIT} in flight reached in the sample starting ${(startOffset + samples[at].elapsed_s).toFixed(1)} s after the start request; from then on the band's limit stayed ${Math.min(...limits)}..${Math.max(...limits)} (mean at sample ends ${mean(limits).toFixed(1)}), ${refusedAfter} 429s`;
  const series = samples.map((s) => `${s.elapsed_s.toFixed(0)}s:${s.limit}/${s.in_flight}${s.rate_limited ? `!${s.rate_limited}` : ""}`).join(" ");
  console.log(`
Assay rate-limited bench (local stack, wrangler dev; fixture latency ${L} ms, at most ${LIMIT} in flight, 429 with retry-after: ${RETRY_AFTER_S} beyond)
  attempts              ${N} (${p.status}; ${p.scored_attempts} scored, ${p.terminal_attempts} terminal)
  concurrency           ${C_TEXT}${typeof C === "number" ? " (pinned)" : " (a band)"} (most calls in flight seen by the model: ${stats.max_in_flight}, the endpoint's limit ${LIMIT})
  wall time             ${wall.toFixed(2)} s   (start request to the run's finished_at; the limit's ideal N·L/limit = ${ideal.toFixed(2)} s)
  ratio to ideal        ${(wall / ideal).toFixed(2)}× (target ≤ 2×)
  429s per attempt      ${(refused / N).toFixed(2)} (${refused} in all)
  lost attempts         ${lost} (target 0)
  doubled attempts      ${doubled} (target 0)
  convergence           ${converged}
  timeline              ${series}   (elapsed:limit/in flight, !429s; a sample per ${samples[0]?.span_s ?? 2} s)
  verdict               ${missed ? "MISSED the target" : "within target"}
`);
} finally {
  await close();
}
