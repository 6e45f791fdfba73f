/**
 * The files a dataset revision stores under its files/ (a ZIP upload's
 * images, a built-in's), as path to size, listed from R2: a custom
 * benchmark's image column may name only these.
 * I/O: the R2 bucket passed in.
 */
import { revisionFileKey } from "./dataset-rows";

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
