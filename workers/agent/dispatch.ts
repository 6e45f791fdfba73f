/**
 * The agent path: attempts of a run whose target is an agent runner. The
 * consumer does not execute them; it dispatches each one, signed, to the
 * target's runner_url and lets go. The attempt then belongs to the live
 * object that owns it (workers/live/run-live.ts): the runner's events,
 * artifacts and verifier result arrive there with the attempt's token, and
 * it ends the attempt on the result or, failing that, at its timeout
 * (timed_out, no reward).
 *
 * Concurrency: each dispatched attempt holds one of the run's RunGate
 * slots under a holder of its own (`agent:<attempt id>`) whose lease
 * outlives its timeout, released when the attempt ends; so at most
 * `concurrency` attempts run on the runner at once, across invocations,
 * without a consumer waiting for them. Messages that find the run at its
 * limit wait at the gate for a slot to be freed (its answer, not a poll),
 * a while, then go back to the queue with a delay.
 *
 * Dispatch failures are classified like model-call failures: network
 * errors, 408, 429 and 5xx are retried with backoff (a new dispatch, a new
 * token); other 4xx end the attempt failed with the runner's answer.
 *
 * This module is the path's entry point (workers/queue/attempts.ts hands it
 * an agent run's messages); each concept lives in its own module:
 *   agent-context.ts       the run's targets, secrets and plan, cached per isolate
 *   agent-slot.ts          an attempt's gate holder and lease
 *   agent-callbacks.ts     where runners call back
 *   agent-dispatch-one.ts  one attempt: begin, post, retry or fail
 *   agent-dispatch-body.ts the signed body (src/runner/attempt-body.ts builds it)
 *   agent-post.ts          the POST and how its answer is classified
 *   agent-hand-back.ts     messages back to the queue with a delay
 *   agent-cancel.ts        a stopped run's live attempts cancelled
 *   agent-end.ts           an ended attempt recorded (through src/lifecycle)
 *
 * Here: a batch of one agent run's attempt messages each waits (a while)
 * for one of the run's RunGate slots under its own holder, by a request the
 * gate answers when a slot is freed or the run stops (no polling), then
 * goes to its runner (agent-dispatch-one.ts); messages still waiting when
 * the time is up go back to the queue with a delay, and a run that stopped
 * meanwhile drops them. Uses the gate and the clock.
 */
import type { AttemptSlot } from "../../src/db/attempts";
import { attemptId } from "../../src/domain/attempt-id";
import type { Env } from "../env";
import { slotOf } from "../../src/lifecycle/run-context";
import { agentContext } from "./context";
import { dispatchOne } from "./dispatch-one";
import { HAND_BACK_S, handBack } from "./hand-back";
import { agentHolder, leaseMs } from "./slot";
import type { Delivered } from "../../src/domain/queue-messages";
import { gateFor } from "../gate/client";
import { maxConcurrency } from "../../src/execution/concurrency-band";

/** How long an invocation keeps messages waiting for a slot before handing them back. */
export const AGENT_WAIT_MS = 60_000;

/**
 * Dispatches a batch of one agent run's open attempts: each waits for a
 * slot (a while), then goes to its runner; the invocation returns once
 * every runner accepted or refused its attempt.
 */
export async function dispatchAgentAttempts(env: Env, runId: string, msgs: Delivered[]): Promise<void> {
  const ctx = await agentContext(env, runId, msgs.map((m) => m.body.seq));
  if (!ctx) {
    for (const m of msgs) m.raw.ack();
    return;
  }
  const queue: { msg: Delivered; slot: AttemptSlot }[] = [];
  for (const m of msgs) {
    const slot = await slotOf(env.ARTIFACTS, ctx, m.body.seq);
    if (slot) queue.push({ msg: m, slot });
    else m.raw.ack();
  }
  const gate = gateFor(env, runId);
  // An agent run's runner takes the band's max as its pinned limit (the band adapts model calls, not runners).
  const limit = maxConcurrency(ctx.options.concurrency);
  const until = Date.now() + AGENT_WAIT_MS;
  const inflight: Promise<void>[] = [];
  let stopped = false;
  while (queue.length && !stopped && Date.now() < until) {
    const { msg, slot } = queue[0]!;
    const id = attemptId(runId, slot.seq);
    // Each dispatched attempt holds its slot under a holder of its own, alive until its timeout could have passed.
    const holder = { holder: agentHolder(id), until: Date.now() + leaseMs(ctx.options.timeout_s), boot: env.ASSAY_STACK_BOOT ?? "" };
    const first = await gate.claim({ ...holder, attempts: [{ seq: slot.seq, tries: msg.body.tries }], want: 1, limit });
    // None free: wait at the gate until one is given back or the run stops.
    const got = first.slots.length || first.stopped ? first : await gate.more({ ...holder, want: 1, limit, wait_ms: Math.max(0, until - Date.now()) });
    stopped = got.stopped;
    if (!got.slots.length) {
      await gate.release({ holder: holder.holder, done: true });
      continue;
    }
    queue.shift();
    inflight.push(dispatchOne(env, ctx, msg, slot));
  }
  if (stopped) for (const w of queue.splice(0)) w.msg.raw.ack();
  await Promise.all(inflight);
  if (queue.length) await handBack(env, queue.map((w) => w.msg), HAND_BACK_S);
}
