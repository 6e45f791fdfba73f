/**
 * The queue handler: parses every message with zod, runs planning steps and
 * attempt batches, and settles dead letters so no attempt is ever lost
 * silently. Messages are acknowledged one by one; an uncaught error leaves
 * the unacknowledged ones to be redelivered.
 */
import { finishAttempts } from "../../src/db/attempts";
import { appendLogs } from "../../src/db/run-logs";
import { AttemptMessage, QueueMessage } from "../../src/domain/queue-messages";
import type { Env } from "../env";
import { executeAttempts } from "./execute";
import { gateFor } from "./gate";
import { finalize, planStep } from "./plan";

export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  if (batch.queue.endsWith("-dlq")) return handleDeadLetters(batch, env);
  const attempts: Message<AttemptMessage>[] = [];
  const plans = new Map<string, Message<unknown>[]>();
  for (const m of batch.messages) {
    const parsed = QueueMessage.safeParse(m.body);
    if (!parsed.success) {
      console.error("dropping a malformed queue message", parsed.error.issues[0]?.message);
      m.ack();
    } else if (parsed.data.kind === "plan") {
      plans.set(parsed.data.run_id, [...(plans.get(parsed.data.run_id) ?? []), m]);
    } else {
      attempts.push(Object.assign(m, { body: parsed.data }) as Message<AttemptMessage>);
    }
  }
  await Promise.all([
    ...[...plans].map(async ([runId, msgs]) => {
      try {
        await planStep(env, runId);
        for (const m of msgs) m.ack();
      } catch (err) {
        console.error("planning step failed; it will be retried", runId, err instanceof Error ? err.message : err);
        for (const m of msgs) m.retry({ delaySeconds: 2 });
      }
    }),
    attempts.length ? executeAttempts(env, attempts) : Promise.resolve(),
  ]);
}

/** Messages the queue gave up on: their attempts end failed (kept, counted as invalid), their plans fail the run. */
async function handleDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const at = new Date().toISOString();
  for (const m of batch.messages) {
    const parsed = QueueMessage.safeParse(m.body);
    if (!parsed.success) {
      m.ack();
      continue;
    }
    const msg = parsed.data;
    const error = "the queue gave up delivering this attempt after repeated failures";
    if (msg.kind === "attempt") {
      const changed = await finishAttempts(env.DB, msg.run_id, [
        { seq: msg.seq, status: "failed", reward: null, structured: null, output: null, reason: null, error, exit_code: null, tries: msg.tries, input_tokens: null, output_tokens: null, cost: null, latency_ms: null, transcript_key: null, started_at: null, finished_at: at },
      ]);
      if (changed.length) {
        await appendLogs(env.DB, msg.run_id, [{ level: "error", event: "dead_letter", attempt_seq: msg.seq, message: error }]);
        const state = await gateFor(env, msg.run_id).settle(1);
        if (state.total !== null && state.terminal >= state.total) await finalize(env, msg.run_id);
      }
    } else {
      await env.DB.prepare(
        `UPDATE eval_runs SET status = 'failed', error = ?2, finished_at = ?3, updated_at = ?3 WHERE id = ?1 AND status IN ('queued', 'running')`,
      )
        .bind(msg.run_id, "planning the run failed repeatedly", at)
        .run();
      await appendLogs(env.DB, msg.run_id, [{ level: "error", event: "dead_letter", message: "planning the run failed repeatedly" }]);
    }
    m.ack();
  }
}
