/**
 * Import from other harnesses (issue 17): `POST /api/imports` takes a
 * result file of a format src/imports/formats.ts registers (promptfoo
 * results JSON, an Inspect log, lm-eval samples files + results JSON) as
 * multipart/form-data, reads the form within the size limit, and hands it
 * to the imports service (src/services/imports.ts), which writes the
 * revisions, benchmarks and started outputs run; this file shapes the view.
 */
import { z } from "@hono/zod-openapi";
import { MAX_UPLOAD_BYTES } from "../../../src/datasets/limits";
import { DATASET_NAME } from "../../../src/datasets/names";
import { AppError } from "../../../src/domain/errors";
import { FORMATS_WITH_RESULTS, IMPORT_FORM_HELP, IMPORT_FORMAT_SPECS } from "../../../src/imports/formats";
import { IMPORT_FORMATS, type ImportFile } from "../../../src/imports/types";
import { importResults, type ImportOutcome, type ImportRequest } from "../../../src/services/imports";
import { tau2ImportContext } from "../../agents/tau2-data";
import { readBodyLimited } from "../request-body";
import { controlOf, scopeOf } from "../service-ports";
import { importSourcesOf } from "../../catalog/swebench-instances";
import { defineRoute, newRouter, validationError, type AppEnv } from "../router";
import { errorResponses, json, tooLarge } from "../schemas";
import type { Context } from "hono";

/** lm-eval writes one samples file per task; more than this in one import is not a run of one eval. */
const MAX_FILES = 50;

const ImportFields = z.strictObject({
  format: z.enum(IMPORT_FORMATS).openapi({ description: IMPORT_FORM_HELP.format }),
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
    format: { type: "string" as const, enum: [...IMPORT_FORMATS], description: IMPORT_FORM_HELP.format },
    name: { type: "string" as const, maxLength: 80, description: "Names the tasks revision (`name`), the outputs revision (`name-outputs`) and the benchmark(s)" },
    file: { type: "string" as const, format: "binary", description: IMPORT_FORM_HELP.file },
    results: { type: "string" as const, format: "binary", description: IMPORT_FORM_HELP.results },
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

const ImportAgreementView = z
  .object({
    simulations: z.number().int().openapi({ description: "Simulations replayed through Assay's environment and scored by its rules" }),
    agree: z.number().int().openapi({ description: "Those whose reward and every compared component equal the file's" }),
    differing: z
      .array(z.object({ simulation: z.string(), task: z.string(), trial: z.number().int(), recorded: z.number(), assay: z.number().nullable(), components: z.array(z.string()) }))
      .openapi({ description: "The others, with the components that differ (reward, DB, ENV_ASSERTION, ACTION, COMMUNICATE)" }),
    db: z.object({ compared: z.number().int(), agree: z.number().int() }).openapi({ description: "DB verdicts of the simulations that ended by a stop" }),
    tool_results: z.object({ replayed: z.number().int(), differing: z.number().int() }).openapi({ description: "Recorded tool results, and those Assay's environment answers differently" }),
    relabelled: z.array(z.object({ simulation: z.string(), labelled: z.string(), task: z.string() })).openapi({ description: "Simulations the file gives another task's id, matched to the task their recorded evaluation names" }),
    notes: z.array(z.string()).openapi({ description: "What was taken from the file rather than recomputed" }),
  })
  .openapi("ImportAgreement");

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
    agreement: ImportAgreementView.nullable().openapi({ description: "τ², τ-bench: how far Assay's replay of each simulation agrees with the file's rewards; null for other formats" }),
  })
  .openapi("Import");

type Ctx = Context<AppEnv>;

async function readForm(c: Ctx): Promise<ImportRequest> {
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
  if (r !== null && !FORMATS_WITH_RESULTS.includes(parsed.data.format)) {
    const takers = FORMATS_WITH_RESULTS.join(", ");
    throw new AppError("validation_failed", `invalid form: results is for ${takers} only`, [{ field: "results", message: `is for ${takers} imports only` }]);
  }
  return { ...parsed.data, files, ...(r !== null ? { results: await asFile(r, "results") } : {}) };
}

/** The import as the API shows it: the run, the revisions, and each score as the source states it beside Assay's benchmark. */
function importView(o: ImportOutcome): z.infer<typeof ImportView> {
  const { source: ev, plan } = o;
  const first = plan.benchmarks[0]!.score;
  return {
    run_id: o.run.id,
    source: { tool: ev.tool, tool_name: IMPORT_FORMAT_SPECS[ev.tool].toolName, tool_version: ev.tool_version, task: ev.task, model: ev.model, files: o.fileNames },
    tasks_dataset: o.tasksDataset,
    outputs_dataset: o.outputsDataset,
    tasks: plan.taskRows.length,
    outputs: plan.outputRows.length,
    attempts: o.attempts,
    benchmarks: plan.benchmarks.map((b, i) => ({
      id: o.benchmarkIds[i]!,
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
    agreement: ev.agreement ?? null,
  };
}

export const importsRoutes = newRouter().openapi(
  defineRoute({
    method: "post",
    path: "/api/imports",
    operationId: "createImport",
    tags: ["imports"],
    summary: "Import another harness's results (promptfoo, Inspect, lm-eval, a SWE-bench submission, Harbor trials, τ²-bench, τ-bench) as datasets, benchmarks and a started outputs run",
    description:
      "multipart/form-data: format, name, file (lm-eval: repeat for several samples files) and, for lm-eval, results. " +
      "Writes a tasks revision `name` (key, prompt, expected, verdict:<score> columns), an outputs revision `name-outputs` (key, output, attempt), " +
      "one benchmark per source score (Assay's scorer with the same semantics, else source_verdict reading the source's verdict) and starts an outputs run of them. " +
      "Returns the run id and each score as the source states it, to set beside Assay's. A malformed file is a 422 naming what is wrong; nothing is written then. " +
      `At most ${MAX_UPLOAD_BYTES} bytes.`,
    request: { body: { required: true, content: { "multipart/form-data": { schema: ImportForm } } } },
    responses: { 201: json(ImportView, "The import and its started run"), ...errorResponses, ...tooLarge, 409: errorResponses[422] },
  }),
  async (c) => c.json(importView(await importResults(scopeOf(c), controlOf(c), c.env.ARTIFACTS, await readForm(c), { ...importSourcesOf(c.env, c.var.db), ...tau2ImportContext(c.env) })), 201),
);
