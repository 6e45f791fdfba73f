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
  /** Model-call tries already spent on this attempt (carried across re-sends). */
  tries: z.number().int().min(0).default(0),
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
export type ResumeMessage = z.infer<typeof ResumeMessage>;
export type QueueMessage = z.infer<typeof QueueMessage>;
