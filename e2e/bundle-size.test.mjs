// Builds the dashboard and fails when the JavaScript a first visit loads
// is over budget: the entry chunk with its static imports (the sign-in and
// shell), and the heaviest page (entry plus the largest lazily loaded page
// with its imports), both gzipped.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { buildDashboard, ROOT } from "./lib/harness.mjs";

const BUDGET_KB = 100;
const DIST = join(ROOT, "dashboard", "dist");

test(`first-load JavaScript stays under ${BUDGET_KB} KB gzipped`, () => {
  console.log(buildDashboard());
  const manifest = JSON.parse(readFileSync(join(DIST, ".vite", "manifest.json"), "utf8"));
  const gz = (file) => gzipSync(readFileSync(join(DIST, file))).length;
  /** A chunk and its static imports, as manifest keys. */
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const k of manifest[key]?.imports ?? []) closure(k, seen);
    return seen;
  };
  const size = (keys) => [...keys].reduce((n, k) => n + (manifest[k].file.endsWith(".js") ? gz(manifest[k].file) : 0), 0);
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  assert.ok(entry, "the manifest names an entry");
  const first = closure(entry);
  const firstKB = size(first) / 1024;
  let worst = { page: "(none)", kb: firstKB };
  for (const page of manifest[entry].dynamicImports ?? []) {
    const all = closure(page, new Set(first));
    const kb = size(all) / 1024;
    if (kb > worst.kb) worst = { page, kb };
  }
  console.log(`first load ${firstKB.toFixed(1)} KB gzipped; heaviest page ${worst.page} ${worst.kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
  assert.ok(firstKB <= BUDGET_KB, `first load is ${firstKB.toFixed(1)} KB gzipped`);
  assert.ok(worst.kb <= BUDGET_KB, `${worst.page} loads ${worst.kb.toFixed(1)} KB gzipped`);
});
