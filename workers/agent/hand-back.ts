/**
 * Hands agent attempt messages back to the queue with a delay: each is sent
 * again (optionally with a new try count) and the delivered copy acked, in
 * sends of at most 100 messages. Sends to the attempt queues.
 */
import { sendAttempts } from "../queue/attempt-queues";
import type { Env } from "../env";
import { attemptQueues } from "../env";
import type { Delivered } from "../../src/domain/queue-messages";

/** Delay of a message handed back because the run stayed at its limit, or after trouble on our side. */
export const HAND_BACK_S = 5;

/** Sends `msgs` again after `delayS` seconds (with `tries(m)` as their try count when given), then acks them. */
export async function handBack(env: Env, msgs: Delivered[], delayS: number, tries?: (m: Delivered) => number): Promise<void> {
  for (let i = 0; i < msgs.length; i += 100) {
    const part = msgs.slice(i, i + 100);
    await sendAttempts(attemptQueues(env), part.map((m) => ({ body: { ...m.body, tries: tries ? tries(m) : m.body.tries }, delaySeconds: delayS })));
    for (const m of part) m.raw.ack();
  }
}
