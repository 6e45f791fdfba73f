/**
 * Test helper: every built-in whole (definition and about) as the catalog
 * sync sees it, from the TEST_BUILTINS binding vitest.config.ts fills with
 * scripts/lib/catalog.mjs, so tests of the catalog's text and rows read
 * the same entries the sync wrote into D1.
 */
import { env } from "cloudflare:workers";
import type { CatalogEntry } from "../src/catalog/types";

/** Every built-in, in registry order. */
export const catalogEntries = (): readonly CatalogEntry[] => env.TEST_BUILTINS;

/** The built-in with this id, whole; throws for an id the catalog does not have. */
export function catalogEntry(id: string): CatalogEntry {
  const entry = env.TEST_BUILTINS.find((b) => b.id === id);
  if (!entry) throw new Error(`no built-in ${id}`);
  return entry;
}
