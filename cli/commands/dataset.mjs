// `assay dataset ...`: upload a JSONL, CSV or Parquet file (gzip too) as a
// new revision, with upload progress for large files; list and show
// revisions. Reads the file it is given; network I/O via the client.
import { open, stat } from "node:fs/promises";
import { basename } from "node:path";
import { intFlag } from "../args.mjs";
import { UsageError } from "../errors.mjs";
import { formatBytes } from "../format.mjs";
import { bar, note, printFields, printJson, printTable, StatusLine } from "../output.mjs";

/** Media types the upload route takes, by file extension (after any .gz). */
export const MEDIA_TYPES = {
  jsonl: "application/x-ndjson",
  ndjson: "application/x-ndjson",
  csv: "text/csv",
  parquet: "application/vnd.apache.parquet",
  // One data file beside the images its rows name (the server reads the archive).
  zip: "application/zip",
};
/** Files from this size on show upload progress. */
const PROGRESS_MIN_BYTES = 1024 * 1024;
const CHUNK_BYTES = 256 * 1024;

/**
 * The content type of a dataset file from its name; the server recognises
 * gzip by its bytes, so `rows.jsonl.gz` is sent as JSONL.
 * @param {string} file
 */
export function mediaTypeOf(file) {
  let name = basename(file).toLowerCase();
  if (name.endsWith(".gz")) name = name.slice(0, -3);
  const ext = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : "";
  const type = MEDIA_TYPES[/** @type {keyof typeof MEDIA_TYPES} */ (ext)];
  if (!type) throw new UsageError(`cannot tell the format of ${file}: name it .jsonl, .ndjson, .csv or .parquet (optionally .gz), or .zip`);
  return type;
}

/**
 * The file as a stream that reports how many bytes it has handed over.
 * @param {import("node:fs/promises").FileHandle} handle
 * @param {(sent: number) => void} onProgress
 */
function countingStream(handle, onProgress) {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      const buf = Buffer.allocUnsafe(CHUNK_BYTES);
      const { bytesRead } = await handle.read(buf, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) {
        controller.close();
        await handle.close();
        return;
      }
      sent += bytesRead;
      controller.enqueue(new Uint8Array(buf.buffer, buf.byteOffset, bytesRead));
      onProgress(sent);
    },
    async cancel() {
      await handle.close();
    },
  });
}

/** @param {import("../context.mjs").Context} ctx @param {any} r */
function printRevision(ctx, r) {
  printFields(ctx.io, [
    ["ref", r.ref],
    ["id", r.id],
    ["rows", r.row_count],
    ["format", r.format],
    ["size", formatBytes(r.size_bytes)],
    ["columns", r.columns.map((c) => `${c.name}:${c.type}`).join(", ")],
    ["splits", r.splits.join(", ") || "-"],
    ["subsets", r.subsets.join(", ") || "-"],
    ["digest", r.digest],
    ["global", r.global],
    ["created", r.created_at],
  ]);
}

/** @type {Record<string, import("./index.mjs").Command>} */
export const datasetCommands = {
  push: {
    summary: "upload rows as a new immutable revision NAME@VERSION",
    usage: "assay dataset push NAME FILE [--version N]   (FILE: .jsonl, .ndjson, .csv or .parquet, optionally .gz; or a .zip of one with its images)",
    min: 2,
    max: 2,
    options: { version: { type: "string" } },
    async run(ctx, v, [name, file]) {
      const contentType = mediaTypeOf(file);
      const version = intFlag(v.version, "--version");
      let size;
      try {
        const s = await stat(file);
        if (!s.isFile()) throw new Error("not a file");
        size = s.size;
      } catch (err) {
        throw new UsageError(`cannot read ${file}: ${err.code ?? err.message}`);
      }
      const client = ctx.client();
      const handle = await open(file, "r");
      const line = size >= PROGRESS_MIN_BYTES ? new StatusLine(ctx.io, { everyMs: 2000 }) : null;
      const label = basename(file);
      const show = (sent) => line?.update(`uploading ${label} ${bar(sent, size)} ${formatBytes(sent)} / ${formatBytes(size)} ${Math.floor((sent / size) * 100)}%`);
      show(0);
      let reply;
      try {
        reply = await client.call("uploadDataset", {
          params: { name },
          query: { version },
          rawBody: countingStream(handle, show),
          contentType,
          headers: { "content-length": String(size) },
          timeoutMs: null,
          signal: ctx.signal,
        });
      } finally {
        line?.done();
        await handle.close().catch(() => {});
      }
      if (ctx.json) return printJson(ctx.io, reply.body);
      printRevision(ctx, reply.body);
      note(ctx.io, reply.status === 200 ? `${reply.body.ref} already held the same rows; nothing new was stored` : `created ${reply.body.ref}`);
    },
  },

  list: {
    summary: "revisions the project sees (its own and global ones), newest first",
    usage: "assay dataset list [--name NAME] [--limit N] [--cursor C]",
    max: 0,
    options: { name: { type: "string" }, limit: { type: "string" }, cursor: { type: "string" } },
    async run(ctx, v) {
      const page = await ctx.client().json("listDatasets", { query: { name: v.name, limit: intFlag(v.limit, "--limit"), cursor: v.cursor }, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, page);
      printTable(
        ctx.io,
        ["ref", "rows", "format", "size", "global", "created"],
        page.items.map((r) => [r.ref, r.row_count, r.format, formatBytes(r.size_bytes), r.global ? "yes" : "no", r.created_at]),
      );
      if (page.next_cursor) note(ctx.io, `more: assay dataset list --cursor ${page.next_cursor}`);
    },
  },

  show: {
    summary: "one revision by name@version",
    usage: "assay dataset show NAME@VERSION",
    min: 1,
    max: 1,
    async run(ctx, _v, [ref]) {
      const r = await ctx.client().json("getDataset", { params: { ref }, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, r);
      printRevision(ctx, r);
    },
  },
};
