/**
 * The benchmark catalog: built-ins (global) and the project's custom
 * benchmarks; create a custom one over a dataset revision, archive,
 * restore, and delete while no run has used it (src/services/benchmarks.ts).
 */
import { z } from "@hono/zod-openapi";
import { environmentVerifier } from "../../../src/environments/verifiers";
import { getVisibleBenchmark, listBenchmarks } from "../../../src/db/benchmarks";
import type { BenchmarkRow } from "../../../src/db/schema";
import { needsOf, statusSummary } from "../../../src/catalog/needs";
import { pinnedSourceOf } from "../../../src/catalog";
import type { CatalogStatus, PinnedDataset } from "../../../src/catalog/types";
import { CustomScoringSpec, MAX_FEW_SHOT, MAX_TEMPLATE_CHARS, type BenchmarkOptions } from "../../../src/domain/benchmark";
import { imageColumnOf } from "../../../src/domain/images";
import { AppError } from "../../../src/domain/errors";
import { createBenchmark, deleteBenchmark, setArchived } from "../../../src/services/benchmarks";
import { scopeOf } from "../service-ports";
import { decodeCursor, pageOf } from "../../../src/domain/paging";
import { defineRoute, newRouter } from "../router";
import { conflict, errorResponses, IdParam, json, jsonBody, PageQuery, pageOf as pageSchema } from "../schemas";

export const BenchmarkView = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.string().nullable().openapi({ description: "'custom' for a project's own; a catalog group for built-ins" }),
    kind: z.string().openapi({ description: "inline (one model call per sample) or runner (agent and code tasks)" }),
    status: z.enum(["runnable", "needs_runner", "unavailable"]).openapi({
      description: "Whether a run can execute it here: runnable (Assay runs it), needs_runner (the run's target must be an agent runner), unavailable (no loadable data or scorer yet; a run of it fails)",
    }),
    status_detail: z.string().openapi({ description: "Why the status is what it is, and what a user needs to run it (the detail page's long text)" }),
    status_summary: z.string().openapi({ description: "The status in one line, for a catalog card (e.g. 'Runs here on 1,319 tasks', 'Not runnable yet: its data is not bundled')" }),
    needs: z.array(z.string()).openapi({
      description:
        "Short labels of what a run of it needs, for a catalog card: 'judge model' (a judge set on the run), 'code sandbox' (ASSAY_SANDBOX_URL), " +
        "'agent runner' (an agent target), 'vision model' (a target that reads images), 'service credentials', or a benchmark's own (e.g. 'environment runner'); empty when a model target is enough",
    }),
    builtin: z.boolean().openapi({ description: "Global and owned by nobody; cannot be archived or deleted by a project" }),
    dataset: z.string().nullable().openapi({ description: "The dataset revision, name@version" }),
    split: z.string().nullable(),
    prompt_column: z.string().nullable(),
    prompt_template: z.string().nullable(),
    answer_column: z.string().nullable(),
    scoring: z.record(z.string(), z.unknown()).openapi({ description: "The scorer spec {type, ...}" }),
    few_shot: z.number().int(),
    subsets: z.array(z.string()),
    sample_size: z.number().int().nullable().openapi({ description: "Rows the benchmark draws from: its revision's rows of its split and subsets" }),
    subset_column: z.string().nullable().openapi({ description: "The column giving a row's subset; null: the revision's own subset column" }),
    image_column: z.string().nullable().openapi({ description: "The column whose image is sent with each prompt (an http(s) URL, a data URL, or a file stored with the revision: a ZIP upload's image or a built-in's); null: text only" }),
    archived: z.boolean(),
    archived_at: z.string().nullable(),
    used: z.boolean().openapi({ description: "A run has referenced it, so it can be archived but not deleted" }),
    created_at: z.string(),
    catalog: z
      .record(z.string(), z.unknown())
      .nullable()
      .openapi({ description: "Built-ins: what it measures, how it works, strengths, limitations, when to use, use cases" }),
  })
  .openapi("Benchmark");

