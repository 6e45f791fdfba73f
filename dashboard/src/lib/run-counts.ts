/**
 * How far a run is, read from one place: the score rows of GET
 * /api/eval-runs/{id}/scores. The run page's progress line and bar, each
 * benchmark's block bar (its share finished and its legend) and its tiles
 * all take their counts from here, so they agree at every instant; /progress
 * polled apart would run a second or two ahead of the scores and make the
 * page contradict itself. No I/O.
 */
import type { ScoreRow } from "./types";

export interface Counts {
  /** Attempts requested (members × k). */
  total: number;
  /** Attempts that ended: scored, or ended without a reward. */
  finished: number;
  /** Attempts with a reward. */
  scored: number;
  /** Attempts that ended without a reward. */
  invalid: number;
  /** Scored attempts with reward 1, when every reward is 0 or 1 (else null). */
  passed: number | null;
}

const ZERO: Counts = { total: 0, finished: 0, scored: 0, invalid: 0, passed: 0 };

/**
 * One benchmark × target. A failed one has ended whole: every attempt it
 * had ended without a reward (its error counts, or the attempts its usage
 * saw), none scored.
 */
export function rowCounts(row: ScoreRow): Counts {
  const c = row.score_counts;
  if (c) {
    const passed = row.pass === null ? null : Math.round(row.pass * c.scored);
    return { total: c.total, finished: c.scored + c.invalid, scored: c.scored, invalid: c.invalid, passed };
  }
  if (row.status === "failed") {
    const errored = Object.values(row.error_counts ?? {}).reduce((a, n) => a + n, 0);
    const total = errored || (row.usage?.attempts ?? 0);
    return { total, finished: total, scored: 0, invalid: total, passed: 0 };
  }
  return ZERO;
}

/** The whole run: its rows added up (passed only while every row's rewards are 0 or 1). */
export function runCounts(rows: readonly ScoreRow[]): Counts {
  return rows.map(rowCounts).reduce(
    (a, c) => ({
      total: a.total + c.total,
      finished: a.finished + c.finished,
      scored: a.scored + c.scored,
      invalid: a.invalid + c.invalid,
      passed: a.passed === null || c.passed === null ? null : a.passed + c.passed,
    }),
    ZERO,
  );
}

/**
 * The run's error with each benchmark named as people know it: the stored
 * error names benchmarks by id ("bm_…: 401 from the target …").
 */
export function namedError(error: string, rows: readonly Pick<ScoreRow, "benchmark_id" | "benchmark_name">[]): string {
  return rows.reduce((text, r) => (r.benchmark_name ? text.replaceAll(r.benchmark_id, r.benchmark_name) : text), error);
}
