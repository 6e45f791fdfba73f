/**
 * bzip2 decompression, in memory, for pinned source files published only
 * as .bz2 (HellaSwag's text copy). Follows the format of bzip2 1.0: stream
 * header "BZh1"–"BZh9", blocks of Huffman-coded MTF/RLE symbols over a
 * Burrows–Wheeler transform, the initial run-length step, and the block
 * and stream CRCs, which are checked (a file that decodes to other bytes
 * is refused). Concatenated streams (pbzip2) are read one after another.
 * Randomised blocks (written only by bzip2 0.9.0 and earlier) are refused.
 * Pure, no I/O.
 */

/** Why bytes are not a bzip2 stream we can read. */
export class Bzip2Error extends Error {}

const BLOCK_MAGIC_HI = 0x314159;
const BLOCK_MAGIC_LO = 0x265359;
const END_MAGIC_HI = 0x177245;
const END_MAGIC_LO = 0x385090;
const GROUP_SIZE = 50;
const MAX_CODE_LEN = 20;

/** bzip2's CRC-32: polynomial 0x04c11db7, most significant bit first. Built on first use, not at Worker start-up. */
let crcTable: Uint32Array | undefined;
function crcTableOf(): Uint32Array {
  if (crcTable) return crcTable;
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    t[i] = c >>> 0;
  }
  return (crcTable = t);
}

class BitReader {
  private pos = 0;
  private buf = 0;
  private count = 0;
  /** Zero bits supplied past the end (peeks may look beyond it; consuming them is an error). */
  private padded = 0;
  private readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  /** The next `n` bits (n ≤ 24) without consuming them, most significant first. */
  peek(n: number): number {
    while (this.count < n) {
      const byte = this.pos < this.bytes.length ? this.bytes[this.pos++]! : (this.padded++, 0);
      this.buf = ((this.buf << 8) | byte) & 0xffffffff;
      this.count += 8;
    }
    return (this.buf >>> (this.count - n)) & ((1 << n) - 1);
  }

  skip(n: number): void {
    this.count -= n;
    if (this.padded * 8 > this.count) throw new Bzip2Error("unexpected end of data");
  }

  /** The next `n` bits (n ≤ 24), most significant first. */
  bits(n: number): number {
    const v = this.peek(n);
    this.skip(n);
    return v;
  }

  bit(): number {
    return this.bits(1);
  }

  /** Drops the bits left in the current byte (streams end on a byte boundary). */
  align(): void {
    this.count -= this.count % 8;
  }

  /** Whether another stream header follows. */
  atStreamHeader(): boolean {
    const at = this.pos - this.count / 8;
    return at + 4 <= this.bytes.length && this.bytes[at] === 0x42 && this.bytes[at + 1] === 0x5a && this.bytes[at + 2] === 0x68;
  }

  get exhausted(): boolean {
    return this.pos - this.count / 8 >= this.bytes.length;
  }
}

/**
 * A canonical Huffman table as bzip2 assigns codes (by length, then by
 * symbol), decoded by peeking `maxLen` bits: codes of each length fill a
 * contiguous range once left-aligned, so the first length whose range
 * ends above the peeked value is the code's length.
 */
interface Table {
  /** Per length: the end (exclusive) of its codes' range, left-aligned to maxLen bits. */
  limit: Uint32Array;
  /** Per length: the first code of that length minus the index of its first symbol. */
  base: Int32Array;
  symbols: Uint16Array;
  minLen: number;
  maxLen: number;
}

function buildTable(lengths: Uint8Array, alphaSize: number): Table {
  const counts = new Uint16Array(MAX_CODE_LEN + 1);
  let minLen = MAX_CODE_LEN;
  let maxLen = 0;
  for (let s = 0; s < alphaSize; s++) {
    const len = lengths[s]!;
    counts[len]!++;
    if (len > maxLen) maxLen = len;
    if (len < minLen) minLen = len;
  }
  const offsets = new Uint16Array(MAX_CODE_LEN + 2);
  for (let len = 1; len <= MAX_CODE_LEN; len++) offsets[len + 1] = offsets[len]! + counts[len]!;
  const symbols = new Uint16Array(alphaSize);
  const next = offsets.slice();
  for (let s = 0; s < alphaSize; s++) symbols[next[lengths[s]!]!++] = s;
  const limit = new Uint32Array(MAX_CODE_LEN + 1);
  const base = new Int32Array(MAX_CODE_LEN + 1);
  let code = 0;
  for (let len = 1; len <= maxLen; len++) {
    base[len] = code - offsets[len]!;
    code += counts[len]!;
    if (code > 1 << len) throw new Bzip2Error("Huffman code lengths oversubscribe the code space");
    limit[len] = code * 2 ** (maxLen - len);
    code <<= 1;
  }
  return { limit, base, symbols, minLen, maxLen };
}

