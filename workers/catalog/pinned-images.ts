/**
 * The images of a pinned dataset (PinnedImages): every distinct path its
 * rows name in the image column is fetched (from the mirror under
 * path_prefix, else upstream under url_prefix), the set is checked against
 * the pinned count, size and listing sha256, and each row's path becomes
 * the revision file {file, sha256, media_type, bytes} the attempt reads.
 * Any difference refuses the whole set, naming what differs.
 * I/O: the fetch passed in.
 */
import { setListing } from "../../src/catalog/listing";
import type { JsonObject } from "../../src/datasets/canonical-json";
import type { PinnedImages } from "../../src/catalog/types";
import { sha256Hex } from "../../src/crypto/hash";
import { RevisionImage } from "../../src/domain/images";

/** Fetches in flight at once: a few, so a mirror on loopback or GitHub is not flooded. */
const FETCH_CONCURRENCY = 6;


export interface FetchedImages {
  rows: JsonObject[];
  files: { path: string; bytes: Uint8Array; contentType: string }[];
}

/**
 * The rows with their image paths replaced by revision files, and the files
 * to store. `fetchBytes` fetches one URL (with the caller's retries and limits);
 * `onError` wraps a refusal in the caller's error type.
 */
export async function fetchPinnedImages(
  rows: JsonObject[],
  pin: PinnedImages,
  base: string | undefined,
  fetchBytes: (url: string) => Promise<Uint8Array>,
  refuse: (message: string) => Error,
): Promise<FetchedImages> {
  const paths: string[] = [];
  for (const [i, row] of rows.entries()) {
    const path = row[pin.column];
    if (typeof path !== "string" || !RevisionImage.shape.file.safeParse(path).success) throw refuse(`row ${i + 1} names no image path in '${pin.column}'`);
    if (!paths.includes(path)) paths.push(path);
  }
  if (paths.length !== pin.count) throw refuse(`the rows name ${paths.length} images; ${pin.count} are pinned`);

  const fetched = new Map<string, Uint8Array>();
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      fetched.set(path, await fetchBytes(base === undefined ? `${pin.url_prefix}${path}` : `${base}/${pin.path_prefix}${path}`));
    }
  };
  await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, paths.length) }, worker));

  const digests = new Map<string, string>();
  let total = 0;
  for (const path of paths) {
    const bytes = fetched.get(path)!;
    total += bytes.byteLength;
    digests.set(path, await sha256Hex(bytes));
  }
  const listing = await sha256Hex(setListing(digests));
  if (listing !== pin.listing_sha256 || total !== pin.bytes) {
    throw refuse(
      `the ${paths.length} images do not match the pinned set: their listing's sha256 is ${listing} (${total} bytes), ` +
        `expected ${pin.listing_sha256} (${pin.bytes} bytes); refusing them`,
    );
  }
  const files = paths.map((path) => ({ path, bytes: fetched.get(path)!, contentType: pin.media_type }));
  const out = rows.map((row) => {
    const path = row[pin.column] as string;
    const image: RevisionImage = { file: path, sha256: digests.get(path)!, media_type: pin.media_type, bytes: fetched.get(path)!.byteLength };
    return { ...row, [pin.column]: image };
  });
  return { rows: out, files };
}
