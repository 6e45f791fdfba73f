/**
 * Queue messages, parsed with zod on the way in. Attempt messages travel on
 * the `attempts` queue, one slot each; plan and resume steps on the
 * `control` queue, each continuing itself in bounded steps.
 */
import { z } from "zod";

export const PlanMessage = z.object({
  kind: z.literal("plan"),
  run_id: z.string(),
});

export const AttemptMessage = z.object({
  kind: z.literal("attempt"),
  run_id: z.string(),
  seq: z.number().int().min(0),
  /** Model-call tries already spent on this attempt (carried across re-sends); a rate limit that said how long to wait spends none. */
  tries: z.number().int().min(0).default(0),
  /** When this attempt first met a rate limit that said how long to wait (epoch ms), so its waits end within MAX_RATE_LIMIT_WAIT_MS. */
  limited_since: z.number().int().min(0).optional(),
  /** The R2 key of the model's reply from a try whose scoring failed (src/storage/attempt-replies.ts): this try scores it instead of calling the model. */
  reply_key: z.string().min(1).max(300).optional(),
});

/** Resume reopens the attempts without a reward in pages, by seq, then hands over to planning. */
export const ResumeMessage = z.object({
  kind: z.literal("resume"),
  run_id: z.string(),
  after_seq: z.number().int().min(-1),
});

export const QueueMessage = z.discriminatedUnion("kind", [PlanMessage, AttemptMessage, ResumeMessage]);
export type PlanMessage = z.infer<typeof PlanMessage>;
export type AttemptMessage = z.infer<typeof AttemptMessage>;

/** A delivered attempt message with its parsed body (a delivered message's own body is read-only). */
export interface Delivered {
  raw: Message<unknown>;
  body: AttemptMessage;
}
export type ResumeMessage = z.infer<typeof ResumeMessage>;
export type QueueMessage = z.infer<typeof QueueMessage>;
