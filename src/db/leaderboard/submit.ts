/**
 * Submitting a finished run to the leaderboard: each (benchmark, target)
 * with results becomes a frozen entry on the board of comparable results,
 * saved once; submitting again returns the saved snapshot. The slices come
 * from run_scores when the cron pass already scored this finish, else from
 * the run's attempts now. D1 and the run's plans in R2.
 */
import { AppError } from "../../domain/errors";
import type { Skipped } from "../../domain/result-slice";
import { openDb } from "../client";
import { listRunBenchmarks } from "../run-benchmarks";
import type { EvalRunRow } from "../schema";
import { ensureBoard } from "./boards";
import { entriesOfRun, insertEntries, type EntryRow, type NewEntry } from "./entries";
import { runScoresOf } from "./run-scores";
import { sliceable, summarizeRun } from "./summary";

/** Runs that can be submitted: finished, whatever their outcome (a failed run shows its missing count). */
const SUBMITTABLE = ["completed", "failed", "cancelled"];

export interface Submission {
  /** The run's entries with their current ranks. */
  entries: EntryRow[];
  /** Benchmarks of the run with no result to rank, and why. */
  skipped: Skipped[];
  /** True when this call saved entries; false when they had been saved before. */
  created: boolean;
}

/**
 * Submits `run` (already checked to be the project's) at `at`. A run that
 * is not finished, or has no benchmark with results, is a conflict.
 */
export async function submitRun(h: { DB: D1Database; ARTIFACTS: R2Bucket }, projectId: string, run: EvalRunRow, at: string): Promise<Submission> {
  const d1 = h.DB;
  const rbs = await listRunBenchmarks(openDb(d1), run.id);
  const skipped: Skipped[] = rbs
    .filter((rb) => !sliceable(rb))
    .map((rb) => ({ benchmark_id: rb.benchmarkId, reason: rb.error ? `it failed: ${rb.error}` : "it produced no attempts" }));
  const saved = await entriesOfRun(d1, projectId, run.id);
  if (saved.length) return { entries: saved, skipped, created: false };
  if (!SUBMITTABLE.includes(run.status)) {
    throw new AppError("conflict", `the run is ${run.status}: only a finished run (completed, failed or cancelled) can be submitted`);
  }
  // The cron pass may already have scored this finish; otherwise read the attempts now.
  const scored = (await runScoresOf(d1, run.id)).filter((s) => s.run_status === run.status);
  let entries: NewEntry[];
  if (scored.length && scored.length === rbs.filter(sliceable).length * (run.compareTarget ? 2 : 1)) {
    entries = scored.map((s) => ({ boardId: s.board_id, benchmarkId: s.benchmark_id, target: s.target, model: s.model, aggregate: s.aggregate, composite: s.composite }));
  } else {
    const { slices } = await summarizeRun(d1, h.ARTIFACTS, run, rbs);
    entries = [];
    for (const s of slices) {
      const boardId = await ensureBoard(d1, projectId, s.spec, s.key, at);
      entries.push({ boardId, benchmarkId: s.benchmarkId, target: s.target, model: s.model, aggregate: s.aggregate, composite: s.composite });
    }
  }
  if (!entries.length) {
    throw new AppError("conflict", `no benchmark of this run has results to rank: ${skipped.map((s) => `${s.benchmark_id} (${s.reason})`).join("; ")}`);
  }
  const added = await insertEntries(d1, projectId, run.id, run.status, entries, at);
  return { entries: await entriesOfRun(d1, projectId, run.id), skipped, created: added > 0 };
}
