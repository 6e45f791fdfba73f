/**
 * Generates migrations/0004_catalog.sql, the seed of the built-in
 * benchmarks, from the definitions, so the SQL never drifts from the
 * TypeScript by hand (a test compares D1 with the definitions). Regenerate
 * after changing a definition — in a new migration once 0004 has shipped:
 *
 *   echo 'import { catalogMigrationSql } from "./src/catalog/migration-sql"; process.stdout.write(catalogMigrationSql())' \
 *     | npx esbuild --bundle --platform=node --format=esm --loader=ts --log-level=warning > /tmp/catalog-sql.mjs \
 *     && node /tmp/catalog-sql.mjs > migrations/0004_catalog.sql
 *
 * Pure, no I/O.
 */
import { BUILTIN_BENCHMARKS } from "./index";
import { builtinRow } from "./rows";

/** A SQL string literal ('' doubles a quote). */
function literal(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${value.replaceAll("'", "''")}'`;
}

const COLUMNS = [
  "id", "project_id", "name", "description", "category", "kind", "dataset_ref", "dataset_revision_id", "split",
  "prompt_column", "prompt_template", "answer_column", "scoring", "options", "catalog", "sample_size",
  "first_used_at", "archived_at", "created_at",
];

export function catalogMigrationSql(): string {
  const head = [
    "-- Built-in benchmarks: the 40 catalog entries of seed 003 plus their variants,",
    "-- global (project_id NULL), visible to every project, never archived or deleted by one.",
    "-- Generated from src/catalog (see src/catalog/migration-sql.ts); do not edit by hand.",
    "-- Their data loads into global dataset revisions on first use (workers/catalog/ensure-data.ts).",
    "",
  ];
  const inserts = BUILTIN_BENCHMARKS.map((def) => {
    const r = builtinRow(def);
    const values = [
      r.id, r.projectId, r.name, r.description, r.category, r.kind, r.datasetRef, r.datasetRevisionId, r.split,
      r.promptColumn, r.promptTemplate, r.answerColumn, JSON.stringify(r.scoring), JSON.stringify(r.options),
      JSON.stringify(r.catalog), r.sampleSize, r.firstUsedAt, r.archivedAt, r.createdAt,
    ].map(literal);
    return `INSERT OR REPLACE INTO benchmarks (${COLUMNS.join(", ")})\nVALUES (${values.join(", ")});`;
  });
  return `${head.join("\n")}${inserts.join("\n\n")}\n`;
}

/**
 * A later migration's SQL for built-ins whose definitions changed: each row is
 * inserted when absent, then its definition columns are set, keeping what
 * use recorded (its loaded revision, first use, creation time).
 */
export function catalogUpdateSql(ids: string[], comment: string): string {
  const kept = new Set(["id", "dataset_revision_id", "first_used_at", "created_at"]);
  const statements = ids.map((id) => {
    const def = BUILTIN_BENCHMARKS.find((d) => d.id === id);
    if (!def) throw new Error(`no built-in ${id}`);
    const r = builtinRow(def);
    const values = [
      r.id, r.projectId, r.name, r.description, r.category, r.kind, r.datasetRef, r.datasetRevisionId, r.split,
      r.promptColumn, r.promptTemplate, r.answerColumn, JSON.stringify(r.scoring), JSON.stringify(r.options),
      JSON.stringify(r.catalog), r.sampleSize, r.firstUsedAt, r.archivedAt, r.createdAt,
    ].map(literal);
    const sets = COLUMNS.map((c, i) => [c, values[i]] as const).filter(([c]) => !kept.has(c)).map(([c, v]) => `${c} = ${v}`);
    return `INSERT OR IGNORE INTO benchmarks (${COLUMNS.join(", ")})\nVALUES (${values.join(", ")});\nUPDATE benchmarks SET ${sets.join(", ")} WHERE id = ${literal(id)};`;
  });
  return `${comment.split("\n").map((l) => `-- ${l}`).join("\n")}\n-- Generated from src/catalog (catalogUpdateSql in src/catalog/migration-sql.ts); do not edit by hand.\n\n${statements.join("\n\n")}\n`;
}
