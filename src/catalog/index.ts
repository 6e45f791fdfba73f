/**
 * The built-in catalog: every definition, in catalog order, and lookups by
 * id. Seed 003 lists 40 benchmarks in nine groups; variants (TruthfulQA
 * MC1, ARC-Challenge, ARC-AGI-2, MBPP+) are extra benchmarks shown under one
 * of those entries, so the catalog has 40 entries and 44 benchmarks. Pure data.
 */
import { AGENT } from "./definitions/agent";
import { CHAT } from "./definitions/chat";
import { CODING } from "./definitions/coding";
import { INSTRUCTION } from "./definitions/instruction";
import { KNOWLEDGE } from "./definitions/knowledge";
import { LANGUAGE } from "./definitions/language";
import { REASONING } from "./definitions/reasoning";
import { SAFETY } from "./definitions/safety";
import { VISION } from "./definitions/vision";
import type { BuiltinBenchmark } from "./types";

export { CATEGORIES, type BuiltinBenchmark, type Category } from "./types";

export const BUILTIN_BENCHMARKS: readonly BuiltinBenchmark[] = [
  ...REASONING,
  ...LANGUAGE,
  ...KNOWLEDGE,
  ...CODING,
  ...SAFETY,
  ...CHAT,
  ...INSTRUCTION,
  ...AGENT,
  ...VISION,
];

/** The catalog entries of seed 003 (every benchmark that is not a variant). */
export const CATALOG_ENTRIES: readonly BuiltinBenchmark[] = BUILTIN_BENCHMARKS.filter((b) => b.variant_of === null);

const BY_ID = new Map(BUILTIN_BENCHMARKS.map((b) => [b.id, b]));

/** The built-in with this id, if there is one. */
export function builtinById(id: string): BuiltinBenchmark | undefined {
  return BY_ID.get(id);
}
