/**
 * The consumer's side of options.batch: an attempt message of a batch run
 * does not call the model; its request joins a provider batch (one per
 * consumer invocation and target), submitted at once, and the message is
 * acknowledged. The cron polls the batch (workers/cron/batch-poll.ts) and
 * sends each attempt back with its reply kept (reply_key), so scoring,
 * storage and metrics take the path of a live call. An attempt whose batch
 * request failed comes back marked `live` in D1 and calls the model as
 * usual. I/O: D1, R2 (rows), the provider's batch API.
 */
import { endBatch, itemsOf, markSubmitted, openBatch, releaseBatch, settleItems } from "../../src/db/call-batches";
import { appendLogs } from "../../src/db/run-logs";
import type { AttemptSlot } from "../../src/db/attempts";
import { newId } from "../../src/crypto/ids";
import { buildMessages } from "../../src/domain/prompt";
import { scrub } from "../../src/domain/scrub";
import { toolsColumnOf, toolsOfRow } from "../../src/domain/tools";
import { examplesFor, samplingFor } from "../../src/execution/benchmark-plan";
import type { BatchRequest } from "../../src/providers/batch";
import { createBatchClient } from "../../src/providers/batch-client";
import { ProviderError, type ChatRequest } from "../../src/providers";
import { rowAt } from "../../src/storage/row-cache";
import type { RunContext } from "./run-context";
import type { SinkJob } from "./outcome-sink";

/** What a batch run's routing reads and writes. */
export interface BatchBindings {
  DB: D1Database;
  ARTIFACTS: R2Bucket;
}

/** After a passing failure to submit, the attempts' messages come back this much later. */
export const SUBMIT_RETRY_S = 5;

/** A batch request's custom_id names its attempt (unique within the run, so within the batch). */
export const customIdOf = (seq: number) => `att-${seq}`;

/** The request a live call of this attempt would make, rendered as the pipeline renders it (src/execution/pipeline.ts). */
export async function chatRequestFor(env: Pick<BatchBindings, "ARTIFACTS">, ctx: RunContext, att: AttemptSlot): Promise<ChatRequest> {
  const rb = ctx.runBenchmarks.get(att.benchmarkId)!;
  const bm = ctx.benchmarks.get(att.benchmarkId)!;
  const rev = ctx.revisions.get(rb.datasetRevisionId!)!;
  const spec = { prompt_template: bm.promptTemplate, prompt_column: bm.promptColumn, answer_column: bm.answerColumn };
  const row = await rowAt(env.ARTIFACTS, rev, att.rowIndex);
  const examples = await Promise.all(examplesFor(rb.fewShot, att.subset).map((i) => rowAt(env.ARTIFACTS, rev, i)));
  const target = att.target === "b" && ctx.targets.b ? ctx.targets.b : ctx.targets.a;
  const tools = toolsOfRow(toolsColumnOf(bm.options), row.data);
  return {
    messages: buildMessages(spec, row.data, examples.map((e) => e.data)),
    model: target.config.model,
    ...samplingFor(ctx.options, att.benchmarkId),
    timeout_ms: ctx.options.timeout_s * 1000,
    params: target.config.params,
    ...(tools ? { tools } : {}),
  };
}

/** The target's endpoint with its key, for the batch client. */
export async function endpointOf(ctx: RunContext, target: "a" | "b") {
  const t = target === "b" && ctx.targets.b ? ctx.targets.b : ctx.targets.a;
  return { provider: t.config.provider, base_url: t.config.base_url, ...(t.key ? { api_key: t.key } : {}) };
}

/**
 * Sends a batch run's attempt messages where they belong and returns the
 * ones to execute here as usual: replies to score (a landed batch reply or a
 * scoring retry) and attempts whose batch request failed. The rest join a
 * new provider batch or are already waiting on one; their messages are
 * acknowledged.
 */
