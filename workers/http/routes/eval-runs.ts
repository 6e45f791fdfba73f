/**
 * Eval runs: create a draft (idempotent by request_id), list, read, edit
 * while a draft, delete, copy without keys, start (draft → queued) and stop.
 * Plan and credits gate create and start (402). Keys are sealed on write and
 * only ever shown as {set: true}.
 */
import { validationDetail } from "../../../src/domain/validation-issues";
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { newId } from "../../../src/crypto/ids";
import { findVisibleBenchmarks, findVisibleBenchmarksByRef } from "../../../src/db/benchmarks";
import { resolveBenchmarkRefs } from "../../../src/domain/benchmark-refs";
import { differingFields, requestDigest, type RequestDigest } from "../../../src/domain/request-digest";
import {
  deleteRun,
  findRunByRequestId,
  getRun,
  insertDraft,
  listRuns,
  runConfig,
  updateDraft,
} from "../../../src/db/eval-runs";
import { findProfileByRef } from "../../../src/db/profiles";
import { findRevisionByRef } from "../../../src/db/datasets";
import { outputsColumnErrors } from "../../../src/domain/recorded-outputs";
import { batchErrors } from "../../../src/domain/batch-eligibility";
import { mcModeErrors, usesLoglikelihood } from "../../../src/execution/loglikelihood-request";
import { getProject } from "../../../src/db/projects";
import type { EvalRunRow } from "../../../src/db/schema";
import { AppError, type FieldError } from "../../../src/domain/errors";
import { decodeCursor, pageOf } from "../../../src/domain/paging";
import {
  applyPatch,
  benchmarkErrors,
  configForCopy,
  configFromCreate,
  CreateRunBody,
  PatchRunBody,
  type RunConfig,
} from "../../../src/domain/run-config";
import { assertCan, refusal, RUN_STATUSES } from "../../../src/domain/run-state";
import { budgetErrors } from "../../../src/domain/run-budget";
import type { RunOptions } from "../../../src/domain/run-options";
import type { StoredTarget } from "../../../src/domain/run-target";
import { startDraft, stopActive } from "../run-control";
import { EvalRunView, runView } from "./eval-run-view";
import { defineRoute, newRouter, type AppEnv } from "../router";
import { conflict, errorResponses, idempotencyConflict, IdParam, json, jsonBody, PageQuery, pageOf as pageSchema, paymentRequired } from "../schemas";

const ListQuery = PageQuery.extend({
  status: z.enum(RUN_STATUSES).optional(),
  benchmark_id: z.string().min(1).max(200).optional().openapi({ description: "Only runs that include this benchmark" }),
});

type Ctx = Context<AppEnv>;

export async function loadRun(c: Ctx, id: string): Promise<EvalRunRow> {
  const run = await getRun(c.var.db, c.var.auth.projectId, id);
  if (!run) throw new AppError("not_found", `no eval run ${id}`);
  return run;
}

/** 402 unless the project's plan includes evaluations (and, to start, credits remain). */
export async function requirePlan(c: Ctx, needCredits: boolean): Promise<void> {
  const project = await getProject(c.var.db, c.var.auth.projectId);
  if (!project) throw new AppError("not_found", "project not found");
  if (!project.evaluationsEnabled) {
    throw new AppError("payment_required", "this project's plan does not include evaluations");
  }
  if (needCredits && project.credits <= 0) {
    throw new AppError("payment_required", "this project has no ML-compute credits left");
  }
}

/**
 * The checks that need storage: benchmarks visible and usable, agent
 * profiles present. `given` is the benchmark list as sent (for indices),
 * `keep` the ids the run already had, `slots` the targets the request set.
 */
