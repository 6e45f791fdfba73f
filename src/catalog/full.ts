/**
 * The built-ins whole: each registered definition joined with the about.ts
 * of its folder. Only the catalog sync (scripts/lib/catalog.mjs, which
 * finds the abouts by folder) and the tests it feeds call this; the Worker
 * never bundles an about. Pure.
 */
import { folderOf } from "./index";
import type { BenchmarkAbout, BenchmarkDefinition, BuiltinBenchmark } from "./types";

/**
 * Every definition with its about, in registry order. Throws, naming the
 * folder, when a registered benchmark has no about.ts or a folder's
 * about.ts belongs to no registered benchmark (a folder left out of the
 * registry), so the two cannot drift apart unnoticed.
 */
export function withAbouts(definitions: readonly BenchmarkDefinition[], abouts: Readonly<Record<string, BenchmarkAbout>>): BuiltinBenchmark[] {
  const folders = new Set(definitions.map((d) => folderOf(d.id)));
  const orphans = Object.keys(abouts).filter((f) => !folders.has(f));
  if (orphans.length > 0) throw new Error(`src/catalog/benchmarks/${orphans[0]} has an about.ts but is not in src/catalog/registry.ts`);
  return definitions.map((def) => {
    const about = abouts[folderOf(def.id)];
    if (!about) throw new Error(`${def.id} is registered but src/catalog/benchmarks/${folderOf(def.id)}/about.ts is missing`);
    return { ...def, ...about };
  });
}