const PinnedFileView = z.object({
  path: z.string().openapi({ description: "Where a mirror serves it (ASSAY_DATASET_BASE_URL + '/' + path)" }),
  url: z.string().openapi({ description: "The upstream URL at the pinned commit" }),
  sha256: z.string().nullable().openapi({ description: "Hex sha256 of its bytes; null when the files are pinned as a set (listing_sha256) or by md5" }),
  md5: z.string().nullable().openapi({ description: "Hex md5 of its bytes, where that is the digest its publisher states (VLMEvalKit's tables); null otherwise" }),
  bytes: z.number().int().nullable().openapi({ description: "Its size as published; null when the publisher states none" }),
  format: z.string(),
  member: z
    .object({ name: z.string(), password: z.string().nullable(), sha256: z.string(), bytes: z.number().int(), format: z.string() })
    .nullable()
    .openapi({ description: "For an archive: the member read, the password its publisher gives with it, and the member's own digest" }),
});

export const PinnedSourceView = z
  .object({
    benchmark_id: z.string(),
    dataset: z.string().openapi({ description: "The global revision its data becomes, name@version" }),
    repository: z.string(),
    commit: z.string(),
    license: z.string(),
    files: z.array(PinnedFileView),
    listing_sha256: z
      .string()
      .nullable()
      .openapi({ description: "When set, the files are pinned as a set: sha256 of the lines '<sha256> <path>\\n' of every file, sorted by path" }),
    images: z
      .object({
        column: z.string().openapi({ description: "The data file's field naming each row's image path" }),
        path_prefix: z.string().openapi({ description: "Mirror path of an image: this prefix and its path" }),
        url_prefix: z.string().openapi({ description: "Upstream URL of an image: this prefix and its path" }),
        media_type: z.string(),
        count: z.number().int(),
        bytes: z.number().int(),
        listing_sha256: z.string().openapi({ description: "sha256 of the lines '<sha256> <path>\\n' of every image, sorted by path" }),
      })
      .nullable(),
    git_tree: z
      .object({
        tree: z.string().openapi({ description: "The folder's git tree id at the commit: its listing must rebuild it, and each file hash to the blob id the listing gives" }),
        folder: z.string().openapi({ description: "The folder's path in the repository (empty for its root)" }),
        listing_url: z.string().openapi({ description: "GitHub's recursive listing of the tree" }),
        raw_url_prefix: z.string().openapi({ description: "Upstream URL of a file: this prefix and its path in the folder" }),
        archive_path: z.string().openapi({ description: "Where a mirror serves the folder as one tar archive" }),
        files: z.number().int(),
        bytes: z.number().int(),
      })
      .nullable()
      .openapi({ description: "When set, a whole folder pinned by its git tree id: the data itself when files is empty, else loaded after the files (its origin is in raw_url_prefix)" }),
    notes: z.string(),
  })
  .openapi("PinnedSource");

function pinnedSourceView(id: string, d: PinnedDataset): z.infer<typeof PinnedSourceView> {
  return {
    benchmark_id: id,
    dataset: `${d.name}@${d.version}`,
    repository: d.repository,
    commit: d.commit,
    license: d.license,
    files: d.files.map((f) => ({ path: f.path, url: f.url, sha256: f.sha256 ?? null, md5: f.md5 ?? null, bytes: f.bytes ?? null, format: f.format, member: f.member ?? null })),
    listing_sha256: d.listing_sha256 ?? null,
    images: d.images ?? null,
    git_tree: d.git_tree ?? null,
    notes: d.notes,
  };
}

export function benchmarkView(b: BenchmarkRow): z.infer<typeof BenchmarkView> {
  const options = b.options as Partial<BenchmarkOptions>;
  return {
    id: b.id,
    name: b.name,
    description: b.description,
    category: b.category,
    kind: b.kind,
    ...benchmarkStatus(b),
    builtin: b.projectId === null,
    dataset: b.datasetRef,
    split: b.split,
    prompt_column: b.promptColumn,
    prompt_template: b.promptTemplate,
    answer_column: b.answerColumn,
    scoring: b.scoring,
    few_shot: options.few_shot ?? 0,
    subsets: options.subsets ?? [],
    sample_size: b.sampleSize,
    subset_column: options.subset_column ?? null,
    image_column: imageColumnOf(options),
    archived: b.archivedAt !== null,
    archived_at: b.archivedAt,
    used: b.firstUsedAt !== null,
    created_at: b.createdAt,
    catalog: b.catalog,
  };
}

/**
 * A built-in's status is the catalog's (src/catalog/types.ts); a custom
 * benchmark's data is the project's own upload, so it runs unless it is
 * executed by a runner.
 */
