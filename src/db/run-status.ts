/**
 * The execution side of the run lifecycle: queued → running when the first
 * attempts go out, running → completed | failed when the last one lands.
 * Each transition is conditional on the status it leaves, so repeating one
 * (a redelivered message, the sweeper) changes nothing.
 */
export async function markRunning(d1: D1Database, runId: string, at: string): Promise<boolean> {
  const r = await d1
    .prepare(`UPDATE eval_runs SET status = 'running', started_at = coalesce(started_at, ?2), updated_at = ?2 WHERE id = ?1 AND status = 'queued'`)
    .bind(runId, at)
    .run();
  return (r.meta.changes ?? 0) > 0;
}

export async function readRunStatus(d1: D1Database, runId: string): Promise<string | null> {
  const row = await d1.prepare(`SELECT status FROM eval_runs WHERE id = ?1`).bind(runId).first<{ status: string }>();
  return row?.status ?? null;
}

/**
 * Ends an active run: failed when any of its benchmarks failed (with that
 * error), else completed. Returns the status it set, or null if the run was
 * no longer active.
 */
export async function finishRun(d1: D1Database, runId: string, at: string): Promise<"completed" | "failed" | null> {
  const failed = await d1
    .prepare(`SELECT benchmark_id, error FROM run_benchmarks WHERE run_id = ?1 AND status = 'failed' ORDER BY position`)
    .bind(runId)
    .all<{ benchmark_id: string; error: string | null }>();
  const status = failed.results.length ? "failed" : "completed";
  const error = failed.results.length
    ? failed.results.map((f) => `${f.benchmark_id}: ${f.error ?? "failed"}`).join("; ").slice(0, 2000)
    : null;
  const [r] = await d1.batch([
    d1
      .prepare(
        `UPDATE eval_runs SET status = ?2, error = ?3, finished_at = ?4, updated_at = ?4 WHERE id = ?1 AND status IN ('queued', 'running')`,
      )
      .bind(runId, status, error, at),
    d1.prepare(`UPDATE run_benchmarks SET status = 'completed' WHERE run_id = ?1 AND status IN ('planning', 'running')`).bind(runId),
  ]);
  return (r?.meta.changes ?? 0) > 0 ? status : null;
}
