import { runOutcome, type BenchmarkTally, type UnscoredGroup } from "../domain/run-outcome";
import { ALLOWED_FROM, type RunAction } from "../domain/run-state";
import { ENDED_ATTEMPT_SQL } from "./status-predicates";

/** The SQL list of statuses `action` may leave, from the state machine (src/domain/run-state.ts). */
const from = (action: RunAction) => ALLOWED_FROM[action].map((s) => `'${s}'`).join(", ");

/**
 * The execution side of the run lifecycle: queued → running when the first
 * attempts go out, running → completed | failed when the last one lands,
 * → failed when planning cannot go on, ended → queued on resume. Each
 * transition is conditional on the statuses the state machine lets it
 * leave, so repeating one (a redelivered message, the sweeper) changes
 * nothing. Callers go through src/lifecycle, which logs what changed.
 */
export async function markRunning(d1: D1Database, runId: string, at: string): Promise<boolean> {
  const r = await d1
    .prepare(`UPDATE eval_runs SET status = 'running', started_at = coalesce(started_at, ?2), updated_at = ?2 WHERE id = ?1 AND status IN (${from("begin")})`)
    .bind(runId, at)
    .run();
  return (r.meta.changes ?? 0) > 0;
}

/** An active run that cannot go on (its planning kept failing, or made no progress): failed with `error`. True when this call ended it. */
export async function failRun(d1: D1Database, runId: string, error: string, at: string): Promise<boolean> {
  const r = await d1
    .prepare(`UPDATE eval_runs SET status = 'failed', error = ?2, finished_at = ?3, updated_at = ?3 WHERE id = ?1 AND status IN (${from("fail")})`)
    .bind(runId, error, at)
    .run();
  return (r.meta.changes ?? 0) > 0;
}

/** An ended run queued again, its verdict (error, counts, stop reason, budget report, end) cleared. False when it was not ended. */
export async function markResumed(d1: D1Database, runId: string, at: string): Promise<boolean> {
  const r = await d1
    .prepare(
      `UPDATE eval_runs SET status = 'queued', error = NULL, error_counts = NULL, stop_reason = NULL, budget_report = NULL, finished_at = NULL, updated_at = ?2,
         resumes = resumes + 1, resumed_through = -1
       WHERE id = ?1 AND status IN (${from("resume")})`,
    )
    .bind(runId, at)
    .run();
  return (r.meta.changes ?? 0) > 0;
}

export async function readRunStatus(d1: D1Database, runId: string): Promise<string | null> {
  const row = await d1.prepare(`SELECT status FROM eval_runs WHERE id = ?1`).bind(runId).first<{ status: string }>();
  return row?.status ?? null;
}

/** Error texts read per run when it ends, most frequent first; attempts beyond them count as `other`. */
export const ERROR_GROUPS = 500;
/** The leading characters of an error that decide its kind (status code, stage). */
const ERROR_PREFIX = 120;

/**
 * What the run's attempts produced, per benchmark (with its name) × target: requested,
 * scored and ended-without-reward counts, and the unrewarded attempts
 * grouped by status and error prefix. Two scans of the run's attempts,
 * once, when it ends.
 */
