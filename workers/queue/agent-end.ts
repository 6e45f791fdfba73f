/**
 * Records the end of an agent attempt, once its live object decided it
 * (a verifier result, a failure, a timeout, a cancel): writes D1, gives the
 * slot back to the run's gate, and finishes the run after its last attempt.
 */
import { recordOutcomes, type AttemptOutcome, type AttemptSlot } from "../../src/db/attempts";
import { appendLogs } from "../../src/db/run-logs";
import { attemptId } from "../../src/domain/attempt-id";
import type { Env } from "../env";
import { agentHolder } from "./agent-slot";
import { gateFor } from "./gate";
import { finalize } from "./plan";

/**
 * Records an ended agent attempt (called by its live object): the attempt
 * row (first verdict wins), its log line when it failed, its slot given
 * back, the tally, and the run finished if it was the last.
 */
export async function recordAgentEnd(env: Env, slot: AttemptSlot, outcome: AttemptOutcome, secrets: readonly string[]): Promise<boolean> {
  const runId = slot.runId;
  const id = attemptId(runId, slot.seq);
  const changed = await recordOutcomes(env.DB, [{ slot, outcome }]);
  if (changed && outcome.error) {
    await appendLogs(env.DB, runId, [{ level: "error", event: "attempt_failed", attempt_seq: slot.seq, message: outcome.error }], secrets);
  }
  const gate = gateFor(env, runId);
  await gate.release({ holder: agentHolder(id), slots: 1, attempts: [id] });
  if (changed) {
    const state = await gate.settle(changed);
    if (state.total !== null && state.terminal >= state.total) await finalize(env, runId);
  }
  return changed > 0;
}
