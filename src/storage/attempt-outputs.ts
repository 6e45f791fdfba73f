/**
 * Long outputs in R2 (issue 40): a model's reply can run to hundreds of KB
 * (a long chain of thought, a whole program), and a D1 row holding it would
 * cap a 10 GB database at tens of thousands of attempts. An output past
 * OUTPUT_INLINE_BYTES stays in the attempt's transcript object (written
 * anyway, one per group of results: src/storage/transcripts.ts), whose key
 * the row keeps in `output_key`, its `output` left null. Readers follow the
 * key with followOutputs, each object read once for a page of rows.
 *
 * Why 512 bytes, not a few KB: `attempts` is a WITHOUT ROWID table whose
 * b-tree cells keep about 1,000 bytes on their page and spill the rest to
 * 4 KB overflow pages (npm run bench:d1-size: 840 B an attempt with a
 * 500-byte output, 1,026 B at 600, 2,149 B at 700, 4,608 B from 1.5 KB to
 * 4 KB). A row with everything else in it takes about 320 bytes, so 512
 * bytes of output keep the row on its page with room for a long reason.
 * I/O: the R2 bucket passed in.
 */
import { readTranscriptLines } from "./transcripts";

/** Outputs up to this many UTF-8 bytes stay in the row; longer ones live in the transcript object. */
export const OUTPUT_INLINE_BYTES = 512;

const encoder = new TextEncoder();

/** Whether an output is too long to keep in its row. */
export function outputTooLong(output: string | null): boolean {
  // At most 3 bytes a UTF-16 unit: most outputs are decided without encoding them.
  if (output === null || output.length * 3 <= OUTPUT_INLINE_BYTES) return false;
  return output.length > OUTPUT_INLINE_BYTES || encoder.encode(output).length > OUTPUT_INLINE_BYTES;
}

/** A row as far as its output goes. */
export interface OutputRow {
  seq: number;
  output: string | null;
  output_key?: string | null;
  /** The full output's length, where a reader shows a cut one. */
  output_chars?: number | null;
}

/**
 * The rows with every output that lives in R2 read back: in full, or its
 * first `cut` characters with `output_chars` its full length. An object gone
 * (a deleted run's) leaves the output null. Each object is read once.
 */
export async function followOutputs<T extends OutputRow>(bucket: R2Bucket, rows: T[], cut?: number): Promise<T[]> {
  const keys = [...new Set(rows.flatMap((r) => (r.output === null && r.output_key ? [r.output_key] : [])))];
  if (!keys.length) return rows;
  const objects = new Map(await Promise.all(keys.map(async (k) => [k, await readTranscriptLines<{ seq: number; output: string | null }>(bucket, k)] as const)));
  return rows.map((r) => {
    if (r.output !== null || !r.output_key) return r;
    const full = objects.get(r.output_key)?.get(r.seq)?.output ?? null;
    if (full === null) return r;
    return cut === undefined ? { ...r, output: full } : { ...r, output: full.slice(0, cut), output_chars: full.length };
  });
}
