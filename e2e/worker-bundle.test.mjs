// The Worker as `npm run deploy` uploads it (scripts/lib/worker-build.mjs,
// into a temporary folder): it is minified, its gzipped size stays under
// 500 KB (what npm run deploy refuses past, scripts/lib/deploy-plan.mjs),
// wrangler takes it as it is and it starts in workerd, what its start-up
// evaluates leaves out the model SDKs and wraps no module in a lazy init;
// without the SDK stand-ins and the oxc pass the build is byte for byte
// what `wrangler deploy` makes of wrangler.toml (so the options it copies
// from wrangler cannot drift unseen); and the zod the bundle imports
// (workers/bundle/zod.js) has a `z` with exactly the members the Worker's
// code uses, zod's own. Prints
// the size, the largest packages in it, and the start-up CPU `wrangler check
// startup` samples (printed, not asserted: it is a timing, and varies with
// the machine's load; `npm run bench:startup` takes the median of several).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { ensureDashboardBuilt } from "../scripts/lib/dashboard.mjs";
import { bundleSize } from "../scripts/lib/bundle-size.mjs";
import { MAX_BUNDLE_GZIP_BYTES } from "../scripts/lib/deploy-plan.mjs";
import { buildWorker, wranglersEsbuild } from "../scripts/lib/worker-build.mjs";
import { ROOT } from "./lib/harness.mjs";

/** Gzipped bytes at most (500 KB), as npm run deploy measures them (scripts/lib/bundle-size.mjs). */
const BUDGET_BYTES = MAX_BUNDLE_GZIP_BYTES;
const WRANGLER = join(ROOT, "node_modules", ".bin", "wrangler");
const dir = mkdtempSync(join(tmpdir(), "assay-bundle-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs wrangler with the CI's quiet settings; throws with its output when it fails. */
function wrangler(args) {
  const r = spawnSync(WRANGLER, args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } });
  assert.equal(r.status, 0, `wrangler ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout + r.stderr;
}

/** The bundle's inputs summed by package (node_modules/<pkg>) or top folder, largest first, in minified KiB. */
function largest(meta, n) {
  const out = Object.values(meta.outputs).find((o) => o.entryPoint);
  const by = new Map();
  for (const [file, { bytesInOutput }] of Object.entries(out.inputs)) {
    const nm = file.lastIndexOf("node_modules/");
    const parts = (nm >= 0 ? file.slice(nm + 13) : file).split("/");
    const key = nm >= 0 ? parts.slice(0, parts[0].startsWith("@") ? 2 : 1).join("/") : parts.slice(0, 2).join("/");
    by.set(key, (by.get(key) ?? 0) + bytesInOutput);
  }
  return [...by].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${(v / 1024).toFixed(0)}`).join(", ");
}

/** The bundle's inputs its entry reaches through static imports (what its start-up evaluates), from esbuild's metafile. */
function staticallyReached(meta) {
  const entry = Object.values(meta.outputs).find((o) => o.entryPoint).entryPoint;
  const seen = new Set([entry]);
  const todo = [entry];
  while (todo.length) {
    for (const imp of meta.inputs[todo.pop()]?.imports ?? []) {
      if (imp.kind === "dynamic-import" || seen.has(imp.path) || !meta.inputs[imp.path]) continue;
      seen.add(imp.path);
      todo.push(imp.path);
    }
  }
  return seen;
}

/** The SDK modules start-up may evaluate: the error classes src/providers/errors.ts tells failures apart by, and the version string. */
const SDK_AT_STARTUP = [
  "node_modules/openai/core/error.mjs",
  "node_modules/openai/internal/errors.mjs",
  "node_modules/openai/version.mjs",
  "node_modules/@anthropic-ai/sdk/core/error.mjs",
  "node_modules/@anthropic-ai/sdk/internal/errors.mjs",
];

