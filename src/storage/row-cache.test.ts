import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { DatasetRevisionRow } from "../db/schema";
import { revisionPrefix, RowChunkWriter } from "./dataset-rows";
import { rowAt, warmRows } from "./row-cache";

async function store(rowCount: number, chunkRows: number): Promise<DatasetRevisionRow> {
  const id = `dsr_${crypto.randomUUID()}`;
  const prefix = revisionPrefix("prj_test", "warm", 1, id);
  const writer = new RowChunkWriter(env.ARTIFACTS, prefix, chunkRows);
  for (let i = 0; i < rowCount; i++) await writer.add({ index: i, key: `r${i}`, digest: i.toString(16).padStart(64, "0"), split: null, subset: null, data: { i } });
  await writer.finish();
  return { id, storagePrefix: prefix, chunkRows, rowCount } as DatasetRevisionRow;
}

/** The bucket, counting its gets. */
function counting(fail = false) {
  const gets: string[] = [];
  const bucket = {
    get: async (key: string) => {
      gets.push(key);
      if (fail) throw new Error("R2 is down");
      return env.ARTIFACTS.get(key);
    },
  } as unknown as R2Bucket;
  return { bucket, gets };
}

describe("warmRows", () => {
  it("reads each chunk the rows need once, after which the attempts' reads are cached", async () => {
    const rev = await store(25, 10);
    const { bucket, gets } = counting();
    // 50 attempts at once, as a consumer invocation starts them: rows 0..24 twice, in chunks 0, 1 and 2.
    await warmRows(bucket, Array.from({ length: 50 }, (_, i) => ({ rev, index: i % 25 })));
    expect(gets.length).toBe(3);
    const rows = await Promise.all(Array.from({ length: 25 }, (_, i) => rowAt(bucket, rev, i)));
    expect(rows.map((r) => r.data.i)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(gets.length).toBe(3);
    // Warm chunks are not read again.
    await warmRows(bucket, [{ rev, index: 3 }]);
    expect(gets.length).toBe(3);
  });

  it("leaves a failed read to the attempt's own read, which reports it", async () => {
    const rev = await store(5, 10);
    const { bucket, gets } = counting(true);
    await expect(warmRows(bucket, [{ rev, index: 0 }])).resolves.toBeUndefined();
    expect(gets.length).toBe(1);
    await expect(rowAt(bucket, rev, 0)).rejects.toThrow("R2 is down");
  });
});
