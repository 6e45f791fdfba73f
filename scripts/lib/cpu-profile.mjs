// A CPU profile of the Worker (and its Durable Objects, same isolate) taken
// through wrangler dev's V8 inspector, with its time attributed to the
// source modules of the bundle: esbuild marks each module of an unminified
// bundle with a `// path` comment line, so a sample's line in the bundle
// names its module. `BENCH_PROFILE=1 npm run bench:execution` prints it.

import { connectInspector } from "./inspector.mjs";

/** Connects to the inspector on `port` (wrangler dev --inspector-port) and readies its profiler. */
export async function connectProfiler(port) {
  const inspector = await connectInspector(port);
  const { send } = inspector;
  const scripts = new Map();
  inspector.on("Debugger.scriptParsed", (p) => scripts.set(p.scriptId, p.url));
  await send("Debugger.enable");
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 200 });
  return {
    start: () => send("Profiler.start"),
    /** Stops and returns the profile, with the sources of the scripts it sampled. */
    async stop() {
      const { profile } = await send("Profiler.stop");
      const sources = new Map();
      for (const n of profile.nodes) {
        const sid = n.callFrame.scriptId;
        if (sid && sid !== "0" && !sources.has(sid)) {
          sources.set(sid, await send("Debugger.getScriptSource", { scriptId: sid }).then((r) => r.scriptSource, () => ""));
        }
      }
      return { profile, sources, urls: scripts };
    },
    close: inspector.close,
  };
}

/** For each script, the module that starts at each line (from esbuild's `// path` markers). */
function moduleIndex(source) {
  const marks = [];
  const lines = source.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = /^\/\/ ((?:node_modules|src|workers|\.\.\/|\.wrangler)[^\s]*\.[cm]?[jt]sx?)$/.exec(lines[i]);
    if (m) marks.push([i, m[1]]);
  }
  return (line) => {
    let lo = 0;
    let hi = marks.length - 1;
    let found = null;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (marks[mid][0] <= line) {
        found = marks[mid][1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

/** A module path shortened to its package (node_modules/openai/...) or its file (src/..., workers/...). */
function group(path) {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return nm ? nm[1] : path.replace(/^(\.\.\/)+/, "");
}

/**
 * Self and total time (ms) per module and per function. Total counts a
 * module once per sample however often it is on the stack.
 */
export function summarise({ profile, sources }) {
  const index = new Map([...sources].map(([sid, src]) => [sid, moduleIndex(src)]));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const where = new Map();
  const place = (n) => {
    if (where.has(n.id)) return where.get(n.id);
    const f = n.callFrame;
    const idx = index.get(f.scriptId);
    const mod = idx ? idx(f.lineNumber) : null;
    const m = mod ? group(mod) : f.url ? f.url : `(${f.functionName || "native"})`;
    const w = { module: m, fn: `${f.functionName || "(anonymous)"} ${mod ? mod.replace(/^(\.\.\/)+/, "") : f.url}:${f.lineNumber + 1}` };
    where.set(n.id, w);
    return w;
  };
  const dt = new Map();
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    const d = (timeDeltas[i + 1] ?? timeDeltas[i] ?? 0) / 1000;
    dt.set(samples[i], (dt.get(samples[i]) ?? 0) + d);
  }
  const selfMod = new Map();
  const totalMod = new Map();
  const selfFn = new Map();
  const totalFn = new Map();
  let total = 0;
  let idle = 0;
  for (const [nodeId, ms] of dt) {
    const n = byId.get(nodeId);
    const name = n.callFrame.functionName;
    if (name === "(idle)" || name === "(program)" || name === "(garbage collector)") {
      if (name === "(idle)") idle += ms;
      else {
        total += ms;
        selfMod.set(name, (selfMod.get(name) ?? 0) + ms);
        totalMod.set(name, (totalMod.get(name) ?? 0) + ms);
      }
      continue;
    }
    total += ms;
    const w = place(n);
    selfMod.set(w.module, (selfMod.get(w.module) ?? 0) + ms);
    selfFn.set(w.fn, (selfFn.get(w.fn) ?? 0) + ms);
    const mods = new Set();
    const fns = new Set();
    for (let id = nodeId; id !== undefined; id = parent.get(id)) {
      const p = byId.get(id);
      if (p.callFrame.functionName === "(root)") break;
      const pw = place(p);
      mods.add(pw.module);
      fns.add(pw.fn);
    }
    for (const m of mods) totalMod.set(m, (totalMod.get(m) ?? 0) + ms);
    for (const f of fns) totalFn.set(f, (totalFn.get(f) ?? 0) + ms);
  }
  return { total, idle, selfMod, totalMod, selfFn, totalFn };
}

/** A printable table of the top entries, in ms per attempt. */
export function report(s, attempts, top = 25) {
  const per = (ms) => (ms / attempts).toFixed(3).padStart(7);
  const rows = (self, tot, label) => {
    const keys = [...new Set([...self.keys()])].sort((a, b) => (self.get(b) ?? 0) - (self.get(a) ?? 0)).slice(0, top);
    return [`  ${label.padEnd(70)}   self  total  (ms per attempt)`, ...keys.map((k) => `  ${k.slice(0, 70).padEnd(70)} ${per(self.get(k) ?? 0)} ${per(tot.get(k) ?? 0)}`)].join("\n");
  };
  const topTotal = (tot) =>
    [...tot].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `  ${k.slice(0, 70).padEnd(70)} ${per(v)}`).join("\n");
  return [
    `Worker isolate CPU (sampled): ${per(s.total)} ms per attempt busy, ${per(s.idle)} idle`,
    rows(s.selfMod, s.totalMod, "module"),
    "",
    rows(s.selfFn, s.totalFn, "function (by self time)"),
    "",
    "  functions by total time",
    topTotal(s.totalFn),
  ].join("\n");
}

// `node scripts/lib/cpu-profile.mjs FILE.cpuprofile ATTEMPTS [FILTER]`: the
// report of a profile saved by the bench (with FILE.cpuprofile.sources.json);
// FILTER keeps the functions whose name or module contains it.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { readFileSync } = await import("node:fs");
  const [file, attempts = "1", filter] = process.argv.slice(2);
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const sources = new Map(Object.entries(JSON.parse(readFileSync(`${file}.sources.json`, "utf8"))));
  const s = summarise({ profile, sources });
  if (filter) {
    for (const m of [s.selfFn, s.totalFn]) for (const k of [...m.keys()]) if (!k.includes(filter)) m.delete(k);
  }
  console.log(report(s, Number(attempts), filter ? 60 : 25));
}
