/**
 * Dispatches one agent attempt that holds its slot: begins it on the live
 * object that will own it (a redelivered message finds it already begun
 * and lets go), signs and posts it to the runner, and acts on the answer:
 * accepted, the attempt now belongs to the live object; refused for good,
 * it ends failed; refused for now, it is abandoned, its slot given back and
 * its message handed back after a backoff (a new dispatch, a new token),
 * until the retry policy gives up. Uses Durable Objects, D1 (logs), the
 * queue, fetch and the clock.
 */
import type { AttemptSlot } from "../../src/db/attempts";
import { appendLogs } from "../../src/db/run-logs";
import { attemptId } from "../../src/domain/attempt-id";
import { retryDecision } from "../../src/domain/retry";
import { ownerOf } from "../live/client";
import type { Env } from "../env";
import { callbackBase } from "./callbacks";
import type { AgentContext } from "./context";
import { signedAttempt } from "./dispatch-body";
import { HAND_BACK_S, handBack } from "./hand-back";
import { postToRunner } from "./post";
import { agentHolder } from "./slot";
import type { Delivered } from "../../src/domain/queue-messages";
import { gateFor } from "../gate/client";

/** Dispatches the attempt of `msg` at `slot`; acks `msg` or hands it back (trouble on our side included). */
export async function dispatchOne(env: Env, ctx: AgentContext, msg: Delivered, slot: AttemptSlot): Promise<void> {
  const runId = ctx.run.id;
  const id = attemptId(runId, slot.seq);
  const gate = gateFor(env, runId);
  const target = slot.target === "b" && ctx.targets.b ? ctx.targets.b : ctx.targets.a;
  const tries = msg.body.tries + 1;
  const dispatch = crypto.randomUUID().replace(/-/g, "").slice(0, 16);
  const startedMs = Date.now();
  const deadlineMs = startedMs + ctx.options.timeout_s * 1000;
  const { where, stub } = ownerOf(env, runId, slot.seq, ctx.shards);
  const call = { where, attempt_id: id, dispatch };
  try {
    const begun = await stub.begin({
      ...call,
      deadline_ms: deadlineMs,
      tries,
      slot,
      header: {
        kind: "header",
        seq: slot.seq,
        benchmark_id: slot.benchmarkId,
        target: slot.target,
        task_key: slot.memberKey,
        member_index: slot.memberIndex,
        attempt_index: slot.attemptIndex,
        subset: slot.subset,
        try: tries,
        execution: "agent",
        executor: target.config.name ?? target.config.runner_url,
        phase: "boot",
        started_at: new Date(startedMs).toISOString(),
        deadline_at: new Date(deadlineMs).toISOString(),
      },
    });
    if (!begun.ok) {
      // Already running under another dispatch (a redelivered message): that dispatch ends it.
      await gate.release({ holder: agentHolder(id), done: true });
      msg.raw.ack();
      return;
    }
    const base = await callbackBase(env, runId);
    const problem = target.problem ?? (base ? null : "Assay does not know the URL runners should call back: set ASSAY_PUBLIC_URL");
    if (problem) {
      await stub.fail({ ...call, status: "failed", error: problem });
      msg.raw.ack();
      return;
    }
    const { body, headers } = await signedAttempt(env, ctx, target, slot, { id, dispatch, tries, deadlineMs, callbackBase: base! });
    const outcome = await postToRunner(target.config.runner_url, headers, body, ctx.secretValues);
    if (outcome.kind === "accepted") {
      msg.raw.ack();
      return;
    }
    if (outcome.kind === "permanent") {
      await stub.fail({ ...call, status: "failed", error: outcome.error });
      msg.raw.ack();
      return;
    }
    const d = retryDecision(outcome.retryAfterMs !== null ? "rate_limit" : "transient", tries, outcome.retryAfterMs, Math.random());
    if (!d.retry) {
      await stub.fail({ ...call, status: "failed", error: `${outcome.error} (gave up after ${tries} tries)` });
      msg.raw.ack();
      return;
    }
    await stub.abandon({ ...call, error: outcome.error });
    await gate.release({ holder: agentHolder(id), done: true });
    await appendLogs(env.DB, runId, [{ level: "warn", event: "retry", attempt_seq: slot.seq, message: `dispatch ${tries} failed; retrying in ${d.delay_ms} ms: ${outcome.error}` }], ctx.secretValues);
    await handBack(env, [msg], Math.ceil(d.delay_ms / 1000), () => tries);
  } catch (err) {
    // Trouble on our side (a Durable Object, R2): give the slot back and try again shortly.
    console.error(`dispatching ${id} failed:`, err instanceof Error ? err.message : err);
    await stub.abandon({ ...call, error: "internal error while dispatching" }).catch(() => {});
    await gate.release({ holder: agentHolder(id), done: true }).catch(() => {});
    await handBack(env, [msg], HAND_BACK_S).catch(() => msg.raw.retry({ delaySeconds: HAND_BACK_S }));
  }
}
