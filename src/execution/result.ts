/**
 * What one attempt comes to, as data (src/execution/pipeline.ts returns it;
 * the invocation that ran it writes it, re-sends it or lets it go): done
 * with its outcome and transcript line, retry with a delay, unsent (the
 * budget refused its call), handed off (a provider batch or a runner ends
 * it later), or back (the invocation ran out of time before it could run:
 * re-sent untouched, no try spent). No I/O.
 */
import type { AttemptOutcome, AttemptSlot } from "../db/attempts";
import { endedWithoutReward } from "../db/attempts";
import { attemptId } from "../domain/attempt-id";
import type { ImageNote } from "../domain/images";
import type { Message } from "../live/deltas";
import type { ToolCall } from "../domain/tools";

/** One attempt's line in its group's transcript object (src/storage/transcripts.ts). */
export interface TranscriptLine {
  attempt_id: string;
  seq: number;
  /** What was sent (a one-call attempt: its prompt; a conversation: every message, replies included). */
  messages: Message[];
  output: string | null;
  model: string | null;
  usage: { input_tokens: number | null; output_tokens: number | null } | null;
  reward: number | null;
  reason: string | null;
  error: string | null;
  /** The calls the model made, when the prompt offered tools. */
  tool_calls?: ToolCall[];
  /** The images sent with the task's message (where each came from, not its bytes). */
  images?: ImageNote[];
  /** What the attempt's stage left for its scorer (an agent's final state), when it left anything. */
  store?: Record<string, unknown>;
}

export type AttemptResult =
  | { kind: "done"; outcome: AttemptOutcome; transcript: TranscriptLine; log?: string }
  | {
      kind: "retry";
      /** Tries spent so far (a rate-limit wait spends none). */
      tries: number;
      delay_ms: number;
      log: string;
      /** When the attempt first met a rate limit that said how long to wait (epoch ms), carried to the next try. */
      limited_since?: number;
      /** The kept reply of a try whose scoring failed, carried to the next try so it scores that reply instead of calling the model again. */
      reply_key?: string;
    }
  /** Not sent: the run's budget is exhausted. No row is written; the attempt stays missing. */
  | { kind: "unsent"; log: string }
  /** Handed to something that ends it later (a provider batch, an agent runner): nothing to write now. */
  | { kind: "handed_off"; log: string }
  /** Not run: too little of the invocation's time was left. Re-sent as it came (its tries, its wait), nothing spent. */
  | { kind: "back"; log: string };

/** A transcript line with nothing but the error (an attempt that failed before or outside its model call). */
export function emptyTranscript(slot: AttemptSlot, error: string): TranscriptLine {
  return { attempt_id: attemptId(slot.runId, slot.seq), seq: slot.seq, messages: [], output: null, model: null, usage: null, reward: null, reason: null, error };
}

/** An attempt that ended failed with `error` after `tries`, now. */
export function failedOutcome(seq: number, tries: number, error: string, at = new Date().toISOString()): AttemptOutcome {
  return endedWithoutReward(seq, "failed", error, tries, at, at);
}
