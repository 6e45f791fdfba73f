// Bench of the Worker's start-up CPU, measured from the deploy bundle: builds
// it once as `npm run deploy` does (scripts/lib/worker-build.mjs), has
// wrangler make its upload of that script (--no-bundle --dry-run
// --outfile), then runs `wrangler check startup --worker` on that upload N
// times, each loading its top level in workerd under V8's sampling
// profiler. Prints the active time (min, median, max; Cloudflare's free plan
// asks for under 100 ms here, the 1 s start-up limit is what a deploy is
// refused over), the load average beside it (a sampled wall time: a busy
// machine inflates it), and where the median run's time went: self time by
// the package or folder of the sampled function ("top level" is
// module-level code itself, which V8 does not place further).
//   BENCH_STARTUP_RUNS=9 node scripts/bench-startup.mjs
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { SourceMap } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { ensureDashboardBuilt } from "./lib/dashboard.mjs";
import { buildWorker } from "./lib/worker-build.mjs";

const RUNS = Number(process.env.BENCH_STARTUP_RUNS || 7);
const ROOT = new URL("..", import.meta.url).pathname;
const WRANGLER = join(ROOT, "node_modules", ".bin", "wrangler");
const dir = mkdtempSync(join(tmpdir(), "assay-bench-startup-"));

function wrangler(args) {
  const r = spawnSync(WRANGLER, args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout + r.stderr;
}

/** The bundle's main module and its source map, out of the multipart upload `deploy --outfile` writes. */
async function bundleParts(file) {
  const body = readFileSync(file);
  const boundary = /^--(\S+)/.exec(body.subarray(0, 200).toString())[1];
  const form = await new Response(body, { headers: { "content-type": `multipart/form-data; boundary=${boundary}` } }).formData();
  const text = async (name) => {
    const v = form.get(name);
    return v === null || typeof v === "string" ? v : await v.text();
  };
  const main = JSON.parse(await text("metadata")).main_module;
  return { code: await text(main), map: await text(`${main}.map`) };
}

/** Self time (ms) by package (node_modules/<pkg>) or top two folders of the sampled function's source. */
function selfByPackage(profile, map) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map();
  const add = (k, ms) => out.set(k, (out.get(k) ?? 0) + ms);
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const f = byId.get(id).callFrame;
    if (f.functionName === "(idle)") return;
    if (!f.url) return add(f.functionName, ms);
    if (f.lineNumber < 0) return add("top level", ms);
    const src = map?.findEntry(f.lineNumber, f.columnNumber)?.originalSource;
    if (!src) return add(f.url.startsWith("node-internal:") || !f.url.includes("/") ? "workerd built-ins" : "bundle runtime", ms);
    const nm = src.lastIndexOf("node_modules/");
    const parts = (nm >= 0 ? src.slice(nm + 13) : src.replace(/^.*?\/(src|workers)\//, "$1/")).split("/");
    // drizzle-orm's maps name its sources ../src/..., which resolve to node_modules/src/.
    const pkg = parts[0] === "src" ? "drizzle-orm" : parts.slice(0, parts[0].startsWith("@") ? 2 : 1).join("/");
    add(nm >= 0 ? pkg : parts.slice(0, 2).join("/"), ms);
  });
  return out;
}

try {
  ensureDashboardBuilt();
  const bundle = join(dir, "worker.bundle");
  const { script } = await buildWorker({ outdir: join(dir, "build") });
  wrangler(["deploy", script, "--no-bundle", "--no-minify", "--dry-run", "--outfile", bundle, "--config", "wrangler.toml", "--env", ""]);
  // The upload carries the source map when wrangler uploads maps; the build wrote it beside the script either way.
  const map = (await bundleParts(bundle)).map ?? readFileSync(`${script}.map`, "utf8");
  const sourceMap = map ? new SourceMap(JSON.parse(map)) : null;
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const load = loadavg()[0];
    const outfile = join(dir, `startup-${i}.cpuprofile`);
    const printed = wrangler(["check", "startup", "--worker", bundle, "--outfile", outfile]);
    const m = /Active: ([\d.]+) ms \(including ([\d.]+) ms garbage collection\)/.exec(printed);
    if (!m) throw new Error(`wrangler check startup printed no profile:\n${printed}`);
    runs.push({ active: Number(m[1]), gc: Number(m[2]), load, outfile });
  }
  const sorted = [...runs].sort((a, b) => a.active - b.active);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  console.log(
    `worker start-up (wrangler check startup, ${RUNS} runs): active ${sorted[0].active} ms min, ${median.active} ms median (${median.gc} ms of it GC), ${sorted.at(-1).active} ms max; ` +
      `1-min load average ${runs.map((r) => r.load.toFixed(1)).join("/")} on ${navigator.hardwareConcurrency} cores`,
  );
  const parts = [...selfByPackage(JSON.parse(readFileSync(median.outfile, "utf8")), sourceMap)].sort((a, b) => b[1] - a[1]);
  console.log(`median run by package (self ms): ${parts.filter(([, ms]) => ms >= 1).map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(", ")}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
