/**
 * Attempt traces in R2. An agent attempt's whole trace (its deltas, header
 * to end) is written as one JSONL object when it lands, under a key of its
 * own (`runs/<run>/traces/<seq>-<dispatch>.jsonl`), with its step count in
 * the object's metadata so counting steps needs no read. An inline
 * attempt's trace is the transcript line the executor already writes in
 * batches (src/storage/transcripts.ts); its steps are read from there.
 * Reads stream the object line by line.
 */
import type { Delta } from "../live/deltas";
import { turnsFromTranscript, type TranscriptLineLike, type TurnRecord } from "../live/steps";
import { readTranscript, transcriptsPrefix } from "./transcripts";

export function tracesPrefix(runId: string): string {
  return `runs/${runId}/traces/`;
}

export function traceKey(runId: string, seq: number, dispatch: string): string {
  return `${tracesPrefix(runId)}${String(seq).padStart(9, "0")}-${dispatch}.jsonl`;
}

export function isInlineTranscript(runId: string, key: string): boolean {
  return key.startsWith(transcriptsPrefix(runId));
}

/** Writes a landed attempt's trace (JSONL text, already scrubbed) with its step count. */
export async function writeTrace(bucket: R2Bucket, key: string, jsonl: string, numSteps: number): Promise<void> {
  await bucket.put(key, jsonl, {
    httpMetadata: { contentType: "application/x-ndjson" },
    customMetadata: { num_steps: String(numSteps) },
  });
}

/** The lines of a JSONL body, decoded as they stream in. */
async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    rest += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = rest.indexOf("\n")) >= 0) {
      const line = rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      if (line) yield line;
    }
  }
  rest += decoder.decode();
  if (rest) yield rest;
}

/** The committed turns of a list of deltas, in order. */
export function turnsOf(deltas: Iterable<Delta>): TurnRecord[] {
  const out: TurnRecord[] = [];
  for (const d of deltas) {
    if (d.kind === "turn") out.push({ messages: d.messages, model: d.model, usage: d.usage, latency_ms: d.latency_ms, reward: d.reward, at: d.at });
  }
  return out;
}

/** What the steps of an ended attempt are read from. */
export interface StoredAttempt {
  runId: string;
  seq: number;
  transcriptKey: string;
  latencyMs: number | null;
  finishedAt: string | null;
}

/** The turns of an ended attempt from R2; null when its object is gone. */
export async function readStoredTurns(bucket: R2Bucket, a: StoredAttempt): Promise<TurnRecord[] | null> {
  if (isInlineTranscript(a.runId, a.transcriptKey)) {
    const line = await readTranscript<TranscriptLineLike & { seq: number }>(bucket, a.transcriptKey, a.seq);
    return line ? turnsFromTranscript(line, a.latencyMs, a.finishedAt) : null;
  }
  const obj = await bucket.get(a.transcriptKey);
  if (!obj) return null;
  const turns: TurnRecord[] = [];
  for await (const line of lines(obj.body)) {
    const d = JSON.parse(line) as Delta;
    if (d.kind === "turn") turns.push(...turnsOf([d]));
  }
  return turns;
}

/**
 * How many steps an ended attempt has without reading its trace: an agent
 * trace says so in its metadata; an inline attempt has one step when its
 * model call answered.
 */
export async function storedStepCount(bucket: R2Bucket, a: StoredAttempt & { output: string | null }): Promise<number> {
  if (isInlineTranscript(a.runId, a.transcriptKey)) return a.output === null ? 0 : 1;
  const head = await bucket.head(a.transcriptKey);
  const n = Number(head?.customMetadata?.num_steps);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}
