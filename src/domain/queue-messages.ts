/**
 * Messages on the `attempts` queue, parsed with zod on the way in. Planning
 * continues itself in bounded steps; an attempt message names one slot.
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

export const QueueMessage = z.discriminatedUnion("kind", [PlanMessage, AttemptMessage]);
export type PlanMessage = z.infer<typeof PlanMessage>;
export type AttemptMessage = z.infer<typeof AttemptMessage>;
export type QueueMessage = z.infer<typeof QueueMessage>;
