/**
 * The attempts of a page of tasks on one side of a comparison (a run's
 * target), for showing outputs side by side: one primary-key range per
 * task, all in one batch. Outputs are cut at SAMPLE_OUTPUT_CHARS as the
 * samples route cuts them; the trace has the whole attempt.
 */
import type { TargetSlot } from "../reports/member-rows";
import type { BenchmarkPlan } from "./results/plans";
import { followOutputs } from "../storage/attempt-outputs";
import type { ResultHandles } from "./results/plans";
import { SAMPLE_OUTPUT_CHARS } from "./samples";

export interface TaskAttempt {
  seq: number;
  attempt_index: number;
  status: string;
  reward: number | null;
  output: string | null;
  output_chars: number | null;
  /** Where a long output lives (src/storage/attempt-outputs.ts followOutputs reads it back). */
  output_key: string | null;
  reason: string | null;
  error: string | null;
}

export interface CompareSide {
  runId: string;
  plan: Pick<BenchmarkPlan, "base_seq" | "k">;
  slot: TargetSlot;
  /** 2 when the run has a compare target (its attempts interleave per task). */
  targets: 1 | 2;
}

/** The ended attempts of each member index asked for, in attempt order (long outputs read back from R2); a member with none maps to []. */
export async function taskAttempts(h: ResultHandles, side: CompareSide, members: readonly number[]): Promise<Map<number, TaskAttempt[]>> {
  const d1 = h.DB;
  const out = new Map<number, TaskAttempt[]>(members.map((m) => [m, []]));
  const { base_seq: base, k } = side.plan;
  if (base === null || k === null || members.length === 0) return out;
  const per = side.targets * k;
  const offset = side.slot === "b" ? k : 0;
  const stmts = members.map((m) =>
    d1
      .prepare(
        `SELECT seq, attempt_index, status, reward, substr(output, 1, ${SAMPLE_OUTPUT_CHARS}) AS output, length(output) AS output_chars, output_key, reason, error
         FROM attempts WHERE run_id = ?1 AND seq >= ?2 AND seq < ?3 ORDER BY seq`,
      )
      .bind(side.runId, base + m * per + offset, base + m * per + offset + k),
  );
  const results = await d1.batch<TaskAttempt>(stmts);
  const rows = results.flatMap((r) => r.results);
  const followed = h.ARTIFACTS ? new Map((await followOutputs(h.ARTIFACTS, rows, SAMPLE_OUTPUT_CHARS)).map((r) => [r.seq, r])) : null;
  members.forEach((m, i) => out.set(m, results[i]!.results.map((r) => followed?.get(r.seq) ?? r)));
  return out;
}
