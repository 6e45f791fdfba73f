/**
 * Import another harness's results (issue 17): the file(s) parsed by the
 * format's importer (src/imports/formats.ts), then written as a tasks
 * revision, an outputs revision, one benchmark per source score, and an
 * outputs run of them, created and started by the runs service so it
 * passes the same checks as any run. Everything is parsed, and the plan and
 * every name checked, before anything is written; if creating or starting the run
 * fails, the run and benchmarks go again (the revisions are immutable
 * content, reused by an import of the same file). I/O: D1 and R2 passed
 * in, execution through RunControl.
 */
import { deleteUnusedBenchmark, insertCustomBenchmark, takenBenchmarkNames } from "../db/benchmarks";
import { deleteRun as deleteRunRow } from "../db/eval-runs";
import type { EvalRunRow } from "../db/schema";
import { AppError } from "../domain/errors";
import { CreateRunBody } from "../domain/run-config";
import { issuesToFieldErrors } from "../domain/validation-issues";
import { IMPORT_FORMAT_SPECS, parseImport, type ImportSources } from "../imports/formats";
import { planImport, type ImportPlan } from "../imports/plan";
import { ImportError, type ImportedEval, type ImportFile, type ImportFormat } from "../imports/types";
import { importRevision } from "../storage/dataset-import";
import { customBenchmarkRow } from "./benchmarks";
import { requirePlan } from "./project";
import { createRun, refuse, startRun, type RunControl, type RunScope } from "./runs";

/** Attempts per task an import's run asks for at most (the run options' own cap). */
const MAX_IMPORT_ATTEMPTS = 100;

export interface ImportRequest {
  format: ImportFormat;
  /** Names the tasks revision, the outputs revision (`<name>-outputs`) and the benchmark(s). */
  name: string;
  files: ImportFile[];
  /** The format's `results` file, where it takes one (FORMATS_WITH_RESULTS). */
  results?: ImportFile;
}

/** What an import wrote. */
export interface ImportOutcome {
  /** The outputs run, started. */
  run: EvalRunRow;
  source: ImportedEval;
  plan: ImportPlan;
  /** The files' names, as given. */
  fileNames: string[];
  /** name@version of each revision. */
  tasksDataset: string;
  outputsDataset: string;
  /** The benchmarks created, in plan.benchmarks' order. */
  benchmarkIds: string[];
  /** Attempts per task the run asks for. */
  attempts: number;
}

async function parseOrRefuse(req: ImportRequest, sources: ImportSources): Promise<ImportedEval> {
  try {
    return await parseImport(req.format, req.files, req.results, sources);
  } catch (e) {
    if (!(e instanceof ImportError)) throw e;
    throw new AppError("validation_failed", `not a ${IMPORT_FORMAT_SPECS[req.format].toolName} file: ${e.field} ${e.message}`, [{ field: e.field, message: e.message }]);
  }
}

const jsonl = (rows: object[]) => new TextEncoder().encode(rows.map((r) => JSON.stringify(r)).join("\n"));

/**
 * Writes an import and starts its run; 422 naming what is wrong in the file, 409 for a taken benchmark name.
 * `sources` loads what a format needs beyond the upload (the SWE-bench instances).
 */
export async function importResults(scope: RunScope, control: RunControl, artifacts: R2Bucket, req: ImportRequest, sources: ImportSources = {}): Promise<ImportOutcome> {
  const { db, projectId } = scope;
  const ev = await parseOrRefuse(req, sources);
  // The plan before any write: an import the project cannot run leaves nothing behind, revisions included.
  await requirePlan(scope, true);
  if (!ev.outputs.length) throw new AppError("validation_failed", "the file records no outputs to score", [{ field: "file", message: "records no model outputs" }]);
  const fileNames = req.files.map((f) => f.name);
  const plan = planImport(ev, req.name, fileNames);
  // Names first: a taken benchmark name would otherwise leave the revisions written and no benchmark.
  const taken = await takenBenchmarkNames(db, projectId, plan.benchmarks.map((b) => b.name));
  if (taken.length) {
    const names = taken.map((n) => `'${n}'`).join(", ");
    throw new AppError("conflict", `the project already has a benchmark named ${names}; choose another name`, [{ field: "name", message: `benchmark ${names} exists` }]);
  }
  const source = `${IMPORT_FORMAT_SPECS[ev.tool].toolName}: ${fileNames.join(", ")}`.slice(0, 500);
  const tasksRev = (await importRevision(db, artifacts, { projectId, name: plan.tasksDataset, format: "jsonl", bytes: jsonl(plan.taskRows), source })).revision;
  const outputsRev = (await importRevision(db, artifacts, { projectId, name: plan.outputsDataset, format: "jsonl", bytes: jsonl(plan.outputRows), source })).revision;
  const tasksDataset = `${tasksRev.name}@${tasksRev.version}`;
  const outputsDataset = `${outputsRev.name}@${outputsRev.version}`;
  const attempts = Math.min(plan.attempts, MAX_IMPORT_ATTEMPTS);
  const created: string[] = [];
  let run: EvalRunRow | undefined;
  const now = new Date().toISOString();
  try {
    for (const b of plan.benchmarks) {
      const sampleSize = b.subsets ? plan.taskRows.filter((r) => b.subsets!.includes(String(r.task))).length : tasksRev.rowCount;
      const options = { few_shot: 0, subsets: b.subsets ?? [], ...(b.subset_column ? { subset_column: b.subset_column } : {}) };
      const row = customBenchmarkRow(projectId, tasksRev, { ...b, prompt_column: "prompt", answer_column: "expected", options }, sampleSize, now);
      if (!(await insertCustomBenchmark(db, row))) throw new AppError("conflict", `the project already has a benchmark named '${b.name}'; choose another name`, [{ field: "name", message: `benchmark '${b.name}' exists` }]);
      created.push(row.id);
    }
    // Parsed as the API parses a create body, so the run gets the same defaults.
    const body = CreateRunBody.safeParse({
      benchmarks: created,
      target: { kind: "outputs", dataset: outputsDataset, key_column: "key", output_column: "output", attempt_column: "attempt", name: plan.targetName },
      options: { attempts },
    });
    if (!body.success) refuse(issuesToFieldErrors(body.error));
    const draft = (await createRun(scope, body.data)).run;
    run = draft;
    const started = await startRun(scope, control, draft);
    return { run: started, source: ev, plan, fileNames, tasksDataset, outputsDataset, benchmarkIds: created, attempts };
  } catch (e) {
    // Nothing half-written: the draft, then the benchmarks it used.
    if (run) await deleteRunRow(db, run).catch(() => undefined);
    for (const id of created) await deleteUnusedBenchmark(db, projectId, id).catch(() => undefined);
    throw e;
  }
}
