/**
 * A run's budget in D1: what its recorded attempts spent, and the end of a
 * run whose budget ran out (active → cancelled with stop_reason
 * 'budget_exhausted' and its figures), conditional on the run still being
 * active, so a repeat changes nothing.
 */
import { ALLOWED_FROM } from "../domain/run-state";
import type { BudgetReport, Spend } from "../domain/run-budget";

/** Input and output tokens and cost of a run's recorded attempts (only rewarded ones with `rewardedOnly`). One primary-key range scan. */
export async function recordedSpend(d1: D1Database, runId: string, rewardedOnly = false): Promise<Spend> {
  const r = await d1
    .prepare(
      `SELECT total(input_tokens) AS input_tokens, total(output_tokens) AS output_tokens, total(cost) AS cost_usd
       FROM attempts WHERE run_id = ?1${rewardedOnly ? " AND reward IS NOT NULL" : ""}`,
    )
    .bind(runId)
    .first<Spend>();
  return { input_tokens: r?.input_tokens ?? 0, output_tokens: r?.output_tokens ?? 0, cost_usd: r?.cost_usd ?? 0 };
}

const FROM = ALLOWED_FROM.exhaust.map((s) => `'${s}'`).join(", ");

/**
 * Ends an active run whose budget ran out: cancelled, with the reason and
 * figures; its unfinished benchmarks cancelled too. Attempts never sent have
 * no row, so they count as missing (never 0), as in any cancelled run.
 * True when this call ended it.
 */
export async function markBudgetExhausted(d1: D1Database, runId: string, report: BudgetReport, at: string): Promise<boolean> {
  const [r] = await d1.batch([
    d1
      .prepare(`UPDATE eval_runs SET status = 'cancelled', stop_reason = 'budget_exhausted', budget_report = ?2, finished_at = ?3, updated_at = ?3 WHERE id = ?1 AND status IN (${FROM})`)
      .bind(runId, JSON.stringify(report), at),
    // Only when the first statement ended the run (finished_at is this call's).
    d1
      .prepare(
        `UPDATE run_benchmarks SET status = 'cancelled' WHERE run_id = ?1 AND status IN ('pending', 'planning', 'running')
           AND EXISTS (SELECT 1 FROM eval_runs WHERE id = ?1 AND finished_at = ?2 AND stop_reason = 'budget_exhausted')`,
      )
      .bind(runId, at),
  ]);
  return (r?.meta.changes ?? 0) > 0;
}
