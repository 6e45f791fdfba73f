/**
 * Upload a dataset revision from the browser: a JSONL, CSV or Parquet file
 * (gzip too), or a ZIP of one such file and the images its rows name, sent through the typed client to POST
 * /api/datasets/{name}/revisions. The server's refusal is shown where it
 * applies: a malformed line or row by the name the API gives it (line 3,
 * row 7), the name field's own message beside the name.
 *
 * Progress is one bar over two phases. Reading (and, for JSONL and CSV,
 * gzip-compressing) the file is measured byte by byte in the browser.
 * Sending is not: the dashboard talks to the API only through the typed
 * client (fetch), which reports no upload progress, and a streamed request
 * body that could be counted needs HTTP/2, which the local stack does not
 * speak. So the second phase shows the bytes being sent and that the
 * server is checking them, without a fraction it cannot know.
 */
import { useState } from "preact/hooks";
import { MAX_UPLOAD_BYTES } from "../../../src/datasets/limits";
import { DATASET_NAME } from "../../../src/datasets/names";
import { ApiError, client, unwrap } from "../lib/api";
import type { DatasetRevision } from "../lib/types";
import { ErrorBox, Field, fieldErrors } from "./ui";

/** zip: one data file and the images its rows name (a cell naming a file in the archive becomes that stored image). */
type Format = "jsonl" | "csv" | "parquet" | "zip";
const MEDIA: Record<Format, "application/x-ndjson" | "text/csv" | "application/vnd.apache.parquet" | "application/zip"> = {
  jsonl: "application/x-ndjson",
  csv: "text/csv",
  parquet: "application/vnd.apache.parquet",
  zip: "application/zip",
};

/** A byte count for people: 512 B, 3.4 KB, 12.0 MB. */
function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** The format and gzip-ness a file name says (data.jsonl.gz → jsonl, gzipped). */
export function formatOfFile(fileName: string): { format: Format | null; gzipped: boolean; base: string } {
  const lower = fileName.toLowerCase();
  const gzipped = lower.endsWith(".gz");
  const stem = gzipped ? lower.slice(0, -3) : lower;
  const ext = stem.slice(stem.lastIndexOf(".") + 1);
  const format: Format | null = ext === "jsonl" || ext === "ndjson" || ext === "json" ? "jsonl" : ext === "csv" ? "csv" : ext === "parquet" || ext === "pq" ? "parquet" : ext === "zip" && !gzipped ? "zip" : null;
  const dot = stem.lastIndexOf(".");
  return { format, gzipped, base: dot > 0 ? fileName.slice(0, dot) : fileName };
}

/** A dataset name the API accepts, made from a file name (letters, digits, '.', '_', '-'). */
function nameOf(base: string): string {
  return base.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "").slice(0, 100);
}

/** Reads a stream to one Blob, calling `onBytes` with the bytes read so far. */
async function collect(stream: ReadableStream<Uint8Array>, onBytes: (n: number) => void): Promise<Blob> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    n += value.byteLength;
    onBytes(n);
  }
  return new Blob(parts as BlobPart[]);
}

type Phase = { step: "read"; done: number; total: number; compress: boolean } | { step: "send"; size: number };

