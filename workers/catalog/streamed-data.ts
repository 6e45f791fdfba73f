/**
 * Loading a pinned dataset whose normaliser reads it line by line (a
 * LineNormaliser: SuperGPQA, LiveCodeBench): each file is fetched as a
 * stream, and every chunk goes, in turn, to a SHA-256 digest stream and to
 * the line splitter, whose lines become rows written to R2 as they come
 * (src/storage/dataset-stream-import.ts). Nothing holds a whole file: at
 * most one line (a LiveCodeBench problem, tests included) and one chunk of
 * rows. Reading pulls one chunk at a time, so the digest never runs ahead
 * of the rows (a tee would buffer the file for its slower branch).
 *
 * A file that ends with another digest or size than its pin is refused
 * after its last line, which abandons the import: every object written is
 * deleted and no revision exists. A file that grows past its pinned size is
 * refused as soon as it does.
 * I/O: outbound fetch, the D1 handle and R2 bucket passed in.
 */
import type { JsonObject } from "../../src/datasets/canonical-json";
import { toHex } from "../../src/crypto/hash";
import type { Db } from "../../src/db/client";
import type { DatasetRevisionRow } from "../../src/db/schema";
import type { LineNormaliser, PinnedDataset, RowFiles, SourceFile } from "../../src/catalog/types";
import { importRowStream } from "../../src/storage/dataset-stream-import";

/** Opens a pinned file for reading (retries and errors in words are the caller's). */
export type OpenFile = (file: SourceFile) => Promise<{ url: string; body: ReadableStream<Uint8Array> }>;

/** Why a streamed file was refused, in words for the run's error. */
export class StreamedDataError extends Error {}

/** The lines of one file as it streams, each checked chunk by chunk into the file's digest; throws after the last line when digest or size are not the pin's. */
async function* linesOf(file: SourceFile, url: string, body: ReadableStream<Uint8Array>, repository: string): AsyncGenerator<{ line: string; number: number }> {
  const digest = new crypto.DigestStream("SHA-256");
  const hashing = digest.getWriter();
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  const reader = body.getReader();
  let size = 0;
  // The text since the last newline, in pieces: a line of tens of megabytes (a problem's tests) is joined once, not rescanned per chunk.
  let pending: string[] = [];
  let number = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (file.bytes !== undefined && size > file.bytes) throw new StreamedDataError(`${url} is larger than the ${file.bytes} bytes pinned (${repository}); refusing it`);
      await hashing.write(value);
      let text: string;
      try {
        text = decoder.decode(value, { stream: true });
      } catch {
        throw new StreamedDataError(`${url} is not UTF-8 text near byte ${size}`);
      }
      let from = 0;
      for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", from)) {
        pending.push(text.slice(from, at));
        const line = pending.join("");
        pending = [];
        from = at + 1;
        number++;
        if (line.trim() !== "") yield { line, number };
      }
      if (from < text.length) pending.push(text.slice(from));
    }
    const last = pending.join("") + decoder.decode();
    if (last.trim() !== "") yield { line: last, number: number + 1 };
    await hashing.close();
    const sha256 = toHex(new Uint8Array(await digest.digest));
    if (sha256 !== file.sha256 || (file.bytes !== undefined && size !== file.bytes)) {
      throw new StreamedDataError(
        `${url} does not match the pinned data: its sha256 is ${sha256} (${size} bytes), expected ${file.sha256}${file.bytes === undefined ? "" : ` (${file.bytes} bytes)`} as ${repository} publishes it; refusing it`,
      );
    }
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}

/** Every row of every file, in order, through the normaliser. */
async function* rowsOf(data: PinnedDataset, normalise: LineNormaliser, open: OpenFile, files: RowFiles, urls: string[]): AsyncGenerator<JsonObject> {
  for (const file of data.files) {
    if (file.sha256 === undefined) throw new StreamedDataError(`${file.path} has no pinned sha256; refusing it`);
    const { url, body } = await open(file);
    urls.push(url);
    for await (const { line, number } of linesOf(file, url, body, `${data.repository}@${data.commit}`)) {
      let rows: JsonObject[];
      try {
        rows = await normalise.rows(line, { file, line: number }, files);
      } catch (err) {
        throw new StreamedDataError(`${file.path} line ${number}: ${err instanceof Error ? err.message : String(err)}`);
      }
      yield* rows;
    }
  }
}

/** Loads a streamed pinned dataset as the global revision `name@version`. */
export async function importStreamed(db: Db, bucket: R2Bucket, data: PinnedDataset, normalise: LineNormaliser, open: OpenFile): Promise<DatasetRevisionRow> {
  if (data.listing_sha256 !== undefined || data.images !== undefined) throw new StreamedDataError(`${data.name} is streamed, which pins each file by its own sha256 and has no images`);
  const urls: string[] = [];
  return importRowStream(db, bucket, {
    name: data.name,
    version: data.version,
    sizeBytes: data.files.reduce((n, f) => n + (f.bytes ?? 0), 0),
    columns: normalise.columns,
    // Read when the revision is written, after every file was read and checked.
    get source() {
      return JSON.stringify({ repository: data.repository, commit: data.commit, files: data.files.map((f, i) => ({ path: f.path, url: urls[i], sha256: f.sha256 })) });
    },
    rows: (files) => rowsOf(data, normalise, open, files, urls),
  });
}
