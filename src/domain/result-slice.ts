/**
 * One (run, benchmark, target) result with everything that places it: the
 * spec and key of the board it belongs to, its drift key, aggregate,
 * composite and per-task summaries. Built from tallies already read; Web
 * Crypto digests only, no other I/O.
 */
import { boardKey, modelKey, modelLabel, runnerOf, tasksDigest, type BoardSpec, type TaskRef } from "../leaderboard/board";
import type { JsonValue } from "../datasets/canonical-json";
import type { TaskSummary } from "../drift/detect";
import { aggregateSummaries, type Aggregate } from "../metrics";
import type { RunOptions } from "./run-options";
import type { StoredTarget } from "./run-target";
import { byTaskDigest, type MemberTally } from "./member-tally";

/** One (run, benchmark, target) result with everything that places it. */
export interface ResultSlice {
  benchmarkId: string;
  target: "a" | "b";
  model: string;
  modelKey: string;
  spec: BoardSpec;
  key: string;
  driftKey: string;
  aggregate: Aggregate;
  /** Mean composite score of attempts whose structured result has one. */
  composite: number | null;
  /** Per task digest, for drift. */
  tasks: TaskSummary[];
}

/** A run benchmark that has no result, and why. */
export interface Skipped {
  benchmark_id: string;
  reason: string;
}

/** What a run benchmark contributes to each of its slices. */
export interface SliceBasis {
  benchmarkId: string;
  datasetRevisionId: string;
  datasetDigest: string;
  scoring: JsonValue | null;
  /** A runner benchmark: its board is keyed by the runner, not the scorer. */
  isRunner: boolean;
  k: number;
  memberCount: number;
  missingPolicy: RunOptions["missing_policy"];
  driftKey: string;
}

/**
 * The slice of one target: `members` are its tallies (members whose
 * attempts never ended have none), `tasks` the task set it was run on.
 */
export async function buildSlice(
  basis: SliceBasis,
  slot: "a" | "b",
  target: StoredTarget,
  members: MemberTally[],
  tasks: TaskRef[],
): Promise<ResultSlice> {
  const runner = basis.isRunner ? runnerOf(target) : null;
  const spec: BoardSpec = {
    benchmark_id: basis.benchmarkId,
    dataset_revision_id: basis.datasetRevisionId,
    dataset_digest: basis.datasetDigest,
    scoring: runner ? null : basis.scoring,
    runner,
    k: basis.k,
    missing_policy: basis.missingPolicy,
    task_count: tasks.length,
    tasks_digest: await tasksDigest(tasks),
  };
  const compositeN = members.reduce((n, m) => n + m.compositeN, 0);
  return {
    benchmarkId: basis.benchmarkId,
    target: slot,
    model: modelLabel(target),
    modelKey: modelKey(target),
    spec,
    key: await boardKey(spec),
    driftKey: basis.driftKey,
    aggregate: aggregateSummaries(
      members.map(({ member, scored, sum, binary, unit, invalid }) => ({ member, scored, sum, binary, unit, invalid })),
      { k: basis.k, missing_policy: basis.missingPolicy, total_members: Math.max(basis.memberCount, members.length) },
    ),
    composite: compositeN ? members.reduce((s, m) => s + m.compositeSum, 0) / compositeN : null,
    tasks: byTaskDigest(members),
  };
}
