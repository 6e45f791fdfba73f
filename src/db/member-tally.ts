/**
 * The one per-member tally of a run's attempts, read by results (every
 * /scores, /tasks and report view) and by the leaderboard (slices, drift
 * baselines) alike, so the two cannot count a member differently. Each
 * caller maps the rows to its own shape. A primary-key range scan of the
 * attempts with seq in [from, to): attempts has no other index and must not
 * get one (each would cost a D1 write per attempt).
 */
import type { TargetSlot } from "../reports/member-rows";
import { ENDED_ATTEMPT_SQL } from "./status-predicates";

/** A structured result's composite, when it is a number (ORs again, not `IN`). */
const COMPOSITE = `CASE json_type(structured, '$.composite') WHEN 'integer' THEN json_extract(structured, '$.composite') WHEN 'real' THEN json_extract(structured, '$.composite') END`;

/** The tally's columns per (target, member_index) group; also grouped by block of seqs in src/db/results/sealed-blocks.ts. */
export const MEMBER_TALLY_COLUMNS = `target, member_index, min(member_key) AS member_key, min(subset) AS subset, min(task_digest) AS task_digest,
         count(*) AS attempts, count(reward) AS scored, total(reward) AS sum,
         min(reward IS NULL OR reward = 0.0 OR reward = 1.0) AS all_binary,
         min(reward IS NULL OR (reward >= 0.0 AND reward <= 1.0)) AS all_unit,
         sum(reward IS NULL AND ${ENDED_ATTEMPT_SQL}) AS invalid,
         total(${COMPOSITE}) AS composite_sum, count(${COMPOSITE}) AS composite_n`;

/** One (target, member) of a seq range, as the tally query returns it. */
export interface MemberTallyRow {
  target: TargetSlot;
  member_index: number;
  member_key: string;
  subset: string | null;
  task_digest: string;
  /** Attempt rows (an attempt has a row once it ended or was dispatched). */
  attempts: number;
  /** Attempts with a reward, and the sum of their rewards. */
  scored: number;
  sum: number;
  /** 1 when every reward is 0 or 1 (a member with no reward counts as binary). */
  all_binary: number;
  /** 1 when every reward lies in [0, 1]. */
  all_unit: number;
  /** Attempts that ended without a reward. */
  invalid: number;
  /** Sum and count of the composites of structured results that have a numeric one. */
  composite_sum: number;
  composite_n: number;
}

/**
 * Per (target, member) tallies of the attempts with seq in [from, to),
 * optionally of one target, in (target, member_index) order. D1 reports
 * rows_read = 2 × attempts, since it also counts the rows read back from
 * the GROUP BY sorter.
 */
export function memberTallyStatement(d1: D1Database, runId: string, from: number, to: number, target?: TargetSlot): D1PreparedStatement {
  return d1
    .prepare(
      `SELECT ${MEMBER_TALLY_COLUMNS}
       FROM attempts
       WHERE run_id = ?1 AND seq >= ?2 AND seq < ?3 ${target ? "AND target = ?4" : ""}
       GROUP BY target, member_index
       ORDER BY target, member_index`,
    )
    .bind(...(target ? [runId, from, to, target] : [runId, from, to]));
}
