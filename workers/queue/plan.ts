/**
 * Planning a started run, in bounded steps: each step prepares benchmarks
 * (select members, pick few-shot rows, write the plan to R2) and enqueues
 * up to PLAN_STEP attempts (no D1 row until an attempt ends), then
 * re-enqueues itself. So a run of
 * 100,000 attempts never asks one invocation for more than a few thousand
 * rows and messages. A benchmark that cannot run is marked failed with its
 * error and never produces attempts, so it can never be scored 0.
 */
import { getBenchmarks } from "../../src/db/benchmarks";
import { openDb, type Db } from "../../src/db/client";
import { findRevisionByRef, getRevisions } from "../../src/db/datasets";
import { getRunById } from "../../src/db/eval-runs";
import { ensureRunBenchmarks, updateRunBenchmark } from "../../src/db/run-benchmarks";
import { appendLogs } from "../../src/db/run-logs";
import type { EvalRunRow, RunBenchmarkRow } from "../../src/db/schema";
import { armCompletion, beginRun } from "../../src/lifecycle/run-transitions";
import type { RunOptions } from "../../src/domain/run-options";
import { selectTasks, type TaskRef } from "../../src/domain/selection";
import type { QueueMessage } from "../../src/domain/queue-messages";
import type { BenchmarkOptions } from "../../src/domain/benchmark";
import { dateOf, subsetOf } from "../../src/datasets/row-selection";
import { attemptsFor, fewShotCount, pickFewShot, selectionFor, type BenchmarkDefaults } from "../../src/execution/benchmark-plan";
import type { PlanMember } from "../../src/execution/plan-layout";
import { loglikelihoodScoring, mcModeFor } from "../../src/execution/loglikelihood-request";
import { needsJudge } from "../../src/scorers/registry";
import { environmentVerifier } from "../../src/environments/verifiers";
import { ScoringSpec } from "../../src/scorers/spec";
import { rowChunks } from "../../src/storage/dataset-rows";
import { writePlan } from "../../src/storage/run-plans";
import { BuiltinDataError, ensureBuiltinRevision } from "../catalog/ensure-data";
import type { QueuePorts } from "./ports";
import { hasOutputsTarget, planRecordedOutputs, planRescore, type Refusal } from "./recorded-plan";

/** Attempts written and enqueued per planning step. */
export const PLAN_STEP = 2_000;

class CannotRun extends Error {}

function refusedOr<T extends object>(r: T | Refusal): T {
  if ("cannot" in r) throw new CannotRun(r.cannot);
  return r;
}

/** Selects a benchmark's members and records its layout; throws CannotRun with a reason a user can act on. */
async function prepare(env: QueuePorts, db: Db, run: EvalRunRow, rb: RunBenchmarkRow, base: number): Promise<Partial<RunBenchmarkRow>> {
  const [bm] = await getBenchmarks(db, [rb.benchmarkId]);
  if (!bm) throw new CannotRun("the benchmark no longer exists");
  // A re-score lays the benchmark out as its source run did (recorded-plan.ts).
  if (run.sourceRunId) return refusedOr(await planRescore(env, db, run, rb, base));
  // An agent target's runner verifies its own attempts, so the benchmark's scoring is passed along, not run here.
  const kinds = [run.target.kind, run.compareTarget?.kind].filter((k) => k !== undefined);
  const agentTarget = kinds.includes("agent");
  if (agentTarget && kinds.some((k) => k !== "agent")) throw new CannotRun("an agent and a model target cannot be compared in one run");
  // A model target's environment benchmarks run on the deployment's environment runner, which verifies them as an agent's runner does.
  const agent = agentTarget || environmentVerifier(bm.scoring) !== null;
  // A built-in that cannot run here says why first (its data), whatever the target.
  const builtin = await ensureBuiltinRevision(env.catalog, db, bm).catch((e: unknown) => Promise.reject(e instanceof BuiltinDataError ? new CannotRun(e.message) : e));
  if (!agent && bm.kind === "runner") throw new CannotRun("this benchmark runs on an agent runner: give the run a target of kind 'agent'");
  const parsed = agent ? ({ success: true, data: bm.scoring } as const) : ScoringSpec.safeParse(bm.scoring);
  if (!parsed.success) throw new CannotRun(`its scorer spec is invalid: ${parsed.error.issues[0]?.message ?? "unknown"}`);
  // τ²'s judge grades only the NL assertions of tasks whose reward basis counts them (no release task's does); its run needs a user model instead, checked at create and start.
  if (!agent && needsJudge(parsed.data as ScoringSpec) && !run.judge && (parsed.data as ScoringSpec).type !== "tau2") throw new CannotRun("llm_judge scoring needs the run's judge model; set `judge` on the run");
  // Log-likelihood mode replaces the benchmark's letter scoring for this run (src/execution/loglikelihood-request.ts).
  const scoring = agent || mcModeFor(run.options as RunOptions, bm.id) !== "loglikelihood" ? parsed.data : loglikelihoodScoring(parsed.data as ScoringSpec);
  if (!scoring) throw new CannotRun("mc_mode loglikelihood applies to multiple-choice benchmarks only, and this one is not");
  const rev =
    builtin ||
    (bm.datasetRevisionId && (await getRevisions(db, [bm.datasetRevisionId]))[0]) ||
    (bm.datasetRef ? await findRevisionByRef(db, run.projectId, bm.datasetRef) : undefined);
  if (!rev) throw new CannotRun(`its dataset ${bm.datasetRef ?? "(none)"} is not available`);

  // A benchmark may name its own subset column; its rows' subsets (selection, breakdowns) come from it.
  const subsetColumn = (bm.options as Partial<BenchmarkOptions>).subset_column;
  // A benchmark that dates its tasks (LiveCodeBench) may be narrowed to a release window.
  const dateColumn = (bm.options as Partial<BenchmarkOptions>).date_column;
  const refs: TaskRef[] = [];
  for await (const rows of rowChunks(env.ARTIFACTS, rev)) {
    for (const r of rows) refs.push({ index: r.index, key: r.key, digest: r.digest, split: r.split, subset: subsetOf(r, subsetColumn), date: dateOf(r, dateColumn) });
  }
  const options = run.options as RunOptions;
  const defaults: BenchmarkDefaults = { split: bm.split, options: bm.options as BenchmarkDefaults["options"] };
  const spec = selectionFor(options, bm.id, defaults);
  const members = selectTasks(refs, spec);
  if (members.length === 0) throw new CannotRun("no task of its dataset matches the run's selection");
  const fewShot = pickFewShot(refs, new Set(members.map((m) => m.index)), fewShotCount(options, bm.id, defaults), spec.split, defaults.options.few_shot_split);
  await writePlan(env.ARTIFACTS, run.id, bm.id, members.map((m): PlanMember => [m.index, m.key, m.digest, m.subset]));
  const targets = run.compareTarget ? 2 : 1;
  const recorded = hasOutputsTarget(run) ? refusedOr(await planRecordedOutputs(env, db, run, bm.id, refs, members, attemptsFor(options, bm.id, defaults))).recorded : null;
  return {
    recorded,
    status: "planning",
    datasetRevisionId: rev.id,
    datasetDigest: rev.digest,
    scoring: scoring as Record<string, unknown>,
    k: attemptsFor(options, bm.id, defaults),
    memberCount: members.length,
    baseSeq: base,
    attemptCount: members.length * attemptsFor(options, bm.id, defaults) * targets,
    fewShot,
  };
}

