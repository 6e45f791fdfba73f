/**
 * Import from other harnesses (issue 17): `POST /api/imports` takes a
 * promptfoo results JSON, an Inspect log (.json or .eval) or lm-eval
 * samples files (+ results JSON) as multipart/form-data, and writes what
 * src/imports makes of them: a tasks revision (prompts, expected answers,
 * the source's per-sample verdicts), an outputs revision, one benchmark per
 * source score, and an outputs run of them, started. The file is parsed and
 * every name checked before anything is written; a malformed file is a 422
 * naming what is wrong. The run is created and started through the API's
 * own routes, so it passes the same checks as any run.
 */
import { z } from "@hono/zod-openapi";
import { newId } from "../../../src/crypto/ids";
import { deleteUnusedBenchmark, insertCustomBenchmark, takenBenchmarkNames } from "../../../src/db/benchmarks";
import type { BenchmarkRow } from "../../../src/db/schema";
import { MAX_UPLOAD_BYTES } from "../../../src/datasets/limits";
import { DATASET_NAME } from "../../../src/datasets/names";
import { AppError, ERROR_STATUS, type ErrorCode } from "../../../src/domain/errors";
import { IMPORT_FORMATS, ImportError, parseImport, type ImportFile } from "../../../src/imports";
import { planImport, TOOL_NAMES } from "../../../src/imports/plan";
import { importRevision } from "../../../src/storage/dataset-import";
import { ownApp } from "../own-app";
import { defineRoute, newRouter, validationError, type AppEnv } from "../router";
import { errorResponses, json, tooLarge } from "../schemas";
import { readBodyLimited } from "./datasets";
import type { Context } from "hono";

/** lm-eval writes one samples file per task; more than this in one import is not a run of one eval. */
const MAX_FILES = 50;

const ImportFields = z.strictObject({
  format: z.enum(IMPORT_FORMATS).openapi({ description: "promptfoo (results JSON), inspect (.json or .eval log) or lm-eval (samples_<task>_<date>.jsonl)" }),
  name: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .regex(DATASET_NAME, "letters, digits, '.', '_' or '-', starting with a letter or digit")
    .openapi({ description: "Names the tasks revision (`name`), the outputs revision (`name-outputs`) and the benchmark(s)" }),
});

// A plain OpenAPI schema, not zod: a zod form schema makes zod-openapi parse (and consume) the body before the
// handler, which reads it itself within the size limit and validates the fields with ImportFields.
const ImportForm = {
  type: "object" as const,
  required: ["format", "name", "file"],
  properties: {
    format: { type: "string" as const, enum: [...IMPORT_FORMATS], description: "promptfoo (results JSON), inspect (.json or .eval log) or lm-eval (samples_<task>_<date>.jsonl)" },
    name: { type: "string" as const, maxLength: 80, description: "Names the tasks revision (`name`), the outputs revision (`name-outputs`) and the benchmark(s)" },
    file: { type: "string" as const, format: "binary", description: "The result file; lm-eval: one or more samples files (repeat the field)" },
    results: { type: "string" as const, format: "binary", description: "lm-eval only: the run's results_<date>.json, whose aggregates are the stated scores" },
  },
};

const ImportedBenchmarkView = z
  .object({
    id: z.string(),
    name: z.string(),
    score: z.string().openapi({ description: "The source's name for the score (pass, match, exact_match,strict-match)" }),
    source_scorer: z.string(),
    scoring: z.record(z.string(), z.unknown()).openapi({ description: "Assay's scorer spec for it; source_verdict when Assay has no counterpart" }),
    counterpart: z.boolean().openapi({ description: "Whether Assay recomputes the verdict with a scorer of the same semantics (else it reads the source's)" }),
    note: z.string().openapi({ description: "How Assay's scorer differs from the source's, or why there is no counterpart" }),
    source_score: z.number().nullable().openapi({ description: "The aggregate the source states for this score" }),
    source_score_from: z.string(),
    source_verdicts: z.number().int().openapi({ description: "Tasks carrying the source's own per-sample verdict" }),
  })
  .openapi("ImportedBenchmark");

const ImportView = z
  .object({
    run_id: z.string(),
    source: z.object({
      tool: z.enum(IMPORT_FORMATS),
      tool_name: z.string(),
      tool_version: z.string().nullable(),
      task: z.string(),
      model: z.string().nullable(),
      files: z.array(z.string()),
    }),
    tasks_dataset: z.string().openapi({ description: "name@version of the prompts, expected answers and source verdicts" }),
    outputs_dataset: z.string().openapi({ description: "name@version of the recorded outputs (key, output, attempt)" }),
    tasks: z.number().int(),
    outputs: z.number().int(),
    attempts: z.number().int().openapi({ description: "Attempts per task (Inspect epochs)" }),
    benchmarks: z.array(ImportedBenchmarkView),
    source_score: z.number().nullable().openapi({ description: "The first score's stated aggregate, to show beside Assay's" }),
    source_verdicts: z.number().int().openapi({ description: "The first score's per-sample verdict count" }),
  })
  .openapi("Import");

