/**
 * The cron's batch phase (options.batch): polls the provider batches that
 * hold a run's model calls and lands the ended ones. Per ended batch, each
 * attempt's result goes the way a live call's would: an answer is kept in
 * R2 and its attempt re-sent with that reply_key, so the queue scores and
 * records it as usual; a request that failed in the batch is marked live and
 * re-sent to call the model directly; an expired one ends timed_out without
 * a reward (missing, never 0). A batch whose run stopped is cancelled at the
 * provider and its attempts end with the run (cancelled). Every step is
 * conditional on the state it leaves (src/db/call-batches.ts) and attempts
 * record only their first verdict, so a pass that dies half-way is replayed
 * by the next without counting anything twice.
 */
import { endedWithoutReward } from "../../src/db/attempts";
import { batchesToPoll, endBatch, notePoll, settleItems, waitingItems, type BatchItemRow, type CallBatchRow } from "../../src/db/call-batches";
import { appendLogs } from "../../src/db/run-logs";
import { readRunStatus } from "../../src/db/run-status";
import type { AttemptMessage } from "../../src/domain/queue-messages";
import { scrub } from "../../src/domain/scrub";
import type { ChatResult } from "../../src/providers";
import type { BatchClient } from "../../src/providers/batch";
import { createBatchClient } from "../../src/providers/batch-client";
import { endAttempts } from "../../src/lifecycle/attempt-end";
import { slotOf } from "../../src/lifecycle/run-context";
import { keepReply } from "../../src/storage/attempt-replies";
import { readConfig, type Env } from "../env";
import { attemptQueues } from "../env";
import { sendAttempts } from "../queue/attempt-queues";
import { customIdOf, endpointOf } from "../queue/batch-calls";
import { lifecycleOf } from "../lifecycle";
import { runContext, type RunContext } from "../queue/run-context";
import type { Budget } from "./budget";

/** A batch still `submitting` after this long lost its submitter (the invocation died between D1 and the provider). */
export const SUBMIT_STALE_MS = 10 * 60_000;
export const EXPIRED_ERROR = "the provider's batch expired before answering this request (missing, not scored)";

export interface BatchPollReport {
  polled: number;
  ended: number;
  landed: number;
  live: number;
  expired: number;
  cancelled: number;
}

export async function pollBatches(env: Env, now: Date, budget: Budget): Promise<BatchPollReport> {
  const report: BatchPollReport = { polled: 0, ended: 0, landed: 0, live: 0, expired: 0, cancelled: 0 };
  const rows = await batchesToPoll(env.DB, new Date(now.getTime() - SUBMIT_STALE_MS).toISOString(), budget.limits.batches);
  for (const b of rows) {
    if (!budget.ok()) break;
    try {
      await pollOne(env, b, now, budget, report);
    } catch (err) {
      // One endpoint down must not stop the others: this batch is polled again next pass.
      console.error(`cron: polling batch ${b.id} failed`, err instanceof Error ? err.message : err);
    }
    report.polled += 1;
  }
  return report;
}

async function pollOne(env: Env, b: CallBatchRow, now: Date, budget: Budget, report: BatchPollReport): Promise<void> {
  const at = now.toISOString();
  const status = await readRunStatus(env.DB, b.run_id);
  const active = status === "running" || status === "queued";
  const ctx = active || status ? await runContext({ DB: env.DB, ARTIFACTS: env.ARTIFACTS, secretKey: readConfig(env).secretKey }, b.run_id, []) : null;
  const items = await waitingItems(env.DB, b.id);
  budget.spend(items.length + 1);
  if (!ctx || !active) return cancelBatch(env, b, ctx, items, at, report);
  const client = createBatchClient(await endpointOf(ctx, b.target));

  if (b.state === "submitting" || !b.provider_batch_id) {
    // Its submitter died before the provider answered (no provider id): whatever it sent, these attempts now call the model directly.
    await land(env, ctx, b, items.map((it): Outcome => ({ item: it, kind: "errored", error: "the batch submission was interrupted" })), at, report);
    await endBatch(env.DB, b.id, "failed", at, null, "the submitting invocation ended before the provider accepted the batch");
    return;
  }
  const state = await client.state(b.provider_batch_id!);
  if (!state.ended) {
    await notePoll(env.DB, b.id, at, state.status);
    return;
  }
  const byId = new Map(items.map((it) => [customIdOf(it.seq), it]));
  const target = b.target === "b" && ctx.targets.b ? ctx.targets.b : ctx.targets.a;
  // Results are read by the live adapter from the reply alone: the request stands in with the model's name.
  const stand = { messages: [], model: target.config.model, timeout_ms: ctx.options.timeout_s * 1000 };
  const results = await client.results(b.provider_batch_id!, items.map((it) => ({ custom_id: customIdOf(it.seq), req: stand })));
  const outcomes = results.flatMap((r): Outcome[] => {
    const item = byId.get(r.custom_id);
    if (!item) return [];
    if (r.kind === "succeeded") return [{ item, kind: "succeeded", result: r.result }];
    if (r.kind === "expired") return [{ item, kind: "expired" }];
    // Errored, or cancelled by someone else while the run goes on: a normal call instead.
    return [{ item, kind: "errored", error: r.kind === "errored" ? scrub(r.error, ctx.secretValues) : "the provider cancelled this batch request" }];
  });
  await land(env, ctx, b, outcomes, at, report);
  await endBatch(env.DB, b.id, "ended", at, state.status);
  report.ended += 1;
}

