// Sandbox throughput (`npm run bench:sandbox`, part of `npm run bench`):
// HumanEval's canonical solutions (../shared, or ASSAY_SHARED_DIR; generated
// stand-ins without it) as Assay assembles them, executed through the
// sandbox's HTTP API, under each isolation mode this machine accepts
// (bubblewrap, unshare; only ASSAY_SANDBOX_ISOLATION's when it is set):
//   0. the service's start (probing its isolation, preparing unshare's template);
//   1. executions per second at the default parallelism (the number of cores);
//   2. overhead per execution: one at a time through the sandbox (isolation,
//      limits, HTTP, signing) against the same program under the same bare `python3 -I`.
// Prints one JSON line per figure and mode.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { findPython, ISOLATION_SETTING, toolsFor } from "../sandbox/isolation.mjs";
import { signBody, startSandbox } from "../sandbox/server.mjs";
import { importTs } from "./lib/import-ts.mjs";

const { buildProgram } = await importTs(new URL("../src/scorers/code-execution.ts", import.meta.url).href);

const SHARED = process.env.ASSAY_SHARED_DIR ?? new URL("../../shared", import.meta.url).pathname;
const SPEC = { type: "code_execution", language: "python", harness: "humaneval", prompt_column: "prompt", test_column: "test", entry_point_column: "entry_point", timeout_s: 10, memory_mb: 1024 };
const file = join(SHARED, "datasets/humaneval/HumanEval.jsonl.gz");
const rows = existsSync(file)
  ? gunzipSync(readFileSync(file)).toString("utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l))
  : Array.from({ length: 40 }, (_, i) => ({ prompt: `def f_${i}(x):\n    """Add ${i}."""\n`, canonical_solution: `    return x + ${i}\n`, test: `def check(c):\n    assert c(1) == ${1 + i}\n`, entry_point: `f_${i}` }));
const programs = rows.map((r) => buildProgram(SPEC, r, r.canonical_solution));
const secret = randomBytes(24).toString("base64url");
// The interpreter the sandbox runs, so the comparison is the isolation and nothing else.
const python = findPython(process.env.ASSAY_SANDBOX_PYTHON);

async function execute(url, program) {
  const body = JSON.stringify({ language: "python", program, timeout_s: 10, memory_mb: 1024 });
  const res = await fetch(`${url}/v1/execute`, { method: "POST", body, headers: signBody(secret, body) });
  const v = await res.json();
  if (!v.passed) throw new Error(`a canonical solution failed: ${v.reason}`);
  return v;
}

async function bare(program) {
  const dir = await mkdtemp(join(tmpdir(), "assay-bench-"));
  try {
    await writeFile(join(dir, "p.py"), program);
    const t = performance.now();
    await new Promise((resolve, reject) => spawn(python, ["-I", "p.py"], { cwd: dir, stdio: "ignore" }).on("close", (c) => (c === 0 ? resolve() : reject(new Error(`exit ${c}`)))));
    return performance.now() - t;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const cores = availableParallelism();
const modes = process.env[ISOLATION_SETTING] ? [process.env[ISOLATION_SETTING]] : ["bwrap", "unshare"].filter((m) => !("missing" in toolsFor(m)));
for (const mode of modes) {
  const t = performance.now();
  const sandbox = await startSandbox({ secret, isolation: mode, log: () => {} });
  const startMs = performance.now() - t;
  try {
    console.log(JSON.stringify({ bench: "sandbox start", isolation: sandbox.isolation, start_ms: +startMs.toFixed(1) }));
    let next = 0;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: sandbox.concurrency }, async () => {
      while (next < programs.length) await execute(sandbox.url, programs[next++]);
    }));
    const wall = (performance.now() - t0) / 1000;
    console.log(JSON.stringify({ bench: "sandbox throughput", programs: programs.length, parallelism: sandbox.concurrency, cores, isolation: sandbox.isolation, seconds: +wall.toFixed(2), executions_per_s: +(programs.length / wall).toFixed(1) }));

    const sample = programs.slice(0, 40);
    // Interleaved, so a change in the machine's load hits both sides alike; medians.
    const viaSandbox = [];
    const plain = [];
    for (const p of sample) {
      const t = performance.now();
      await execute(sandbox.url, p);
      viaSandbox.push(performance.now() - t);
      plain.push(await bare(p));
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(JSON.stringify({ bench: "sandbox overhead", programs: sample.length, isolation: sandbox.isolation, sandbox_median_ms: +median(viaSandbox).toFixed(1), bare_python_median_ms: +median(plain).toFixed(1), overhead_ms: +(median(viaSandbox) - median(plain)).toFixed(1) }));
  } finally {
    await sandbox.close();
  }
}
