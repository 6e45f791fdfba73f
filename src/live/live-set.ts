/**
 * The live set of a run: one summary per running attempt (who it is, its
 * phase, turn, message and token counts, whether a model request is in
 * flight), folded from the stream of deltas; its schema is the wire shape
 * pollers and followers get. A header adds an attempt, an
 * end removes it. Also the ETag of a live set and the choice between
 * replaying a follower's missed deltas and starting it from a snapshot.
 * Pure, no I/O.
 */
import { z } from "zod";
import type { Delta } from "./deltas";
import { Phase, PHASES } from "./deltas";

/** One live attempt's summary, as the live set holds it (GET .../live-set, the WebSocket's snapshot). */
export const LiveAttempt = z.object({
  attempt_id: z.string(),
  /** The attempt's seq in its run. */
  seq: z.number().int(),
  benchmark_id: z.string(),
  target: z.enum(["a", "b"]),
  task_key: z.string(),
  member_index: z.number().int(),
  attempt_index: z.number().int(),
  subset: z.string().nullable(),
  try: z.number().int(),
  execution: z.enum(["inline", "agent"]),
  executor: z.string().nullable(),
  phase: Phase,
  started_at: z.string(),
  updated_at: z.string(),
  deadline_at: z.string(),
  turns: z.number().int(),
  messages: z.number().int(),
  tokens: z.object({ input: z.number().int(), output: z.number().int() }),
  awaiting_model: z.boolean().describe("a model request is in flight (a preview came after the last turn)"),
  /** The stream position of the attempt's latest delta. */
  last_delta_seq: z.number().int(),
});
export type LiveAttempt = z.output<typeof LiveAttempt>;

/** The live set as pollers get it and a new follower's first frame. */
export const LiveSet = z.object({
  type: z.literal("live_set"),
  delta_seq: z.number().int().describe("the stream position this set reflects; follow from it with ?after_seq="),
  count: z.number().int(),
  by_phase: z.record(Phase, z.number().int()),
  items: z.array(LiveAttempt),
});
export type LiveSet = z.output<typeof LiveSet>;

/**
 * The attempt's summary after `d`: a new summary, `null` when the attempt
 * left the live set, `undefined` when `d` concerns an attempt the set does
 * not hold (a delta without its header: nothing to show).
 */
export function applyDelta(current: LiveAttempt | undefined, d: Delta): LiveAttempt | null | undefined {
  if (d.kind === "header") {
    return {
      attempt_id: d.attempt_id,
      seq: d.seq,
      benchmark_id: d.benchmark_id,
      target: d.target,
      task_key: d.task_key,
      member_index: d.member_index,
      attempt_index: d.attempt_index,
      subset: d.subset,
      try: d.try,
      execution: d.execution,
      executor: d.executor,
      phase: d.phase,
      started_at: d.started_at,
      updated_at: d.at,
      deadline_at: d.deadline_at,
      turns: 0,
      messages: 0,
      tokens: { input: 0, output: 0 },
      awaiting_model: false,
      last_delta_seq: d.delta_seq,
    };
  }
  if (!current) return undefined;
  if (d.kind === "end") return null;
  const next: LiveAttempt = { ...current, updated_at: d.at, last_delta_seq: d.delta_seq };
  if (d.kind === "phase") next.phase = d.phase;
  else if (d.kind === "preview") next.awaiting_model = true;
  else if (d.kind === "turn") {
    next.turns = current.turns + 1;
    next.messages = current.messages + d.messages.length;
    next.tokens = { input: current.tokens.input + (d.usage?.input_tokens ?? 0), output: current.tokens.output + (d.usage?.output_tokens ?? 0) };
    next.awaiting_model = false;
  }
  return next;
}

/** How many live attempts are in each phase (every phase present, zeros included). */
export function countByPhase(items: Iterable<LiveAttempt>): Record<Phase, number> {
  const out = Object.fromEntries(PHASES.map((p) => [p, 0])) as Record<Phase, number>;
  for (const a of items) out[a.phase] += 1;
  return out;
}

/**
 * The ETag of a live set: the stream position it reflects, so any delta
 * (even one that changes nothing a poll shows, like a preview) makes a new
 * tag and an unchanged set keeps its tag across polls and restarts.
 */
export function liveSetEtag(lastDeltaSeq: number): string {
  return `"live-${lastDeltaSeq}"`;
}

/** Whether an If-None-Match header names the tag (a list, weak tags and * included). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => {
    const s = t.trim();
    return s === "*" || s.replace(/^W\//, "") === bare;
  });
}

/**
 * How to bring a follower up to date. Without a position it starts from a
 * snapshot of the live set. With one, it gets every delta after it, unless
 * deltas it never saw were compacted away (older than the replay window):
 * then a snapshot too, since a replay would silently miss them.
 */
export function catchUp(afterSeq: number | null, prunedThrough: number, lastSeq: number): "snapshot" | "replay" {
  if (afterSeq === null) return "snapshot";
  if (afterSeq > lastSeq) return "snapshot";
  return afterSeq < prunedThrough ? "snapshot" : "replay";
}
