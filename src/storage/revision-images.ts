/**
 * The images an attempt sends, ready for a provider: a revision file is
 * read from R2 (under the revision's files/) and checked against the
 * sha256 its row names, then base64-encoded; a data URL is already inline;
 * an http(s) URL is passed on as a URL. A missing or altered file is an
 * error (the attempt fails with it), never an image-less prompt.
 * I/O: the R2 bucket passed in.
 */
import { sha256Hex } from "../crypto/hash";
import type { ImageInput, ImageRef } from "../domain/images";
import { revisionFileKey, type StoredRevision } from "./dataset-rows";

/** Base64 of bytes, in slices (String.fromCharCode takes a bounded argument list). */
export function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** The image as a provider sends it. */
export async function imageInput(bucket: R2Bucket, rev: Pick<StoredRevision, "id" | "storagePrefix">, image: ImageRef): Promise<ImageInput> {
  if (image.kind === "url") return { kind: "url", url: image.url };
  if (image.kind === "data") return { kind: "base64", media_type: image.media_type, data: image.data };
  const key = revisionFileKey(rev.storagePrefix, image.file);
  const object = await bucket.get(key);
  if (!object) throw new Error(`image ${image.file} is not stored with dataset revision ${rev.id}`);
  const bytes = new Uint8Array(await object.arrayBuffer());
  const digest = await sha256Hex(bytes);
  if (digest !== image.sha256) throw new Error(`image ${image.file} of dataset revision ${rev.id} has sha256 ${digest}, not the ${image.sha256} its row names`);
  return { kind: "base64", media_type: image.media_type, data: toBase64(bytes) };
}