async function storageErrors(
  c: Ctx,
  config: RunConfig,
  given: readonly string[] | undefined,
  keep: readonly string[],
  slots: ("target" | "compare_target")[],
): Promise<FieldError[]> {
  const { db } = c.var;
  const { projectId } = c.var.auth;
  const errors: FieldError[] = [];
  if (given) errors.push(...benchmarkErrors(given, await findVisibleBenchmarks(db, projectId, config.benchmarks), keep));
  // Log-likelihood mode: only for multiple-choice benchmarks and targets with a completions endpoint.
  if (usesLoglikelihood(config.options)) {
    errors.push(...mcModeErrors(config.options, await findVisibleBenchmarks(db, projectId, config.benchmarks), [["target", config.target], ["compare_target", config.compare_target]]));
  }
  // Batch APIs: model targets with single-turn text prompts only (src/domain/batch-eligibility.ts).
  if (config.options.batch) errors.push(...batchErrors(config, await findVisibleBenchmarks(db, projectId, config.benchmarks)));
  for (const slot of slots) {
    const t = config[slot];
    if (t?.kind === "agent" && !(await findProfileByRef(db, projectId, t.profile))) {
      errors.push({ field: `${slot}.profile`, message: "no such profile in this project" });
    }
    if (t?.kind === "outputs") {
      const rev = await findRevisionByRef(db, projectId, t.dataset);
      if (!rev) errors.push({ field: `${slot}.dataset`, message: `no dataset revision ${t.dataset} in this project or the built-ins: upload the outputs through /api/datasets first` });
      else errors.push(...outputsColumnErrors(slot, t, rev.columns.map((col) => col.name)));
    }
  }
  return errors;
}

export function refuse(errors: FieldError[]): never {
  throw new AppError("validation_failed", validationDetail("body", errors), errors);
}

/**
 * A body whose benchmark references (in `benchmarks` and the keys of
 * `options.per_benchmark`) are ids: names are resolved within the project
 * and the built-ins, as the CLI does. Ambiguous names are errors; unknown
 * ones are kept for the "no such benchmark" check.
 */
export async function withBenchmarkIds<T extends { benchmarks?: string[]; options?: { per_benchmark?: Record<string, unknown> | null } | null }>(
  c: Ctx,
  body: T,
): Promise<{ value: T; errors: FieldError[] }> {
  const perBenchmark = body.options?.per_benchmark ?? {};
  const refs = [...(body.benchmarks ?? []), ...Object.keys(perBenchmark)];
  if (refs.every((r) => r.startsWith("bm_"))) return { value: body, errors: [] };
  const visible = await findVisibleBenchmarksByRef(c.var.db, c.var.auth.projectId, refs);
  const value = { ...body };
  const errors: FieldError[] = [];
  if (body.benchmarks) {
    const r = resolveBenchmarkRefs(body.benchmarks, visible, (i) => `benchmarks.${i}`);
    value.benchmarks = r.ids;
    errors.push(...r.errors);
  }
  if (body.options?.per_benchmark) {
    const keys = Object.keys(perBenchmark);
    const r = resolveBenchmarkRefs(keys, visible, (_, ref) => `options.per_benchmark.${ref}`);
    errors.push(...r.errors);
    value.options = { ...body.options, per_benchmark: Object.fromEntries(keys.map((k, i) => [r.ids[i]!, perBenchmark[k]])) } as T["options"];
  }
  return { value, errors };
}

/** `errors` less those on a field `first` already names (an ambiguous name is not also "unknown"). */
function unlessNamed(first: FieldError[], errors: FieldError[]): FieldError[] {
  const named = new Set(first.map((e) => e.field));
  return errors.filter((e) => !named.has(e.field));
}

/**
 * A create whose request_id an earlier request used replays that run only
 * with the same body; another body is 409 naming the fields that differ.
 * Runs made before bodies were remembered are replayed as before.
 */
function assertSameBody(run: EvalRunRow, digest: RequestDigest): void {
  const differ = run.requestDigest ? differingFields(run.requestDigest, digest) : [];
  if (differ.length) {
    throw new AppError(
      "idempotency_key_reused",
      `request_id '${run.requestId}' was used for run ${run.id} with a different body (differing: ${differ.join(", ")}); ` +
        "send the same body to get that run again, or use a new request_id",
      differ.map((field) => ({ field, message: "differs from the request that created the run" })),
    );
  }
}

