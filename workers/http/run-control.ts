/**
 * What the lifecycle routes do to execution, through the run lifecycle
 * (src/lifecycle/run-transitions.ts): start hands the run to the planner;
 * stop needs no attempt writes (an attempt without a row in a cancelled run
 * is cancelled, and nothing lands in a stopped run); resume re-arms the run
 * and lets the queue reopen its attempts without a reward. Finished
 * attempts keep their rewards. Agent runners call back at the origin each
 * run was started or resumed from (recorded here, before any attempt goes out).
 */
import type { EvalRunRow } from "../../src/db/schema";
import { queueResume, startRun, stopRun } from "../../src/lifecycle/run-transitions";
import type { Env } from "../env";
import { recordPublicOrigin } from "../agent/callbacks";
import { cancelLive } from "../agent/cancel";
import { lifecycleOf } from "../lifecycle";

/**
 * Starts a draft (draft → queued, planning queued); undefined when it was no
 * longer a draft. `origin` is where the start request came in: agent runners
 * call back there unless ASSAY_PUBLIC_URL says otherwise.
 */
export async function startDraft(env: Env, run: EvalRunRow, origin: string, at?: string): Promise<EvalRunRow | undefined> {
  return startRun(lifecycleOf(env), run, () => recordPublicOrigin(env, run.id, origin), at);
}

/** Stops an active run (→ cancelled, then its aftermath); undefined when it was not active. */
export async function stopActive(env: Env, run: EvalRunRow): Promise<EvalRunRow | undefined> {
  // Running agent attempts end at once: their slots come back and the live set empties.
  return stopRun(lifecycleOf(env), run, () => cancelLive(env, run.id));
}

/** Re-arms a stopped or finished run (already moved to queued); the queue reopens its unrewarded attempts page by page. */
export async function startResume(env: Env, runId: string, origin: string): Promise<void> {
  await recordPublicOrigin(env, runId, origin);
  await queueResume(lifecycleOf(env), runId);
}
