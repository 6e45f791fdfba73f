/**
 * Attempts made to run again, the other direction of attempt-end.ts:
 * resume reopens the attempts of a page that ended without a reward (their
 * rows go, rewards earned stay), and recovery after a restart recounts the
 * ended attempts at the gate from D1, since the settles that died with the
 * stack never reached it. I/O: through LifecycleDeps only.
 */
import { countByStatus, endedTotals, reopenPage, type ReopenedPage } from "../db/attempts";
import type { LifecycleDeps } from "./deps";

/** Deletes the rows of attempts in seqs [from, to) that ended without a reward, once per resume (src/db/attempts.ts reopenPage). */
export async function reopenUnrewarded(deps: LifecycleDeps, runId: string, from: number, to: number): Promise<ReopenedPage> {
  return reopenPage(deps.DB, runId, from, to);
}

/** Sets the gate's tally of ended attempts to what D1 holds (D1's rows are the truth). */
export async function recountEnded(deps: LifecycleDeps, runId: string): Promise<void> {
  await deps.gate(runId).setCounts({ terminal: endedTotals(await countByStatus(deps.DB, runId)).ended });
}
