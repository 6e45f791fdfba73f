/**
 * Attempt transcripts in R2: one JSONL object per consumer batch (a new key
 * each time, R2 takes one write per second per key), so a run of N attempts
 * costs about N / batch-size writes. Each attempt row keeps the key.
 */
export function transcriptsPrefix(runId: string): string {
  return `runs/${runId}/transcripts/`;
}

export async function writeTranscripts(bucket: R2Bucket, runId: string, lines: { seq: number }[]): Promise<string> {
  const first = Math.min(...lines.map((l) => l.seq));
  const key = `${transcriptsPrefix(runId)}${String(first).padStart(9, "0")}-${crypto.randomUUID()}.jsonl`;
  await bucket.put(key, lines.map((l) => JSON.stringify(l)).join("\n") + "\n", {
    httpMetadata: { contentType: "application/x-ndjson" },
  });
  return key;
}

/** The transcript line of one attempt from its batch object. */
export async function readTranscript<T extends { seq: number }>(bucket: R2Bucket, key: string, seq: number): Promise<T | null> {
  const obj = await bucket.get(key);
  if (!obj) return null;
  for (const line of (await obj.text()).split("\n")) {
    if (!line) continue;
    const parsed = JSON.parse(line) as T;
    if (parsed.seq === seq) return parsed;
  }
  return null;
}

/** Every line of a transcript object, by seq (null when the object is gone). */
export async function readTranscriptLines<T extends { seq: number }>(bucket: R2Bucket, key: string): Promise<Map<number, T> | null> {
  const obj = await bucket.get(key);
  if (!obj) return null;
  const out = new Map<number, T>();
  for (const line of (await obj.text()).split("\n")) {
    if (!line) continue;
    const parsed = JSON.parse(line) as T;
    out.set(parsed.seq, parsed);
  }
  return out;
}
