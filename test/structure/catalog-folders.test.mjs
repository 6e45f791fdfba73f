// The catalog's convention (docs/catalog.md): each built-in is a folder of
// src/catalog/benchmarks holding its definition.ts and about.ts, named for
// its id (bm_<folder>), and registered by one line of src/catalog/registry.ts;
// the Worker never reaches an about.ts (the detail pages stay out of its
// bundle, written to D1 by the catalog sync instead). A failure names the
// folder or file to fix.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { importGraph, sourceFiles } from "../../scripts/lib/import-graph.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BENCHMARKS = join(ROOT, "src", "catalog", "benchmarks");
const folders = readdirSync(BENCHMARKS, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

test("every benchmark folder has its definition and about, and the id its name says", () => {
  assert.ok(folders.length >= 40, `the 40 catalog entries have folders (${folders.length})`);
  for (const f of folders) {
    for (const file of ["definition.ts", "about.ts"]) assert.ok(existsSync(join(BENCHMARKS, f, file)), `src/catalog/benchmarks/${f}/${file} is missing`);
    const ids = [...readFileSync(join(BENCHMARKS, f, "definition.ts"), "utf8").matchAll(/^\s*id: "([^"]+)",$/gm)].map((m) => m[1]);
    assert.deepEqual(ids, [`bm_${f}`], `src/catalog/benchmarks/${f}/definition.ts defines the id bm_${f}`);
  }
});

test("the registry lists every folder's definition exactly once, and nothing else", () => {
  const registry = readFileSync(join(ROOT, "src", "catalog", "registry.ts"), "utf8");
  const imports = [...registry.matchAll(/^import \{ definition as (\w+) \} from "\.\/benchmarks\/([^/"]+)\/definition";$/gm)].map((m) => ({ name: m[1], folder: m[2] }));
  assert.deepEqual(imports.map((i) => i.folder).sort(), folders, "src/catalog/registry.ts imports one definition per folder");
  const list = registry.slice(registry.indexOf("REGISTRY"));
  for (const { name, folder } of imports) {
    assert.equal([...list.matchAll(new RegExp(`^\\s*${name},$`, "gm"))].length, 1, `${folder} is listed once in REGISTRY`);
  }
});

test("the Worker reaches no about.ts (detail pages are synced into D1, not bundled)", () => {
  const graph = importGraph(ROOT, sourceFiles(ROOT, ["src", "workers"]));
  const seen = new Set(["workers/index.ts"]);
  const todo = ["workers/index.ts"];
  while (todo.length) for (const next of graph.get(todo.pop()) ?? []) if (!seen.has(next)) (seen.add(next), todo.push(next));
  assert.ok(seen.has("src/catalog/registry.ts"), "the walk reaches the registry");
  assert.deepEqual([...seen].filter((f) => /^src\/catalog\/benchmarks\/[^/]+\/about\.ts$/.test(f) || f === "src/catalog/full.ts"), []);
});
