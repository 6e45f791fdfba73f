/**
 * The ZIP dataset reader on its own: image types by magic bytes, a gzipped
 * CSV as the data file, names resolved with "./", URLs left alone, and an
 * image too large to send refused with its row and column.
 */
import { describe, expect, it } from "vitest";
import { fakePng, writeZip } from "../../test/zip-writer";
import { MAX_IMAGE_BYTES } from "../domain/images";
import { AppError } from "../domain/errors";
import { imageMediaTypeOf, isZipMediaType, readDatasetArchive } from "./archive";
import { readRecords } from "./records";

const bytes = (...b: number[]) => new Uint8Array([...b, 0, 0, 0, 0, 0, 0, 0, 0]);

async function gzip(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await new Response(new Blob([data]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
}

describe("readDatasetArchive", () => {
  it("tells the four image types by their first bytes, and nothing else", () => {
    expect(imageMediaTypeOf(fakePng("x"))).toBe("image/png");
    expect(imageMediaTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(imageMediaTypeOf(new TextEncoder().encode("GIF89a...."))).toBe("image/gif");
    expect(imageMediaTypeOf(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(imageMediaTypeOf(new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "))).toBeUndefined();
    expect(imageMediaTypeOf(new TextEncoder().encode("%PDF-1.7"))).toBeUndefined();
  });

  it("takes application/zip and application/x-zip-compressed, with parameters", () => {
    expect([isZipMediaType("application/zip"), isZipMediaType("Application/X-Zip-Compressed; foo=1"), isZipMediaType("text/csv"), isZipMediaType(undefined)]).toEqual([true, true, false, false]);
  });

  it("reads a gzipped CSV beside its images; './' names resolve, URLs and other text stay as they are", async () => {
    const png = fakePng("p");
    const csv = "id,picture,link\n1,./img/p.png,https://example.org/p.png\n2,img/p.png,plain\n";
    const zip = await writeZip([{ name: "rows.csv.gz", data: await gzip(new TextEncoder().encode(csv)) }, { name: "img/p.png", data: png, deflate: true }]);
    const a = await readDatasetArchive(zip);
    expect([a.dataName, a.format, a.files.map((f) => [f.path, f.contentType, f.bytes.byteLength])]).toEqual(["rows.csv.gz", "csv", [["img/p.png", "image/png", png.byteLength]]]);
    const content = new Uint8Array(await new Response(new Blob([a.data]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
    const rows = [];
    for await (const item of readRecords(a.format, content)) if ("data" in item) rows.push(a.mapRow(item.data));
    expect(rows.map((r) => [(r.picture as { file: string }).file, r.link])).toEqual([["img/p.png", "https://example.org/p.png"], ["img/p.png", "plain"]]);
  });

  it("refuses an image larger than a provider takes, naming its row and column", async () => {
    const zip = await writeZip([{ name: "t.jsonl", data: '{"id":"a","pic":"big.png"}' }, { name: "big.png", data: fakePng("x"), declaredSize: MAX_IMAGE_BYTES + 1 }]);
    const err = await readDatasetArchive(zip).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).errors).toEqual([{ field: "line 1, column 'pic'", message: expect.stringContaining(`an image may have at most ${MAX_IMAGE_BYTES}`) }]);
  });
});
