/**
 * The catalog sync: every built-in's benchmarks row upserted from its
 * definition (src/catalog/rows.ts builds the rows), keyed by the digest of
 * all of them, so a sync of an unchanged catalog writes nothing and a
 * changed one rewrites the definition columns in one batch (one
 * transaction). What use recorded is kept: the loaded revision (unless the
 * dataset ref changed), first use, creation time. A row's id never
 * changes and no row is deleted: runs refer to them.
 *
 * Two ways to run the same statements: through a D1 binding (the test
 * setup) or as SQL text for `wrangler d1 execute --file` (npm start, npm
 * run deploy, npm run catalog:sync; scripts/lib/catalog.mjs). I/O: the D1
 * binding passed in.
 */
import type { BenchmarkRow } from "./schema";

/** One statement with its bound values (?1, ?2, ...). */
export interface SyncStatement {
  sql: string;
  params: (string | number | null)[];
}

const UPSERT = `INSERT INTO benchmarks (id, project_id, name, description, category, kind, dataset_ref, dataset_revision_id, split,
  prompt_column, prompt_template, answer_column, scoring, options, catalog, sample_size, first_used_at, archived_at, created_at)
SELECT ?1, NULL, ?2, ?3, ?4, ?5, ?6, NULL, ?7, NULL, ?8, ?9, ?10, ?11, ?12, ?13, NULL, NULL, ?14
WHERE NOT EXISTS (SELECT 1 FROM catalog_sync WHERE id = 1 AND digest = ?15)
ON CONFLICT (id) DO UPDATE SET
  name = excluded.name, description = excluded.description, category = excluded.category, kind = excluded.kind,
  dataset_revision_id = CASE WHEN benchmarks.dataset_ref IS excluded.dataset_ref THEN benchmarks.dataset_revision_id END,
  dataset_ref = excluded.dataset_ref, split = excluded.split, prompt_column = NULL, prompt_template = excluded.prompt_template,
  answer_column = excluded.answer_column, scoring = excluded.scoring, options = excluded.options, catalog = excluded.catalog,
  sample_size = excluded.sample_size, archived_at = NULL
WHERE benchmarks.project_id IS NULL`;

const MARK = `INSERT INTO catalog_sync (id, digest, benchmarks, synced_at) VALUES (1, ?1, ?2, ?3)
ON CONFLICT (id) DO UPDATE SET digest = excluded.digest, benchmarks = excluded.benchmarks, synced_at = excluded.synced_at
WHERE catalog_sync.digest IS NOT excluded.digest`;

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** The sync's statements, in order: one upsert per row, then the digest (all no-ops when D1 already holds this digest). */
export function syncStatements(rows: readonly BenchmarkRow[], digest: string, now: string): SyncStatement[] {
  const upserts = rows.map((r) => ({
    sql: UPSERT,
    params: [
      r.id, r.name, r.description, r.category, r.kind, r.datasetRef, r.split, r.promptTemplate, r.answerColumn,
      json(r.scoring), json(r.options), json(r.catalog), r.sampleSize, r.createdAt, digest,
    ],
  }));
  return [...upserts, { sql: MARK, params: [digest, rows.length, now] }];
}

/** A SQL literal ('' doubles a quote). */
function literal(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${value.replaceAll("'", "''")}'`;
}

/** The statements as one SQL file, values inlined, for `wrangler d1 execute --file`. */
export function syncSqlText(rows: readonly BenchmarkRow[], digest: string, now: string): string {
  const statements = syncStatements(rows, digest, now).map((s) => `${s.sql.replace(/\?(\d+)/g, (_, n: string) => literal(s.params[Number(n) - 1]!))};`);
  return `-- The built-in catalog, ${rows.length} rows, digest ${digest} (src/db/catalog-sync.ts).\n${statements.join("\n\n")}\n`;
}

/** Runs the sync through a D1 binding in one batch; true when it wrote (D1 held another digest, or none). */
export async function syncBuiltinRows(d1: D1Database, rows: readonly BenchmarkRow[], digest: string, now: string): Promise<boolean> {
  const results = await d1.batch(syncStatements(rows, digest, now).map((s) => d1.prepare(s.sql).bind(...s.params)));
  return (results.at(-1)?.meta.changes ?? 0) > 0;
}

/** The digest of the last sync, or null before the first. */
export async function catalogDigest(d1: D1Database): Promise<string | null> {
  const row = await d1.prepare("SELECT digest FROM catalog_sync WHERE id = 1").first<{ digest: string }>();
  return row?.digest ?? null;
}
