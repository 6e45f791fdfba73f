/**
 * Image inputs: what a row's image cell may hold, how a benchmark names
 * its image column (`image_column` in its options), and the two forms an
 * image takes on the way to a model: a reference kept in transcripts (no
 * bytes) and the inline or URL image a provider sends. A cell is
 *  - an http(s) URL, passed to the endpoint as a URL (the model's side fetches it);
 *  - a data URL (`data:image/png;base64,...`), sent inline;
 *  - a file of the dataset revision, `{file, sha256, media_type, bytes}`,
 *    stored in R2 beside its rows (MATH-Vision's images, a ZIP upload's), read and checked
 *    against its sha256 before it is sent inline.
 * A cell may also hold a list of these (MMMU's up to seven images), sent in order.
 * Pure, no I/O.
 */
import { z } from "zod";

/** The image types both OpenAI and Anthropic accept. */
export const IMAGE_MEDIA_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

/** Largest image sent inline (Anthropic's per-image limit is 5 MB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Longest URL an image cell may hold. */
const MAX_URL_CHARS = 2048;

const DATA_URL = /^data:(image\/(?:jpeg|png|gif|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/** A file of the dataset revision, under its prefix's files/ (src/storage/dataset-rows.ts). */
export const RevisionImage = z.strictObject({
  /** Path relative to the revision's files, e.g. "images/4.jpg". */
  file: z
    .string()
    .min(1)
    .max(300)
    .regex(/^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._/-]+$/, "a relative path of letters, digits, '.', '_', '-' and '/', without '..'"),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, "64 lowercase hex digits"),
  media_type: z.enum(IMAGE_MEDIA_TYPES),
  bytes: z.number().int().min(1).max(MAX_IMAGE_BYTES),
});
export type RevisionImage = z.infer<typeof RevisionImage>;

/** A row's image, parsed from its cell. */
export type ImageRef =
  | { kind: "url"; url: string }
  | { kind: "data"; media_type: ImageMediaType; data: string }
  | ({ kind: "file" } & RevisionImage);

/** What a provider sends: inline bytes (base64) or a URL. */
export type ImageInput = { kind: "base64"; media_type: ImageMediaType; data: string } | { kind: "url"; url: string };

/** How a transcript or trace shows an image: where it came from, never its bytes. */
export type ImageNote = { url: string } | { media_type: string; sha256?: string; file?: string; bytes: number };

/** Bytes a base64 string decodes to. */
export function base64Bytes(data: string): number {
  const pad = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - pad;
}

/** Parses one image cell; `{error}` says what is wrong in words a user can fix. */
export function parseImageCell(cell: unknown): { ok: true; image: ImageRef } | { ok: false; error: string } {
  if (typeof cell === "string") {
    const value = cell.trim();
    if (value === "") return { ok: false, error: "the cell is empty" };
    if (value.startsWith("data:")) {
      if (value.length > MAX_IMAGE_BYTES * 2) return { ok: false, error: `the data URL is longer than a ${MAX_IMAGE_BYTES}-byte image` };
      const m = DATA_URL.exec(value);
      if (!m) return { ok: false, error: `a data URL must be data:<${IMAGE_MEDIA_TYPES.join("|")}>;base64,<data>` };
      if (base64Bytes(m[2]!) > MAX_IMAGE_BYTES) return { ok: false, error: `the image is larger than ${MAX_IMAGE_BYTES} bytes` };
      return { ok: true, image: { kind: "data", media_type: m[1] as ImageMediaType, data: m[2]! } };
    }
    if (value.length > MAX_URL_CHARS) return { ok: false, error: `the URL is longer than ${MAX_URL_CHARS} characters` };
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return { ok: false, error: "not an http(s) URL, a data URL or a revision file" };
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, error: `'${url.protocol}' URLs are not sent; use http(s) or a data URL` };
    return { ok: true, image: { kind: "url", url: url.href } };
  }
  const file = RevisionImage.safeParse(cell);
  if (file.success) return { ok: true, image: { kind: "file", ...file.data } };
  if (cell === null || cell === undefined || cell === "") return { ok: false, error: "the cell is empty" };
  const issue = file.error.issues[0];
  return { ok: false, error: `not an http(s) URL, a data URL or a revision file {file, sha256, media_type, bytes}${issue ? ` (${issue.path.join(".") || "value"}: ${issue.message})` : ""}` };
}

