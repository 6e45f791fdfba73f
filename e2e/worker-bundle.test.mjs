// The Worker's deploy bundle, built as `wrangler deploy --minify` builds it
// (into a temporary folder): its gzipped size stays under budget, it starts
// in workerd, and the lean zod the bundle imports (workers/bundle/zod.js)
// exports what zod does, less its locales. Prints the size, the largest
// packages in it, and the start-up CPU `wrangler check startup` samples
// (printed, not asserted: it is a timing, and varies with the machine's load).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { gzipSync } from "node:zlib";
import { ensureDashboardBuilt } from "../scripts/lib/dashboard.mjs";
import { ROOT } from "./lib/harness.mjs";

/** Gzipped KiB, as `wrangler deploy` prints it ("Total Upload: … / gzip: …"). */
const BUDGET_KIB = 500;
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

test(`the Worker bundle stays under ${BUDGET_KIB} KiB gzipped and starts in workerd`, () => {
  ensureDashboardBuilt();
  const outdir = join(dir, "dist");
  const metafile = join(dir, "meta.json");
  wrangler(["deploy", "--dry-run", "--minify", "--outdir", outdir, "--metafile", metafile]);
  const code = readFileSync(join(outdir, "index.js"));
  const kib = gzipSync(code).length / 1024;
  console.log(`worker bundle: ${(code.length / 1024).toFixed(0)} KiB minified, ${kib.toFixed(1)} KiB gzipped (budget ${BUDGET_KIB} KiB)`);
  console.log(`largest in it (minified KiB): ${largest(JSON.parse(readFileSync(metafile, "utf8")), 8)}`);

  // Loads the bundle's top level in workerd and samples it: a bundle that throws at start-up fails here.
  const startup = wrangler(["check", "startup", "--args=--minify", "--outfile", join(dir, "startup.cpuprofile")]);
  const active = /Active: ([\d.]+) ms/.exec(startup);
  assert.ok(active, `wrangler check startup printed no profile:\n${startup}`);
  console.log(`worker start-up: ${active[1]} ms active (wrangler check startup, sampled on this machine)`);

  assert.ok(kib <= BUDGET_KIB, `the Worker bundle is ${kib.toFixed(1)} KiB gzipped, over the ${BUDGET_KIB} KiB budget`);
});

test("the bundle's zod (workers/bundle/zod.js) exports what zod does, less its locales", async () => {
  const [zod, lean] = await Promise.all([import("zod"), import("../workers/bundle/zod.js")]);
  const names = (ns) => Object.keys(ns).filter((k) => k !== "locales").sort();
  assert.deepEqual(names(lean), names(zod));
  assert.deepEqual(names(lean.z.core), names(zod.z.core));
  assert.equal(lean.z.locales, undefined);
  // The same modules, not a copy: a schema built with one is an instance of the other's classes.
  assert.equal(lean.ZodObject, zod.ZodObject);
  assert.equal(lean.z.string().safeParse(1).error?.issues[0]?.message, "Invalid input: expected string, received number");
});
