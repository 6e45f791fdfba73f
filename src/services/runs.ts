/**
 * Eval run operations, as every entry calls them (the eval-runs routes,
 * re-score, triggers, imports): create a draft (idempotent by request_id),
 * edit it, copy it, delete it, start it and stop it, with the checks that
 * need storage (benchmarks visible and usable, profiles and outputs
 * revisions present) and the plan's. Bad input is a 422 naming the field
 * before anything is written. I/O: D1 through src/db; execution through
 * the RunControl port, which the edge wires from its bindings.
 */
import { newId } from "../crypto/ids";
import { countByStatus, endedTotals } from "../db/attempts";
import { findVisibleBenchmarks, findVisibleBenchmarksByRef } from "../db/benchmarks";
import { findRevisionByRef } from "../db/datasets";
import { deleteRun as deleteRunRow, findRunByRequestId, getRun, insertDraft, runConfig, updateDraft, type NewRun } from "../db/eval-runs";
import { findProfileByRef } from "../db/profiles";
import { listRunBenchmarks } from "../db/run-benchmarks";
import type { EvalRunRow } from "../db/schema";
import { batchErrors } from "../domain/batch-eligibility";
import { resolveBenchmarkRefs } from "../domain/benchmark-refs";
import { AppError, type FieldError } from "../domain/errors";
import { outputsColumnErrors } from "../domain/recorded-outputs";
import { differingFields, requestDigest, type RequestDigest } from "../domain/request-digest";
import { budgetErrors } from "../domain/run-budget";
import { applyPatch, benchmarkErrors, configForCopy, releaseWindowErrors, configFromCreate, type CreateRunBody, type PatchRunBody, type RunConfig } from "../domain/run-config";
import type { RunOptions } from "../domain/run-options";
import { assertCan, refusal } from "../domain/run-state";
import type { StoredJudge, StoredTarget } from "../domain/run-target";
import { validationDetail } from "../domain/validation-issues";
import { mcModeErrors, usesLoglikelihood } from "../execution/loglikelihood-request";
import type { LifecycleDeps } from "../lifecycle/deps";
import { queueResume, resumeRun as markResumed, startRun as queueStart, stopRun as queueStop } from "../lifecycle/run-transitions";
import { describeProblems } from "../config/worker-config";
import { howToProvide, type SandboxKind, type SandboxState } from "../config/sandboxes";
import { ScoringSpec } from "../scorers/spec";
import { needsSandbox } from "../scorers/registry";
import { environmentVerifier } from "../environments/verifiers";
import { userSimulatorErrors } from "../domain/user-simulator";
import { requirePlan, type ProjectScope } from "./project";

/** A project's storage and the key material that seals its runs' keys. */
export interface RunScope extends ProjectScope {
  secretKey: string;
}

/** What starting and stopping a run does beyond D1, wired by the edge from its bindings. */
export interface RunControl {
  lifecycle: LifecycleDeps;
  /** Runs between draft → queued and the planning step: records where agent runners call back. */
  beforePlanning(runId: string): Promise<unknown>;
  /** After a stop: ends the run's live attempts at once (their slots come back). */
  endLive(runId: string): Promise<unknown>;
  /** Re-sends an active run's work when it was lost (the stack restarted under it); true when it was. */
  recoverIfLost(run: EvalRunRow): Promise<boolean>;
  /** How this deployment provides a sandbox (src/config/sandboxes.ts). */
  sandbox(kind: SandboxKind): SandboxState;
}

/** The run, or 404: another project's run is absent. */
export async function loadRun(scope: ProjectScope, id: string): Promise<EvalRunRow> {
  const run = await getRun(scope.db, scope.projectId, id);
  if (!run) throw new AppError("not_found", `no eval run ${id}`);
  return run;
}

