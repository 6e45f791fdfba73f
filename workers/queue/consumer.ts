/**
 * The queue handler: parses every message with zod, runs planning steps and
 * attempt batches, and settles dead letters so no attempt is ever lost
 * silently. Messages are acknowledged one by one; an uncaught error leaves
 * the unacknowledged ones to be redelivered.
 */
import { QueueMessage, type Delivered } from "../../src/domain/queue-messages";
import { endAttempts } from "../../src/lifecycle/attempt-end";
import { slotOf } from "../../src/lifecycle/run-context";
import { abortRun } from "../../src/lifecycle/run-transitions";
import type { Env } from "../env";
import { executeAttempts, failedOutcome } from "./execute";
import { lifecycleOf } from "../lifecycle";
import { runContext } from "./run-context";
import { planStep } from "./plan";
import { resumeStep } from "./resume";

export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  if (batch.queue.endsWith("-dlq")) return handleDeadLetters(batch, env);
  const attempts: Delivered[] = [];
  const plans = new Map<string, Message<unknown>[]>();
  const steps: Promise<void>[] = [];
  for (const m of batch.messages) {
    const parsed = QueueMessage.safeParse(m.body);
    if (!parsed.success) {
      console.error("dropping a malformed queue message", parsed.error.issues[0]?.message);
      m.ack();
    } else if (parsed.data.kind === "plan") {
      plans.set(parsed.data.run_id, [...(plans.get(parsed.data.run_id) ?? []), m]);
    } else if (parsed.data.kind === "resume") {
      steps.push(step(m, () => resumeStep(env, parsed.data.run_id, (parsed.data as { after_seq: number }).after_seq)));
    } else {
      attempts.push({ raw: m, body: parsed.data });
    }
  }
  // Duplicate plan messages of one run collapse into one step.
  for (const [runId, msgs] of plans) steps.push(step(msgs, () => planStep(env, runId)));
  await Promise.all([...steps, attempts.length ? executeAttempts(env, attempts) : Promise.resolve()]);
}

/** Runs a control step (plan, resume); acknowledges its messages on success, retries them on failure. */
async function step(msgs: Message<unknown> | Message<unknown>[], fn: () => Promise<void>): Promise<void> {
  const list = Array.isArray(msgs) ? msgs : [msgs];
  try {
    await fn();
    for (const m of list) m.ack();
  } catch (err) {
    console.error("a control step failed; it will be retried", err instanceof Error ? err.message : err);
    for (const m of list) m.retry({ delaySeconds: 2 });
  }
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
      const ctx = await runContext(env, msg.run_id, [msg.seq]);
      const slot = ctx && (await slotOf(env.ARTIFACTS, ctx, msg.seq));
      if (slot) {
        await endAttempts(lifecycleOf(env), msg.run_id, [{ slot, outcome: { ...failedOutcome(msg.seq, msg.tries, error), started_at: null, finished_at: at } }], {
          log: (written) => (written ? [{ level: "error", event: "dead_letter", attempt_seq: msg.seq, message: error }] : []),
        });
      }
    } else {
      // A plan or resume step that kept failing: the run cannot go on.
      await abortRun(lifecycleOf(env), msg.run_id, "planning the run failed repeatedly", "dead_letter");
    }
    m.ack();
  }
}
