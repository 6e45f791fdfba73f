// Live-trace bench through the full local stack (wrangler dev): agent
// attempts dispatched to a stand-in runner that posts events through the
// runner protocol while a WebSocket client follows the run.
//   1. latency: one attempt posts BENCH_LIVE_LATENCY_N turns one after
//      another; each is timed from the moment its POST leaves to the moment
//      the follower receives it (p50, p95, max).
//   2. throughput: BENCH_LIVE_ATTEMPTS attempts (default 1,000) are all
//      running, then every one posts BENCH_LIVE_EVENTS events at once (each
//      attempt's in order); deltas per second = deltas received by the
//      follower / time from the first post to the last delta. Run once with
//      every attempt on one live object, once sharded (250 attempts a shard).
// Every object shares the one workerd process locally, so absolute rates are
// bounded by the local stack (the bench prints its no-op request rate).
//   node scripts/bench-live.mjs      (or import { benchLive })
//   BENCH_LIVE_ATTEMPTS, BENCH_LIVE_EVENTS, BENCH_LIVE_LATENCY_N; BENCH_KEEP_STATE=1 keeps the stacks' state folders.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { verifyAttempt } from "../runner/reference-runner.mjs";
import { arithmeticRows, client, waitForRun } from "./lib/api.mjs";
import { freePort, startStack } from "./lib/stack.mjs";

const SECRET = "bench-live-runner-signing-secret";

const pct = (xs, p) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** A runner that accepts every signed attempt and keeps it; the bench posts its events. */
async function standInRunner() {
  const attempts = new Map();
  let notify = () => {};
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const bad = verifyAttempt(SECRET, req.headers, body);
      if (bad) {
        res.writeHead(401).end(bad);
        return;
      }
      const a = JSON.parse(body);
      attempts.set(a.attempt.id, a);
      res.writeHead(202, { "content-type": "application/json" }).end("{}");
      notify();
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    attempts,
    /** Resolves once `n` attempts of `runId` arrived. */
    async waitFor(runId, n, ms = 300_000) {
      const deadline = Date.now() + ms;
      const count = () => [...attempts.values()].filter((a) => a.attempt.run_id === runId).length;
      while (count() < n) {
        if (Date.now() > deadline) throw new Error(`only ${count()} of ${n} attempts reached the runner`);
        await new Promise((r) => {
          notify = r;
          setTimeout(r, 200);
        });
      }
      return [...attempts.values()].filter((a) => a.attempt.run_id === runId);
    },
    close: () => new Promise((r) => { server.close(r); server.closeAllConnections(); }),
  };
}

/** Follows a run: every delta with the time it arrived. */
async function follower(stackUrl, key, runId) {
  const ws = new WebSocket(`${stackUrl.replace(/^http/, "ws")}/api/eval-runs/${runId}/live`, ["assay.live.v1", `bearer.${key}`]);
  const seen = [];
  let onDelta = () => {};
  ws.addEventListener("message", (m) => {
    const now = performance.now();
    const f = JSON.parse(m.data);
    if (Array.isArray(f)) for (const d of f) seen.push({ d, at: now });
    onDelta();
  });
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", () => reject(new Error("the WebSocket did not open")), { once: true });
  });
  return {
    seen,
    async until(pred, ms = 120_000) {
      const deadline = Date.now() + ms;
      while (!pred()) {
        if (Date.now() > deadline) throw new Error(`follower timed out with ${seen.length} deltas`);
        await new Promise((r) => {
          onDelta = r;
          setTimeout(r, 100);
        });
      }
    },
    close: () => ws.close(),
  };
}

