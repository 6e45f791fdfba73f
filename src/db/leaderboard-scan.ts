/**
 * Reads a run's attempts from D1 as per-member tallies, in bounded seq
 * windows so no query scans more than SCAN_WINDOW rows. An attempt has a
 * row once it ended, so members still running are simply absent.
 */
import { addWindowTally, type MemberTally, type WindowTally } from "../domain/member-tally";

/** Attempt seqs read per query. */
export const SCAN_WINDOW = 20_000;

/**
 * Tallies the attempts of seqs [from, from + count) of a run by target and
 * member, one window of SCAN_WINDOW seqs per query. Returns the tallies and
 * the attempt rows read.
 */
export async function scanAttempts(
  d1: D1Database,
  runId: string,
  from: number,
  count: number,
  onlyTarget?: string,
): Promise<{ byTarget: Map<string, Map<number, MemberTally>>; rows: number }> {
  const byTarget = new Map<string, Map<number, MemberTally>>();
  let rows = 0;
  for (let lo = from; lo < from + count; lo += SCAN_WINDOW) {
    const hi = Math.min(from + count, lo + SCAN_WINDOW);
    const r = await d1
      .prepare(
        `SELECT target, member_index, min(member_key) AS task, min(task_digest) AS digest, count(*) AS attempts,
           count(reward) AS scored, total(reward) AS sum,
           total(reward IS NOT NULL AND reward NOT IN (0, 1)) AS nonbinary,
           total(reward IS NOT NULL AND (reward < 0 OR reward > 1)) AS nonunit,
           total(reward IS NULL AND status IN ('succeeded', 'failed', 'cancelled', 'timed_out')) AS invalid,
           total(CASE WHEN typeof(json_extract(structured, '$.composite')) IN ('integer', 'real') THEN json_extract(structured, '$.composite') END) AS composite_sum,
           count(CASE WHEN typeof(json_extract(structured, '$.composite')) IN ('integer', 'real') THEN 1 END) AS composite_n
         FROM attempts WHERE run_id = ?1 AND seq >= ?2 AND seq < ?3 AND (?4 IS NULL OR target = ?4)
         GROUP BY target, member_index`,
      )
      .bind(runId, lo, hi, onlyTarget ?? null)
      .all<WindowTally>();
    for (const t of r.results) {
      rows += t.attempts;
      addWindowTally(byTarget, t);
    }
  }
  return { byTarget, rows };
}
