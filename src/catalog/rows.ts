/**
 * A built-in as stored in D1: the benchmarks row (project_id NULL marks a
 * built-in) and the JSON of its catalog column, which the API serves as
 * the detail page. The catalog sync writes these rows (src/db/catalog-sync.ts),
 * and a test compares D1 with them. Pure, no I/O.
 */
import { sha256Hex } from "../crypto/hash";
import type { BenchmarkRow } from "../db/schema";
import { needsOf, statusSummary } from "./needs";
import { CATEGORIES, type CatalogEntry, type DataSource } from "./types";

/** created_at of every built-in row: when this catalog version was written. */
export const CATALOG_CREATED_AT = "2026-11-29T00:00:00.000Z";

/** The `dataset` ref of a built-in: its pinned revision, or null when its data is not loadable. */
export function datasetRefOf(def: CatalogEntry): string | null {
  return def.data.kind === "pinned" ? `${def.data.name}@${def.data.version}` : null;
}

/** How many pinned files a catalog row lists (ARC-AGI pins 400; a D1 statement written as SQL text holds at most 100 KB). */
export const CATALOG_SOURCE_FILES = 20;

/** The data source as the catalog shows it: every pinned file, or the first few and how many there are. */
export function catalogSource(data: DataSource): Record<string, unknown> {
  if (data.kind !== "pinned" || data.files.length <= CATALOG_SOURCE_FILES) return { ...data };
  return {
    ...data,
    files: data.files.slice(0, CATALOG_SOURCE_FILES),
    files_total: data.files.length,
    files_note: `The first ${CATALOG_SOURCE_FILES} of ${data.files.length} pinned files, each at the same commit; every one is checked against its sha256 when loaded.`,
  };
}

/** The catalog column: the detail page and everything a user needs before running it. */
export function catalogDetail(def: CatalogEntry): Record<string, unknown> {
  return {
    category_label: CATEGORIES[def.category],
    variant_of: def.variant_of,
    status: def.status,
    status_detail: def.status_detail,
    status_summary: statusSummary({ ...def, builtin: true }),
    needs: needsOf(def),
    ...def.text,
    execution: def.kind,
    source: catalogSource(def.data),
    subsets: def.subsets,
    few_shot: def.few_shot,
    credentials: def.credentials,
    requirements: def.requirements,
    references: def.references,
  };
}

/** The benchmark options the planner reads: few-shot default, default subsets (none: all), the example split. */
export function builtinOptions(def: CatalogEntry): Record<string, unknown> {
  return {
    few_shot: def.few_shot.default,
    subsets: [],
    ...(def.few_shot.split !== null ? { few_shot_split: def.few_shot.split } : {}),
    ...(def.tools_column ? { tools_column: def.tools_column } : {}),
    ...(def.min_attempts ? { min_attempts: def.min_attempts } : {}),
    ...(def.image_column ? { image_column: def.image_column } : {}),
    ...(def.turns_column ? { turns_column: def.turns_column } : {}),
    ...(def.date_column ? { date_column: def.date_column } : {}),
  };
}

export function builtinRow(def: CatalogEntry): BenchmarkRow {
  return {
    id: def.id,
    projectId: null,
    name: def.name,
    description: def.description,
    category: def.category,
    kind: def.kind,
    datasetRef: datasetRefOf(def),
    datasetRevisionId: null,
    split: def.split,
    promptColumn: null,
    promptTemplate: def.prompt_template,
    answerColumn: def.answer_column,
    scoring: def.scoring,
    options: builtinOptions(def),
    catalog: catalogDetail(def),
    sampleSize: def.sample_size,
    firstUsedAt: null,
    archivedAt: null,
    createdAt: CATALOG_CREATED_AT,
  };
}

/** Every built-in's row, in registry order. */
export function builtinRows(entries: readonly CatalogEntry[]): BenchmarkRow[] {
  return entries.map(builtinRow);
}

/** The digest the catalog sync keys on: sha256 of the rows as JSON, so any change to any row (text included) is a new catalog. */
export function rowsDigest(rows: readonly BenchmarkRow[]): Promise<string> {
  return sha256Hex(JSON.stringify(rows));
}
