/**
 * Steps of a trial (seed 002): one per model call, each holding the
 * conversation so far, so the last step is the whole transcript. Built from
 * an attempt's committed turns (live deltas or the stored trace) or from an
 * inline attempt's transcript line, and paged by step index. Pure, no I/O.
 */
import { replyText } from "../domain/tools";
import type { Message, Usage } from "./deltas";

export interface Step {
  step_index: number;
  /** The conversation up to and including this step's reply. */
  messages: Message[];
  /** messages.slice(new_messages_from) are the ones this step added. */
  new_messages_from: number;
  model: string | null;
  usage: Usage | null;
  latency_ms: number | null;
  /** The step's reward when the environment gave one; an inline attempt's only step carries the attempt's reward. */
  reward: number | null;
  at: string | null;
}

/** A committed turn as stored: its new messages and the call behind it. */
export interface TurnRecord {
  messages: Message[];
  model: string | null;
  usage: Usage | null;
  latency_ms: number | null;
  reward: number | null;
  at: string | null;
}

/** Steps from turns in commit order; only the page's own steps are materialised. */
export function stepsFromTurns(turns: readonly TurnRecord[], start = 0, limit = turns.length): Step[] {
  const ends: number[] = [];
  let n = 0;
  for (const t of turns) ends.push((n += t.messages.length));
  const flat = turns.flatMap((t) => t.messages);
  const out: Step[] = [];
  for (let i = start; i < Math.min(turns.length, start + limit); i++) {
    const t = turns[i]!;
    out.push({
      step_index: i,
      messages: flat.slice(0, ends[i]),
      new_messages_from: ends[i]! - t.messages.length,
      model: t.model,
      usage: t.usage,
      latency_ms: t.latency_ms,
      reward: t.reward,
      at: t.at,
    });
  }
  return out;
}

/** The transcript line the inline executor stores per attempt (src/storage/transcripts.ts). */
export interface TranscriptLineLike {
  messages: { role: string; content: string }[];
  output: string | null;
  model: string | null;
  usage: { input_tokens: number | null; output_tokens: number | null } | null;
  reward: number | null;
  /** The reply's tool calls, when the prompt offered tools. */
  tool_calls?: { id: string; name: string; arguments: string }[];
}

/**
 * An inline attempt has one step when its model call answered: the prompt
 * and the reply (with its tool calls in the OpenAI shape messages keep).
 * An attempt that failed before any reply has none.
 */
export function turnsFromTranscript(line: TranscriptLineLike, latencyMs: number | null, at: string | null): TurnRecord[] {
  if (line.output === null) return [];
  const calls = line.tool_calls?.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } }));
  const content = replyText(line.output, line.tool_calls);
  const messages = [...line.messages, { role: "assistant", content, ...(calls?.length ? { tool_calls: calls } : {}) }] as Message[];
  return [{ messages, model: line.model, usage: line.usage, latency_ms: latencyMs, reward: line.reward, at }];
}

/** One page of steps and where the next starts (null at the end). */
export function pageSteps(turns: readonly TurnRecord[], start: number, limit: number): { items: Step[]; next_start_step_index: number | null } {
  const items = stepsFromTurns(turns, start, limit);
  const next = start + limit < turns.length ? start + limit : null;
  return { items, next_start_step_index: next };
}