/** The image column a benchmark's stored options name, if any. */
export function imageColumnOf(options: unknown): string | null {
  const c = (options as { image_column?: unknown } | null)?.image_column;
  return typeof c === "string" && c ? c : null;
}

/** Most images one row may send (MMMU's questions have up to 7). */
export const MAX_IMAGES_PER_ROW = 8;

/** A cell holding one image or a list of them, parsed in order; `{error}` names the bad element. */
export function parseImageCells(cell: unknown): { ok: true; images: ImageRef[] } | { ok: false; error: string } {
  if (!Array.isArray(cell)) {
    const one = parseImageCell(cell);
    return one.ok ? { ok: true, images: [one.image] } : one;
  }
  if (cell.length === 0) return { ok: false, error: "the list of images is empty" };
  if (cell.length > MAX_IMAGES_PER_ROW) return { ok: false, error: `${cell.length} images; a row sends at most ${MAX_IMAGES_PER_ROW}` };
  const images: ImageRef[] = [];
  for (const [i, c] of cell.entries()) {
    const one = parseImageCell(c);
    if (!one.ok) return { ok: false, error: `image ${i + 1}: ${one.error}` };
    images.push(one.image);
  }
  return { ok: true, images };
}

/** The row's images from the benchmark's image column (one cell, or a list of them), in order; none without a column. Throws with a readable message on a bad cell. */
export function imagesOfRow(column: string | null, row: Record<string, unknown>): ImageRef[] {
  if (!column) return [];
  const parsed = parseImageCells(row[column]);
  if (!parsed.ok) throw new Error(`column '${column}': ${parsed.error}`);
  return parsed.images;
}

/** The transcript's note of an image. */
export function imageNote(image: ImageRef): ImageNote {
  if (image.kind === "url") return { url: image.url };
  if (image.kind === "data") return { media_type: image.media_type, bytes: base64Bytes(image.data) };
  return { media_type: image.media_type, sha256: image.sha256, file: image.file, bytes: image.bytes };
}

/** How many bad cells an error lists before it stops reading. */
const MAX_CELL_ERRORS = 5;

/**
 * The image cells of a custom benchmark's rows that cannot be sent, as
 * readable messages (row index and why), at most a few. A revision file
 * cell must name a file the revision stores (`stored`: path to size, as
 * listed in R2; a ZIP upload's images, or a built-in's), of the size the
 * cell says; its sha256 is checked when it is sent.
 */
export function customImageErrors(
  column: string,
  rows: Iterable<{ index: number; data: Record<string, unknown> }>,
  stored: ReadonlyMap<string, number> = new Map(),
): string[] {
  const errors: string[] = [];
  const fileError = (image: RevisionImage): string | null => {
    const size = stored.get(image.file);
    if (size === undefined) return `a revision file (${image.file}) that this dataset revision does not store; upload the rows and images as a ZIP archive, or use an http(s) URL or a data URL`;
    return size === image.bytes ? null : `the revision file ${image.file} has ${size} bytes, not the ${image.bytes} the cell says`;
  };
  for (const row of rows) {
    const parsed = parseImageCells(row.data[column]);
    const why = !parsed.ok ? parsed.error : (parsed.images.map((i) => (i.kind === "file" ? fileError(i) : null)).find((e) => e !== null) ?? null);
    if (why) errors.push(`row ${row.index}: ${why}`);
    if (errors.length >= MAX_CELL_ERRORS) break;
  }
  return errors;
}
