import { describe, expect, it } from "vitest";
import { base64Bytes, extractImage, readWhole, tsvRecords } from "./embedded";
import { pythonStringList } from "./python-literal";

/** A stream of the text cut into chunks of `size` characters (so fields and quotes straddle chunk ends). */
function chunked(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

async function records(text: string, size: number) {
  const out = [];
  for await (const r of tsvRecords(chunked(text, size))) out.push(r);
  return out;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe("reading files that embed their images", () => {
  const tsv = 'index\tquestion\tanswer\r\n1\t"Say ""hi""\tnow\nplease"\tYes\n2\tplain\t\n3\t"x"\tNo';
  it.each([1, 2, 3, 7, 1000])("reads TSV rows with quoted tabs, newlines and quotes, CRLF and a missing last newline (chunks of %i)", async (size) => {
    expect(await records(tsv, size)).toEqual([
      { row: 1, record: { index: "1", question: 'Say "hi"\tnow\nplease', answer: "Yes" } },
      { row: 2, record: { index: "2", question: "plain", answer: "" } },
      { row: 3, record: { index: "3", question: "x", answer: "No" } },
    ]);
  });

  it.each([
    ["a\tb\n1\n", "TSV row 1 has 1 fields; the header has 2"],
    ['a\n"open\n', "TSV row 1 has a quote that never closes"],
    ['a\tb\n"x"y\t1\n', "TSV row 1: text after a quoted field"],
    ["", "the TSV has no header"],
  ])("refuses a malformed TSV (%#)", async (text, message) => {
    await expect(records(text, 4)).rejects.toThrow(message);
  });

  it("refuses a row longer than its bound", async () => {
    const out = [];
    await expect(
      (async () => {
        for await (const r of tsvRecords(chunked(`a\n${"x".repeat(100)}\n`, 8), 50)) out.push(r);
      })(),
    ).rejects.toThrow("TSV row 1 is longer than 50 characters");
  });

  it("reads a stream whole within its bound", async () => {
    expect(await readWhole(chunked("abcdef", 2), 6)).toEqual(new TextEncoder().encode("abcdef"));
    await expect(readWhole(chunked("abcdefg", 2), 6)).rejects.toThrow("larger than the 6 bytes");
  });

  it("stores an image under its content digest and names it in the row's cell", async () => {
    const { image, cell } = await extractImage(base64Bytes(btoa(String.fromCharCode(...PNG))));
    expect(cell).toEqual({ file: `images/${cell.sha256}.png`, sha256: cell.sha256, media_type: "image/png", bytes: PNG.byteLength });
    expect(image).toEqual({ path: cell.file, bytes: PNG, media_type: "image/png" });
    await expect(extractImage(new TextEncoder().encode("not an image"))).rejects.toThrow("not a PNG, JPEG, GIF or WebP image");
    expect(() => base64Bytes("no*base64")).toThrow("not base64");
  });

  it("reads Python list literals of strings as benchmark files write them", () => {
    expect(pythonStringList("['1', '2', 'Not exist']")).toEqual(["1", "2", "Not exist"]);
    expect(pythonStringList(`["It's", 'a \\'b\\'', "tab\\tx", '\\u00e9', 3.5, -2]`)).toEqual(["It's", "a 'b'", "tab\tx", "é", "3.5", "-2"]);
    expect(pythonStringList("[]")).toEqual([]);
    expect(pythonStringList("['a',]")).toEqual(["a"]);
    for (const bad of ["'a'", "['a'", "['a' 'b']", "[a]", "['a'] x"]) expect(() => pythonStringList(bad)).toThrow("not a Python list of strings");
  });
});
