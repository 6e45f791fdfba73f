/**
 * Pinned files read as streams (workers/catalog/streamed-data.ts, for
 * SuperGPQA and LiveCodeBench): rows written as lines arrive, in any chunking
 * of the bytes (a line or a UTF-8 character split across chunks, a line of a
 * megabyte), files beside the rows, the same revision digest as the upload
 * path gives the same rows; and every refusal (another digest, a file past
 * its pinned size, a line that does not parse, a repeated key) leaves
 * nothing behind in R2 or D1.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/datasets/canonical-json";
import { sha256Hex } from "../../src/crypto/hash";
import { openDb } from "../../src/db/client";
import { findOwnRevision } from "../../src/db/datasets";
import { readRows } from "../../src/storage/dataset-rows";
import { importRevision } from "../../src/storage/dataset-import";
import type { LineNormaliser, PinnedDataset } from "../../src/catalog/types";
import { ensurePinnedRevision } from "./ensure-data";

const db = openDb(env.DB);
const uniq = () => crypto.randomUUID().slice(0, 8);

/** A normaliser of `{id, text, blob?}` lines: the blob goes to a file of the revision, the row keeps its reference. */
const NORMALISE: LineNormaliser = {
  kind: "lines",
  columns: { key: "id", split: null, subset: "group" },
  async rows(line, where, files) {
    const r = JSON.parse(line) as { id: string; text: string; blob?: string };
    if (typeof r.id !== "string") throw new Error(`no id (line ${where.line})`);
    const row: JsonObject = { id: r.id, text: r.text, group: r.id.slice(0, 1) };
    if (r.blob !== undefined) row.blob = { ...(await files.put(`blobs/${r.id}.txt`, r.blob, "text/plain")) };
    return [row];
  },
};

/** A response that hands out `bytes` in chunks of `size`. */
function chunked(bytes: Uint8Array, size: number): Response {
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
  return new Response(body);
}

async function pinned(bytes: Uint8Array, over: { sha256?: string; bytes?: number } = {}): Promise<PinnedDataset> {
  return {
    kind: "pinned",
    name: `test.streamed-${uniq()}`,
    version: 1,
    repository: "assay/test",
    commit: "0".repeat(40),
    license: "test",
    files: [{ path: "streamed/data.jsonl", url: "https://example.invalid/data.jsonl", sha256: over.sha256 ?? (await sha256Hex(bytes)), bytes: over.bytes ?? bytes.byteLength, format: "jsonl" }],
    notes: "",
  };
}

const load = (data: PinnedDataset, bytes: Uint8Array, chunk: number) =>
  ensurePinnedRevision(env, db, data, NORMALISE, { baseUrl: "http://mirror.test", fetch: (async () => chunked(bytes, chunk)) as unknown as typeof fetch });

/** Objects left under a name's revisions in R2. */
async function objectsOf(name: string): Promise<string[]> {
  return (await env.ARTIFACTS.list({ prefix: `datasets/_global/${name}/` })).objects.map((o) => o.key);
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => JSON.stringify({ id: `${"ab"[i % 2]}${i}`, text: `row ${i} é ✓` })).join("\n") + "\n";

describe("a pinned file read as a stream", () => {
  it.each([1, 7, 4096])("rows arrive whatever the chunking (%i-byte chunks): a UTF-8 character or a line split across chunks", async (chunk) => {
    const bytes = new TextEncoder().encode(lines(250));
    const data = await pinned(bytes);
    const rev = await load(data, bytes, chunk);
    expect([rev.rowCount, rev.chunkRows, rev.subsets]).toEqual([250, 100, ["a", "b"]]);
    const rows = await readRows(env.ARTIFACTS, rev, 0, 250);
    expect(rows[249]).toMatchObject({ index: 249, key: "b249", subset: "b", data: { id: "b249", text: "row 249 é ✓", group: "b" } });
    // The same rows through the upload path make the same revision digest.
    const upload = await importRevision(db, env.ARTIFACTS, { projectId: null, name: `test.upload-${uniq()}`, format: "jsonl", bytes: new TextEncoder().encode(rows.map((r) => JSON.stringify(r.data)).join("\n")) });
    expect(rev.digest).toBe(upload.revision.digest);
    expect(JSON.parse(rev.source!)).toEqual({ repository: "assay/test", commit: "0".repeat(40), files: [{ path: "streamed/data.jsonl", url: "http://mirror.test/streamed/data.jsonl", sha256: data.files[0]!.sha256 }] });
  });

  it("keeps a megabyte line's blob in a file of the revision, its row holding the reference", async () => {
    const blob = "x".repeat(1 << 20);
    const bytes = new TextEncoder().encode(`${JSON.stringify({ id: "big", text: "t", blob })}\n${JSON.stringify({ id: "small", text: "u" })}`);
    const rev = await load(await pinned(bytes), bytes, 3000);
    const [big, small] = await readRows(env.ARTIFACTS, rev, 0, 2);
    expect(big!.data.blob).toEqual({ file: "blobs/big.txt", sha256: await sha256Hex(blob), bytes: 1 << 20 });
    expect(await (await env.ARTIFACTS.get(`${rev.storagePrefix}files/blobs/big.txt`))!.text()).toBe(blob);
    // The last line needs no newline.
    expect(small!.data).toEqual({ id: "small", text: "u", group: "s" });
  });

  it.each([
    { what: "another digest", over: { sha256: "f".repeat(64) }, text: lines(3), error: /does not match the pinned data: its sha256 is [0-9a-f]{64} \(\d+ bytes\), expected f{64}/ },
    { what: "a file past its pinned size", over: { bytes: 10 }, text: lines(3), error: /is larger than the 10 bytes pinned \(assay\/test@0{40}\); refusing it/ },
    { what: "a line that does not parse", over: {}, text: `${lines(150)}{"id": 1\n`, error: /streamed\/data\.jsonl line 151: / },
    { what: "a repeated key", over: {}, text: `${lines(2)}${JSON.stringify({ id: "a0", text: "again" })}\n`, error: /row 3: key 'a0' repeats an earlier row's/ },
    { what: "text that is not UTF-8", over: {}, text: null, error: /is not UTF-8 text near byte/ },
  ])("refuses $what, leaving no row chunk, file or revision behind", async ({ over, text, error }) => {
    const bytes = text === null ? new Uint8Array([0x7b, 0xff, 0xfe, 0x0a]) : new TextEncoder().encode(text);
    const data = await pinned(bytes, over);
    await expect(load(data, bytes, 64)).rejects.toThrow(error);
    expect(await objectsOf(data.name)).toEqual([]);
    expect(await findOwnRevision(db, null, data.name, 1)).toBeUndefined();
  });

  it("a second load finds the revision and fetches nothing", async () => {
    const bytes = new TextEncoder().encode(lines(3));
    const data = await pinned(bytes);
    const first = await load(data, bytes, 10);
    const again = await ensurePinnedRevision(env, db, data, NORMALISE, { fetch: (async () => Promise.reject(new Error("no fetch expected"))) as unknown as typeof fetch });
    expect(again.id).toBe(first.id);
  });
});
