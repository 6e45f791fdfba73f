// The test files whose behaviour depends on ../shared being present, found
// from their text so a new test joins by using the usual helpers: .ci/run
// runs them a second time with the shared folder (scripts/test.mjs,
// ASSAY_TEST_SCOPE=shared-data).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

// What reaches the shared folder: its helpers and injected URLs, the
// variable that moves it, the path itself, and `npm start` (its demo data).
const SHARED_MARKERS = /builtin-data|datasets-server|mini-datasets|mini-bfcl|sharedPresent|sharedUrl|datasetsUrl|datasetPins|ASSAY_SHARED_DIR|\.\.\/shared|scripts\/start\.mjs|"start\.mjs"/;
const TEST_ROOTS = ["src", "workers", "test", "e2e", "cli", "sandbox", "environments", "sdk"];

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "dist" ? [] : sourceFiles(p);
    return /\.(ts|mjs)$/.test(e.name) ? [p] : [];
  });
}

/** Test files that mention a marker, or import (one level deep) a helper module that does. */
export function sharedDataTests() {
  const files = TEST_ROOTS.flatMap(sourceFiles);
  const text = new Map(files.map((f) => [f, readFileSync(f, "utf8")]));
  const marked = new Set(files.filter((f) => SHARED_MARKERS.test(text.get(f))));
  const importsMarked = (f) =>
    [...text.get(f).matchAll(/from\s+["'](\.[^"']+)["']/g)].some(([, spec]) => {
      const base = resolve(dirname(f), spec);
      return [base, `${base}.ts`, `${base}.mjs`].some((c) => marked.has(relative(".", c)));
    });
  return files.filter((f) => /\.test\.(ts|mjs)$/.test(f) && (marked.has(f) || importsMarked(f)));
}