export async function planStep(env: QueuePorts, runId: string): Promise<void> {
  const db = openDb(env.DB);
  const run = await getRunById(db, runId);
  if (!run || (run.status !== "queued" && run.status !== "running")) return;
  // The gate learns which stack boot holds the run's work, so a restart that loses it can be told (workers/cron/recovery.ts).
  await env.gate(runId).markWork(env.boot);
  const rbs = await ensureRunBenchmarks(db, runId, run.benchmarkIds);
  const targets: 1 | 2 = run.compareTarget ? 2 : 1;
  let budget = PLAN_STEP;
  let nextBase = 0;

  for (const rb of rbs) {
    if (rb.status === "pending") {
      try {
        const patch = await prepare(env, db, run, rb, nextBase);
        await updateRunBenchmark(db, runId, rb.benchmarkId, patch);
        Object.assign(rb, patch);
        await appendLogs(env.DB, runId, [
          { level: "info", event: "planned", message: `${rb.benchmarkId}: ${rb.memberCount} tasks × ${rb.k} attempts × ${targets} target(s) = ${rb.attemptCount} attempts` },
        ]);
      } catch (err) {
        if (!(err instanceof CannotRun)) throw err;
        await updateRunBenchmark(db, runId, rb.benchmarkId, { status: "failed", error: err.message, attemptCount: 0, memberCount: 0, baseSeq: nextBase });
        Object.assign(rb, { status: "failed", attemptCount: 0 });
        await appendLogs(env.DB, runId, [{ level: "error", event: "benchmark_failed", message: `${rb.benchmarkId}: ${err.message}` }]);
        continue;
      }
    }
    if (rb.baseSeq === null || rb.attemptCount === null) continue;
    nextBase = rb.baseSeq + rb.attemptCount;
    if (rb.status !== "planning" || rb.plannedCount >= rb.attemptCount) continue;
    if (budget <= 0) break;

    // Attempts get a D1 row only when they end; planning just sends their seqs.
    const from = rb.plannedCount;
    const to = Math.min(rb.attemptCount, from + budget);
    const seqs = Array.from({ length: to - from }, (_, i) => rb.baseSeq! + from + i);
    await env.sendAttempts(seqs.map((seq) => ({ body: { kind: "attempt", run_id: runId, seq, tries: 0 } })));
    const done = to >= rb.attemptCount;
    await updateRunBenchmark(db, runId, rb.benchmarkId, { plannedCount: to, status: done ? "running" : "planning" });
    rb.plannedCount = to;
    if (done) rb.status = "running";
    budget -= to - from;
    await beginRun(env.lifecycle, runId);
  }

  const unfinished = rbs.some((rb) => rb.status === "pending" || (rb.status === "planning" && rb.plannedCount < (rb.attemptCount ?? 0)));
  if (unfinished) {
    await env.control.send({ kind: "plan", run_id: runId } satisfies QueueMessage);
    return;
  }
  const total = rbs.reduce((n, rb) => n + (rb.status === "failed" ? 0 : (rb.attemptCount ?? 0)), 0);
  await armCompletion(env.lifecycle, runId, total);
}
