/**
 * Custom benchmark operations, as the benchmarks routes and imports call
 * them: create one over a dataset revision (columns, split, subsets and
 * every row's image checked first; 422 naming the field, 409 for a taken
 * name), archive, restore, and delete while no run has used it. A custom
 * benchmark's row is built in one place (customBenchmarkRow). I/O: D1
 * through src/db, the revision's rows in R2.
 */
import { newId } from "../crypto/ids";
import { deleteUnusedBenchmark, getVisibleBenchmark, insertCustomBenchmark, setBenchmarkArchived } from "../db/benchmarks";
import { findRevisionByRef } from "../db/datasets";
import type { BenchmarkRow, DatasetRevisionRow } from "../db/schema";
import { SelectionCounter } from "../datasets/row-selection";
import { checkCustomBenchmark, type BenchmarkOptions, type CustomBenchmarkInput } from "../domain/benchmark";
import { AppError } from "../domain/errors";
import { customImageErrors } from "../domain/images";
import type { ScoringSpec } from "../scorers/spec";
import { rowChunks } from "../storage/dataset-rows";
import { revisionFiles } from "../storage/revision-files";
import type { ProjectScope } from "./project";

/** A custom benchmark as a create body gives it. */
export interface NewCustomBenchmark extends CustomBenchmarkInput {
  name: string;
  description: string;
  few_shot: number;
}

/** The row of a custom benchmark over `revision`, drawing `sampleSize` rows; `at` is its creation time. */
export function customBenchmarkRow(
  projectId: string,
  revision: Pick<DatasetRevisionRow, "id" | "name" | "version">,
  b: { name: string; description: string; split?: string | null; prompt_column?: string | null; prompt_template?: string | null; answer_column: string; scoring: ScoringSpec | NewCustomBenchmark["scoring"]; options: BenchmarkOptions },
  sampleSize: number,
  at: string,
): BenchmarkRow {
  return {
    id: newId("bm"),
    projectId,
    name: b.name,
    description: b.description,
    category: "custom",
    kind: "inline",
    datasetRef: `${revision.name}@${revision.version}`,
    datasetRevisionId: revision.id,
    split: b.split ?? null,
    promptColumn: b.prompt_column ?? null,
    promptTemplate: b.prompt_template ?? null,
    answerColumn: b.answer_column,
    scoring: b.scoring,
    options: { ...b.options },
    catalog: null,
    sampleSize,
    firstUsedAt: null,
    archivedAt: null,
    createdAt: at,
  };
}

/** The 409 for a taken benchmark name. */
export function nameTaken(name: string): AppError {
  return new AppError("conflict", `the project already has a benchmark named '${name}' (names are case-insensitive and archived ones count); choose another name`);
}

const invalid = (errors: { field: string; message: string }[]) =>
  new AppError("validation_failed", `invalid body: ${errors.map((e) => `${e.field}: ${e.message}`).join("; ")}`, errors);

/** Creates a custom benchmark over one of the project's revisions (or a built-in one), its sample size counted from the rows it draws. */
export async function createBenchmark(scope: ProjectScope, artifacts: R2Bucket, body: NewCustomBenchmark): Promise<BenchmarkRow> {
  const revision = await findRevisionByRef(scope.db, scope.projectId, body.dataset);
  const errors = checkCustomBenchmark(body, revision);
  if (errors.length || !revision) throw invalid(errors);
  // The sample size is what the benchmark draws from (its split and subsets), counted from the rows.
  const narrowed = body.split !== undefined || (body.subsets?.length ?? 0) > 0 || body.subset_column !== undefined;
  let sampleSize = revision.rowCount;
  if (narrowed) {
    const counter = new SelectionCounter({ split: body.split, subsets: body.subsets, subset_column: body.subset_column });
    for await (const rows of rowChunks(artifacts, revision)) counter.add(rows);
    if (body.subset_column !== undefined) {
      const bad = (body.subsets ?? []).flatMap((subset, i) =>
        counter.values.has(subset) ? [] : [{ field: `subsets.${i}`, message: `no row of ${body.dataset} has ${body.subset_column} '${subset}'; its values: ${[...counter.values].slice(0, 20).map((v) => `'${v}'`).join(", ") || "(none)"}` }],
      );
      if (bad.length) throw invalid(bad);
    }
    sampleSize = counter.count;
  }
  // Every row's image must be sendable, so a bad cell is a 422 now rather than a failed attempt later.
  if (body.image_column !== undefined) {
    const bad: string[] = [];
    const stored = await revisionFiles(artifacts, revision.storagePrefix);
    for await (const rows of rowChunks(artifacts, revision)) {
      bad.push(...customImageErrors(body.image_column, rows, stored));
      if (bad.length) break;
    }
    if (bad.length) {
      const errs = bad.map((message) => ({ field: "image_column", message }));
      throw new AppError("validation_failed", `invalid body: image_column '${body.image_column}': ${bad.join("; ")}`, errs);
    }
  }
  const options: BenchmarkOptions = {
    few_shot: body.few_shot,
    subsets: body.subsets ?? [],
    ...(body.subset_column !== undefined ? { subset_column: body.subset_column } : {}),
    ...(body.image_column !== undefined ? { image_column: body.image_column } : {}),
  };
  const row = customBenchmarkRow(scope.projectId, revision, { ...body, options }, sampleSize, new Date().toISOString());
  if (!(await insertCustomBenchmark(scope.db, row))) throw nameTaken(body.name);
  return row;
}

/** The benchmark a project may change: its own. A built-in is 403, anything else 404. */
async function ownBenchmark(scope: ProjectScope, id: string, action: string): Promise<BenchmarkRow> {
  const b = await getVisibleBenchmark(scope.db, scope.projectId, id);
  if (!b) throw new AppError("not_found", `no benchmark ${id}`);
  if (b.projectId === null) throw new AppError("forbidden", `${id} is a built-in benchmark, shared by every project; it cannot be ${action}`);
  return b;
}

/** Archives (hides) or restores a custom benchmark; idempotent. */
export async function setArchived(scope: ProjectScope, id: string, archived: boolean): Promise<BenchmarkRow> {
  await ownBenchmark(scope, id, archived ? "archived" : "restored");
  const b = await setBenchmarkArchived(scope.db, scope.projectId, id, archived ? new Date().toISOString() : null);
  if (!b) throw new AppError("not_found", `no benchmark ${id}`);
  return b;
}

/** Deletes a custom benchmark no run has used (409 once used: archive it instead). */
export async function deleteBenchmark(scope: ProjectScope, id: string): Promise<void> {
  await ownBenchmark(scope, id, "deleted");
  if (await deleteUnusedBenchmark(scope.db, scope.projectId, id)) return;
  if (!(await getVisibleBenchmark(scope.db, scope.projectId, id))) throw new AppError("not_found", `no benchmark ${id}`);
  throw new AppError(
    "conflict",
    `benchmark ${id} has been used by a run, and deleting it would orphan that run's results; archive it instead: POST /api/benchmarks/${id}/archive`,
  );
}