const CODE_OF_STATUS = new Map<number, ErrorCode>(Object.entries(ERROR_STATUS).map(([k, v]) => [v, k as ErrorCode]));

type Ctx = Context<AppEnv>;

/** Calls one of the API's own routes with the caller's key, throwing its problem as this request's. */
async function own(c: Ctx, method: string, path: string, body?: unknown): Promise<any> {
  const headers: Record<string, string> = { authorization: c.req.header("authorization") ?? "" };
  if (body !== undefined) headers["content-type"] = "application/json";
  const url = new URL(path, c.req.url);
  const r = await ownApp().fetch(new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), c.env, c.executionCtx);
  const data = (await r.json().catch(() => null)) as any;
  if (!r.ok) throw new AppError(CODE_OF_STATUS.get(r.status) ?? "internal", `${method} ${path}: ${data?.detail ?? r.status}`, data?.errors);
  return data;
}

async function readForm(c: Ctx): Promise<{ fields: z.infer<typeof ImportFields>; files: ImportFile[]; results?: ImportFile }> {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) throw new AppError("unsupported_media_type", "send the import as multipart/form-data with fields format, name and file");
  const bytes = await readBodyLimited(c.req.raw, MAX_UPLOAD_BYTES);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("bad_request", "the body is not readable multipart/form-data");
  }
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : undefined;
  };
  const input = { format: text("format"), name: text("name") };
  const parsed = ImportFields.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, "form", input);
  const asFile = async (v: File | string, field: string): Promise<ImportFile> => {
    if (typeof v === "string") throw new AppError("validation_failed", `invalid form: ${field} must be a file`, [{ field, message: "must be a file" }]);
    return { name: v.name || "upload", bytes: new Uint8Array(await v.arrayBuffer()) };
  };
  const entries = form.getAll("file");
  if (!entries.length) throw new AppError("validation_failed", "invalid form: file is required", [{ field: "file", message: "is required: the result file" }]);
  if (entries.length > MAX_FILES) throw new AppError("validation_failed", `invalid form: at most ${MAX_FILES} files`, [{ field: "file", message: `at most ${MAX_FILES} files` }]);
  const files = await Promise.all(entries.map((e, i) => asFile(e, entries.length > 1 ? `file[${i}]` : "file")));
  const r = form.get("results");
  if (r !== null && parsed.data.format !== "lm-eval") throw new AppError("validation_failed", "invalid form: results is for lm-eval only", [{ field: "results", message: "is for lm-eval imports only" }]);
  return { fields: parsed.data, files, ...(r !== null ? { results: await asFile(r, "results") } : {}) };
}

