/**
 * The /scores body of a finished run, computed once and kept in R2: a
 * finished run's attempts no longer change, so reading 100,000 attempts
 * again on every request would be waste. The key carries the run's
 * finished_at (a resumed run finishes again and gets a new body) and the
 * metrics version (a change of metric code recomputes).
 */
import type { EvalRunRow } from "../db/schema";
import { loadRunResults } from "../db/results/load";
import { scoresOfLoaded } from "../db/results/scores";
import type { ResultHandles } from "../db/results/plans";
import type { RunScores } from "../reports/run-scores";
import { SCORES_VERSION } from "../db/score-history";

const FINISHED = ["completed", "failed", "cancelled"];

export function scoresKey(run: Pick<EvalRunRow, "id" | "finishedAt">): string {
  return `runs/${run.id}/scores/v${SCORES_VERSION}-${run.finishedAt}.json`;
}

export async function runScoresCached(h: Required<ResultHandles>, run: EvalRunRow): Promise<RunScores & { cached: boolean }> {
  const finished = FINISHED.includes(run.status) && run.finishedAt !== null;
  if (finished) {
    const hit = await h.ARTIFACTS.get(scoresKey(run));
    if (hit) return { ...((await hit.json()) as RunScores), cached: true };
  }
  const body = await scoresOfLoaded(h.DB, await loadRunResults(h, run));
  if (finished) await h.ARTIFACTS.put(scoresKey(run), JSON.stringify(body), { httpMetadata: { contentType: "application/json" } });
  return { ...body, cached: false };
}
