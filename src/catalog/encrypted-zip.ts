/**
 * One member of a password-protected ZIP archive, as the GPQA authors
 * publish their data (dataset.zip, traditional PKWARE encryption,
 * "ZipCrypto", which Python's zipfile opens with `pwd`): the member's
 * 12-byte encryption header and data are decrypted with the key schedule of
 * PKWARE's APPNOTE (section 6.1), the header's check byte tells a wrong
 * password, the data is inflated (stored or deflate) no further than its
 * declared size, and its CRC-32 must match. AES-encrypted members (WinZip
 * AE-x, method 99) are refused with that reason. Pure apart from the Web
 * stream API.
 */
import { inflateRawExactly, InflateError } from "../datasets/inflate";
import { zipEntries, type ZipEntry } from "../imports/zip";

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

const crcUpdate = (crc: number, b: number) => (CRC_TABLE[(crc ^ b) & 0xff]! ^ (crc >>> 8)) >>> 0;

/** CRC-32 (ZIP's) of some bytes. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcUpdate(c, b);
  return (c ^ 0xffffffff) >>> 0;
}

/** ZipCrypto's three keys, initialised from a password (APPNOTE 6.1.5). */
export class ZipCryptoKeys {
  private k0 = 0x12345678;
  private k1 = 0x23456789;
  private k2 = 0x34567890;

  constructor(password: Uint8Array) {
    for (const b of password) this.update(b);
  }

  update(plain: number): void {
    this.k0 = crcUpdate(this.k0, plain);
    this.k1 = (Math.imul((this.k1 + (this.k0 & 0xff)) >>> 0, 134775813) + 1) >>> 0;
    this.k2 = crcUpdate(this.k2, this.k1 >>> 24);
  }

  /** The next keystream byte. */
  stream(): number {
    const t = (this.k2 | 2) & 0xffff;
    return (Math.imul(t, t ^ 1) >>> 8) & 0xff;
  }

  decrypt(bytes: Uint8Array): Uint8Array {
    const out = new Uint8Array(bytes.length);
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i]! ^ this.stream();
      this.update(c);
      out[i] = c;
    }
    return out;
  }
}

/** Why a member could not be read, in words naming the archive and member. */
export class EncryptedZipError extends Error {}

/** The stored (still compressed, still encrypted) bytes of a member. */
function rawData(zip: Uint8Array, e: ZipEntry): Uint8Array {
  const dv = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const h = e.localOffset;
  if (h + 30 > zip.length || dv.getUint32(h, true) !== 0x04034b50) throw new EncryptedZipError(`member ${e.name} has no local header`);
  const start = h + 30 + dv.getUint16(h + 26, true) + dv.getUint16(h + 28, true);
  const data = zip.subarray(start, start + e.compressedSize);
  if (data.length < e.compressedSize) throw new EncryptedZipError(`member ${e.name} is truncated`);
  return data;
}

async function inflate(data: Uint8Array, e: ZipEntry): Promise<Uint8Array> {
  if (e.method === 0) return data;
  try {
    return await inflateRawExactly(data, e.size);
  } catch (err) {
    if (!(err instanceof InflateError)) throw err;
    // A wrong password can pass the one-byte check and decrypt to data that does not inflate.
    throw new EncryptedZipError(`member ${e.name} ${err.message}${err.message.startsWith("does not inflate") ? " (a wrong password can pass the check byte)" : ""}`);
  }
}

/**
 * The bytes of member `name` of `zip`, decrypted with `password` when the
 * member is encrypted. Refuses a member larger than `maxBytes` before
 * inflating it, and any whose CRC-32 does not match after.
 */
export async function readZipMember(zip: Uint8Array, name: string, password: string, maxBytes: number): Promise<Uint8Array> {
  let entries: ZipEntry[];
  try {
    entries = zipEntries(zip);
  } catch (err) {
    throw new EncryptedZipError(`is not a readable ZIP archive: ${(err as Error).message}`);
  }
  const e = entries.find((x) => x.name === name);
  if (!e) throw new EncryptedZipError(`has no member ${name} (it holds ${entries.length} entries)`);
  if (e.method === 99) throw new EncryptedZipError(`member ${name} is AES-encrypted (WinZip AE-x); only traditional ZipCrypto is read`);
  if (e.method !== 0 && e.method !== 8) throw new EncryptedZipError(`member ${name} uses compression method ${e.method}; only stored and deflate are read`);
  if (e.size > maxBytes) throw new EncryptedZipError(`member ${name} is ${e.size} bytes, more than the ${maxBytes} allowed`);
  let data = rawData(zip, e);
  if (e.flags & 1) {
    if (data.length < 12) throw new EncryptedZipError(`member ${name} is too short for its encryption header`);
    const keys = new ZipCryptoKeys(new TextEncoder().encode(password));
    const header = keys.decrypt(data.subarray(0, 12));
    // The header's last byte is the CRC's high byte, or the time's when the CRC came later (flag bit 3).
    const check = e.flags & 8 ? (e.modTime >>> 8) & 0xff : e.crc32 >>> 24;
    if (header[11] !== check) throw new EncryptedZipError(`member ${name} does not decrypt with the given password`);
    data = keys.decrypt(data.subarray(12));
  }
  const plain = await inflate(data, e);
  if (crc32(plain) !== e.crc32) throw new EncryptedZipError(`member ${name} fails its CRC-32 check (a wrong password, or a damaged archive)`);
  return plain;
}
