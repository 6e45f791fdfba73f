/**
 * Reads the members of a ZIP archive (Inspect's `.eval` logs) with the
 * platform's DecompressionStream("deflate-raw"): stored and deflated members
 * only, located through the central directory (sizes in local headers may
 * be zero when the writer streamed). Pure apart from the Web stream API.
 */
import { ImportError } from "./types";

/** Inflated bytes per member at most; a log's sample file is far below this. */
const MAX_MEMBER_BYTES = 64 * 1024 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  /** General-purpose flags: bit 0 encrypted, bit 3 sizes and CRC in a data descriptor. */
  flags: number;
  /** CRC-32 of the uncompressed bytes. */
  crc32: number;
  /** DOS modification time (ZipCrypto's check byte comes from it when bit 3 is set). */
  modTime: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (dv.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ImportError("file", "is a ZIP without its central directory (truncated?)");
  const count = dv.getUint16(eocd + 10, true);
  let p = dv.getUint32(eocd + 16, true);
  const out: ZipEntry[] = [];
  const dec = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || dv.getUint32(p, true) !== 0x02014b50) throw new ImportError("file", "is a ZIP whose central directory is damaged");
    const nameLen = dv.getUint16(p + 28, true);
    const extraLen = dv.getUint16(p + 30, true);
    const commentLen = dv.getUint16(p + 32, true);
    out.push({
      method: dv.getUint16(p + 10, true),
      flags: dv.getUint16(p + 8, true),
      crc32: dv.getUint32(p + 16, true),
      modTime: dv.getUint16(p + 12, true),
      compressedSize: dv.getUint32(p + 20, true),
      size: dv.getUint32(p + 24, true),
      localOffset: dv.getUint32(p + 42, true),
      name: dec.decode(bytes.subarray(p + 46, p + 46 + nameLen)),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

export async function readZipEntry(bytes: Uint8Array, e: ZipEntry): Promise<Uint8Array> {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const h = e.localOffset;
  if (h + 30 > bytes.length || dv.getUint32(h, true) !== 0x04034b50) throw new ImportError("file", `ZIP member ${e.name} has no local header`);
  const start = h + 30 + dv.getUint16(h + 26, true) + dv.getUint16(h + 28, true);
  const data = bytes.subarray(start, start + e.compressedSize);
  if (data.length < e.compressedSize) throw new ImportError("file", `ZIP member ${e.name} is truncated`);
  if (e.method === 0) return data;
  if (e.method !== 8) throw new ImportError("file", `ZIP member ${e.name} uses compression method ${e.method} (only stored and deflate are read)`);
  if (e.size > MAX_MEMBER_BYTES) throw new ImportError("file", `ZIP member ${e.name} inflates to ${e.size} bytes, more than ${MAX_MEMBER_BYTES}`);
  try {
    const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (err) {
    throw new ImportError("file", `ZIP member ${e.name} does not inflate: ${(err as Error).message}`);
  }
}