test(`the Worker npm run deploy uploads is minified, under ${BUDGET_BYTES / 1000} KB gzipped, and starts in workerd`, async () => {
  ensureDashboardBuilt();
  const outdir = join(dir, "dist");
  const metafile = join(dir, "meta.json");
  const { script } = await buildWorker({ outdir, metafile });
  const size = bundleSize(outdir);
  console.log(`worker bundle: ${(size.bytes / 1024).toFixed(0)} KiB, ${(size.gzip_bytes / 1000).toFixed(1)} KB gzipped (budget ${BUDGET_BYTES / 1000} KB)`);
  assert.ok(size.minified, "the bundle npm run deploy uploads is not minified: set minify = true in wrangler.toml");
  const meta = JSON.parse(readFileSync(metafile, "utf8"));
  console.log(`largest in it (minified KiB): ${largest(meta, 8)}`);

  // The model SDKs load on a provider's first call (src/providers/openai.ts, anthropic.ts): a static
  // import of them anywhere puts their few hundred modules back into every start-up.
  const reached = staticallyReached(meta);
  const sdk = [...reached].filter((f) => /node_modules\/(openai|@anthropic-ai\/sdk)\//.test(f));
  assert.deepEqual(sdk.sort(), [...SDK_AT_STARTUP].sort(), "start-up evaluates SDK modules beyond their error classes: something imports openai or @anthropic-ai/sdk statically");
  // esbuild wraps a module that is import()ed, and everything it imports, in a lazy init function; for
  // one the start-up reaches anyway that is pure cost (V8 compiles each init apart when it first runs):
  // an import() of ../app in routes/imports.ts wrapped ~460 modules, a third of the start-up's samples.
  const lazyReached = Object.entries(meta.inputs).flatMap(([from, i]) =>
    i.imports.filter((imp) => imp.kind === "dynamic-import" && reached.has(imp.path)).map((imp) => `${from} → ${imp.path}`),
  );
  assert.deepEqual(lazyReached, [], "an import() of a module the start-up imports statically anyway");

  // The upload wrangler makes of the script as it is (--outfile), as npm run deploy sends it; then its top level,
  // loaded in workerd and sampled: a bundle that throws at start-up fails here.
  const upload = join(dir, "worker.bundle");
  wrangler(["deploy", script, "--no-bundle", "--no-minify", "--dry-run", "--outfile", upload, "--config", "wrangler.toml", "--env", ""]);
  const startup = wrangler(["check", "startup", "--worker", upload, "--outfile", join(dir, "startup.cpuprofile")]);
  const active = /Active: ([\d.]+) ms/.exec(startup);
  assert.ok(active, `wrangler check startup printed no profile:\n${startup}`);
  console.log(`worker start-up: ${active[1]} ms active (wrangler check startup, sampled on this machine)`);

  assert.ok(size.gzip_bytes <= BUDGET_BYTES, `the Worker bundle is ${size.gzip_bytes} bytes gzipped, over the ${BUDGET_BYTES}-byte budget`);
});

test("without the stand-ins, the prebuilt OpenAPI document, the catalog texts left out and the oxc pass, the deploy build is byte for byte what wrangler deploy bundles", async () => {
  ensureDashboardBuilt();
  const ours = join(dir, "plain");
  const theirs = join(dir, "wrangler");
  await buildWorker({ outdir: ours, standIns: [], prebuiltOpenApi: false, catalogText: true, oxc: false });
  wrangler(["deploy", "--dry-run", "--outdir", theirs]);
  // Not assert.equal on 1.9 MB of text: the first byte that differs, with what surrounds it.
  const [a, b] = [readFileSync(join(ours, "index.js"), "utf8"), readFileSync(join(theirs, "index.js"), "utf8")];
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  assert.ok(i === a.length && a.length === b.length, `scripts/lib/worker-build.mjs no longer bundles as wrangler does (compare wranglerBuildOptions with wrangler's bundleWorker): at byte ${i}, ours ${JSON.stringify(a.slice(i - 40, i + 40))}, wrangler's ${JSON.stringify(b.slice(i - 40, i + 40))}`);
});

/**
 * The members of `z` the Worker's code uses as values, each with a file that does: `z.<name>` in the JavaScript
 * esbuild makes of each file under src/ and workers/ that imports `z` (types erased, so `z.infer<…>` is no use).
 */
function zMembersUsed() {
  const esbuild = wranglersEsbuild();
  const used = new Map();
  for (const top of ["src", "workers"]) {
    for (const file of readdirSync(join(ROOT, top), { recursive: true })) {
      if (!file.endsWith(".ts") || file.endsWith(".test.ts") || file.endsWith(".d.ts")) continue;
      const path = join(top, file);
      const source = readFileSync(join(ROOT, path), "utf8");
      if (!/import \{[^}]*\bz\b[^}]*\} from "(zod|@hono\/zod-openapi)"/.test(source)) continue;
      const { code } = esbuild.transformSync(source, { loader: "ts" });
      for (const [, name] of code.matchAll(/(?<![\w$.])z\.([A-Za-z_$][\w$]*)/g)) if (!used.has(name)) used.set(name, path);
    }
  }
  return used;
}

test("the bundle's zod (workers/bundle/zod.js): a z with exactly the members the Worker's code uses, each zod's own", async () => {
  const [zod, lean] = await Promise.all([import("zod"), import("../workers/bundle/zod.js")]);
  const used = zMembersUsed();
  assert.ok(used.has("object") && used.has("string"), "the scan found none of the Worker's uses of z");
  const missing = [...used].filter(([name]) => !(name in lean.z)).map(([name, file]) => `z.${name} (${file})`);
  assert.deepEqual(missing, [], "the Worker's code uses members of z that workers/bundle/zod.js leaves out: add them to its z");
  // ZodType is what @hono/zod-openapi's extendZodWithOpenApi(z) extends with .openapi().
  const unused = Object.keys(lean.z).filter((name) => !used.has(name) && name !== "ZodType");
  assert.deepEqual(unused, [], "workers/bundle/zod.js's z holds members nothing uses: they cost bundle size");
  for (const [name, value] of Object.entries(lean.z)) assert.equal(value, zod.z[name], `z.${name} is not zod's own`);
  // Named imports reach all of zod: the same exports as zod's index.
  const names = (ns) => Object.keys(ns).sort();
  assert.deepEqual(names(lean), names(zod));
  assert.equal(lean.z.string().safeParse(1).error?.issues[0]?.message, "Invalid input: expected string, received number");
});