export async function readRunTallies(d1: D1Database, runId: string): Promise<BenchmarkTally[]> {
  const [run, rbs, totals, groups] = await d1.batch([
    d1.prepare(`SELECT compare_target IS NOT NULL AS two FROM eval_runs WHERE id = ?1`).bind(runId),
    d1
      .prepare(
        `SELECT rb.benchmark_id, b.name, rb.status, rb.error, rb.attempt_count
         FROM run_benchmarks rb LEFT JOIN benchmarks b ON b.id = rb.benchmark_id WHERE rb.run_id = ?1 ORDER BY rb.position`,
      )
      .bind(runId),
    d1
      .prepare(
        `SELECT benchmark_id, target, count(reward) AS scored, sum(reward IS NULL AND ${ENDED_ATTEMPT_SQL}) AS unscored
         FROM attempts WHERE run_id = ?1 GROUP BY benchmark_id, target`,
      )
      .bind(runId),
    d1
      .prepare(
        `SELECT benchmark_id, target, status, substr(coalesce(error, reason, ''), 1, ${ERROR_PREFIX}) AS error, count(*) AS n
         FROM attempts WHERE run_id = ?1 AND reward IS NULL AND ${ENDED_ATTEMPT_SQL}
         GROUP BY benchmark_id, target, status, substr(coalesce(error, reason, ''), 1, ${ERROR_PREFIX}) ORDER BY n DESC LIMIT ${ERROR_GROUPS}`,
      )
      .bind(runId),
  ]);
  const slots: ("a" | "b")[] = (run!.results[0] as { two: number } | undefined)?.two ? ["a", "b"] : ["a"];
  const key = (b: string, t: string) => `${b}\u0000${t}`;
  const total = new Map((totals!.results as { benchmark_id: string; target: string; scored: number; unscored: number }[]).map((r) => [key(r.benchmark_id, r.target), r]));
  const grouped = new Map<string, UnscoredGroup[]>();
  for (const g of groups!.results as { benchmark_id: string; target: string; status: string; error: string; n: number }[]) {
    const k = key(g.benchmark_id, g.target);
    grouped.set(k, [...(grouped.get(k) ?? []), { status: g.status, error: g.error || null, count: g.n }]);
  }
  return (rbs!.results as { benchmark_id: string; name: string | null; status: string; error: string | null; attempt_count: number | null }[]).map((rb) => ({
    benchmark_id: rb.benchmark_id,
    name: rb.name,
    status: rb.status,
    error: rb.error,
    // A benchmark that failed before planning has no attempts and no cells.
    cells: rb.status === "failed" || !rb.attempt_count
      ? []
      : slots.map((t) => {
          const r = total.get(key(rb.benchmark_id, t));
          return { target: t, requested: rb.attempt_count! / slots.length, scored: r?.scored ?? 0, unscored: r?.unscored ?? 0, groups: grouped.get(key(rb.benchmark_id, t)) ?? [] };
        }),
  }));
}

/**
 * Ends an active run with the verdict of runOutcome (src/domain/run-outcome.ts):
 * a benchmark × target that scored nothing is failed with the dominant
 * error as its reason; the run is failed when any benchmark failed.
 * Returns the status it set, or null if the run was no longer active.
 */
export async function finishRun(d1: D1Database, runId: string, at: string): Promise<"completed" | "failed" | null> {
  const outcome = runOutcome(await readRunTallies(d1, runId));
  const json = (v: object) => (Object.keys(v).length ? JSON.stringify(v) : null);
  const [r] = await d1.batch([
    d1
      .prepare(
        `UPDATE eval_runs SET status = ?2, error = ?3, error_counts = ?4, finished_at = ?5, updated_at = ?5 WHERE id = ?1 AND status IN (${from("finish")})`,
      )
      .bind(runId, outcome.status, outcome.error, json(outcome.error_counts), at),
    // Only while the run was still active (the first statement changed it): a repeated finish changes nothing.
    ...outcome.benchmarks.map((b) =>
      d1
        .prepare(
          `UPDATE run_benchmarks SET status = ?3, error = ?4, error_counts = ?5, target_outcomes = ?6
           WHERE run_id = ?1 AND benchmark_id = ?2 AND (status IN ('planning', 'running') OR (status = 'failed' AND attempt_count = 0))
             AND EXISTS (SELECT 1 FROM eval_runs WHERE id = ?1 AND finished_at = ?7 AND status = ?8)`,
        )
        .bind(runId, b.benchmark_id, b.status, b.error, json(b.error_counts), json(b.targets), at, outcome.status),
    ),
  ]);
  return (r?.meta.changes ?? 0) > 0 ? outcome.status : null;
}