export const importsRoutes = newRouter().openapi(
  defineRoute({
    method: "post",
    path: "/api/imports",
    operationId: "createImport",
    tags: ["imports"],
    summary: "Import another harness's results (promptfoo, Inspect, lm-eval) as datasets, benchmarks and a started outputs run",
    description:
      "multipart/form-data: format, name, file (lm-eval: repeat for several samples files) and, for lm-eval, results. " +
      "Writes a tasks revision `name` (key, prompt, expected, verdict:<score> columns), an outputs revision `name-outputs` (key, output, attempt), " +
      "one benchmark per source score (Assay's scorer with the same semantics, else source_verdict reading the source's verdict) and starts an outputs run of them. " +
      "Returns the run id and each score as the source states it, to set beside Assay's. A malformed file is a 422 naming what is wrong; nothing is written then. " +
      `At most ${MAX_UPLOAD_BYTES} bytes.`,
    request: { body: { required: true, content: { "multipart/form-data": { schema: ImportForm } } } },
    responses: { 201: json(ImportView, "The import and its started run"), ...errorResponses, ...tooLarge, 409: errorResponses[422] },
  }),
  async (c) => {
    const { fields, files, results } = await readForm(c);
    const projectId = c.var.auth.projectId;
    let ev;
    try {
      ev = await parseImport(fields.format, files, results);
    } catch (e) {
      if (!(e instanceof ImportError)) throw e;
      throw new AppError("validation_failed", `not a ${TOOL_NAMES[fields.format]} file: ${e.field} ${e.message}`, [{ field: e.field, message: e.message }]);
    }
    if (!ev.outputs.length) throw new AppError("validation_failed", "the file records no outputs to score", [{ field: "file", message: "records no model outputs" }]);
    const plan = planImport(ev, fields.name, files.map((f) => f.name));
    // Names first: a taken benchmark name would otherwise leave the revisions written and no benchmark.
    const taken = await takenBenchmarkNames(c.var.db, projectId, plan.benchmarks.map((b) => b.name));
    if (taken.length) {
      const names = taken.map((n) => `'${n}'`).join(", ");
      throw new AppError("conflict", `the project already has a benchmark named ${names}; choose another name`, [{ field: "name", message: `benchmark ${names} exists` }]);
    }
    const jsonl = (rows: object[]) => new TextEncoder().encode(rows.map((r) => JSON.stringify(r)).join("\n"));
    const source = `${TOOL_NAMES[ev.tool]}: ${files.map((f) => f.name).join(", ")}`.slice(0, 500);
    const tasksRev = (await importRevision(c.var.db, c.env.ARTIFACTS, { projectId, name: plan.tasksDataset, format: "jsonl", bytes: jsonl(plan.taskRows), source })).revision;
    const outputsRev = (await importRevision(c.var.db, c.env.ARTIFACTS, { projectId, name: plan.outputsDataset, format: "jsonl", bytes: jsonl(plan.outputRows), source })).revision;
    const tasksRef = `${tasksRev.name}@${tasksRev.version}`;
    const outputsRef = `${outputsRev.name}@${outputsRev.version}`;
    const created: string[] = [];
    const now = new Date().toISOString();
    try {
      for (const b of plan.benchmarks) {
        const sampleSize = b.subsets ? plan.taskRows.filter((r) => b.subsets!.includes(String(r.task))).length : tasksRev.rowCount;
        const row: BenchmarkRow = {
          id: newId("bm"),
          projectId,
          name: b.name,
          description: b.description,
          category: "custom",
          kind: "inline",
          datasetRef: tasksRef,
          datasetRevisionId: tasksRev.id,
          split: null,
          promptColumn: "prompt",
          promptTemplate: null,
          answerColumn: "expected",
          scoring: b.scoring,
          options: { few_shot: 0, subsets: b.subsets ?? [], ...(b.subset_column ? { subset_column: b.subset_column } : {}) },
          catalog: null,
          sampleSize,
          firstUsedAt: null,
          archivedAt: null,
          createdAt: now,
        };
        if (!(await insertCustomBenchmark(c.var.db, row))) throw new AppError("conflict", `the project already has a benchmark named '${b.name}'; choose another name`, [{ field: "name", message: `benchmark '${b.name}' exists` }]);
        created.push(row.id);
      }
      const run = await own(c, "POST", "/api/eval-runs", {
        benchmarks: created,
        target: { kind: "outputs", dataset: outputsRef, key_column: "key", output_column: "output", attempt_column: "attempt", name: plan.targetName },
        options: { attempts: Math.min(plan.attempts, 100) },
      });
      try {
        await own(c, "POST", `/api/eval-runs/${run.id}/start`);
      } catch (e) {
        await own(c, "DELETE", `/api/eval-runs/${run.id}`).catch(() => undefined);
        throw e;
      }
      const first = plan.benchmarks[0]!.score;
      return c.json(
        {
          run_id: run.id as string,
          source: { tool: ev.tool, tool_name: TOOL_NAMES[ev.tool], tool_version: ev.tool_version, task: ev.task, model: ev.model, files: files.map((f) => f.name) },
          tasks_dataset: tasksRef,
          outputs_dataset: outputsRef,
          tasks: plan.taskRows.length,
          outputs: plan.outputRows.length,
          attempts: Math.min(plan.attempts, 100),
          benchmarks: plan.benchmarks.map((b, i) => ({
            id: created[i]!,
            name: b.name,
            score: b.score.name,
            source_scorer: b.score.source_scorer,
            scoring: b.scoring as Record<string, unknown>,
            counterpart: b.counterpart,
            note: b.score.note,
            source_score: b.score.stated,
            source_score_from: b.score.stated_from,
            source_verdicts: b.score.verdicts,
          })),
          source_score: first.stated,
          source_verdicts: first.verdicts,
        },
        201,
      );
    } catch (e) {
      // Nothing half-written: the benchmarks go again (the revisions are immutable content, reused by an import of the same file).
      for (const id of created) await deleteUnusedBenchmark(c.var.db, projectId, id).catch(() => undefined);
      throw e;
    }
  },
);
