import { describe, expect, it } from "vitest";
import { imageColumnOf, imageNote, imagesOfRow, MAX_IMAGE_BYTES, MAX_IMAGES_PER_ROW, parseImageCell } from "./images";

const SHA = "a".repeat(64);

describe("image cells", () => {
  it("reads an http(s) URL, a data URL and a revision file", () => {
    expect(parseImageCell("https://example.org/a.png")).toEqual({ ok: true, image: { kind: "url", url: "https://example.org/a.png" } });
    expect(parseImageCell("data:image/png;base64,iVBORw0KGgo=")).toEqual({ ok: true, image: { kind: "data", media_type: "image/png", data: "iVBORw0KGgo=" } });
    expect(parseImageCell({ file: "images/4.jpg", sha256: SHA, media_type: "image/jpeg", bytes: 10 })).toEqual({
      ok: true,
      image: { kind: "file", file: "images/4.jpg", sha256: SHA, media_type: "image/jpeg", bytes: 10 },
    });
  });

  it.each([
    ["", "the cell is empty"],
    [null, "the cell is empty"],
    ["file:///etc/passwd", "'file:' URLs are not sent"],
    ["ftp://example.org/a.png", "'ftp:' URLs are not sent"],
    ["images/4.jpg", "not an http(s) URL"],
    ["data:text/plain;base64,aGk=", "a data URL must be"],
    ["data:image/png;base64,not base64!", "a data URL must be"],
    [`data:image/png;base64,${"A".repeat(Math.ceil((MAX_IMAGE_BYTES + 10) / 3) * 4)}`, "larger than"],
    [`https://example.org/${"a".repeat(3000)}`, "longer than 2048"],
    [{ file: "../secret.jpg", sha256: SHA, media_type: "image/jpeg", bytes: 1 }, "file"],
    [{ file: "a.jpg", sha256: "xyz", media_type: "image/jpeg", bytes: 1 }, "sha256"],
    [{ file: "a.jpg", sha256: SHA, media_type: "image/tiff", bytes: 1 }, "media_type"],
    [42, "not an http(s) URL"],
  ])("refuses %j", (cell, message) => {
    const r = parseImageCell(cell);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });

  it("takes the column from the benchmark's options and names it in errors", () => {
    expect(imageColumnOf({ image_column: "figure" })).toBe("figure");
    expect(imageColumnOf({ few_shot: 0 })).toBeNull();
    expect(imagesOfRow(null, { figure: "x" })).toEqual([]);
    expect(() => imagesOfRow("figure", { figure: "nope" })).toThrow("column 'figure': not an http(s) URL");
  });

  it("reads a list of images in order (MMMU's questions send up to seven), naming a bad element", () => {
    const file = { file: "images/a.png", sha256: SHA, media_type: "image/png", bytes: 10 };
    expect(imagesOfRow("images", { images: ["https://example.org/1.png", file] })).toEqual([
      { kind: "url", url: "https://example.org/1.png" },
      { kind: "file", ...file },
    ]);
    expect(imagesOfRow("image", { image: file })).toEqual([{ kind: "file", ...file }]);
    expect(() => imagesOfRow("images", { images: [file, "nope"] })).toThrow("column 'images': image 2: not an http(s) URL");
    expect(() => imagesOfRow("images", { images: [] })).toThrow("column 'images': the list of images is empty");
    expect(() => imagesOfRow("images", { images: Array.from({ length: MAX_IMAGES_PER_ROW + 1 }, () => file) })).toThrow(`a row sends at most ${MAX_IMAGES_PER_ROW}`);
  });

  it("notes an image for transcripts without its bytes", () => {
    expect(imageNote({ kind: "data", media_type: "image/png", data: "iVBORw0KGgo=" })).toEqual({ media_type: "image/png", bytes: 8 });
    expect(imageNote({ kind: "file", file: "images/4.jpg", sha256: SHA, media_type: "image/jpeg", bytes: 10 })).toEqual({ media_type: "image/jpeg", sha256: SHA, file: "images/4.jpg", bytes: 10 });
  });
});