export async function routeBatchWork<W extends SinkJob>(env: BatchBindings, ctx: RunContext, work: W[]): Promise<W[]> {
  const runId = ctx.run.id;
  const keep: W[] = [];
  const candidates: W[] = [];
  // Recorded outputs (a re-score) call no model at all.
  const recorded = (w: W) => !!(w.slot.target === "b" && ctx.targets.b ? ctx.targets.b : ctx.targets.a).recorded;
  for (const w of work) (w.reply_key || recorded(w) ? keep : candidates).push(w);
  const items = await itemsOf(env.DB, runId, candidates.map((w) => w.slot.seq));
  const join: W[] = [];
  for (const w of candidates) {
    const item = items.get(w.slot.seq);
    // A cancelled or expired one is here again because the run was resumed (an ended attempt never gets this far).
    if (!item || item.state === "cancelled" || item.state === "expired") join.push(w);
    else if (item.state === "live") keep.push(w);
    // Its batch reply was kept but the message that carried it was lost (a sweep re-sent it): score that reply.
    else if (item.state === "landed" && item.reply_key) keep.push({ ...w, tries: item.tries - 1, reply_key: item.reply_key });
    else w.ack(); // waiting on its batch
  }
  for (const target of ["a", "b"] as const) {
    const group = join.filter((w) => w.slot.target === target);
    if (group.length) keep.push(...(await submitGroup(env, ctx, target, group)));
  }
  return keep;
}

/** One provider batch for `group`; returns the attempts to run live instead (the submission failed). */
async function submitGroup<W extends SinkJob>(env: BatchBindings, ctx: RunContext, target: "a" | "b", group: W[]): Promise<W[]> {
  const runId = ctx.run.id;
  const endpoint = await endpointOf(ctx, target);
  const at = new Date().toISOString();
  const batchId = newId("cbt");
  const held = new Set(await openBatch(env.DB, { id: batchId, runId, target, provider: endpoint.provider, at }, group.map((w) => ({ seq: w.slot.seq, tries: w.tries + 1 }))));
  const mine = group.filter((w) => held.has(w.slot.seq));
  // Another invocation holds the rest in its batch.
  for (const w of group) if (!held.has(w.slot.seq)) w.ack();
  if (!mine.length) {
    await endBatch(env.DB, batchId, "ended", at, null, "no attempt left to submit");
    return [];
  }
  try {
    const requests: BatchRequest[] = await Promise.all(mine.map(async (w) => ({ custom_id: customIdOf(w.slot.seq), req: await chatRequestFor(env, ctx, w.slot) })));
    const providerId = await createBatchClient(endpoint).submit(requests, { assay_run: runId, assay_batch: batchId });
    await markSubmitted(env.DB, batchId, providerId, new Date().toISOString());
    await appendLogs(env.DB, runId, [{ level: "info", event: "batch_submitted", message: `${mine.length} model calls submitted as ${endpoint.provider} batch ${providerId}` }]);
    for (const w of mine) w.ack();
    return [];
  } catch (err) {
    const error = scrub(`batch submission failed: ${err instanceof Error ? err.message : String(err)}`, ctx.secretValues);
    if (err instanceof ProviderError && err.kind !== "permanent") {
      // A passing failure (connection lost, 429, 5xx): the messages come back later and submit again (the queue's retries bound it).
      await releaseBatch(env.DB, batchId, new Date().toISOString(), error);
      await appendLogs(env.DB, runId, [{ level: "warn", event: "batch_retry", message: `${error}; submitting again in ${SUBMIT_RETRY_S} s` }]);
      for (const w of mine) w.retry(SUBMIT_RETRY_S);
      return [];
    }
    // The endpoint takes no batch (no batch API, a bad request): these attempts call the model one by one.
    await settleItems(env.DB, batchId, mine.map((w) => ({ seq: w.slot.seq, state: "live" as const, error })));
    await endBatch(env.DB, batchId, "failed", new Date().toISOString(), null, error);
    await appendLogs(env.DB, runId, [{ level: "warn", event: "batch_failed", message: `${error}; ${mine.length} attempts call the model directly` }]);
    return mine;
  }
}