/** The 422 listing every field error of a body. */
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
  scope: ProjectScope,
  body: T,
): Promise<{ value: T; errors: FieldError[] }> {
  const perBenchmark = body.options?.per_benchmark ?? {};
  const refs = [...(body.benchmarks ?? []), ...Object.keys(perBenchmark)];
  if (refs.every((r) => r.startsWith("bm_"))) return { value: body, errors: [] };
  const visible = await findVisibleBenchmarksByRef(scope.db, scope.projectId, refs);
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
export function unlessNamed(first: FieldError[], errors: FieldError[]): FieldError[] {
  const named = new Set(first.map((e) => e.field));
  return errors.filter((e) => !named.has(e.field));
}

/**
 * The checks that need storage: benchmarks visible and usable, agent
 * profiles present, outputs revisions present with their columns. `given`
 * is the benchmark list as sent (for indices), `keep` the ids the run
 * already had, `slots` the targets the request set.
 */
async function storageErrors(
  scope: ProjectScope,
  config: RunConfig,
  given: readonly string[] | undefined,
  keep: readonly string[],
  slots: readonly ("target" | "compare_target")[],
): Promise<FieldError[]> {
  const { db, projectId } = scope;
  const errors: FieldError[] = [];
  const found = await findVisibleBenchmarks(db, projectId, config.benchmarks);
  if (given) errors.push(...benchmarkErrors(given, found, keep));
  // Simulated users (τ²): a user model with its key where one is needed, and only the benchmark's domains.
  errors.push(...userSimulatorErrors(config, found));
  // A release window needs a benchmark whose tasks are dated.
  if (Object.values(config.options.per_benchmark).some((p) => p.release_window)) errors.push(...releaseWindowErrors(config.options, found));
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

const targetSlots = (config: RunConfig) => (["target", "compare_target"] as const).filter((s) => config[s] !== null);

/**
 * A new draft from a create body (benchmarks by id or name); `replayed`
 * when its request_id matched an earlier run with the same body (which is
 * returned whatever the plan says now). 402 without evaluations in the plan.
 */
export async function createRun(scope: RunScope, body: CreateRunBody, at = new Date().toISOString()): Promise<{ run: EvalRunRow; replayed: boolean }> {
  const { db, projectId, secretKey } = scope;
  const resolved = await withBenchmarkIds(scope, body);
  const digest = await requestDigest(secretKey, resolved.value, ["request_id"]);
  const requestId = resolved.value.request_id;
  if (requestId) {
    const existing = await findRunByRequestId(db, projectId, requestId);
    if (existing) {
      assertSameBody(existing, digest);
      return { run: existing, replayed: true };
    }
  }
  await requirePlan(scope, false);
  const { config, errors } = configFromCreate(resolved.value);
  errors.unshift(...resolved.errors, ...unlessNamed(resolved.errors, await storageErrors(scope, config, resolved.value.benchmarks, [], targetSlots(config))));
  if (errors.length) refuse(errors);
  const ids = { id: newId("run"), projectId, requestId: requestId ?? null, requestDigest: requestId ? digest : null, copiedFrom: null };
  const made = await insertDraft(db, secretKey, ids, config, at);
  if (made.replayed) assertSameBody(made.run, digest);
  return made;
}

/** A draft's configuration patched (409 once queued): a given target replaces the old one; options merge by top-level key. */
export async function updateRun(scope: RunScope, id: string, body: PatchRunBody): Promise<EvalRunRow> {
  const resolved = await withBenchmarkIds(scope, body);
  const patch = resolved.value;
  const run = await loadRun(scope, id);
  assertCan("edit", run.status);
  const { config, errors } = applyPatch(await runConfig(run, scope.secretKey), patch);
  const slots = (["target", "compare_target"] as const).filter((s) => patch[s]);
  errors.unshift(...resolved.errors, ...unlessNamed(resolved.errors, await storageErrors(scope, config, patch.benchmarks, run.benchmarkIds, slots)));
  if (errors.length) refuse(errors);
  const updated = await updateDraft(scope.db, scope.secretKey, run, config, new Date().toISOString());
  // A start won the race between our read and our write.
  if (!updated) throw refusal("edit", (await loadRun(scope, run.id)).status);
  return updated;
}

/** Deletes a draft or finished run (409 while queued or running). */
export async function deleteRun(scope: ProjectScope, id: string): Promise<void> {
  const run = await loadRun(scope, id);
  assertCan("delete", run.status);
  if (!(await deleteRunRow(scope.db, run))) throw refusal("delete", (await loadRun(scope, run.id)).status);
}

/** A new draft with `id`'s configuration and no key. */
export async function copyRun(scope: RunScope, id: string): Promise<EvalRunRow> {
  const source = await loadRun(scope, id);
  await requirePlan(scope, false);
  const ids = { id: newId("run"), projectId: scope.projectId, requestId: null, copiedFrom: source.id };
  return (await insertDraft(scope.db, scope.secretKey, ids, configForCopy(await runConfig(source)), new Date().toISOString())).run;
}

/** A draft inserted as given (a re-score, a trigger's run): the caller has checked its configuration. */
export async function insertRun(scope: RunScope, ids: Omit<NewRun, "projectId">, config: RunConfig, at: string): Promise<{ run: EvalRunRow; replayed: boolean }> {
  return insertDraft(scope.db, scope.secretKey, { ...ids, projectId: scope.projectId }, config, at);
}

/**
 * The sandboxes a run's benchmarks need, each with the benchmarks (by
 * position) that need it: the code sandbox for a scorer that executes code
 * (a re-score's spec replaces every benchmark's); the environment runner
 * for a benchmark whose verifier needs its task's environment
 * (src/environments/verifiers.ts) when the run's target is a model (an
 * agent target's own runner runs its environments).
 */
export async function sandboxesNeeded(scope: ProjectScope, run: EvalRunRow): Promise<Map<SandboxKind, { index: number; name: string }[]>> {
  const found = await findVisibleBenchmarks(scope.db, scope.projectId, run.benchmarkIds);
  const rescore = run.rescoreScoring ? ScoringSpec.safeParse(run.rescoreScoring) : null;
  const modelTarget = (run.target as StoredTarget).kind === "model";
  const needs = new Map<SandboxKind, { index: number; name: string }[]>();
  const add = (kind: SandboxKind, index: number, name: string) => needs.set(kind, [...(needs.get(kind) ?? []), { index, name }]);
  run.benchmarkIds.forEach((id, index) => {
    const bm = found.find((b) => b.id === id);
    if (bm && !rescore && modelTarget && environmentVerifier(bm.scoring)) return add("environment", index, bm.name);
    const spec = rescore?.success ? rescore.data : bm && ScoringSpec.safeParse(bm.scoring).data;
    if (bm && spec && needsSandbox(spec)) add("code", index, bm.name);
  });
  return needs;
}

/** Why a run cannot get `kind` from a deployment without it, for the benchmark named. */
function withoutSandbox(kind: SandboxKind, name: string): string {
  if (kind === "environment") return `${name} runs each task in its own environment on an environment runner, and this deployment has none: ${howToProvide(kind)}; or give the run an agent target whose runner runs environments`;
  return `${name} is scored by running code in a ${kind} sandbox, and this deployment has none: ${howToProvide(kind)}`;
}

/**
 * Refuses a start the deployment cannot score: a 422 naming each benchmark
 * that needs a sandbox this deployment has none of, or a 503 naming the
 * setting when the sandbox's configuration is half set. A model target's
 * environment benchmarks go to the environment runner and the others are
 * called here, so they cannot share a run (422 naming them). Runs before
 * anything is queued, so no model is called.
 */
async function refuseWithoutSandboxes(scope: ProjectScope, control: RunControl, run: EvalRunRow): Promise<void> {
  const errors: FieldError[] = [];
  const needs = await sandboxesNeeded(scope, run);
  for (const [kind, benchmarks] of needs) {
    const state = control.sandbox(kind);
    if (state.state === "misconfigured") {
      throw new AppError(
        "misconfigured",
        `this run needs the ${kind} sandbox and this deployment's settings for it are wrong: ${describeProblems(state.problems)}`,
        state.problems.map((p) => ({ field: p.variable, message: p.rule })),
      );
    }
    if (state.state === "none") for (const b of benchmarks) errors.push({ field: `benchmarks.${b.index}`, message: withoutSandbox(kind, b.name) });
  }
  const inEnvironment = new Set((needs.get("environment") ?? []).map((b) => b.index));
  if (inEnvironment.size && inEnvironment.size < run.benchmarkIds.length) {
    const names = (needs.get("environment") ?? []).map((b) => b.name).join(", ");
    run.benchmarkIds.forEach((_, index) => {
      if (!inEnvironment.has(index)) errors.push({ field: `benchmarks.${index}`, message: `cannot share a run with ${names}, which run on the environment runner: start them as runs of their own` });
    });
  }
  if (errors.length) throw new AppError("validation_failed", `this run cannot be scored here: ${errors.map((e) => e.message).join("; ")}`, errors);
}

/**
 * Starts a draft (draft → queued, its planning queued): 409 unless it is a
 * draft, 422 for a cost limit nothing can count or a sandbox the deployment
 * lacks, 503 for a sandbox configured by half, 402 without evaluations or
 * credits. `at` defaults to the clock.
 */
export async function startRun(scope: ProjectScope, control: RunControl, run: EvalRunRow, at?: string): Promise<EvalRunRow> {
  assertCan("start", run.status);
  // A cost limit with no price to count it by would never stop the run: refused here too, naming the setting.
  const options = run.options as RunOptions;
  const budget = budgetErrors(options.budget, [run.target as StoredTarget, run.compareTarget as StoredTarget | null], options.batch);
  if (budget.length) refuse(budget);
  // A run that cannot play its users (a copy has no keys; a draft may predate the check) is refused before anything is queued.
  const simulated = userSimulatorErrors(
    { benchmarks: run.benchmarkIds, options, target: run.target as StoredTarget, judge: (run.judge as StoredJudge | null) ?? null },
    await findVisibleBenchmarks(scope.db, scope.projectId, run.benchmarkIds),
  );
  if (simulated.length) refuse(simulated);
  await refuseWithoutSandboxes(scope, control, run);
  await requirePlan(scope, true);
  const queued = await queueStart(control.lifecycle, run, () => control.beforePlanning(run.id), at);
  if (!queued) throw refusal("start", (await loadRun(scope, run.id)).status);
  return queued;
}

/** Stops a queued or running run; a cancelled one is returned unchanged; a lost race reports the status reached (409 unless cancelled). */
export async function stopRun(scope: ProjectScope, control: RunControl, id: string): Promise<EvalRunRow> {
  const run = await loadRun(scope, id);
  assertCan("stop", run.status);
  if (run.status === "cancelled") return run;
  // Running agent attempts end at once: their slots come back and the live set empties.
  const stopped = await queueStop(control.lifecycle, run, () => control.endLive(run.id));
  const now = stopped ?? (await loadRun(scope, run.id));
  assertCan("stop", now.status);
  return now;
}

/**
 * Resumes a stopped or finished run: only attempts without a reward run
 * again (409 when every attempt has one). A run stuck after a restart (its
 * queued work died with the stack) is recovered instead of refused, and
 * keeps its status.
 */
export async function resumeRun(scope: ProjectScope, control: RunControl, id: string): Promise<{ id: string; status: string }> {
  const run = await loadRun(scope, id);
  if ((run.status === "running" || run.status === "queued") && (await control.recoverIfLost(run))) return { id: run.id, status: run.status };
  assertCan("resume", run.status);
  await requirePlan(scope, true);
  const { DB } = control.lifecycle;
  const [counts, rbs] = await Promise.all([countByStatus(DB, run.id), listRunBenchmarks(scope.db, run.id)]);
  const { rewarded } = endedTotals(counts);
  const planned = rbs.length === run.benchmarkIds.length && rbs.every((rb) => rb.attemptCount !== null && rb.plannedCount >= rb.attemptCount);
  const expected = rbs.reduce((n, rb) => n + (rb.attemptCount ?? 0), 0);
  if (planned && rewarded >= expected) throw new AppError("conflict", "every attempt of this run has a reward: there is nothing to resume");
  if (!(await markResumed(control.lifecycle, run.id))) throw new AppError("conflict", "the run changed status meanwhile; read it and try again");
  await control.beforePlanning(run.id);
  await queueResume(control.lifecycle, run.id);
  return { id: run.id, status: "queued" };
}
