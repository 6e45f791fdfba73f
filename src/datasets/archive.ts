/**
 * A dataset uploaded as a ZIP archive: exactly one data file (.jsonl,
 * .ndjson, .csv or .parquet, optionally .gz) beside other files. A row cell
 * (any column) whose string names a file of the archive that is an image
 * (PNG, JPEG, GIF or WebP by its magic bytes) becomes the revision-file
 * cell `{file, sha256, media_type, bytes}`, and that file is stored with
 * the revision (src/storage/dataset-import.ts). Names resolve from the
 * archive's root, else from the data file's folder. A cell that looks like
 * an image path the archive does not hold, or that names a file of it
 * which is not an image, is a 422 naming its row and column; files no cell
 * names are not kept. Nothing is stored here.
 * Pure apart from the Web stream and crypto APIs.
 */
import { sha256Hex } from "../crypto/hash";
import { AppError, type FieldError } from "../domain/errors";
import { MAX_IMAGE_BYTES, RevisionImage, type ImageMediaType } from "../domain/images";
import { zipEntries, type ZipEntry } from "../imports/zip";
import { ImportError } from "../imports/types";
import { setOwn, type JsonObject } from "./canonical-json";
import { isGzip, type DatasetFormat } from "./formats";
import { gunzip } from "./gzip";
import { inflateRawExactly, InflateError } from "./inflate";
import { MAX_ARCHIVE_INFLATED_BYTES, MAX_REPORTED_ERRORS, MAX_UPLOAD_BYTES } from "./limits";
import { readRecords } from "./records";

/** Media types a ZIP upload may be sent with. */
export const ZIP_MEDIA_TYPES = ["application/zip", "application/x-zip-compressed"] as const;

export function isZipMediaType(contentType: string | null | undefined): boolean {
  const essence = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return (ZIP_MEDIA_TYPES as readonly string[]).includes(essence);
}

const DATA_FILE = /\.(jsonl|ndjson|csv|parquet)(\.gz)?$/i;
const FORMAT_OF: Record<string, DatasetFormat> = { jsonl: "jsonl", ndjson: "jsonl", csv: "csv", parquet: "parquet" };
/** A string that reads as a relative path to an image: checked against the archive, 422 when absent. */
const IMAGE_PATH = /^(?!.*:\/\/)(?!data:)[^\s:]*\.(png|jpe?g|gif|webp)$/i;

/** The image type its first bytes say, if one of the four both providers take. */
export function imageMediaTypeOf(b: Uint8Array): ImageMediaType | undefined {
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return "image/png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return "image/gif";
  if (b.length >= 12 && b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) return "image/webp";
  return undefined;
}

export interface ArchiveDataset {
  /** Archive path of the data file. */
  dataName: string;
  format: DatasetFormat;
  /** The data file's bytes (still gzipped when it was). */
  data: Uint8Array;
  /** Turns a parsed row's cells naming archive images into revision-file cells. */
  mapRow: (data: JsonObject) => JsonObject;
  /** The images some cell names, to store under the revision's files/. */
  files: { path: string; bytes: Uint8Array; contentType: string }[];
}

const badZip = (message: string) => new AppError("validation_failed", `the archive ${message}`, [{ field: "body", message }]);

/** A member's bytes, inflating no further than its declared size (a ZIP bomb stops there). */
async function readMember(zip: Uint8Array, e: ZipEntry): Promise<Uint8Array> {
  const dv = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const h = e.localOffset;
  if (h + 30 > zip.length || dv.getUint32(h, true) !== 0x04034b50) throw badZip(`member ${e.name} has no local header`);
  const start = h + 30 + dv.getUint16(h + 26, true) + dv.getUint16(h + 28, true);
  const data = zip.subarray(start, start + e.compressedSize);
  if (data.length < e.compressedSize) throw badZip(`member ${e.name} is truncated`);
  if (e.method === 0) {
    if (data.length !== e.size) throw badZip(`member ${e.name} is stored with a size that disagrees with its directory entry`);
    return data;
  }
  if (e.method !== 8) throw badZip(`member ${e.name} uses compression method ${e.method}; only stored and deflate are read`);
  try {
    return await inflateRawExactly(data, e.size);
  } catch (err) {
    if (err instanceof InflateError) throw badZip(`member ${e.name} ${err.message}`);
    throw err;
  }
}

function dirOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i + 1);
}

/**
 * Reads the archive: finds its data file, reads the rows once to learn
 * which files they name, reads and checks those files, and returns what
 * importRevision needs. Throws 422 (bad archive, no or several data files,
 * a missing or non-image file with its row and column) or 413.
 */
