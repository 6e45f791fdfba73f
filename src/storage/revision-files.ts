/**
 * The files a dataset revision stores under its files/ (a ZIP upload's
 * images, a built-in's): listed from R2 as path to size (a custom
 * benchmark's image column may name only these), and one read as text for a
 * scorer (LiveCodeBench's hidden tests, as its streamed loader wrote them),
 * checked against the sha256 its row names: a missing or altered file is an
 * error (the attempt is retried, then ends without a reward), never an
 * empty test set.
 * I/O: the R2 bucket passed in.
 */
import { sha256Hex } from "../crypto/hash";
import type { RevisionFileRef } from "../scorers/types";
import { revisionFileKey, type StoredRevision } from "./dataset-rows";

export async function revisionFiles(bucket: R2Bucket, storagePrefix: string): Promise<Map<string, number>> {
  const prefix = revisionFileKey(storagePrefix, "");
  const out = new Map<string, number>();
  let cursor: string | undefined;
  for (;;) {
    const page = await bucket.list({ prefix, cursor });
    for (const o of page.objects) out.set(o.key.slice(prefix.length), o.size);
    if (!page.truncated) return out;
    cursor = page.cursor;
  }
}

/** A revision file's text, checked against the sha256 its row names. */
export async function revisionFileText(bucket: R2Bucket, rev: Pick<StoredRevision, "id" | "storagePrefix">, ref: RevisionFileRef): Promise<string> {
  const object = await bucket.get(revisionFileKey(rev.storagePrefix, ref.file));
  if (!object) throw new Error(`file ${ref.file} is not stored with dataset revision ${rev.id}`);
  const bytes = new Uint8Array(await object.arrayBuffer());
  const digest = await sha256Hex(bytes);
  if (digest !== ref.sha256) throw new Error(`file ${ref.file} of dataset revision ${rev.id} has sha256 ${digest}, not the ${ref.sha256} its row names`);
  return new TextDecoder().decode(bytes);
}

/** A revision file's bytes as a stream, unchecked: for a file too large to hold (BIRD's databases), whose reader checks the digest. */
export async function revisionFileStream(bucket: R2Bucket, rev: Pick<StoredRevision, "id" | "storagePrefix">, ref: RevisionFileRef): Promise<ReadableStream<Uint8Array>> {
  const object = await bucket.get(revisionFileKey(rev.storagePrefix, ref.file));
  if (!object) throw new Error(`file ${ref.file} is not stored with dataset revision ${rev.id}`);
  return object.body;
}
