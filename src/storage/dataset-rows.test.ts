import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { DatasetRow } from "../datasets/rows";
import { chunkKey, deleteObjects, forEachRowChunk, readRows, revisionPrefix, RowChunkWriter, rowChunks, sourceKey, type StoredRevision } from "./dataset-rows";

function row(index: number): DatasetRow {
  return { index, key: `row-${index + 1}`, digest: index.toString(16).padStart(64, "0"), split: null, subset: null, data: { i: index, text: `line ${index}\nmore` } };
}

async function store(rowCount: number, chunkRows: number, id = `dsr_${crypto.randomUUID()}`): Promise<StoredRevision> {
  const prefix = revisionPrefix("prj_test", "rows", 1, id);
  const writer = new RowChunkWriter(env.ARTIFACTS, prefix, chunkRows);
  for (let i = 0; i < rowCount; i++) await writer.add(row(i));
  expect(await writer.finish()).toBe(Math.ceil(rowCount / chunkRows));
  return { id, storagePrefix: prefix, chunkRows, rowCount };
}

async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await env.ARTIFACTS.list({ prefix });
  return listed.objects.map((o) => o.key).sort();
}

describe("R2 layout", () => {
  it("keys a revision by owner, name, version and id", () => {
    const prefix = revisionPrefix(null, "gsm8k", 3, "dsr_x");
    expect(prefix).toBe("datasets/_global/gsm8k/3/dsr_x/");
    expect(chunkKey(prefix, 12)).toBe("datasets/_global/gsm8k/3/dsr_x/rows-00012.jsonl");
    expect(sourceKey(revisionPrefix("prj_a", "mine", 1, "dsr_y"), "csv.gz")).toBe("datasets/prj_a/mine/1/dsr_y/source.csv.gz");
  });
});

describe("RowChunkWriter", () => {
  it("writes chunk_rows rows per object as JSONL, the last one short", async () => {
    const rev = await store(23, 10);
    expect(await keysUnder(rev.storagePrefix)).toEqual([0, 1, 2].map((c) => chunkKey(rev.storagePrefix, c)));
    const last = await env.ARTIFACTS.get(chunkKey(rev.storagePrefix, 2));
    const lines = (await last!.text()).split("\n");
    expect(lines).toEqual([...[20, 21, 22].map((i) => JSON.stringify(row(i))), ""]);
  });

  it("surfaces a failed put and remembers every key it tried, for cleanup", async () => {
    let puts = 0;
    const failing = {
      put: async (key: string, body: string) => {
        puts++;
        if (puts === 2) throw new Error("R2 is down");
        return env.ARTIFACTS.put(key, body);
      },
    } as unknown as R2Bucket;
    const prefix = revisionPrefix("prj_test", "failing", 1, "dsr_fail");
    const writer = new RowChunkWriter(failing, prefix, 2);
    const run = async () => {
      for (let i = 0; i < 20; i++) await writer.add(row(i));
      await writer.finish();
    };
    await expect(run()).rejects.toThrow("R2 is down");
    await writer.settle();
    expect(writer.keys.length).toBeGreaterThanOrEqual(2);
    expect(writer.keys[0]).toBe(chunkKey(prefix, 0));
    await deleteObjects(env.ARTIFACTS, writer.keys);
    expect(await keysUnder(prefix)).toEqual([]);
  });
});

describe("readRows", () => {
  it.each([
    [0, 5],
    [0, 10],
    [8, 5],
    [9, 11],
    [10, 10],
    [19, 100],
    [0, 1000],
    [22, 1],
  ])("reads [%i, +%i) across chunk boundaries, in order, clipped to the end", async (start, count) => {
    const rev = await store(23, 10);
    const rows = await readRows(env.ARTIFACTS, rev, start, count);
    const end = Math.min(23, start + count);
    expect(rows).toEqual(Array.from({ length: end - start }, (_, i) => row(start + i)));
  });

  it("reads only the chunks it needs", async () => {
    const rev = await store(30, 10);
    await env.ARTIFACTS.delete(chunkKey(rev.storagePrefix, 0));
    expect((await readRows(env.ARTIFACTS, rev, 10, 20)).map((r) => r.index)).toEqual(Array.from({ length: 20 }, (_, i) => 10 + i));
    await expect(readRows(env.ARTIFACTS, rev, 5, 10)).rejects.toThrow(/missing its chunk/);
  });

  it("answers an empty list past the end or for a zero count", async () => {
    const rev = await store(5, 10);
    expect(await readRows(env.ARTIFACTS, rev, 5, 10)).toEqual([]);
    expect(await readRows(env.ARTIFACTS, rev, 2, 0)).toEqual([]);
    expect(await readRows(env.ARTIFACTS, rev, -3, 2)).toEqual([row(0), row(1)]);
  });
});

describe("chunk iteration", () => {
  it("visits every chunk once, in order", async () => {
    const rev = await store(25, 10);
    const seen: [number, number[]][] = [];
    await forEachRowChunk(env.ARTIFACTS, rev, async (rows, chunk) => {
      seen.push([chunk, rows.map((r) => r.index)]);
    });
    expect(seen).toEqual([
      [0, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]],
      [1, [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]],
      [2, [20, 21, 22, 23, 24]],
    ]);
    const sizes: number[] = [];
    for await (const rows of rowChunks(env.ARTIFACTS, rev)) sizes.push(rows.length);
    expect(sizes).toEqual([10, 10, 5]);
  });
});