export async function readDatasetArchive(zip: Uint8Array): Promise<ArchiveDataset> {
  if (zip.byteLength > MAX_UPLOAD_BYTES) throw new AppError("payload_too_large", `a dataset upload may have at most ${MAX_UPLOAD_BYTES} bytes`);
  if (!(zip.length >= 4 && zip[0] === 0x50 && zip[1] === 0x4b && zip[2] === 0x03 && zip[3] === 0x04)) throw badZip("is not a ZIP file (it does not start with PK\\3\\4)");
  let entries: ZipEntry[];
  try {
    entries = zipEntries(zip);
  } catch (err) {
    throw badZip(err instanceof ImportError ? err.message.replace(/^is a ZIP /, "is a ZIP file ") : "cannot be read");
  }
  const members = entries.filter((e) => !e.name.endsWith("/") && !e.name.startsWith("__MACOSX/"));
  const inflated = members.reduce((s, e) => s + e.size, 0);
  if (inflated > MAX_ARCHIVE_INFLATED_BYTES) {
    throw new AppError("payload_too_large", `the archive's files inflate to ${inflated} bytes; at most ${MAX_ARCHIVE_INFLATED_BYTES} are accepted`);
  }
  const dataFiles = members.filter((e) => DATA_FILE.test(e.name));
  if (dataFiles.length !== 1) {
    const message = dataFiles.length === 0
      ? "holds no data file (.jsonl, .ndjson, .csv or .parquet, optionally .gz)"
      : `holds ${dataFiles.length} data files (${dataFiles.slice(0, 5).map((e) => e.name).join(", ")}); exactly one is read`;
    throw badZip(message);
  }
  const dataEntry = dataFiles[0]!;
  const format = FORMAT_OF[DATA_FILE.exec(dataEntry.name)![1]!.toLowerCase()]!;
  const data = await readMember(zip, dataEntry);
  const content = isGzip(data) ? await gunzip(data, MAX_UPLOAD_BYTES) : data;

  const byName = new Map(members.filter((e) => e !== dataEntry).map((e) => [e.name, e]));
  const base = dirOf(dataEntry.name);
  const resolve = (cell: string): ZipEntry | undefined => {
    const name = cell.replace(/^\.\//, "");
    return byName.get(name) ?? (base ? byName.get(base + name) : undefined);
  };

  // Pass one: which members the cells name (first row and column of each), and cells naming absent images.
  const errors: FieldError[] = [];
  const named = new Map<ZipEntry, string>();
  for await (const item of readRecords(format, content)) {
    if ("error" in item) continue; // importRevision reports parse errors with their place
    for (const [column, value] of Object.entries(item.data)) {
      if (typeof value !== "string") continue;
      const entry = resolve(value);
      if (entry) {
        if (!named.has(entry)) named.set(entry, `${item.where}, column '${column}'`);
      } else if (IMAGE_PATH.test(value) && errors.length < MAX_REPORTED_ERRORS) {
        errors.push({ field: `${item.where}, column '${column}'`, message: `names '${value}', which the archive does not hold` });
      }
    }
  }

  // The named members must be images a provider takes.
  const images = new Map<ZipEntry, { file: string; sha256: string; media_type: ImageMediaType; bytes: number; data: Uint8Array }>();
  for (const [entry, where] of named) {
    if (errors.length >= MAX_REPORTED_ERRORS) break;
    if (!RevisionImage.shape.file.safeParse(entry.name).success) {
      errors.push({ field: where, message: `names '${entry.name}', whose path is not one a revision stores (letters, digits, '.', '_', '-' and '/')` });
      continue;
    }
    if (entry.size > MAX_IMAGE_BYTES) {
      errors.push({ field: where, message: `names '${entry.name}', which has ${entry.size} bytes; an image may have at most ${MAX_IMAGE_BYTES}` });
      continue;
    }
    const bytes = await readMember(zip, entry);
    const media = imageMediaTypeOf(bytes);
    if (!media) {
      errors.push({ field: where, message: `names '${entry.name}', which is not a PNG, JPEG, GIF or WebP image` });
      continue;
    }
    images.set(entry, { file: entry.name, sha256: await sha256Hex(bytes), media_type: media, bytes: bytes.byteLength, data: bytes });
  }
  if (errors.length) {
    const first = errors[0]!;
    throw new AppError("validation_failed", `${first.field}: ${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ""}`, errors);
  }

  const mapRow = (row: JsonObject): JsonObject => {
    let out: JsonObject | undefined;
    for (const [column, value] of Object.entries(row)) {
      if (typeof value !== "string") continue;
      const entry = resolve(value);
      const image = entry && images.get(entry);
      if (!image) continue;
      out ??= { ...row };
      setOwn(out, column, { file: image.file, sha256: image.sha256, media_type: image.media_type, bytes: image.bytes });
    }
    return out ?? row;
  };
  const files = [...images.values()].map((i) => ({ path: i.file, bytes: i.data, contentType: i.media_type }));
  return { dataName: dataEntry.name, format, data, mapRow, files };
}
