import { describe, expect, it } from "vitest";
import { AppError } from "../domain/errors";
import { isGzip } from "./formats";
import { gunzip } from "./gzip";

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
}

describe("gunzip", () => {
  it("inflates what CompressionStream deflated, recognised by its magic bytes", async () => {
    const text = new TextEncoder().encode('{"a":1}\n'.repeat(1000));
    const packed = await gzip(text);
    expect(isGzip(packed)).toBe(true);
    expect(isGzip(text)).toBe(false);
    expect(await gunzip(packed, 1 << 20)).toEqual(text);
  });

  it("refuses to inflate past the limit with 413", async () => {
    const packed = await gzip(new Uint8Array(100_000));
    await expect(gunzip(packed, 50_000)).rejects.toMatchObject({ code: "payload_too_large" });
  });

  it("answers a broken stream with 422, not a crash", async () => {
    const err = await gunzip(new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02, 0x03]), 1000).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: "validation_failed", errors: [{ field: "body", message: "invalid gzip data" }] });
  });
});
