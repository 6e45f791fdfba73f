import { parquetWriteBuffer } from "hyparquet-writer";
import { describe, expect, it } from "vitest";
import { parseParquet } from "./parquet";

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe("parseParquet", () => {
  it("reads every row group in order, values as plain JSON", async () => {
    const n = 2500;
    const buffer = parquetWriteBuffer({
      columnData: [
        { name: "id", data: Array.from({ length: n }, (_, i) => `t${i}`), type: "STRING" },
        { name: "n", data: Array.from({ length: n }, (_, i) => BigInt(i)), type: "INT64" },
        { name: "x", data: Array.from({ length: n }, (_, i) => (i % 2 ? i / 2 : null)), type: "DOUBLE" },
        { name: "ok", data: Array.from({ length: n }, (_, i) => i % 3 === 0), type: "BOOLEAN" },
        { name: "at", data: Array.from({ length: n }, () => new Date("2024-05-06T07:08:09Z")), type: "TIMESTAMP" },
      ],
      rowGroupSize: 1000,
    });
    const items = await collect(parseParquet(new Uint8Array(buffer)));
    expect(items).toHaveLength(n);
    expect(items[0]).toEqual({ where: "row 1", data: { id: "t0", n: 0, x: null, ok: true, at: "2024-05-06T07:08:09.000Z" } });
    expect(items[2499]).toEqual({ where: "row 2500", data: { id: "t2499", n: 2499, x: 1249.5, ok: true, at: "2024-05-06T07:08:09.000Z" } });
    items.forEach((item, i) => expect(item.where).toBe(`row ${i + 1}`));
  });

  it("reads a slice of a larger buffer", async () => {
    const buffer = new Uint8Array(parquetWriteBuffer({ columnData: [{ name: "a", data: ["x", "y"], type: "STRING" }] }));
    const padded = new Uint8Array(buffer.length + 10);
    padded.set(buffer, 5);
    expect(await collect(parseParquet(padded.subarray(5, 5 + buffer.length)))).toEqual([
      { where: "row 1", data: { a: "x" } },
      { where: "row 2", data: { a: "y" } },
    ]);
  });

  it.each([
    ["garbage", new Uint8Array([0x00, 0xff, 0xfe])],
    ["text", new TextEncoder().encode('{"a":1}\n')],
    ["magic only", new TextEncoder().encode("PAR1PAR1")],
    ["magic around junk", new TextEncoder().encode("PAR1 not really parquet at all PAR1")],
  ])("reports %s as an error, not a crash", async (_label, body) => {
    const items = await collect(parseParquet(body));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ where: "body" });
    expect((items[0] as { error: string }).error).toMatch(/^not a readable Parquet file/);
  });
});
