/**
 * What RunLive's RPC methods take and answer: the zod schemas every call
 * is parsed with as it enters the object (queue consumers, runner routes,
 * shards of the same run), and the answer types. No I/O.
 */
import { z } from "zod";
import { DeltaEvent, DeltaInput, HeaderEvent, RunnerEvent } from "../../src/live/deltas";
import type { LiveAttempt } from "../../src/live/live-set";
import { ResultBody } from "../../src/runner/protocol";

/** Which live-trace object (hub or shard) of a run a call is for. */
export interface Where {
  run_id: string;
  shard: number;
  shards: number;
}
export const WhereSchema = z.object({ run_id: z.string().min(1).max(100), shard: z.number().int().min(0).max(63), shards: z.number().int().min(1).max(64) });
const Slot = z.object({
  runId: z.string(),
  seq: z.number().int(),
  benchmarkId: z.string(),
  target: z.enum(["a", "b"]),
  memberKey: z.string(),
  memberIndex: z.number().int(),
  rowIndex: z.number().int(),
  taskDigest: z.string(),
  subset: z.string().nullable(),
  attemptIndex: z.number().int(),
});
/** Deltas per post at most. */
export const MAX_POST = 5_000;
export const PostInput = z.object({ where: WhereSchema, deltas: z.array(DeltaInput).max(MAX_POST) });
/** One event of one attempt as it arrived, before the hub gives it its delta_seq. */
export const Stamped = z.object({ attempt_id: z.string().min(1).max(200), event: DeltaEvent, at: z.string(), turn_index: z.number().int().min(0).optional() });
export type Stamped = z.infer<typeof Stamped>;
export const ForwardInput = z.object({ where: WhereSchema, items: z.array(Stamped).max(20_000) });
export const Call = z.object({ where: WhereSchema, attempt_id: z.string().min(1).max(200), dispatch: z.string().min(1).max(100) });
export type Call = z.infer<typeof Call>;
export const BeginInput = Call.extend({ deadline_ms: z.number().int(), tries: z.number().int().min(1), slot: Slot, header: HeaderEvent });
export type BeginInput = z.infer<typeof BeginInput>;
export const EventsInput = Call.extend({ events: z.array(RunnerEvent).min(1).max(100) });
export type EventsInput = z.infer<typeof EventsInput>;
export const ArtifactInput = Call.extend({ is_new: z.boolean() });
export type ArtifactInput = z.infer<typeof ArtifactInput>;
export const ResultInput = Call.extend({ result: ResultBody });
export type ResultInput = z.infer<typeof ResultInput>;
export const FailInput = Call.extend({ status: z.enum(["failed", "timed_out"]), error: z.string().max(4000) });
export type FailInput = z.infer<typeof FailInput>;
export const AbandonInput = Call.extend({ error: z.string().max(4000) });
export type AbandonInput = z.infer<typeof AbandonInput>;
export const OriginInput = z.object({ run_id: z.string().min(1).max(100), origin: z.url().max(2000) });

/** Why a runner call was refused: the attempt is over (or was never this dispatch's), or it has too many artifacts. */
export type Refusal = { ok: false; reason: "not_live" | "too_many" };
export type Accepted = { ok: true };

/** The live set as pollers and new followers get it. */
export interface LiveSetBody {
  type: "live_set";
  delta_seq: number;
  count: number;
  by_phase: Record<string, number>;
  items: LiveAttempt[];
}

/**
 * The RPC methods callers reach through `env.RUN_LIVE` stubs
 * (workers/live/run-live.ts implements them), declared here so the
 * Worker's Env names the object's type without importing the class.
 */
export interface RunLiveRpc extends Rpc.DurableObjectBranded {
  post(input: z.output<typeof PostInput>): Promise<{ accepted: number }>;
  forward(input: z.output<typeof ForwardInput>): Promise<{ last_seq: number }>;
  begin(input: z.input<typeof BeginInput>): Promise<Accepted | Refusal>;
  check(input: z.input<typeof Call>): Promise<Accepted | Refusal>;
  events(input: z.input<typeof EventsInput>): Promise<(Accepted & { accepted: number }) | Refusal>;
  artifact(input: z.input<typeof ArtifactInput>): Promise<Accepted | Refusal>;
  result(input: z.input<typeof ResultInput>): Promise<(Accepted & { status: string; reward: number | null }) | Refusal>;
  fail(input: z.input<typeof FailInput>): Promise<Accepted | Refusal>;
  abandon(input: z.input<typeof AbandonInput>): Promise<Accepted | Refusal>;
  cancel(input: { where: Where }): Promise<{ cancelled: number }>;
  attemptDeltas(input: { where: Where; attempt_id: string }): Promise<{ live: boolean; deltas: string[] }>;
  liveSet(input: { where: Where; if_none_match?: string | null }): Promise<{ etag: string; body: LiveSetBody | null }>;
  origin(): Promise<string | null>;
  rememberOrigin(input: z.input<typeof OriginInput>): Promise<void>;
}
