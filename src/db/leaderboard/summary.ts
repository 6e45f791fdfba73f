/**
 * The results of a finished run: one slice per (benchmark, target), read
 * from its attempts in D1, with the task set taken from the run's plan in
 * R2 and the benchmark kinds from D1 (a runner benchmark's board is keyed by
 * its runner).
 */
import { driftKey, type TaskRef } from "../../leaderboard/board";
import { readPlan } from "../../storage/run-plans";
import type { JsonValue } from "../../datasets/canonical-json";
import type { RunOptions } from "../../domain/run-options";
import type { StoredTarget } from "../../domain/run-target";
import { buildSlice, type ResultSlice, type Skipped } from "../../domain/result-slice";
import { cancelOpenSlots, type MemberTally } from "../../domain/member-tally";
import { scanAttempts } from "./scan";
import type { EvalRunRow, RunBenchmarkRow } from "../schema";

/** The run benchmarks that have results: planned on a dataset, with attempts. */
export function sliceable(rb: RunBenchmarkRow): boolean {
  return !!rb.datasetRevisionId && !!rb.datasetDigest && rb.baseSeq !== null && (rb.attemptCount ?? 0) > 0 && (rb.k ?? 0) > 0 && (rb.memberCount ?? 0) > 0;
}

/**
 * The slices of a finished run, read from its attempts; benchmarks without
 * results are listed in `skipped` with why. `rows` counts attempts read.
 */
export async function summarizeRun(
  d1: D1Database,
  bucket: R2Bucket,
  run: EvalRunRow,
  rbs: RunBenchmarkRow[],
): Promise<{ slices: ResultSlice[]; skipped: Skipped[]; rows: number }> {
  const slices: ResultSlice[] = [];
  const skipped: Skipped[] = [];
  let rows = 0;
  const kinds = await benchmarkKinds(d1, rbs.map((rb) => rb.benchmarkId));
  const options = run.options as RunOptions;
  const targets: ["a" | "b", StoredTarget][] = [["a", run.target as StoredTarget]];
  if (run.compareTarget) targets.push(["b", run.compareTarget as StoredTarget]);
  for (const rb of rbs) {
    if (!sliceable(rb)) {
      skipped.push({ benchmark_id: rb.benchmarkId, reason: rb.error ? `it failed: ${rb.error}` : "it produced no attempts" });
      continue;
    }
    const scan = await scanAttempts(d1, run.id, rb.baseSeq!, rb.attemptCount!);
    rows += scan.rows;
    const scoring = (rb.scoring ?? null) as JsonValue | null;
    const basis = {
      benchmarkId: rb.benchmarkId,
      datasetRevisionId: rb.datasetRevisionId!,
      datasetDigest: rb.datasetDigest!,
      scoring,
      isRunner: kinds.get(rb.benchmarkId) === "runner",
      k: rb.k!,
      memberCount: rb.memberCount!,
      missingPolicy: options.missing_policy,
      driftKey: await driftKey(rb.benchmarkId, rb.datasetDigest!, scoring),
    };
    const planned = await plannedTasks(bucket, run.id, rb.benchmarkId);
    for (const [t, target] of targets) {
      const tallies = scan.byTarget.get(t) ?? new Map<number, MemberTally>();
      if (planned && (run.status === "cancelled" || rb.status === "cancelled")) cancelOpenSlots(tallies, planned, rb.k!);
      const members = [...tallies.values()];
      // The selected tasks come from the plan: attempts that never ended have no row.
      const tasks = planned ?? members.map((m) => ({ key: m.task, digest: m.digest }));
      slices.push(await buildSlice(basis, t, target, members, tasks));
    }
  }
  return { slices, skipped, rows };
}

/** The tasks the run selected for a benchmark, from its plan in R2; null when the plan is gone. */
async function plannedTasks(bucket: R2Bucket, runId: string, benchmarkId: string): Promise<TaskRef[] | null> {
  try {
    return (await readPlan(bucket, runId, benchmarkId)).map(([, key, digest]) => ({ key, digest }));
  } catch {
    return null;
  }
}

async function benchmarkKinds(d1: D1Database, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const r = await d1
    .prepare(`SELECT id, kind FROM benchmarks WHERE id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids))
    .all<{ id: string; kind: string }>();
  return new Map(r.results.map((b) => [b.id, b.kind]));
}