function benchmarkStatus(b: BenchmarkRow): { status: CatalogStatus; status_detail: string; status_summary: string; needs: string[] } {
  const catalog = b.catalog as { status?: unknown; status_detail?: unknown; status_summary?: unknown; needs?: unknown } | null;
  if (catalog && (catalog.status === "runnable" || catalog.status === "needs_runner" || catalog.status === "unavailable")) {
    const status = catalog.status;
    return {
      status,
      status_detail: typeof catalog.status_detail === "string" ? catalog.status_detail : "",
      status_summary: typeof catalog.status_summary === "string" ? catalog.status_summary : statusSummary({ status, sample_size: b.sampleSize, builtin: true }),
      needs: Array.isArray(catalog.needs) ? catalog.needs.filter((n): n is string => typeof n === "string") : needsOf({ kind: b.kind, scoring: b.scoring }),
    };
  }
  const status: CatalogStatus = b.kind === "runner" ? "needs_runner" : "runnable";
  return {
    status,
    status_detail:
      status !== "needs_runner"
        ? "Runs in Assay on the project's own dataset revision."
        : environmentVerifier(b.scoring)
          ? "Attempts run on an environment runner: the deployment's (ASSAY_ENVIRONMENT_RUNNER_URL) for a model target, which its bash harness drives; an agent target's own runner otherwise."
          : "Attempts run on an external runner: start the run with a runner target and a profile.",
    status_summary: statusSummary({ status, sample_size: b.sampleSize, builtin: false }),
    needs: needsOf({ kind: b.kind, scoring: b.scoring, image_column: imageColumnOf(b.options as Partial<BenchmarkOptions>) }),
  };
}

const CreateBenchmark = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    description: z.string().max(2000).default(""),
    dataset: z.string().min(1).max(200).openapi({ description: "A dataset revision of the project, name@version" }),
    split: z.string().min(1).max(100).nullish().openapi({ description: "One of the revision's splits; all rows when absent" }),
    prompt_column: z.string().min(1).max(200).nullish().openapi({ description: "The column holding the prompt; or give prompt_template" }),
    prompt_template: z
      .string()
      .min(1)
      .max(MAX_TEMPLATE_CHARS)
      .nullish()
      .openapi({ description: "Prompt text with {column} placeholders ({{ and }} for literal braces); or give prompt_column" }),
    answer_column: z.string().min(1).max(200).openapi({ description: "The column holding the expected answer" }),
    scoring: CustomScoringSpec.openapi({
      description:
        "contains, exact_match, regex (pattern), numeric (mode strict|flexible), multiple_choice (answer letter; choices from an `options` or `choices` column), llm_judge (criteria) " +
        "or code_execution (language python; test_column, entry_point_column, optional prompt_column and setup_column, harness humaneval|mbpp, timeout_s, memory_mb: " +
        "the reply's code runs with the row's tests in the code sandbox, ASSAY_SANDBOX_URL)",
    }),
    few_shot: z.number().int().min(0).max(MAX_FEW_SHOT).default(0),
    subsets: z.array(z.string().min(1).max(100)).max(100).optional(),
    subset_column: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "The column whose value is a row's subset (default: the revision's subset, subject or category column)" }),
    image_column: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({
        description:
          "A column whose value is an image sent with each prompt: an http(s) URL (passed to the endpoint, which fetches it) or a data URL (data:image/png|jpeg|gif|webp;base64,...) or a revision file {file, sha256, media_type, bytes} the revision stores (what a ZIP upload makes of a cell naming an image in the archive); every row's value is checked (422 naming the rows otherwise). The target must accept images",
      }),
  })
  .openapi("CreateBenchmark");

const flag = z.enum(["true", "false", "1", "0"]);

const ListQuery = PageQuery.extend({
  include_archived: flag.optional().openapi({ description: "Also list archived benchmarks (true/false/1/0)" }),
  category: z.string().min(1).max(100).optional(),
  kind: z.enum(["inline", "runner"]).optional(),
  project_id: z.string().min(1).max(200).optional().openapi({ description: "Accepted for compatibility; must be the key's project" }),
});

