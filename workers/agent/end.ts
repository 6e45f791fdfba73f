/**
 * Records the end of an agent attempt, once its live object decided it
 * (a verifier result, a failure, a timeout, a cancel): gives the slot back
 * to the run's gate and ends the attempt through the lifecycle
 * (src/lifecycle/attempt-end.ts: row, log, tally, the run finished after
 * its last attempt).
 */
import type { AttemptOutcome, AttemptSlot } from "../../src/db/attempts";
import { attemptId } from "../../src/domain/attempt-id";
import { recordEnded, settleEnded } from "../../src/lifecycle/attempt-end";
import type { Env } from "../env";
import { agentHolder } from "./slot";
import { gateFor } from "../gate/client";
import { lifecycleOf } from "../lifecycle";

/**
 * Records an ended agent attempt (called by its live object): the attempt
 * row (first verdict wins), its log line when it failed, its slot given
 * back, the tally, and the run finished if it was the last.
 */
export async function recordAgentEnd(env: Env, slot: AttemptSlot, outcome: AttemptOutcome, secrets: readonly string[]): Promise<boolean> {
  const runId = slot.runId;
  const id = attemptId(runId, slot.seq);
  const deps = lifecycleOf(env);
  const changed = await recordEnded(deps, runId, [{ slot, outcome }], {
    log: (written) => (written && outcome.error ? [{ level: "error", event: "attempt_failed", attempt_seq: slot.seq, message: outcome.error }] : []),
    secrets,
  });
  // The slot goes back whether or not this end was the first: the holder is this attempt's alone.
  await gateFor(env, runId).release({ holder: agentHolder(id), done: true });
  await settleEnded(deps, runId, changed);
  return changed > 0;
}