function decodeSymbol(br: BitReader, t: Table): number {
  const v = br.peek(t.maxLen);
  let len = t.minLen;
  while (len < t.maxLen && v >= t.limit[len]!) len++;
  if (v >= t.limit[len]!) throw new Bzip2Error("invalid Huffman code");
  br.skip(len);
  return t.symbols[(v >>> (t.maxLen - len)) - t.base[len]!]!;
}

/** Output bytes, grown as needed, never past `max`. */
class Output {
  bytes: Uint8Array;
  length = 0;
  private readonly max: number;
  constructor(max: number) {
    this.max = max;
    this.bytes = new Uint8Array(Math.min(max, 1 << 20));
  }
  ensure(extra: number): void {
    const need = this.length + extra;
    if (need > this.max) throw new Bzip2Error(`the data decompresses to more than ${this.max} bytes`);
    if (need <= this.bytes.length) return;
    const grown = new Uint8Array(Math.min(this.max, Math.max(need, this.bytes.length * 2)));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
}

/** Decodes one block into `out`; returns its CRC as computed over the bytes written. */
function readBlock(br: BitReader, blockMax: number, out: Output): { stored: number; computed: number } {
  const stored = ((br.bits(16) << 16) | br.bits(16)) >>> 0;
  if (br.bit()) throw new Bzip2Error("randomised blocks (bzip2 0.9.0 and earlier) are not supported");
  const origPtr = br.bits(24);

  // The byte values in use, as a 16×16 bitmap.
  const used = br.bits(16);
  const seqToUnseq: number[] = [];
  for (let i = 0; i < 16; i++) {
    if (!(used & (0x8000 >>> i))) continue;
    const row = br.bits(16);
    for (let j = 0; j < 16; j++) if (row & (0x8000 >>> j)) seqToUnseq.push(i * 16 + j);
  }
  if (seqToUnseq.length === 0) throw new Bzip2Error("a block uses no byte values");
  const alphaSize = seqToUnseq.length + 2;

  const nGroups = br.bits(3);
  if (nGroups < 2 || nGroups > 6) throw new Bzip2Error(`a block has ${nGroups} Huffman tables (2 to 6 are valid)`);
  const nSelectors = br.bits(15);
  if (nSelectors < 1) throw new Bzip2Error("a block has no selectors");
  // Selectors, MTF-coded in unary.
  const mtfGroups = Array.from({ length: nGroups }, (_, i) => i);
  const selectors = new Uint8Array(nSelectors);
  for (let i = 0; i < nSelectors; i++) {
    let j = 0;
    while (br.bit()) if (++j >= nGroups) throw new Bzip2Error("a selector names no table");
    const v = mtfGroups[j]!;
    mtfGroups.splice(j, 1);
    mtfGroups.unshift(v);
    selectors[i] = v;
  }
  // Code lengths, delta-coded.
  const tables: Table[] = [];
  for (let g = 0; g < nGroups; g++) {
    const lengths = new Uint8Array(alphaSize);
    let len = br.bits(5);
    for (let s = 0; s < alphaSize; s++) {
      for (;;) {
        if (len < 1 || len > MAX_CODE_LEN) throw new Bzip2Error("a Huffman code length is out of range");
        if (!br.bit()) break;
        len += br.bit() ? -1 : 1;
      }
      lengths[s] = len;
    }
    tables.push(buildTable(lengths, alphaSize));
  }

  // Symbols → the BWT block (undoing MTF and the RUNA/RUNB zero runs).
  const block = new Uint8Array(blockMax);
  const counts = new Uint32Array(256);
  const mtf = new Uint8Array(256);
  for (let i = 0; i < 256; i++) mtf[i] = i;
  const eob = alphaSize - 1;
  let n = 0;
  let run = 0;
  let runWeight = 1;
  let group = 0;
  let left = 0;
  let table = tables[0]!;
  for (;;) {
    if (left === 0) {
      if (group >= nSelectors) throw new Bzip2Error("a block runs past its selectors");
      table = tables[selectors[group++]!]!;
      left = GROUP_SIZE;
    }
    left--;
    const sym = decodeSymbol(br, table);
    if (sym <= 1) {
      run += sym === 0 ? runWeight : 2 * runWeight;
      runWeight <<= 1;
      if (run > blockMax) throw new Bzip2Error("a block is longer than its stream's block size");
      continue;
    }
    if (run > 0) {
      if (n + run > blockMax) throw new Bzip2Error("a block is longer than its stream's block size");
      const b = seqToUnseq[mtf[0]!]!;
      block.fill(b, n, n + run);
      counts[b]! += run;
      n += run;
      run = 0;
      runWeight = 1;
    }
    if (sym === eob) break;
    if (n >= blockMax) throw new Bzip2Error("a block is longer than its stream's block size");
    const k = sym - 1;
    const v = mtf[k]!;
    // A loop beats copyWithin here: k is mostly tiny and the call's overhead dominates.
    for (let j = k; j > 0; j--) mtf[j] = mtf[j - 1]!;
    mtf[0] = v;
    const b = seqToUnseq[v];
    if (b === undefined) throw new Bzip2Error("a symbol names an unused byte value");
    block[n++] = b;
    counts[b]!++;
  }
  if (origPtr >= n) throw new Bzip2Error("a block's origin pointer is outside the block");

  // Inverse BWT: T maps each row to the row of the next character.
  const next = new Uint32Array(n);
  const start = new Uint32Array(256);
  for (let c = 0, sum = 0; c < 256; c++) {
    start[c] = sum;
    sum += counts[c]!;
  }
  for (let i = 0; i < n; i++) next[start[block[i]!]!++] = i;

  // Walk it while undoing the initial run-length step (4 equal bytes, then a repeat count).
  const CRC_TABLE = crcTableOf();
  let crc = 0xffffffff;
  let p = next[origPtr]!;
  let last = -1;
  let same = 0;
  for (let k = 0; k < n; k++) {
    const b = block[p]!;
    p = next[p]!;
    if (same === 4) {
      out.ensure(b);
      out.bytes.fill(last, out.length, out.length + b);
      out.length += b;
      for (let r = 0; r < b; r++) crc = (crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ last) & 0xff]!;
      same = 0;
      last = -1;
      continue;
    }
    if (b === last) same++;
    else {
      last = b;
      same = 1;
    }
    out.ensure(1);
    out.bytes[out.length++] = b;
    crc = (crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ b) & 0xff]!;
  }
  return { stored, computed: ~crc >>> 0 };
}

