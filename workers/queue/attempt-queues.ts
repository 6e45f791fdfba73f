/**
 * Sending attempt messages. Attempts are spread over the Worker's attempt
 * queues, 100 messages per call (the queue's limit), one call to each in
 * turn. Two queues mean two consumer invocations can run at once even where
 * a queue hands out one batch at a time (wrangler dev's local queues): one
 * batch's last model calls no longer leave the run's other slots idle. On
 * Cloudflare, where a queue's consumers scale out anyway, it doubles the
 * per-queue message ceiling.
 */
import type { AttemptMessage } from "../../src/domain/queue-messages";

/** Queue sendBatch takes at most 100 messages. */
export const SEND_BATCH = 100;

export interface AttemptSend {
  body: AttemptMessage;
  /** Seconds before the message is delivered (a retry's backoff). */
  delaySeconds?: number;
}

let turn = 0;

/**
 * Enqueues attempt messages: calls of at most SEND_BATCH, round robin over
 * the attempt queues, all in flight at once (one after another, a planning
 * step's ten calls held back the run's start by their summed round trips).
 * A call that fails fails the whole send, as before: the caller sends again,
 * and what was already queued is deduplicated on delivery (attempts.ts).
 */
export async function sendAttempts(queues: readonly Pick<Queue, "sendBatch">[], messages: readonly AttemptSend[]): Promise<void> {
  const calls: Promise<unknown>[] = [];
  for (let i = 0; i < messages.length; i += SEND_BATCH) {
    const queue = queues[turn++ % queues.length]!;
    calls.push(queue.sendBatch(messages.slice(i, i + SEND_BATCH).map((m) => (m.delaySeconds ? { body: m.body, delaySeconds: m.delaySeconds } : { body: m.body }))));
  }
  await Promise.all(calls);
}
