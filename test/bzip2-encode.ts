/**
 * A small bzip2 writer for tests: the generated HellaSwag mirror file is
 * .bz2 like the real one, and the decoder is checked on streams it did not
 * write itself (`bzip2 -t` accepts these). Valid but not compact: a naive
 * rotation sort for the BWT, every Huffman code the same length, one table
 * used throughout. Meant for inputs of tens of kilobytes. Pure, no I/O.
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    t[i] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = (crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ b) & 0xff]!;
  return ~crc >>> 0;
}

class BitWriter {
  private bytes: number[] = [];
  private acc = 0;
  private count = 0;
  write(n: number, value: number): void {
    for (let i = n - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >>> i) & 1);
      if (++this.count === 8) {
        this.bytes.push(this.acc);
        this.acc = 0;
        this.count = 0;
      }
    }
  }
  write32(value: number): void {
    this.write(16, value >>> 16);
    this.write(16, value & 0xffff);
  }
  finish(): Uint8Array {
    if (this.count > 0) this.write(8 - this.count, 0);
    return Uint8Array.from(this.bytes);
  }
}

/** The initial run-length step: a run of 4 to 259 equal bytes becomes 4 of them and a count byte. */
function rle1(data: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < data.length) {
    const b = data[i]!;
    let run = 1;
    while (i + run < data.length && data[i + run] === b && run < 259) run++;
    if (run >= 4) {
      out.push(b, b, b, b, run - 4);
    } else for (let k = 0; k < run; k++) out.push(b);
    i += run;
  }
  return out;
}

function writeBlock(w: BitWriter, original: Uint8Array): number {
  const block = rle1(original);
  const n = block.length;
  // BWT by sorting rotations (fine for test-sized blocks).
  const rotations = Array.from({ length: n }, (_, i) => i);
  rotations.sort((a, b) => {
    for (let k = 0; k < n; k++) {
      const d = block[(a + k) % n]! - block[(b + k) % n]!;
      if (d !== 0) return d;
    }
    return 0;
  });
  const origPtr = rotations.indexOf(0);
  const last = rotations.map((r) => block[(r + n - 1) % n]!);

  const inUse = new Array<boolean>(256).fill(false);
  for (const b of block) inUse[b] = true;
  const unseqToSeq = new Array<number>(256).fill(-1);
  let numInUse = 0;
  for (let b = 0; b < 256; b++) if (inUse[b]) unseqToSeq[b] = numInUse++;
  const alphaSize = numInUse + 2;

  // MTF, zero runs as RUNA (0) / RUNB (1) in bijective base 2, then EOB.
  const symbols: number[] = [];
  const mtf = Array.from({ length: numInUse }, (_, i) => i);
  let zeros = 0;
  const flush = () => {
    while (zeros > 0) {
      if (zeros & 1) {
        symbols.push(0);
        zeros = (zeros - 1) / 2;
      } else {
        symbols.push(1);
        zeros = (zeros - 2) / 2;
      }
    }
  };
  for (const b of last) {
    const v = unseqToSeq[b]!;
    const j = mtf.indexOf(v);
    if (j === 0) {
      zeros++;
      continue;
    }
    flush();
    mtf.splice(j, 1);
    mtf.unshift(v);
    symbols.push(j + 1);
  }
  flush();
  symbols.push(numInUse + 1);

  const crc = crc32(original);
  w.write(24, 0x314159);
  w.write(24, 0x265359);
  w.write32(crc);
  w.write(1, 0);
  w.write(24, origPtr);
  let groupsUsed = 0;
  for (let i = 0; i < 16; i++) if (inUse.slice(i * 16, i * 16 + 16).some(Boolean)) groupsUsed |= 0x8000 >>> i;
  w.write(16, groupsUsed);
  for (let i = 0; i < 16; i++) {
    if (!(groupsUsed & (0x8000 >>> i))) continue;
    let row = 0;
    for (let j = 0; j < 16; j++) if (inUse[i * 16 + j]) row |= 0x8000 >>> j;
    w.write(16, row);
  }
  const nSelectors = Math.ceil(symbols.length / 50);
  w.write(3, 2);
  w.write(15, nSelectors);
  for (let i = 0; i < nSelectors; i++) w.write(1, 0); // every group uses table 0
  let len = 1;
  while (1 << len < alphaSize) len++;
  for (let t = 0; t < 2; t++) {
    w.write(5, len);
    for (let s = 0; s < alphaSize; s++) w.write(1, 0); // same length as the previous symbol
  }
  for (const s of symbols) w.write(len, s);
  return crc;
}

/** `data` as a bzip2 stream ("BZh9"), in blocks of at most `blockBytes` input bytes. */
export function bzip2(data: Uint8Array, blockBytes = 50_000): Uint8Array {
  const w = new BitWriter();
  for (const c of "BZh9") w.write(8, c.charCodeAt(0));
  let combined = 0;
  for (let at = 0; at < data.length; at += blockBytes) {
    const crc = writeBlock(w, data.subarray(at, at + blockBytes));
    combined = (((combined << 1) | (combined >>> 31)) ^ crc) >>> 0;
  }
  w.write(24, 0x177245);
  w.write(24, 0x385090);
  w.write32(combined);
  return w.finish();
}
