// `npm run bench`: N attempts against the fixture model (latency L ms) with
// concurrency C through the full local stack (wrangler dev: D1, Queues,
// Durable Objects, R2), under Cloudflare's per-invocation limits
// (workers/edge/limits.ts, on in the local stack). Prints throughput, the
// ratio to the ideal N·L/C, whether every attempt was scored once (the
// fixture's calls per prompt), the most connections any invocation held and
// the most D1 queries and subrequests in one invocation, and per attempt
// the D1 rows written, R2 writes and queue operations, as the Worker itself
// counted them (ASSAY_IO_METRICS=1). Two scenarios by default (issue 40's):
// 2,000 attempts at 1 s and concurrency 120, then 2,000 at 50 ms and 20;
// one when set:
//   BENCH_N=1000 BENCH_LATENCY_MS=50 BENCH_CONCURRENCY=50 npm run bench
// BENCH_PROMPTFOO=path/to/promptfoo also times promptfoo (`promptfoo eval -j C`,
// the whole process) on the same tasks against the same fixture, and prints
// Assay's wall time as a share of it (promptfoo is not a dependency: install it
// apart, e.g. `npm install promptfoo@0.123.1` in another folder).
// BENCH_PROFILE=1 also takes a CPU profile of the Worker during the run and
// prints where its time went per module and function (BENCH_PROFILE_OUT=file
// keeps the .cpuprofile for DevTools).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { arithmeticRows, client, waitForRun } from "./lib/api.mjs";
import { startBenchStack } from "./lib/bench-stack.mjs";
import { processTree } from "./lib/proc-cpu.mjs";
import { connectProfiler, report, summarise } from "./lib/cpu-profile.mjs";

/** CPU seconds of the stack's processes, all and workerd's alone; null where /proc is missing. */
function cpuByName(pid) {
  const tree = processTree(pid);
  if (!tree) return null;
  return { all: tree.reduce((n, p) => n + p.cpu, 0), workerd: tree.filter((p) => p.name === "workerd").reduce((n, p) => n + p.cpu, 0) };
}

/** The wall time split where the model saw its first call and its last reply: ramp-up, calls, and the tail to finished_at. */
function phases(t0, stats, finishedAt) {
  if (stats.first_at == null || stats.last_end_at == null) return "(the model saw no call)";
  const s = (a, b) => `${((b - a) / 1000).toFixed(2)} s`;
  return `start to first call ${s(t0, stats.first_at)}, first call to last reply ${s(stats.first_at, stats.last_end_at)}, last reply to finished_at ${s(stats.last_end_at, finishedAt)}`;
}

const one = process.env.BENCH_N || process.env.BENCH_LATENCY_MS || process.env.BENCH_CONCURRENCY;
const SCENARIOS = one
  ? [{ N: Number(process.env.BENCH_N || 1000), L: Number(process.env.BENCH_LATENCY_MS || 50), C: Number(process.env.BENCH_CONCURRENCY || 50) }]
  : [
      { N: 2000, L: 1000, C: 120 },
      { N: 2000, L: 50, C: 20 },
    ];

const { fixture, stack, close } = await startBenchStack("bench", { extraVars: { ASSAY_IO_METRICS: "1" } });
try {
  for (const s of SCENARIOS) await scenario(s);
} finally {
  await close();
}