/**
 * The decompressed bytes of a bzip2 file (one or more concatenated
 * streams). Throws Bzip2Error on anything that is not valid bzip2, on a
 * CRC mismatch, or when the output would pass `maxBytes`.
 */
export function bunzip2(bytes: Uint8Array, maxBytes: number): Uint8Array {
  const br = new BitReader(bytes);
  const out = new Output(maxBytes);
  let streams = 0;
  while (streams === 0 || (!br.exhausted && br.atStreamHeader())) {
    if (br.bits(8) !== 0x42 || br.bits(8) !== 0x5a || br.bits(8) !== 0x68) throw new Bzip2Error("not a bzip2 stream (no 'BZh' header)");
    const level = br.bits(8) - 0x30;
    if (level < 1 || level > 9) throw new Bzip2Error("not a bzip2 stream (bad block size)");
    let combined = 0;
    for (;;) {
      const hi = br.bits(24);
      const lo = br.bits(24);
      if (hi === BLOCK_MAGIC_HI && lo === BLOCK_MAGIC_LO) {
        const { stored, computed } = readBlock(br, level * 100_000, out);
        if (stored !== computed) throw new Bzip2Error(`block CRC mismatch (stored ${stored.toString(16)}, computed ${computed.toString(16)})`);
        combined = (((combined << 1) | (combined >>> 31)) ^ computed) >>> 0;
        continue;
      }
      if (hi === END_MAGIC_HI && lo === END_MAGIC_LO) break;
      throw new Bzip2Error("bad block header");
    }
    const storedCombined = ((br.bits(16) << 16) | br.bits(16)) >>> 0;
    if (storedCombined !== combined) throw new Bzip2Error("stream CRC mismatch");
    br.align();
    streams++;
  }
  return out.bytes.slice(0, out.length);
}