export const benchmarksRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/benchmarks",
      operationId: "listBenchmarks",
      tags: ["benchmarks"],
      summary: "The catalog: built-ins and the project's custom benchmarks, newest id first",
      request: { query: ListQuery },
      responses: { 200: json(pageSchema(BenchmarkView), "A page of benchmarks"), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const projectId = c.var.auth.projectId;
      if (q.project_id !== undefined && q.project_id !== projectId) throw new AppError("not_found", `no project ${q.project_id}`);
      const rows = await listBenchmarks(c.var.db, projectId, {
        includeArchived: q.include_archived === "true" || q.include_archived === "1",
        category: q.category,
        kind: q.kind,
        after: decodeCursor(q.cursor),
        limit: q.limit,
      });
      const page = pageOf(rows, q.limit, (b) => b.id);
      return c.json({ items: page.items.map(benchmarkView), next_cursor: page.next_cursor }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/benchmarks/{id}",
      operationId: "getBenchmark",
      tags: ["benchmarks"],
      summary: "One benchmark (own or built-in), archived or not",
      request: { params: IdParam },
      responses: { 200: json(BenchmarkView, "The benchmark"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const b = await getVisibleBenchmark(c.var.db, c.var.auth.projectId, id);
      if (!b) throw new AppError("not_found", `no benchmark ${id}`);
      return c.json(benchmarkView(b), 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/benchmarks/{id}/source",
      operationId: "getBenchmarkSource",
      tags: ["benchmarks"],
      summary: "A built-in's pinned data: every file with its upstream URL, mirror path and digest (what `assay data pull` fetches)",
      description:
        "Only built-ins whose data Assay loads have one (404 otherwise). A mirror serves each file under its `path`; " +
        "ASSAY_DATASET_BASE_URL pointed at the mirror makes a deployment load from it instead of upstream.",
      request: { params: IdParam },
      responses: { 200: json(PinnedSourceView, "The pinned source"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const b = await getVisibleBenchmark(c.var.db, c.var.auth.projectId, id);
      const pinned = b && b.projectId === null ? pinnedSourceOf(b.id) : undefined;
      if (!b) throw new AppError("not_found", `no benchmark ${id}`);
      if (!pinned) throw new AppError("not_found", `${id} has no pinned source: only built-ins whose data Assay loads have one`);
      return c.json(pinnedSourceView(b.id, pinned.data), 200);
    },
  )
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/benchmarks",
      operationId: "createBenchmark",
      tags: ["benchmarks"],
      summary: "Create a custom benchmark over one of the project's dataset revisions",
      description:
        "Columns and split are checked against the revision. The sample size is the revision's row count. " +
        "Names are unique within the project (case-insensitive, archived ones included): a duplicate is 409.",
      request: { body: jsonBody(CreateBenchmark) },
      responses: { 201: json(BenchmarkView, "The benchmark"), ...errorResponses, ...conflict },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const input = { ...body, split: body.split ?? undefined, prompt_column: body.prompt_column ?? undefined, prompt_template: body.prompt_template ?? undefined };
      return c.json(benchmarkView(await createBenchmark(scopeOf(c), c.env.ARTIFACTS, input)), 201);
    },
  )
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/benchmarks/{id}/archive",
      operationId: "archiveBenchmark",
      tags: ["benchmarks"],
      summary: "Hide a custom benchmark from the catalog; past runs keep working (idempotent)",
      request: { params: IdParam },
      responses: { 200: json(BenchmarkView, "The archived benchmark"), ...errorResponses },
    }),
    async (c) => c.json(benchmarkView(await setArchived(scopeOf(c), c.req.valid("param").id, true)), 200),
  )
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/benchmarks/{id}/restore",
      operationId: "restoreBenchmark",
      tags: ["benchmarks"],
      summary: "Bring an archived custom benchmark back into the catalog (idempotent)",
      request: { params: IdParam },
      responses: { 200: json(BenchmarkView, "The restored benchmark"), ...errorResponses },
    }),
    async (c) => c.json(benchmarkView(await setArchived(scopeOf(c), c.req.valid("param").id, false)), 200),
  )
  .openapi(
    defineRoute({
      method: "delete",
      path: "/api/benchmarks/{id}",
      operationId: "deleteBenchmark",
      tags: ["benchmarks"],
      summary: "Delete a custom benchmark no run has used; once used, archive it instead (409)",
      request: { params: IdParam },
      responses: { 204: { description: "Deleted" }, ...errorResponses, ...conflict },
    }),
    async (c) => {
      await deleteBenchmark(scopeOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