export function DatasetUpload({ onUploaded }: { onUploaded: (r: DatasetRevision, created: boolean) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [format, setFormat] = useState<Format>("jsonl");
  const [phase, setPhase] = useState<Phase | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<{ revision: DatasetRevision; created: boolean } | null>(null);

  const pick = (f: File | null) => {
    setFile(f);
    setError(null);
    setResult(null);
    if (!f) return;
    const guess = formatOfFile(f.name);
    if (guess.format) setFormat(guess.format);
    setName(nameOf(guess.base));
  };

  const upload = async () => {
    if (!file) return;
    setError(null);
    setResult(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      setError(new ApiError(413, "payload_too_large", `${file.name} has ${bytes(file.size)}; an upload may have at most ${bytes(MAX_UPLOAD_BYTES)}`));
      return;
    }
    try {
      // JSONL and CSV travel gzip-compressed (the server detects gzip by its bytes); Parquet and .gz files are compressed already.
      const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
      const compress = format !== "parquet" && format !== "zip" && !(head[0] === 0x1f && head[1] === 0x8b) && typeof CompressionStream === "function";
      setPhase({ step: "read", done: 0, total: file.size, compress });
      let read = 0;
      const counted = file.stream().pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, out) {
            read += chunk.byteLength;
            setPhase({ step: "read", done: read, total: file.size, compress });
            out.enqueue(chunk);
          },
        }),
      );
      const body = await collect(compress ? counted.pipeThrough(new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>) : counted, () => {});
      setPhase({ step: "send", size: body.size });
      const call = client.POST("/api/datasets/{name}/revisions", {
        params: { path: { name }, query: {} },
        body,
        bodySerializer: (b: unknown) => b as Blob,
        headers: { "content-type": MEDIA[format] },
      });
      const revision = await unwrap(call);
      const created = (await call).response.status === 201;
      setResult({ revision, created });
      onUploaded(revision, created);
    } catch (e) {
      setError(e);
    } finally {
      setPhase(null);
    }
  };

  const errors = fieldErrors(error);
  const nameOk = DATASET_NAME.test(name);
  const fraction = !phase ? 0 : phase.step === "read" ? (phase.total ? (phase.done / phase.total) * 0.5 : 0.5) : 0.5;

  return (
    <div class="upload" data-testid="dataset-upload">
      <Field id="ds-file" label="File" hint={`JSONL, CSV (with a header) or Parquet, gzip-compressed or not, or a ZIP of one of them with the images its rows name by path; at most ${bytes(MAX_UPLOAD_BYTES)}.`}>
        <input id="ds-file" type="file" accept=".jsonl,.ndjson,.json,.csv,.parquet,.pq,.gz,.zip" onChange={(e) => pick((e.target as HTMLInputElement).files?.[0] ?? null)} />
      </Field>
      {file && (
        <>
          <Field id="ds-name" label="Dataset name" hint="Letters, digits, '.', '_' or '-'; a new upload under a name adds its next version." error={errors.name ?? (name && !nameOk ? "letters, digits, '.', '_' or '-', starting with a letter or digit" : undefined)}>
            <input id="ds-name" required maxLength={100} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </Field>
          <Field id="ds-format" label="File format">
            <select id="ds-format" value={format} onChange={(e) => setFormat((e.target as HTMLSelectElement).value as Format)}>
              <option value="jsonl">JSONL (one JSON object per line)</option>
              <option value="csv">CSV with a header row</option>
              <option value="parquet">Parquet</option>
              <option value="zip">ZIP: one data file and the images its rows name</option>
            </select>
          </Field>
          <div class="actions">
            <button type="button" class="primary" disabled={!!phase || !nameOk} onClick={upload}>
              {phase ? "Uploading…" : "Upload"}
            </button>
            <span class="muted small">{bytes(file.size)}</span>
          </div>
        </>
      )}
      {phase && (
        <div class="progress" role="status" aria-live="polite" data-testid="upload-progress">
          <progress max={1} value={fraction} aria-label="Upload progress" />
          <span class="small">
            {phase.step === "read"
              ? `Step 1 of 2: ${phase.compress ? "reading and compressing" : "reading"} ${bytes(phase.done)} of ${bytes(phase.total)}`
              : `Step 2 of 2: sending ${bytes(phase.size)}; the server checks every row`}
          </span>
        </div>
      )}
      {error ? (
        <div data-testid="upload-error">
          <ErrorBox error={error} what="Not uploaded" />
        </div>
      ) : null}
      {result && (
        <p class="notice ok" role="status" data-testid="upload-done">
          {result.created ? "Uploaded" : "Already uploaded (same rows)"}: <strong>{result.revision.ref}</strong>, {result.revision.row_count} rows, {result.revision.columns.length} columns. It is selected below.
        </p>
      )}
    </div>
  );
}
