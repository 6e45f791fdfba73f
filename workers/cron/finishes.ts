/**
 * Runs that just finished (rows the eval_runs trigger put in
 * run_finishes), handled once each in finish order: their scores per
 * (benchmark, target) are saved to run_scores and their boards re-ranked;
 * a completed run is checked for drift against the latest earlier
 * completed run of the same benchmark and model; subscribers get
 * run.completed | run.failed | run.cancelled (and drift.detected). A
 * payload names each benchmark as a reader knows it (`benchmark_name`,
 * the run's error) and keeps its id beside it for machines.
 */
import { getDriftSettings, insertAlert } from "../../src/db/alerts";
import { benchmarkNames } from "../../src/db/benchmarks";
import { openDb } from "../../src/db/client";
import { getRunById } from "../../src/db/eval-runs";
import { byTaskDigest } from "../../src/domain/member-tally";
import { ensureBoard } from "../../src/db/leaderboard/boards";
import { findBaseline, saveRunScores } from "../../src/db/leaderboard/run-scores";
import { scanAttempts } from "../../src/db/leaderboard/scan";
import { summarizeRun } from "../../src/db/leaderboard/summary";
import type { ResultSlice } from "../../src/domain/result-slice";
import { appendLogs } from "../../src/db/run-logs";
import { getRunBenchmark, listRunBenchmarks } from "../../src/db/run-benchmarks";
import { countFinishTry, dropFinish, nextFinishes, type FinishRow } from "../../src/db/run-finishes";
import { endWatchUnlessActive } from "../../src/db/run-watch";
import type { EvalRunRow } from "../../src/db/schema";
import { enqueueEvent } from "../../src/db/webhooks";
import { detectDrift } from "../../src/drift/detect";
import { alertView } from "../../src/drift/view";
import { eventBody, runEvent } from "../../src/webhooks/events";
import type { Env } from "../env";
import type { Budget } from "./budget";

/** Passes that may fail on one finish before it is dropped (and logged). */
export const MAX_FINISH_TRIES = 5;

export interface FinishReport {
  handled: number;
  scored: number;
  alerts: number;
  events: number;
  errors: number;
}

export async function processFinishes(env: Env, now: Date, budget: Budget): Promise<FinishReport> {
  const report: FinishReport = { handled: 0, scored: 0, alerts: 0, events: 0, errors: 0 };
  for (const f of await nextFinishes(env.DB, budget.limits.finishes)) {
    if (!budget.ok()) break;
    try {
      await handleFinish(env, f, now, budget, report);
      await dropFinish(env.DB, f.id);
      report.handled += 1;
    } catch (err) {
      report.errors += 1;
      const message = err instanceof Error ? err.message : String(err);
      console.error(`cron: handling the finish of ${f.run_id} failed (try ${f.tries + 1})`, message);
      const drop = f.tries + 1 >= MAX_FINISH_TRIES;
      await (drop ? dropFinish(env.DB, f.id) : countFinishTry(env.DB, f.id));
      if (drop) {
        await appendLogs(env.DB, f.run_id, [{ level: "error", event: "cron_failed", message: "scores, drift and webhooks of this finish could not be computed" }]);
      }
    }
  }
  return report;
}

async function handleFinish(env: Env, f: FinishRow, now: Date, budget: Budget, report: FinishReport): Promise<void> {
  const at = now.toISOString();
  const run = await getRunById(openDb(env.DB), f.run_id);
  // The sweeper's watch ends with the run (unless it was resumed meanwhile).
  await endWatchUnlessActive(env.DB, f.run_id);
  if (!run) return; // deleted since: nothing to score or announce

  const slices: (ResultSlice & { boardId: string })[] = [];
  // A run resumed since this finish will finish again; score it then.
  if (run.status === f.status && (f.status === "completed" || f.status === "failed")) {
    const summary = await summarizeRun(env.DB, env.ARTIFACTS, run, await listRunBenchmarks(openDb(env.DB), run.id));
    budget.spend(summary.rows);
    for (const s of summary.slices) slices.push({ ...s, boardId: await ensureBoard(env.DB, run.projectId, s.spec, s.key, at) });
    await saveRunScores(env.DB, run, slices);
    report.scored += slices.length;
    if (f.status === "completed") await checkDrift(env, run, slices, at, budget, report);
  }

  const type = runEvent(f.status);
  if (type) {
    const db = openDb(env.DB);
    const [names, rbs] = await Promise.all([benchmarkNames(db, run.benchmarkIds), listRunBenchmarks(db, run.id)]);
    const nameOf = (id: string) => names.get(id) ?? null;
    const data = {
      run: {
        id: run.id,
        display_name: run.displayName,
        status: f.status,
        error: run.error,
        benchmarks: run.benchmarkIds,
        // The run's error per benchmark, for a receiver that acts on which one failed.
        failures: rbs.filter((rb) => rb.status === "failed").map((rb) => ({ benchmark_id: rb.benchmarkId, benchmark_name: nameOf(rb.benchmarkId), error: rb.error })),
        created_at: run.createdAt,
        started_at: run.startedAt,
        finished_at: f.at,
      },
      scores: slices.map((s) => ({
        benchmark_id: s.benchmarkId,
        benchmark_name: nameOf(s.benchmarkId),
        target: s.target === "b" ? "compare_target" : "target",
        model: s.model,
        score: s.aggregate.score,
        score_counts: s.aggregate.score_counts,
        display: s.aggregate.display.score,
      })),
    };
    report.events += await enqueueEvent(env.DB, run.projectId, { type, key: `run:${f.id}`, body: eventBody(type, f.at, data) }, at);
  }
}

async function checkDrift(env: Env, run: EvalRunRow, slices: ResultSlice[], at: string, budget: Budget, report: FinishReport): Promise<void> {
  const settings = await getDriftSettings(env.DB, run.projectId);
  const finishedAt = run.finishedAt ?? run.updatedAt;
  for (const s of slices) {
    const baseline = await findBaseline(env.DB, run.projectId, s.driftKey, s.modelKey, run.id, finishedAt);
    if (!baseline) continue;
    const brb = await getRunBenchmark(openDb(env.DB), baseline.run_id, baseline.benchmark_id);
    if (!brb || brb.baseSeq === null || !brb.attemptCount) continue;
    const scan = await scanAttempts(env.DB, baseline.run_id, brb.baseSeq, brb.attemptCount, baseline.target);
    budget.spend(scan.rows);
    const before = byTaskDigest(scan.byTarget.get(baseline.target)?.values() ?? []);
    const finding = detectDrift(before, s.tasks, Math.max(brb.k ?? 1, s.spec.k), { min_drop: settings.min_drop });
    if (!finding.alert) continue;
    const alert = await insertAlert(
      env.DB,
      { projectId: run.projectId, runId: run.id, baselineRunId: baseline.run_id, benchmarkId: s.benchmarkId, target: s.target, model: s.model, finding },
      at,
    );
    report.alerts += 1;
    report.events += await enqueueEvent(
      env.DB,
      run.projectId,
      { type: "drift.detected", key: `drift:${alert.id}`, body: eventBody("drift.detected", alert.created_at, { alert: alertView(alert) }) },
      at,
    );
    await appendLogs(env.DB, run.id, [{ level: "warn", event: "drift", message: `${alert.benchmark_name ?? s.benchmarkId} (${s.model}): ${finding.reason}; alert ${alert.id}` }]);
  }
}
