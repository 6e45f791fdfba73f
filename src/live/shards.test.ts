import { describe, expect, it } from "vitest";
import { MAX_SHARDS, shardCount, shardName, shardOf } from "./shards";

describe("live shards", () => {
  it.each([
    [1, 250, 1],
    [250, 250, 1],
    [251, 250, 2],
    [1000, 250, 4],
    [1000, 1, MAX_SHARDS],
    [8, 0, 8],
  ])("concurrency %i at %i per shard: %i shards", (concurrency, per, shards) => {
    expect(shardCount(concurrency, per)).toBe(shards);
  });

  it("spreads attempts by seq and names the hub after the run", () => {
    expect([0, 1, 2, 3, 4, 5].map((s) => shardOf(s, 4))).toEqual([0, 1, 2, 3, 0, 1]);
    expect(shardOf(7, 1)).toBe(0);
    expect(shardName("run_a", 0)).toBe("run_a");
    expect(shardName("run_a", 3)).toBe("run_a#3");
  });
});