type Outcome =
  | { item: BatchItemRow; kind: "succeeded"; result: ChatResult }
  | { item: BatchItemRow; kind: "errored"; error: string }
  | { item: BatchItemRow; kind: "expired" };

/** Lands a batch's results: replies kept and sent to be scored, failures sent to call live, expiries recorded missing. */
async function land(env: Env, ctx: RunContext, b: CallBatchRow, outcomes: Outcome[], at: string, report: BatchPollReport): Promise<void> {
  if (!outcomes.length) return;
  const runId = b.run_id;
  const sends: { body: AttemptMessage }[] = [];
  const settled: Parameters<typeof settleItems>[2][number][] = [];
  for (const o of outcomes) {
    if (o.kind === "succeeded") {
      const key = await keepReply(env.ARTIFACTS, runId, o.item.seq, o.item.tries, { ...o.result, batched: true });
      // tries: the batch's call was this attempt's try; the scoring of its reply counts it once.
      sends.push({ body: { kind: "attempt", run_id: runId, seq: o.item.seq, tries: o.item.tries - 1, reply_key: key } });
      settled.push({ seq: o.item.seq, state: "landed", reply_key: key });
    } else if (o.kind === "errored") {
      sends.push({ body: { kind: "attempt", run_id: runId, seq: o.item.seq, tries: o.item.tries } });
      settled.push({ seq: o.item.seq, state: "live", error: o.error });
    }
  }
  if (sends.length) await sendAttempts(attemptQueues(env), sends);
  const expired = outcomes.filter((o) => o.kind === "expired");
  if (expired.length) {
    const done = [];
    for (const o of expired) {
      const slot = await slotOf(env.ARTIFACTS, ctx, o.item.seq);
      if (slot) done.push({ slot, outcome: endedWithoutReward(o.item.seq, "timed_out", EXPIRED_ERROR, o.item.tries, null, at) });
      settled.push({ seq: o.item.seq, state: "expired", error: EXPIRED_ERROR });
    }
    await endAttempts(lifecycleOf(env), runId, done);
  }
  await settleItems(env.DB, b.id, settled);
  const landed = outcomes.filter((o) => o.kind === "succeeded").length;
  const live = outcomes.filter((o) => o.kind === "errored");
  report.landed += landed;
  report.live += live.length;
  report.expired += expired.length;
  const parts = [`${landed} answered`, live.length ? `${live.length} failed and call the model directly (first: ${live[0]!.error})` : "", expired.length ? `${expired.length} expired unanswered (missing)` : ""];
  await appendLogs(env.DB, runId, [{ level: live.length || expired.length ? "warn" : "info", event: "batch_ended", message: `batch ${b.provider_batch_id ?? b.id}: ${parts.filter(Boolean).join("; ")}` }], ctx.secretValues);
}

/** The run stopped (or is gone): the provider is asked to cancel, and the attempts end with the run. */
async function cancelBatch(env: Env, b: CallBatchRow, ctx: RunContext | null, items: BatchItemRow[], at: string, report: BatchPollReport): Promise<void> {
  let note = "";
  if (b.provider_batch_id && ctx) {
    try {
      const client: BatchClient = createBatchClient(await endpointOf(ctx, b.target));
      await client.cancel(b.provider_batch_id);
    } catch (err) {
      note = `; the provider did not confirm the cancel: ${scrub(err instanceof Error ? err.message : String(err), ctx.secretValues)}`;
    }
  }
  await settleItems(env.DB, b.id, items.map((it) => ({ seq: it.seq, state: "cancelled" as const })));
  await endBatch(env.DB, b.id, "cancelled", at, null, `its run stopped${note}`);
  report.cancelled += 1;
  if (ctx) await appendLogs(env.DB, b.run_id, [{ level: "warn", event: "batch_cancelled", message: `batch ${b.provider_batch_id ?? b.id} cancelled with its run: ${items.length} attempts end cancelled${note}` }]);
}
