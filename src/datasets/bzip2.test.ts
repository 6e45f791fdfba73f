/**
 * bunzip2 on streams the test writer makes (test/bzip2-encode.ts: single and
 * many blocks, runs long enough for every run-length path) and on broken
 * ones: a flipped bit fails a CRC, a cut stream ends early, the size cap
 * holds. The real HellaSwag file is decoded by its loader's tests.
 */
import { describe, expect, it } from "vitest";
import { bzip2 } from "../../test/bzip2-encode";
import { bunzip2, Bzip2Error } from "./bzip2";

const enc = (s: string) => new TextEncoder().encode(s);

describe("bunzip2", () => {
  const text =
    "Roof shingle removal: A man is sitting on a roof. he\n3\n" +
    "a".repeat(300) + "\n" + "bbbb\nccccc\n".repeat(40) + "é€ — unicode\n" +
    Array.from({ length: 400 }, (_, i) => `line ${i} ${(i * 7919) % 1000}`).join("\n");

  it.each([
    ["one block", 1 << 20],
    ["many small blocks", 997],
  ])("round-trips text in %s", (_name, blockBytes) => {
    const data = enc(text);
    expect(bunzip2(bzip2(data, blockBytes), 1 << 20)).toEqual(data);
  });

  it("round-trips every byte value and a run past the 259-byte limit of one run", () => {
    const data = new Uint8Array(256 * 3 + 600);
    for (let i = 0; i < 768; i++) data[i] = i % 256;
    data.fill(7, 768);
    expect(bunzip2(bzip2(data), 1 << 20)).toEqual(data);
  });

  it("reads concatenated streams one after another", () => {
    const a = bzip2(enc("first stream\n"));
    const b = bzip2(enc("second stream\n"));
    const both = new Uint8Array(a.length + b.length);
    both.set(a);
    both.set(b, a.length);
    expect(new TextDecoder().decode(bunzip2(both, 1000))).toBe("first stream\nsecond stream\n");
  });

  it("refuses bytes that are not bzip2, a corrupted block, a cut stream and output past the cap", () => {
    const good = bzip2(enc(text), 2000);
    expect(() => bunzip2(enc("PK\u0003\u0004 not bzip2"), 1000)).toThrow(/BZh/);
    const flipped = good.slice();
    flipped[Math.floor(flipped.length / 2)]! ^= 0x10;
    expect(() => bunzip2(flipped, 1 << 20)).toThrow(Bzip2Error);
    expect(() => bunzip2(good.subarray(0, good.length - 20), 1 << 20)).toThrow(Bzip2Error);
    expect(() => bunzip2(good, 100)).toThrow(/more than 100 bytes/);
  });
});
