/**
 * The built-in catalog as the Worker sees it: every definition of the
 * registry, in catalog order, and lookups by id. Seed 003 lists 40
 * benchmarks in nine groups; variants (TruthfulQA MC1, ARC-Challenge,
 * ARC-AGI-2, MBPP+, MATH-Vision) are extra benchmarks shown under one of
 * those entries. The prose of each (its about.ts) is not here: the catalog
 * sync joins it (src/catalog/full.ts). Pure data.
 */
import { REGISTRY } from "./registry";
import type { BenchmarkDefinition, LineNormaliser, EmbeddedLoader, PinnedDataset, Normaliser, SqliteDatabasesLoader } from "./types";

export { CATEGORIES, type BenchmarkDefinition, type BuiltinBenchmark, type Category } from "./types";

export const BUILTIN_BENCHMARKS: readonly BenchmarkDefinition[] = REGISTRY;

/** The catalog entries of seed 003 (every benchmark that is not a variant). */
export const CATALOG_ENTRIES: readonly BenchmarkDefinition[] = BUILTIN_BENCHMARKS.filter((b) => b.variant_of === null);

const BY_ID = new Map(BUILTIN_BENCHMARKS.map((b) => [b.id, b]));

/** The built-in with this id, if there is one. */
export function builtinById(id: string): BenchmarkDefinition | undefined {
  return BY_ID.get(id);
}

/** What loads a built-in's data: its pinned files and their normaliser; undefined when it has none (or is not a built-in). */
export function pinnedSourceOf(id: string): { data: PinnedDataset; normalise: Normaliser | LineNormaliser | EmbeddedLoader | SqliteDatabasesLoader } | undefined {
  const def = BY_ID.get(id);
  return def?.normalise ? { data: def.data, normalise: def.normalise } : undefined;
}

/** The folder of a built-in under src/catalog/benchmarks: its id without the `bm_` prefix. */
export function folderOf(id: string): string {
  return id.replace(/^bm_/, "");
}
