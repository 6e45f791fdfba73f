/**
 * What a run's live followers receive, message by message: on the
 * WebSocket (GET /api/eval-runs/{id}/live) a JSON array of deltas, a
 * snapshot of the live set, `ready` once caught up, `pong` for a JSON ping;
 * over Server-Sent Events the same as `delta`, `live_set` and `ready`
 * events. The hub sends these and the dashboard reads them by this
 * definition (dashboard/src/lib/live.ts), so neither guesses the other's
 * field names. Pure, no I/O.
 */
import { z } from "zod";
import { DeltaFrame } from "./deltas";
import { LiveSet } from "./live-set";

/** The stream position a follower is caught up to. */
export const ReadyFrame = z.strictObject({ type: z.literal("ready"), delta_seq: z.number().int().min(0) });
/** The answer to a follower's `{"type":"ping"}` (the bare text `ping` is answered `pong` by the runtime). */
export const PongFrame = z.strictObject({ type: z.literal("pong"), delta_seq: z.number().int().min(0) });

/** One WebSocket message, parsed from its JSON. */
export const LiveMessage = z.union([z.array(DeltaFrame), LiveSet, ReadyFrame, PongFrame]);
export type LiveMessage = z.output<typeof LiveMessage>;

/** What a follower may send: which attempt's trace it watches (a hint; the hub streams every delta anyway), or a ping. */
export const FollowerMessage = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("follow"), attempt_id: z.string() }),
  z.strictObject({ type: z.literal("unfollow"), attempt_id: z.string() }),
  z.strictObject({ type: z.literal("ping") }),
]);
export type FollowerMessage = z.output<typeof FollowerMessage>;
