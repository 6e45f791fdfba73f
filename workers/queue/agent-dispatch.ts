/**
 * Dispatches a batch of one agent run's attempt messages: each waits (a
 * while) for one of the run's RunGate slots under its own holder, then goes
 * to its runner (agent-dispatch-one.ts); messages still waiting when the
 * time is up go back to the queue with a delay, and a run that stopped
 * meanwhile drops them. Uses the gate, D1 (the run's status) and the clock.
 */
import type { AttemptSlot } from "../../src/db/attempts";
import { readRunStatus } from "../../src/db/run-status";
import { attemptId } from "../../src/domain/attempt-id";
import type { Env } from "../env";
import { agentContext, slotOf } from "./agent-context";
import { dispatchOne } from "./agent-dispatch-one";
import { HAND_BACK_S, handBack } from "./agent-hand-back";
import { agentHolder, leaseMs } from "./agent-slot";
import type { Delivered } from "../../src/domain/queue-messages";
import { gateFor } from "./gate";
import { maxConcurrency } from "../../src/execution/concurrency-band";

/** How long an invocation keeps messages waiting for a slot before handing them back. */
export const AGENT_WAIT_MS = 60_000;
/** Between tries for a slot while the run is at its limit. */
const SLOT_POLL_MS = 250;
const STATUS_EVERY_MS = 1_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    const slot = await slotOf(env, ctx, m.body.seq);
    if (slot) queue.push({ msg: m, slot });
    else m.raw.ack();
  }
  const gate = gateFor(env, runId);
  // An agent run's runner takes the band's max as its pinned limit (the band adapts model calls, not runners).
  const limit = maxConcurrency(ctx.options.concurrency);
  const lease = leaseMs(ctx.options.timeout_s);
  const until = Date.now() + AGENT_WAIT_MS;
  const inflight: Promise<void>[] = [];
  let checked = Date.now();
  while (queue.length && Date.now() < until) {
    if (Date.now() - checked > STATUS_EVERY_MS) {
      checked = Date.now();
      const s = await readRunStatus(env.DB, runId);
      if (s !== "running" && s !== "queued") {
        for (const w of queue.splice(0)) w.msg.raw.ack();
        break;
      }
    }
    const { msg, slot } = queue[0]!;
    const id = attemptId(runId, slot.seq);
    const { granted } = await gate.claim({ holder: agentHolder(id), attempts: [id], want: 1, limit, lease_ms: lease });
    if (!granted) {
      await sleep(SLOT_POLL_MS);
      continue;
    }
    queue.shift();
    inflight.push(dispatchOne(env, ctx, msg, slot));
  }
  await Promise.all(inflight);
  if (queue.length) await handBack(env, queue.map((w) => w.msg), HAND_BACK_S);
}