async function post(url, token, body) {
  const r = await fetch(url, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${url} -> ${r.status} ${await r.text()}`);
  await r.arrayBuffer();
}

const turn = (text) => ({ kind: "turn", messages: [{ role: "assistant", content: text }], model: "bench", usage: { input_tokens: 10, output_tokens: 2 }, latency_ms: 1 });

async function setup(stack, runner, n) {
  const boot = client(stack.url, stack.bootstrapToken);
  const { api_key } = await boot("POST", "/api/projects", { name: "bench-live" });
  const call = client(stack.url, api_key);
  const rows = arithmeticRows(n);
  const ds = await call("POST", "/api/datasets/bench-live/revisions", undefined, { raw: rows.map((r) => JSON.stringify(r)).join("\n"), type: "application/x-ndjson" });
  const bm = await call("POST", "/api/benchmarks", { name: "bench-live", dataset: ds.ref, prompt_column: "question", answer_column: "answer", scoring: { type: "exact_match" } });
  const profile = await call("POST", "/api/profiles", { name: "bench-live", version: "1", params: { model: "none" }, secret_params: { runner_signing_secret: SECRET } });
  const run = async (tasks, concurrency) => {
    const r = await call("POST", "/api/eval-runs", {
      benchmarks: [bm.id],
      target: { kind: "agent", runner_url: runner.url, profile: `${profile.name}@1` },
      options: { sample_limit: tasks, concurrency, timeout_s: 900 },
    });
    await call("POST", `/api/eval-runs/${r.id}/start`);
    return r.id;
  };
  return { key: api_key, call, run };
}

async function latency(stack, runner, ctx, n) {
  const runId = await ctx.run(1, 1);
  const [a] = await runner.waitFor(runId, 1);
  const f = await follower(stack.url, ctx.key, runId);
  const sent = [];
  for (let i = 0; i < n; i++) {
    sent[i] = performance.now();
    await post(a.callbacks.events, a.token, { events: [turn(`lat-${i}`)] });
  }
  await f.until(() => f.seen.filter((s) => s.d.kind === "turn").length >= n);
  const lat = f.seen.filter((s) => s.d.kind === "turn").map((s) => s.at - sent[Number(s.d.messages[0].content.slice(4))]);
  f.close();
  await post(a.callbacks.result, a.token, { reward: 1 });
  return { p50: pct(lat, 50), p95: pct(lat, 95), max: Math.max(...lat), n: lat.length };
}

/** Every attempt posts `events` events at once (`perCall` per request, each attempt's in order); deltas/s as the follower receives them. */
async function blast(f, list, events, perCall) {
  const base = f.seen.length;
  const postLat = [];
  const t0 = performance.now();
  await Promise.all(
    list.map(async (a) => {
      for (let i = 0; i < events; i += perCall) {
        const batch = Array.from({ length: Math.min(perCall, events - i) }, (_, j) => (j % 2 ? turn(`t-${i + j}`) : { kind: "preview", messages: [{ role: "tool", content: `r-${i + j}` }] }));
        const s = performance.now();
        await post(a.callbacks.events, a.token, { events: batch });
        postLat.push(performance.now() - s);
      }
    }),
  );
  const total = list.length * events;
  await f.until(() => f.seen.length - base >= total, 300_000);
  const seconds = (f.seen.at(-1).at - t0) / 1000;
  return { deltas: total, seconds, perSecond: total / seconds, postP50: pct(postLat, 50), postP95: pct(postLat, 95) };
}

async function throughput(stack, runner, ctx, attempts, events) {
  const runId = await ctx.run(attempts, Math.min(1000, attempts));
  const list = await runner.waitFor(runId, attempts);
  const f = await follower(stack.url, ctx.key, runId);
  const single = await blast(f, list, events, 1);
  const batched = await blast(f, list, events, 10);
  f.close();
  await Promise.all(list.map((a) => post(a.callbacks.result, a.token, { reward: 1 }).catch(() => {})));
  await waitForRun(ctx.call, runId, { everyMs: 500, timeoutMs: 300_000 });
  return { single, batched };
}

/** Requests a second the local stack answers when they do nothing (a 401): the ceiling of any per-request figure here. */
async function floor(stack, n = 1000) {
  const t0 = performance.now();
  await Promise.all(Array.from({ length: n }, () => fetch(`${stack.url}/api/nope`).then((r) => r.arrayBuffer())));
  return n / ((performance.now() - t0) / 1000);
}

async function withStack(vars, fn) {
  const stateDir = mkdtempSync(join(tmpdir(), "assay-bench-live-"));
  const port = await freePort();
  const stack = await startStack({
    port,
    stateDir,
    bootstrapToken: "bench-bootstrap-token",
    extraVars: { ASSAY_PUBLIC_URL: `http://127.0.0.1:${port}`, ...vars },
    quiet: true,
    logFile: join(stateDir, "wrangler.log"),
  });
  try {
    return await fn(stack);
  } finally {
    await stack.stop();
    if (!process.env.BENCH_KEEP_STATE) rmSync(stateDir, { recursive: true, force: true });
    else console.log(`state kept in ${stateDir}`);
  }
}

export async function benchLive({
  attempts = Number(process.env.BENCH_LIVE_ATTEMPTS || 1000),
  events = Number(process.env.BENCH_LIVE_EVENTS || 10),
  latencyN = Number(process.env.BENCH_LIVE_LATENCY_N || 300),
  log = console.log,
} = {}) {
  const runner = await standInRunner();
  try {
    const one = await withStack({ ASSAY_LIVE_SHARD_ATTEMPTS: String(Math.max(attempts, 1000)) }, async (stack) => {
      const ctx = await setup(stack, runner, attempts);
      const lat = await latency(stack, runner, ctx, latencyN);
      const tp = await throughput(stack, runner, ctx, attempts, events);
      const base = await floor(stack);
      return { base, lat, tp };
    });
    const sharded = await withStack({ ASSAY_LIVE_SHARD_ATTEMPTS: "250" }, async (stack) => {
      const ctx = await setup(stack, runner, attempts);
      return throughput(stack, runner, ctx, attempts, events);
    });
    const shards = Math.ceil(Math.min(1000, attempts) / 250);
    const f = (x, d = 1) => x.toFixed(d);
    const line = (r) => `${f(r.perSecond, 0).padStart(6)} deltas/s (${f(r.seconds, 2)} s; each post p50 ${f(r.postP50)} ms, p95 ${f(r.postP95)} ms)`;
    log(`
Assay live-trace bench (local stack, wrangler dev; runner events through the API, one WebSocket follower)
  delta posted → received   p50 ${f(one.lat.p50)} ms, p95 ${f(one.lat.p95)} ms, max ${f(one.lat.max)} ms (${one.lat.n} turns posted one after another; target p95 ≤ 50 ms)
  ${attempts} attempts posting at once, ${events} events each (${attempts * events} deltas per row), received by the follower:
    one live object, 1 event a call     ${line(one.tp.single)}
    one live object, 10 events a call   ${line(one.tp.batched)}
    ${shards} shards + hub, 1 event a call   ${line(sharded.single)}
    ${shards} shards + hub, 10 events a call ${line(sharded.batched)}
  local ceiling: ${f(one.base, 0)} requests/s for a request that does nothing (wrangler dev on this machine); every object shares one
  process here, so sharding shows its cost locally and its gain (one object per ${250} running attempts) only on Cloudflare.
`);
    return { latency: one.lat, floor: one.base, single: one.tp, sharded, shards };
  } finally {
    await runner.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchLive();
}
