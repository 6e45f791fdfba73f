import { describe, expect, it } from "vitest";
import { writeZip } from "../../test/zip-writer";
import { crc32, readZipMember } from "./encrypted-zip";

const enc = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const CSV = "Question,Correct Answer\nmade-up question one,made-up answer\n".repeat(40);

describe("a ZipCrypto member", () => {
  it("decrypts and inflates with the right password, stored or deflated", async () => {
    for (const deflate of [true, false]) {
      const zip = await writeZip([{ name: "dataset/license.txt", data: "open" }, { name: "dataset/data.csv", data: CSV, deflate, password: "made-up-pass" }]);
      expect(text(await readZipMember(zip, "dataset/data.csv", "made-up-pass", 1 << 20))).toBe(CSV);
      // An unencrypted member beside it reads without the password mattering.
      expect(text(await readZipMember(zip, "dataset/license.txt", "anything", 1 << 20))).toBe("open");
    }
  });

  it("refuses a wrong password, a missing member, a member over the limit and an AES member, each in words", async () => {
    const zip = await writeZip([{ name: "dataset/data.csv", data: CSV, deflate: true, password: "made-up-pass" }]);
    // The check byte catches 255 wrong passwords in 256; the CRC-32 catches the rest.
    await expect(readZipMember(zip, "dataset/data.csv", "wrong-pass", 1 << 20)).rejects.toThrow(/does not decrypt with the given password|fails its CRC-32|does not inflate/);
    await expect(readZipMember(zip, "dataset/other.csv", "made-up-pass", 1 << 20)).rejects.toThrow("has no member dataset/other.csv (it holds 1 entries)");
    await expect(readZipMember(zip, "dataset/data.csv", "made-up-pass", 10)).rejects.toThrow(/is \d+ bytes, more than the 10 allowed/);
    const aes = zip.slice();
    // Method 99 in the central directory entry: WinZip AES.
    const dir = aes.length - 22 - (46 + "dataset/data.csv".length);
    new DataView(aes.buffer).setUint16(dir + 10, 99, true);
    await expect(readZipMember(aes, "dataset/data.csv", "made-up-pass", 1 << 20)).rejects.toThrow(/AES-encrypted/);
    await expect(readZipMember(enc("not a zip at all, just text"), "x", "p", 10)).rejects.toThrow(/not a readable ZIP/);
  });

  it("computes ZIP's CRC-32", () => {
    expect(crc32(enc("123456789"))).toBe(0xcbf43926);
  });
});
