/**
 * Test helper for the catalog's normalisers: a pinned-file stand-in for a
 * path, JSON Lines bytes of some records, a gzip of bytes, and a
 * nutcracker-db multiple-choice record, so a normaliser test states only
 * the rows it feeds in.
 */
import type { SourceFile } from "../src/catalog/types";

export const enc = (s: string) => new TextEncoder().encode(s);

/** A pinned file at `path` (its digest is not checked by a normaliser). */
export const sourceFile = (path: string, format: SourceFile["format"] = "jsonl"): SourceFile => ({ path, url: `https://example.test/${path}`, sha256: "0".repeat(64), bytes: 1, format });

export const jsonl = (rows: object[]) => enc(rows.map((r) => JSON.stringify(r)).join("\n") + "\n");

export async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A nutcracker-db record whose `idx`-th option is right. */
export const nutcrackerRecord = (question: string, options: string[], idx: number) => ({
  centerpiece: question,
  options,
  correct_options: ["ABCDEFGHIJ"[idx]!],
  correct_options_literal: [options[idx]!],
  correct_options_idx: [idx],
});
