import { describe, expect, it } from "vitest";
import { boardKey, compareRank, driftKey, modelKey, modelLabel, tasksDigest, type BoardSpec, type Rankable } from "./board";

const spec = async (over: Partial<BoardSpec> = {}): Promise<BoardSpec> => ({
  benchmark_id: "bm_1",
  dataset_revision_id: "dsr_1",
  dataset_digest: "a".repeat(64),
  scoring: { type: "regex", pattern: "#### (\\d+)" },
  runner: null,
  k: 1,
  missing_policy: "unknown",
  task_count: 2,
  tasks_digest: await tasksDigest([
    { key: "q1", digest: "d1" },
    { key: "q2", digest: "d2" },
  ]),
  ...over,
});

describe("board keys", () => {
  it("ignore task order and scoring key order, and change with anything that breaks comparability", async () => {
    const base = await boardKey(await spec());
    expect(await tasksDigest([{ key: "q2", digest: "d2" }, { key: "q1", digest: "d1" }])).toBe((await spec()).tasks_digest);
    expect(await boardKey(await spec({ scoring: { pattern: "#### (\\d+)", type: "regex" } }))).toBe(base);
    const changed = await Promise.all([
      spec({ k: 2 }),
      spec({ dataset_revision_id: "dsr_2" }),
      spec({ dataset_digest: "b".repeat(64) }),
      spec({ scoring: { type: "exact_match" } }),
      spec({ missing_policy: "as_failure" }),
      spec({ benchmark_id: "bm_2" }),
      spec({ tasks_digest: "x" }),
      spec({ runner: "https://runner", scoring: null }),
    ]);
    const keys = await Promise.all(changed.map(boardKey));
    expect(new Set([base, ...keys]).size).toBe(keys.length + 1);
  });

  it("tell task names apart from digests", async () => {
    expect(await tasksDigest([{ key: "q1", digest: "d" }])).not.toBe(await tasksDigest([{ key: "q2", digest: "d" }]));
    expect(await tasksDigest([{ key: "q1", digest: "d" }])).not.toBe(await tasksDigest([{ key: "q1", digest: "e" }]));
  });

  it("drift keys follow benchmark, dataset digest and scorer; model keys provider and model", async () => {
    const k = await driftKey("bm_1", "a", { type: "x" });
    expect(await driftKey("bm_1", "a", { type: "x" })).toBe(k);
    expect(await driftKey("bm_1", "b", { type: "x" })).not.toBe(k);
    expect(await driftKey("bm_1", "a", { type: "y" })).not.toBe(k);
    const m = { kind: "model", provider: "openai", base_url: "https://a/v1", model: "gpt", params: {} } as const;
    expect(modelKey(m)).toBe(modelKey({ ...m, base_url: "https://b/v1", name: "label" }));
    expect(modelKey(m)).not.toBe(modelKey({ ...m, model: "gpt2" }));
    expect([modelLabel(m), modelLabel({ ...m, name: "Nice" })]).toEqual(["gpt", "Nice"]);
  });
});

describe("ranking", () => {
  it("orders by score, then scored, then missing, then time, then id; no score last", () => {
    const rows: Rankable[] = [
      { id: "e", score: null, scored: 0, missing: 10, at: "2026-01-01" },
      { id: "d", score: 0.5, scored: 8, missing: 2, at: "2026-01-02" },
      { id: "c", score: 0.5, scored: 10, missing: 0, at: "2026-01-03" },
      { id: "b", score: 0.5, scored: 10, missing: 0, at: "2026-01-01" },
      { id: "a", score: 0.5, scored: 10, missing: 0, at: "2026-01-01" },
      { id: "f", score: 0.9, scored: 1, missing: 9, at: "2026-01-05" },
    ];
    expect([...rows].sort(compareRank).map((r) => r.id)).toEqual(["f", "a", "b", "c", "d", "e"]);
  });
});
