// A benchmark's sample size counts the rows it draws from (its split and subsets), and a benchmark
// may name the column its subsets come from; runs then select and break down by that column.
import { describe, expect, it } from "vitest";
import { call, expectProblem, newProject } from "../../../test/http";
import { createRun, waitForRun } from "../../../test/runs";

const ROWS = Array.from({ length: 30 }, (_, i) => ({
  id: `t${i}`,
  question: `What is ${i} + 2?`,
  answer: String(i + 2),
  split: i < 20 ? "test" : "train",
  subset: i % 3 === 0 ? "hard" : "easy",
  domain: i % 2 ? "algebra" : "geometry",
}));

async function setup(name: string) {
  const p = await newProject(name);
  const up = await call("POST", "/api/datasets/sums/revisions", { key: p.key, raw: ROWS.map((r) => JSON.stringify(r)).join("\n"), type: "application/x-ndjson" });
  expect(up.status).toBe(201);
  return p;
}

const body = (extra: Record<string, unknown>) => ({ name: `sums ${crypto.randomUUID().slice(0, 6)}`, dataset: "sums@1", prompt_column: "question", answer_column: "answer", scoring: { type: "contains" }, ...extra });

describe("benchmark sample size and subset column", { timeout: 90_000 }, () => {
  it("counts the rows of its split and subsets, not the whole revision", async () => {
    const { key } = await setup("subsets-count");
    const all = await call("POST", "/api/benchmarks", { key, body: body({}) });
    expect(all.body.sample_size).toBe(30);
    const narrowed = await call("POST", "/api/benchmarks", { key, body: body({ split: "test", subsets: ["hard"] }) });
    expect(narrowed.status).toBe(201);
    expect(narrowed.body.sample_size).toBe(ROWS.filter((r) => r.split === "test" && r.subset === "hard").length);
  });

  it("takes its subsets from a column it names, checked against that column's values", async () => {
    const { key } = await setup("subsets-column");
    const r = await call("POST", "/api/benchmarks", { key, body: body({ subset_column: "domain", subsets: ["algebra"] }) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ subset_column: "domain", subsets: ["algebra"], sample_size: 15 });
    const unknownValue = expectProblem(await call("POST", "/api/benchmarks", { key, body: body({ subset_column: "domain", subsets: ["topology"] }) }), 422, "validation_failed");
    expect(unknownValue.errors).toEqual([{ field: "subsets.0", message: expect.stringContaining("'algebra'") }]);
    const unknownColumn = expectProblem(await call("POST", "/api/benchmarks", { key, body: body({ subset_column: "area" }) }), 422, "validation_failed");
    expect(unknownColumn.errors?.map((e) => e.field)).toContain("subset_column");

    const runId = await createRun(key, [r.body.id], "fixture:accuracy=1,seed=2");
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    const done = await waitForRun(key, runId);
    expect(done).toMatchObject({ status: "completed", total_attempts: 15 });
    const scores = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body;
    expect(scores.scores[0].subsets.map((s: { key: string }) => s.key)).toEqual(["algebra"]);
  });
});
