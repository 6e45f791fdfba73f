/**
 * A small ZIP writer for tests: stored or deflated members (deflate through
 * CompressionStream("deflate-raw")), optionally encrypted with a password
 * as traditional PKWARE ZipCrypto (as the GPQA authors' dataset.zip is),
 * CRC-32, local headers, a central directory and its end record. Enough for
 * the archive readers to read.
 */
import { crc32, ZipCryptoKeys } from "../src/catalog/encrypted-zip";

async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export interface ZipMember {
  name: string;
  data: Uint8Array | string;
  /** Deflate it (default: stored). */
  deflate?: boolean;
  /** Size the central directory declares, when a test wants it to lie. */
  declaredSize?: number;
  /** Encrypt it with this password (ZipCrypto); the 12-byte header's first 11 bytes are fixed, so the archive is the same every time. */
  password?: string;
}

/** ZipCrypto: the 12-byte header (its last byte the CRC's high byte) and the data, encrypted with the password's keys. */
function encrypt(body: Uint8Array, crc: number, password: string): Uint8Array {
  const keys = new ZipCryptoKeys(new TextEncoder().encode(password));
  const plain = new Uint8Array(12 + body.length);
  plain.set([0x41, 0x73, 0x73, 0x61, 0x79, 0x20, 0x74, 0x65, 0x73, 0x74, 0x21, crc >>> 24]);
  plain.set(body, 12);
  const out = new Uint8Array(plain.length);
  for (let i = 0; i < plain.length; i++) {
    out[i] = plain[i]! ^ keys.stream();
    keys.update(plain[i]!);
  }
  return out;
}

export async function writeZip(members: ZipMember[]): Promise<Uint8Array> {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const m of members) {
    const data = typeof m.data === "string" ? enc.encode(m.data) : m.data;
    const packed = m.deflate ? await deflateRaw(data) : data;
    const name = enc.encode(m.name);
    const crc = crc32(data);
    const body = m.password === undefined ? packed : encrypt(packed, crc, m.password);
    const flags = m.password === undefined ? 0 : 1;
    const method = m.deflate ? 8 : 0;
    const local = new Uint8Array(30 + name.length + body.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, flags, true);
    lv.setUint16(8, method, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, body.length, true);
    lv.setUint32(22, data.length, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    local.set(body, 30 + name.length);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, flags, true);
    cv.setUint16(10, method, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, body.length, true);
    cv.setUint32(24, m.declaredSize ?? data.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const dirSize = centrals.reduce((s, c) => s + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, members.length, true);
  ev.setUint16(10, members.length, true);
  ev.setUint32(12, dirSize, true);
  ev.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, end];
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let p = 0;
  for (const part of parts) {
    out.set(part, p);
    p += part.length;
  }
  return out;
}

/** Bytes that read as a PNG (its 8-byte signature) followed by `tag`: enough for magic-byte checks and digests. */
export function fakePng(tag: string): Uint8Array {
  const t = new TextEncoder().encode(tag);
  const out = new Uint8Array(8 + t.length);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  out.set(t, 8);
  return out;
}
