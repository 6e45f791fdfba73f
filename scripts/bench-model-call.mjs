// `npm run bench:model-call`: what one model call costs the Worker's runtime,
// apart from everything else an attempt does. A small Worker makes N calls
// (C at a time) to the fixture model (no latency) in two ways: Assay's own
// OpenAI provider (src/providers/openai.ts, the `openai` SDK as every run
// uses it) and a bare fetch with JSON.parse. Each runs in two runtimes with
// the same workerd binary: under `wrangler dev` as the local stack runs it,
// and in workerd alone with a minimal configuration, as closer to what
// Cloudflare runs. It prints workerd's CPU per call for each.
//   BENCH_CALLS=5000 BENCH_CONCURRENCY=50 npm run bench:model-call
// Why it exists: the execution bench's CPU per attempt includes the model
// call; this splits that share into the SDK's work, fetch's, and what
// wrangler dev adds to every outbound fetch (miniflare routes it through an
// interceptor Worker of its own).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startFixtureModel } from "../fixture/model-server.mjs";
import { processCpuSeconds } from "./lib/proc-cpu.mjs";
import { freePort, WRANGLER_DEV_ENV } from "./lib/stack.mjs";

const N = Number(process.env.BENCH_CALLS || 5000);
const C = Number(process.env.BENCH_CONCURRENCY || 50);
const REPO = resolve(new URL("..", import.meta.url).pathname);
const WRANGLER = join(REPO, "node_modules", ".bin", "wrangler");

/** The workerd binary wrangler dev runs (wrangler's own miniflare's), so both runtimes are the same build. */
function workerdBinary() {
  const fromWrangler = createRequire(join(REPO, "node_modules", "wrangler", "package.json"));
  const fromMiniflare = createRequire(fromWrangler.resolve("miniflare"));
  return createRequire(import.meta.url)(fromMiniflare.resolve("workerd")).default;
}

const WORKER = `
import { openaiProvider } from ${JSON.stringify(join(REPO, "src/providers/openai.ts"))};
const MESSAGES = [{ role: "user", content: "Solve it and end with '#### <number>'.\\nWhat is 12 + 30?" }];
let provider;
export default {
  async fetch(request) {
    const q = new URL(request.url).searchParams;
    const base = q.get("base"), way = q.get("way"), n = Number(q.get("n")), c = Number(q.get("c"));
    provider ??= openaiProvider({ provider: "openai", base_url: base });
    const one = way === "provider"
      ? () => provider.chat({ messages: MESSAGES, model: "fixture-bench", max_output_tokens: 64, timeout_ms: 60_000 })
      : async () => {
          const r = await fetch(base + "/chat/completions", { method: "POST", headers: { "content-type": "application/json" },
            body: JSON.stringify({ model: "fixture-bench", messages: MESSAGES, max_tokens: 64, stream: false }) });
          return JSON.parse(await r.text());
        };
    let left = n;
    await Promise.all(Array.from({ length: c }, async () => { while (left-- > 0) await one(); }));
    return new Response("ok");
  },
};
`;

async function waitUp(url, child) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the runtime exited with ${child.exitCode}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** workerd's CPU seconds under `root` (wrangler's own Node process left out). */
function workerdCpu(root) {
  return processCpuSeconds(root, (p) => p.name === "workerd");
}

/** The bench Worker's request: `n` calls made `way`, `c` at a time, to the fixture model. */
const callsUrl = (url, way, n, c) => `${url}/?way=${way}&n=${n}&c=${c}&base=${encodeURIComponent(`${fixture.url}/v1`)}`;

/** µs of workerd CPU per call for each way, calls made C at a time after a warm-up. */
async function measure(url, root) {
  const out = {};
  for (const way of ["provider", "fetch"]) {
    const call = (n) => fetch(callsUrl(url, way, n, C)).then((r) => r.text());
    await call(Math.min(500, N));
    const before = workerdCpu(root);
    await call(N);
    out[way] = ((workerdCpu(root) - before) / N) * 1e6;
  }
  return out;
}

const dir = mkdtempSync(join(tmpdir(), "assay-model-call-"));
const fixture = await startFixtureModel({ host: "127.0.0.1", port: 0 });
const results = {};
try {
  writeFileSync(join(dir, "worker.js"), WORKER);
  writeFileSync(join(dir, "wrangler.toml"), `name = "model-call"\nmain = "worker.js"\ncompatibility_date = "2026-11-01"\ncompatibility_flags = ["nodejs_compat"]\n`);

  // Under wrangler dev, configured as the local stack configures it.
  const port = await freePort();
  const dev = spawn(WRANGLER, ["dev", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(await freePort()), "--show-interactive-dev-session=false", "--log-level", "warn"],
    // detached: its own process group, so wrangler's workerd ends with it.
    { cwd: dir, stdio: ["ignore", "ignore", process.env.BENCH_DEBUG ? "inherit" : "ignore"], env: { ...process.env, ...WRANGLER_DEV_ENV }, detached: true });
  try {
    await waitUp(callsUrl(`http://127.0.0.1:${port}`, "fetch", 0, 1), dev);
    results["wrangler dev"] = await measure(`http://127.0.0.1:${port}`, dev.pid);
  } finally {
    try {
      process.kill(-dev.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  }

  // workerd alone: the bundle wrangler builds, one service, loopback reachable.
  const build = spawnSync(WRANGLER, ["deploy", "--dry-run", "--outdir", "dist"], { cwd: dir, encoding: "utf8", env: { ...process.env, CI: "true" } });
  if (build.status !== 0) throw new Error(`bundling failed:\n${build.stderr}`);
  const bundle = readdirSync(join(dir, "dist")).find((f) => f.endsWith(".js"));
  const bare = await freePort();
  writeFileSync(join(dir, "bare.capnp"), `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker), (name = "internet", network = (allow = ["public", "private", "local"])) ],
  sockets = [ (name = "http", address = "127.0.0.1:${bare}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (modules = [(name = "worker.js", esModule = embed "dist/${bundle}")], compatibilityDate = "2026-11-01", compatibilityFlags = ["nodejs_compat"]);
`);
  const workerd = spawn(workerdBinary(), ["serve", "bare.capnp"], { cwd: dir, stdio: "ignore" });
  try {
    await waitUp(callsUrl(`http://127.0.0.1:${bare}`, "fetch", 0, 1), workerd);
    results["workerd alone"] = await measure(`http://127.0.0.1:${bare}`, workerd.pid);
  } finally {
    workerd.kill("SIGTERM");
  }
} finally {
  await fixture.close();
  rmSync(dir, { recursive: true, force: true });
}

const us = (x) => `${x.toFixed(0).padStart(5)} µs`;
console.log(`
Assay model-call bench: workerd CPU per call, ${N} calls ${C} at a time to the fixture model (no latency)
                     Assay's provider (openai SDK)   bare fetch + JSON.parse   the SDK's own share`);
for (const [runtime, r] of Object.entries(results)) {
  console.log(`  ${runtime.padEnd(16)}   ${us(r.provider)}                       ${us(r.fetch)}                 ${us(r.provider - r.fetch)}`);
}
const dev = results["wrangler dev"];
const bareRt = results["workerd alone"];
if (dev && bareRt) {
  console.log(`  wrangler dev adds ${us(dev.fetch - bareRt.fetch).trim()} to each bare fetch and ${us(dev.provider - bareRt.provider).trim()} to each SDK call (its outbound interceptor Worker)`);
}