async function scenario({ N, L, C }) {
  const boot = client(stack.url, stack.bootstrapToken);
  const { api_key } = await boot("POST", "/api/projects", { name: "bench" });
  const call = client(stack.url, api_key);
  const rows = arithmeticRows(N);
  const ds = await call("POST", "/api/datasets/bench-arith/revisions", undefined, {
    raw: rows.map((r) => JSON.stringify(r)).join("\n"),
    type: "application/x-ndjson",
  });
  const bm = await call("POST", "/api/benchmarks", {
    name: "bench-arith",
    dataset: ds.ref,
    prompt_template: "Solve it and end with '#### <number>'.\n{question}",
    answer_column: "answer",
    scoring: { type: "regex", pattern: "#### (-?[0-9.,]+)" },
  });
  const model = `fixture-bench-${L}-${C}:latency_ms=${L}`;
  const run = await call("POST", "/api/eval-runs", {
    display_name: "bench",
    benchmarks: [bm.id],
    target: { kind: "model", provider: "openai", base_url: `${fixture.url}/v1`, model },
    options: { concurrency: C, timeout_s: 60 },
  });
  await boot("GET", "/api/_io?reset=true");
  const profiler = process.env.BENCH_PROFILE ? await connectProfiler(stack.inspectorPort) : null;
  await profiler?.start();
  const cpu0 = cpuByName(stack.child.pid);
  const t0 = Date.now();
  await call("POST", `/api/eval-runs/${run.id}/start`);
  const p = await waitForRun(call, run.id, { everyMs: 250 });
  // From the start request to the moment the run marked itself finished (same clock), so the poll interval adds nothing.
  const { finished_at } = await call("GET", `/api/eval-runs/${run.id}`);
  const wall = (Date.parse(finished_at) - t0) / 1000;
  const cpu1 = cpuByName(stack.child.pid);
  const profiled = profiler && (await profiler.stop());
  profiler?.close();
  const cpu = cpu0 === null || cpu1 === null ? NaN : cpu1.all - cpu0.all;
  const workerd = cpu0 === null || cpu1 === null ? NaN : cpu1.workerd - cpu0.workerd;
  const io = await boot("GET", "/api/_io");
  const stats = fixture.stats(model);
  const ideal = (N * L) / 1000 / C;
  const per = (x) => (x / N).toFixed(3);
  console.log(`
Assay execution bench (local stack, wrangler dev; fixture latency ${L} ms)
  attempts              ${N} (${p.status}; ${p.scored_attempts} scored, ${p.terminal_attempts} terminal; the model answered ${stats.by_status["200"] ?? 0} calls)
  concurrency           ${C} (most calls in flight seen by the model: ${stats.max_in_flight})
  model connections     ${fixture.stats().connections} opened for ${stats.calls} calls (the stack's fetch reuses idle ones)
  wall time             ${wall.toFixed(2)} s   (start request to the run's finished_at; ideal N·L/C = ${ideal.toFixed(2)} s)
                        ${phases(t0, stats, Date.parse(finished_at))}
  throughput            ${(N / wall).toFixed(1)} attempts/s
  ratio to ideal        ${((ideal / wall) * 100).toFixed(1)}%
  CPU of the stack      ${cpu.toFixed(2)} s (${((cpu / N) * 1000).toFixed(2)} ms per attempt; workerd and wrangler; workerd alone ${((workerd / N) * 1000).toFixed(2)} ms)
  per attempt           D1 rows written ${per(io.d1_rows_written)}, D1 statements ${per(io.d1_statements)}, D1 rows read ${per(io.d1_rows_read)}
                        R2 writes ${per(io.r2_puts)}, queue messages sent ${per(io.queue_messages_sent)} (send calls ${per(io.queue_send_calls)}), received ${per(io.queue_messages_received)}
                        Durable Object requests: RunGate ${per(io.do_requests.run_gate)}, lanes ${per(io.do_requests.call_lane)}, RunLive ${per(io.do_requests.run_live)}
  per invocation (most) connections held ${io.edge.max_connections} (limit 6; ${io.edge.queued_connections} operations waited for one), D1 queries ${io.edge.max_d1_queries} (limit 1,000), subrequests ${io.edge.max_subrequests} (limit 10,000); ${io.edge.refused} refused past a limit
`);
  if (profiled) {
    if (process.env.BENCH_PROFILE_OUT) {
      writeFileSync(process.env.BENCH_PROFILE_OUT, JSON.stringify(profiled.profile));
      writeFileSync(`${process.env.BENCH_PROFILE_OUT}.sources.json`, JSON.stringify(Object.fromEntries(profiled.sources)));
    }
    console.log(report(summarise(profiled), N));
  }
  if (process.env.BENCH_PROMPTFOO) {
    const pf = await promptfooWall(process.env.BENCH_PROMPTFOO, rows, L, C);
    console.log(`  promptfoo             ${pf.toFixed(2)} s for the same ${N} tasks (eval -j ${C}, the whole process); Assay's wall time is ${(wall / pf).toFixed(2)}× it\n`);
  }
}

/**
 * promptfoo's wall time (its whole process) for `rows` at concurrency `C` against the fixture at latency `L`.
 * Spawned, not run synchronously: the fixture answering it lives in this process.
 */
async function promptfooWall(bin, rows, L, C) {
  const dir = mkdtempSync(join(tmpdir(), "assay-promptfoo-"));
  try {
    const config = {
      prompts: ["Solve it and end with '#### <number>'.\n{{question}}"],
      providers: [{ id: `openai:chat:fixture-pf-${L}-${C}:latency_ms=${L}`, config: { apiBaseUrl: `${fixture.url}/v1`, apiKey: "sk-none" } }],
      tests: rows.map((r) => ({ vars: { question: r.question }, assert: [{ type: "regex", value: "#### (-?[0-9.,]+)" }] })),
    };
    writeFileSync(join(dir, "promptfooconfig.json"), JSON.stringify(config));
    const t0 = Date.now();
    const child = spawn(process.execPath, [bin, "eval", "-c", join(dir, "promptfooconfig.json"), "-j", String(C), "--no-cache", "--no-table", "--no-write", "--no-progress-bar"], {
      cwd: dir,
      env: { ...process.env, PROMPTFOO_DISABLE_TELEMETRY: "1", PROMPTFOO_DISABLE_UPDATE: "1", PROMPTFOO_CONFIG_DIR: dir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out = (out + d).slice(-2000)));
    child.stderr.on("data", (d) => (out = (out + d).slice(-2000)));
    const status = await new Promise((r) => child.on("exit", r));
    const wall = (Date.now() - t0) / 1000;
    // promptfoo exits 100 when some assertion failed; anything else but 0 is its own failure.
    if (status !== 0 && status !== 100) throw new Error(`promptfoo failed (${status}): ${out.slice(-500)}`);
    return wall;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
