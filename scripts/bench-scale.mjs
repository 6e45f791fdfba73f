// `npm run bench:scale`: real attempts at growing sizes through the whole
// local stack (wrangler dev: D1, Queues, Durable Objects, R2), one stack for
// every size, against the fixture model (latency 5 ms, concurrency 200). Per
// size: wall time, attempts/s, time per attempt (and its growth over the
// smallest size), the peak RSS of the workerd processes sampled during the
// run, D1 rows read and written per attempt (ASSAY_IO_METRICS=1), and the
// latency of GET /progress, /scores and /samples measured while it runs.
//   npm run bench:scale               1,000 and 10,000 attempts
//   npm run bench:scale -- 100000     1,000, 10,000 and 100,000
//   npm run bench:scale -- 2000 5000  any sizes
// BENCH_SCALE_LATENCY_MS and BENCH_SCALE_CONCURRENCY change the model's latency and the run's concurrency.
// BENCH_SCALE_HEAP=1 also reads the Worker isolate's V8 heap (its Durable Objects share it) through
// wrangler dev's inspector, after a garbage collection before and after each size: what the isolate
// keeps, apart from workerd's native memory (the local D1's SQLite, buffers); BENCH_SCALE_HEAP_SNAPSHOT=prefix
// also writes those snapshots (prefix-<n>-before.heapsnapshot, -after; for Chrome's memory tab).
// Not part of npm test: 10,000 attempts take minutes on a 2-core machine.
import { arithmeticRows, client } from "./lib/api.mjs";
import { processTree } from "./lib/proc-cpu.mjs";
import { startBenchStack } from "./lib/bench-stack.mjs";
import { connectInspector } from "./lib/inspector.mjs";
import { writeFileSync } from "node:fs";

const L = Number(process.env.BENCH_SCALE_LATENCY_MS || 5);
const C = Number(process.env.BENCH_SCALE_CONCURRENCY || 200);
const args = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 0);
const sizes = args.length === 1 && args[0] > 10_000 ? [1_000, 10_000, args[0]] : args.length ? args : [1_000, 10_000];
/** How often the read routes are timed while a run executes, and the workerd processes' memory sampled. */
const PROBE_EVERY_MS = 500;
const SAMPLE_EVERY_MS = 250;
/** BENCH_SCALE_PROBES=0: only /progress, every 2 s (to tell the read routes' cost from the run's). */
const PROBES = process.env.BENCH_SCALE_PROBES !== "0";

const { fixture, stack, close } = await startBenchStack("bench-scale", { extraVars: { ASSAY_IO_METRICS: "1" } });
const inspector = process.env.BENCH_SCALE_HEAP || process.env.BENCH_SCALE_HEAP_SNAPSHOT ? await connectInspector(stack.inspectorPort) : null;
/**
 * The isolate's V8 heap in MB after a full collection (what it retains), or null without BENCH_SCALE_HEAP.
 * workerd does not answer HeapProfiler.collectGarbage; a heap snapshot collects first, so one is taken
 * (and kept as `name`.heapsnapshot with BENCH_SCALE_HEAP_SNAPSHOT).
 */
async function retainedHeapMb(name) {
  if (!inspector) return null;
  const snapshot = await inspector.heapSnapshot();
  if (process.env.BENCH_SCALE_HEAP_SNAPSHOT) writeFileSync(`${process.env.BENCH_SCALE_HEAP_SNAPSHOT}-${name}.heapsnapshot`, snapshot);
  const { usedSize } = await inspector.send("Runtime.getHeapUsage");
  return usedSize / 2 ** 20;
}
/** Each workerd process's RSS in MB, largest first (which one grows). */
const workerdRss = () =>
  (processTree(stack.child.pid) ?? [])
    .filter((p) => p.name === "workerd")
    .map((p) => Math.round(p.rssKb / 1024))
    .sort((a, b) => b - a);

const workerdRssMb = () => (processTree(stack.child.pid) ?? []).filter((p) => p.name === "workerd").reduce((n, p) => n + p.rssKb, 0) / 1024;
const cpuSeconds = () => (processTree(stack.child.pid) ?? []).reduce((n, p) => n + p.cpu, 0);
const quantile = (xs, q) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function timed(call, path) {
  const t = performance.now();
  await call("GET", path);
  return performance.now() - t;
}

