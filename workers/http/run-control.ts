/**
 * What the lifecycle routes do to execution, through the run lifecycle
 * (src/lifecycle/run-transitions.ts): start hands the run to the planner;
 * stop needs no attempt writes (an attempt without a row in a cancelled run
 * is cancelled, and nothing lands in a stopped run); resume re-arms the run
 * and lets the queue reopen its attempts without a reward. Finished
 * attempts keep their rewards. Agent runners call back at the origin each
 * run was started or resumed from (recorded here, before any attempt goes out).
 */
import { queuePlanning, queueResume, settleStop } from "../../src/lifecycle/run-transitions";
import type { Env } from "../env";
import { recordPublicOrigin } from "../agent/callbacks";
import { cancelLive } from "../agent/cancel";
import { lifecycleOf } from "../queue/lifecycle";

/** `origin` is where the start request came in: agent runners call back there unless ASSAY_PUBLIC_URL says otherwise. */
export async function afterStart(env: Env, runId: string, origin: string): Promise<void> {
  await recordPublicOrigin(env, runId, origin);
  await queuePlanning(lifecycleOf(env), runId);
}

export async function afterStop(env: Env, runId: string): Promise<void> {
  // Running agent attempts end at once: their slots come back and the live set empties.
  await settleStop(lifecycleOf(env), runId, () => cancelLive(env, runId));
}

/** Re-arms a stopped or finished run (already moved to queued); the queue reopens its unrewarded attempts page by page. */
export async function startResume(env: Env, runId: string, origin: string): Promise<void> {
  await recordPublicOrigin(env, runId, origin);
  await queueResume(lifecycleOf(env), runId);
}
