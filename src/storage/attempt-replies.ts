/**
 * A model's reply kept for the retry of an attempt whose scoring failed
 * (the sandbox down or answering 5xx, a judge that failed): the retry scores
 * the kept reply instead of asking the model again, so a code benchmark's
 * sandbox outage never costs a second model call nor changes what is scored.
 * One object per failed try (R2 takes one write per second per key), under
 * the run's prefix. I/O: the R2 bucket passed in.
 */
import { z } from "zod";

const MAX_KEY_CHARS = 300;

/** What the retry needs of the reply: what the model call returned. */
export const KeptReply = z.object({
  text: z.string(),
  input_tokens: z.number().int().nullable(),
  output_tokens: z.number().int().nullable(),
  latency_ms: z.number(),
  model: z.string(),
  tool_calls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() })).optional(),
  /** A multi-turn attempt's reply to each turn (src/execution/multi-turn.ts), so its retry rebuilds the conversation. */
  turns: z.array(z.string()).optional(),
  /** The reply was cut by the output-token limit (ChatResult.truncated); objects kept before this field read as not recorded. */
  truncated: z.boolean().nullable().default(null),
  /** The reply came from a provider batch (options.batch), billed at BATCH_PRICE_FACTOR of the listed price. */
  batched: z.boolean().optional(),
  /** The target's replies a stage counted (AttemptState.targetTurns: τ²'s agent replies), so the retry records them. */
  target_turns: z.number().int().min(0).optional(),
});
export type KeptReply = z.infer<typeof KeptReply>;

export function repliesPrefix(runId: string): string {
  return `runs/${runId}/replies/`;
}

/** Keeps the reply of attempt `seq`'s try `tries`; returns its key (what the re-sent message carries). */
export async function keepReply(bucket: R2Bucket, runId: string, seq: number, tries: number, reply: KeptReply): Promise<string> {
  const key = `${repliesPrefix(runId)}${String(seq).padStart(9, "0")}-${tries}.json`;
  await bucket.put(key, JSON.stringify(KeptReply.parse(reply)), { httpMetadata: { contentType: "application/json" } });
  return key;
}

/** A kept reply of run `runId`, or null when the key is not one of its replies or the object is gone or unreadable (the model is then asked again). */
export async function keptReply(bucket: R2Bucket, runId: string, key: string): Promise<KeptReply | null> {
  if (key.length > MAX_KEY_CHARS || !key.startsWith(repliesPrefix(runId))) return null;
  const obj = await bucket.get(key);
  if (!obj) return null;
  try {
    const parsed = KeptReply.safeParse(JSON.parse(await obj.text()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