const tags = ["eval-runs"];
const ReplayedHeader = {
  "Idempotent-Replayed": { schema: { type: "string" as const }, description: "true when request_id matched an existing run" },
};

export const evalRunsRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/eval-runs",
      operationId: "createEvalRun",
      tags,
      summary: "Create a draft run; the same request_id returns the same run",
      request: { body: jsonBody(CreateRunBody.openapi("CreateEvalRun")) },
      responses: {
        201: json(EvalRunView, "The new draft"),
        200: { ...json(EvalRunView, "The run an earlier request with this request_id created"), headers: ReplayedHeader },
        ...paymentRequired,
        ...errorResponses,
        ...idempotencyConflict,
      },
    }),
    async (c) => {
      const { db, config: env } = c.var;
      const { projectId } = c.var.auth;
      const body = await withBenchmarkIds(c, c.req.valid("json"));
      const digest = await requestDigest(env.secretKey, body.value, ["request_id"]);
      // A replay answers with what the first request made, whatever the plan says now.
      if (body.value.request_id) {
        const existing = await findRunByRequestId(db, projectId, body.value.request_id);
        if (existing) {
          assertSameBody(existing, digest);
          c.header("Idempotent-Replayed", "true");
          return c.json(runView(existing), 200);
        }
      }
      await requirePlan(c, false);
      const { config, errors } = configFromCreate(body.value);
      const slots = (["target", "compare_target"] as const).filter((s) => config[s] !== null);
      errors.unshift(...body.errors, ...unlessNamed(body.errors, await storageErrors(c, config, body.value.benchmarks, [], slots)));
      if (errors.length) refuse(errors);
      const ids = { id: newId("run"), projectId, requestId: body.value.request_id ?? null, requestDigest: body.value.request_id ? digest : null, copiedFrom: null };
      const { run, replayed } = await insertDraft(db, env.secretKey, ids, config, new Date().toISOString());
      if (replayed) {
        assertSameBody(run, digest);
        c.header("Idempotent-Replayed", "true");
        return c.json(runView(run), 200);
      }
      return c.json(runView(run), 201);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/eval-runs",
      operationId: "listEvalRuns",
      tags,
      summary: "List runs, newest first, optionally by status",
      request: { query: ListQuery },
      responses: { 200: json(pageSchema(EvalRunView), "A page of runs"), ...errorResponses },
    }),
    async (c) => {
      const { cursor, limit, status, benchmark_id } = c.req.valid("query");
      const rows = await listRuns(c.var.db, c.var.auth.projectId, { after: decodeCursor(cursor), limit, status, benchmarkId: benchmark_id });
      const page = pageOf(rows, limit, (r) => r.id);
      return c.json({ items: page.items.map(runView), next_cursor: page.next_cursor }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/eval-runs/{id}",
      operationId: "getEvalRun",
      tags,
      summary: "A run's configuration and status",
      request: { params: IdParam },
      responses: { 200: json(EvalRunView, "The run"), ...errorResponses },
    }),
    async (c) => c.json(runView(await loadRun(c, c.req.valid("param").id)), 200),
  )
  .openapi(
    defineRoute({
      method: "patch",
      path: "/api/eval-runs/{id}",
      operationId: "updateEvalRun",
      tags,
      summary: "Edit a draft (409 once queued): a given target replaces the old one; options merge by top-level key",
      request: { params: IdParam, body: jsonBody(PatchRunBody.openapi("PatchEvalRun")) },
      responses: { 200: json(EvalRunView, "The edited draft"), ...conflict, ...errorResponses },
    }),
    async (c) => {
      const { db, config: env } = c.var;
      const resolved = await withBenchmarkIds(c, c.req.valid("json"));
      const patch = resolved.value;
      const run = await loadRun(c, c.req.valid("param").id);
      assertCan("edit", run.status);
      const { config, errors } = applyPatch(await runConfig(run, env.secretKey), patch);
      const slots = (["target", "compare_target"] as const).filter((s) => patch[s]);
      errors.unshift(...resolved.errors, ...unlessNamed(resolved.errors, await storageErrors(c, config, patch.benchmarks, run.benchmarkIds, slots)));
      if (errors.length) refuse(errors);
      const updated = await updateDraft(db, env.secretKey, run, config, new Date().toISOString());
      // A start won the race between our read and our write.
      if (!updated) throw refusal("edit", (await loadRun(c, run.id)).status);
      return c.json(runView(updated), 200);
    },
  )
  .openapi(
    defineRoute({
      method: "delete",
      path: "/api/eval-runs/{id}",
      operationId: "deleteEvalRun",
      tags,
      summary: "Delete a draft or finished run (409 while queued or running: stop it first)",
      request: { params: IdParam },
      responses: { 204: { description: "Deleted" }, ...conflict, ...errorResponses },
    }),
    async (c) => {
      const run = await loadRun(c, c.req.valid("param").id);
      assertCan("delete", run.status);
      if (!(await deleteRun(c.var.db, run))) throw refusal("delete", (await loadRun(c, run.id)).status);
      return c.body(null, 204);
    },
  )
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/eval-runs/{id}/copy",
      operationId: "copyEvalRun",
      tags,
      summary: "Copy a run's configuration into a new draft, without any key",
      request: { params: IdParam },
      responses: { 201: json(EvalRunView, "The new draft"), ...paymentRequired, ...errorResponses },
    }),
    async (c) => {
      const { db, config: env } = c.var;
      const source = await loadRun(c, c.req.valid("param").id);
      await requirePlan(c, false);
      const ids = { id: newId("run"), projectId: c.var.auth.projectId, requestId: null, copiedFrom: source.id };
      const { run } = await insertDraft(db, env.secretKey, ids, configForCopy(await runConfig(source)), new Date().toISOString());
      return c.json(runView(run), 201);
    },
  )
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/eval-runs/{id}/start",
      operationId: "startEvalRun",
      tags,
      summary: "Start a draft: it is queued for execution (402 without evaluations or credits)",
      request: { params: IdParam },
      responses: { 202: json(EvalRunView, "The queued run"), ...paymentRequired, ...conflict, ...errorResponses },
    }),
    async (c) => {
      const run = await loadRun(c, c.req.valid("param").id);
      assertCan("start", run.status);
      // A cost limit with no price to count it by would never stop the run: refused here too, naming the setting.
      const options = run.options as RunOptions;
      const budget = budgetErrors(options.budget, [run.target as StoredTarget, run.compareTarget as StoredTarget | null], options.batch);
      if (budget.length) refuse(budget);
      await requirePlan(c, true);
      const queued = await startDraft(c.env, run, new URL(c.req.url).origin);
      if (!queued) throw refusal("start", (await loadRun(c, run.id)).status);
      return c.json(runView(queued), 202);
    },
  )
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/eval-runs/{id}/stop",
      operationId: "stopEvalRun",
      tags,
      summary: "Stop a queued or running run; stopping a cancelled run changes nothing",
      request: { params: IdParam },
      responses: { 200: json(EvalRunView, "The cancelled run"), ...conflict, ...errorResponses },
    }),
    async (c) => {
      const run = await loadRun(c, c.req.valid("param").id);
      assertCan("stop", run.status);
      if (run.status === "cancelled") return c.json(runView(run), 200);
      const stopped = await stopActive(c.env, run);
      // Lost a race: report the status it reached instead (cancelled is fine, the rest 409).
      const now = stopped ?? (await loadRun(c, run.id));
      assertCan("stop", now.status);
      return c.json(runView(now), 200);
    },
  );