async function runOnce(boot, call, n) {
  const rows = arithmeticRows(n);
  const ds = await call("POST", `/api/datasets/scale-${n}/revisions`, undefined, {
    raw: rows.map((r) => JSON.stringify(r)).join("\n"),
    type: "application/x-ndjson",
  });
  const bm = await call("POST", "/api/benchmarks", {
    name: `scale-${n}`,
    dataset: ds.ref,
    prompt_template: "Solve it and end with '#### <number>'.\n{question}",
    answer_column: "answer",
    scoring: { type: "regex", pattern: "#### (-?[0-9.,]+)" },
  });
  const model = `fixture-scale-${n}:latency_ms=${L}`;
  const run = await call("POST", "/api/eval-runs", {
    display_name: `scale ${n}`,
    benchmarks: [bm.id],
    target: { kind: "model", provider: "openai", base_url: `${fixture.url}/v1`, model },
    options: { concurrency: C, timeout_s: 60 },
  });
  await boot("GET", "/api/_io?reset=true");
  const heap0 = await retainedHeapMb(`${n}-before`);
  const rss0 = workerdRssMb();
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, workerdRssMb())), SAMPLE_EVERY_MS);
  const cpu0 = cpuSeconds();
  const t0 = Date.now();
  await call("POST", `/api/eval-runs/${run.id}/start`);
  const lat = { progress: [], scores: [], samples: [] };
  let last;
  // The read routes as a dashboard would call them while the run executes; the run ends when /progress says so.
  for (;;) {
    const t = performance.now();
    last = await call("GET", `/api/eval-runs/${run.id}/progress`);
    const done = ["completed", "failed", "cancelled"].includes(last.status);
    if (!done) lat.progress.push(performance.now() - t);
    if (done) break;
    if (PROBES) {
      lat.scores.push(await timed(call, `/api/eval-runs/${run.id}/scores`));
      lat.samples.push(await timed(call, `/api/eval-runs/${run.id}/samples?limit=50`));
    }
    await sleep(PROBES ? PROBE_EVERY_MS : 2000);
  }
  clearInterval(sampler);
  peak = Math.max(peak, workerdRssMb());
  const { finished_at } = await call("GET", `/api/eval-runs/${run.id}`);
  const wall = (Date.parse(finished_at) - t0) / 1000;
  const cpu = cpuSeconds() - cpu0;
  const io = await boot("GET", "/api/_io");
  const heap1 = await retainedHeapMb(`${n}-after`);
  return { n, status: last.status, scored: last.scored_attempts, wall, cpu, rss0, peak, rssAfter: workerdRss(), heap0, heap1, io, lat, maxInFlight: fixture.stats(model).max_in_flight };
}

try {
  const boot = client(stack.url, stack.bootstrapToken);
  const { api_key } = await boot("POST", "/api/projects", { name: "bench-scale" });
  const call = client(stack.url, api_key);
  const results = [];
  for (const n of sizes) {
    const r = await runOnce(boot, call, n);
    results.push(r);
    console.error(`  ${n} attempts: ${r.status}, ${r.wall.toFixed(1)} s; workerd RSS after: ${r.rssAfter.join(" + ")} MB${r.heap0 === null ? "" : `; isolate heap after GC ${r.heap0.toFixed(1)} → ${r.heap1.toFixed(1)} MB`}`);
  }

  const base = results[0];
  const ms = (xs) => `${quantile(xs, 0.5).toFixed(0)} / ${quantile(xs, 0.95).toFixed(0)}`;
  const per = (x, n) => (x / n).toFixed(2);
  console.log(`
Assay scale bench (local stack, wrangler dev; fixture latency ${L} ms, concurrency ${C}; one stack for every size, in this order)
| attempts | status (scored) | wall | attempts/s | ms per attempt | growth vs ${base.n} | CPU ms / attempt | workerd RSS before → peak | D1 rows read / written per attempt | RunGate / RunLive requests per attempt | /progress p50 / p95 | /scores p50 / p95 | /samples p50 / p95 | most in flight |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`);
  for (const r of results) {
    const perAttempt = (r.wall * 1000) / r.n;
    const growth = perAttempt / ((base.wall * 1000) / base.n);
    console.log(
      `| ${r.n.toLocaleString("en-US")} | ${r.status} (${r.scored}) | ${r.wall.toFixed(1)} s | ${(r.n / r.wall).toFixed(0)} | ${perAttempt.toFixed(2)} | ${growth.toFixed(2)}× | ${((r.cpu * 1000) / r.n).toFixed(2)} | ${r.rss0.toFixed(0)} → ${r.peak.toFixed(0)} MB | ${per(r.io.d1_rows_read, r.n)} / ${per(r.io.d1_rows_written, r.n)} | ${per(r.io.do_requests.run_gate + r.io.do_requests.run_gate_shard, r.n)} / ${per(r.io.do_requests.run_live, r.n)} | ${ms(r.lat.progress)} ms | ${ms(r.lat.scores)} ms | ${ms(r.lat.samples)} ms | ${r.maxInFlight} |`,
    );
  }
  console.log(`
Latencies are measured by one client calling /progress, /scores and /samples?limit=50 one after another every ${PROBE_EVERY_MS} ms while the run executes.
D1 rows read include those reads (while a run executes they read only its blocks of seqs still filling: src/db/results/sealed-blocks.ts).`);
} finally {
  inspector?.close();
  await close();
}
