import { describe, expect, it } from "vitest";
import { call, expectProblem, newProject } from "../../../test/http";

type Spec = { name: string; default?: unknown; allowed?: unknown[]; fields?: Spec[] };

async function customBenchmark() {
  const p = await newProject("bench-options");
  const rows = Array.from({ length: 10 }, (_, i) => ({ question: `q${i}`, final: String(i), subset: i % 2 ? "easy" : "hard" }));
  const up = await call("POST", "/api/datasets/opts/revisions", { key: p.key, raw: rows.map((r) => JSON.stringify(r)).join("\n"), type: "application/x-ndjson" });
  expect(up.status).toBe(201);
  const r = await call("POST", "/api/benchmarks", {
    key: p.key,
    body: { name: "opts", dataset: "opts@1", prompt_column: "question", answer_column: "final", scoring: { type: "contains" }, few_shot: 2, subsets: ["easy"] },
  });
  expect(r.status).toBe(201);
  return { ...p, id: (r.body as { id: string }).id };
}

describe("GET /api/benchmarks/{id}/options", () => {
  it("lists every accepted option with the benchmark's own few-shot default and subsets", async () => {
    const { key, id } = await customBenchmark();
    const r = await call("GET", `/api/benchmarks/${id}/options`, { key });
    expect(r.status).toBe(200);
    const body = r.body as { benchmark_id: string; options: Spec[] };
    expect(body.benchmark_id).toBe(id);
    const by = Object.fromEntries(body.options.map((s) => [s.name, s]));
    expect(by.few_shot!.default).toBe(2);
    expect(by.attempts).toMatchObject({ type: "integer", default: 1, minimum: 1 });
    expect(by.select!.fields!.find((f) => f.name === "select.subsets")!.allowed).toEqual(["easy"]);
  });

  it("describes built-ins too", async () => {
    const { key } = await newProject("bench-options-builtin");
    const r = await call("GET", "/api/benchmarks/bm_gsm8k/options", { key });
    expect(r.status).toBe(200);
    expect((r.body as { options: Spec[] }).options.map((s) => s.name)).toContain("concurrency");
  });

  it("is a 404 for an unknown benchmark or another project's", async () => {
    const other = await customBenchmark();
    const { key } = await newProject("bench-options-other");
    expectProblem(await call("GET", `/api/benchmarks/${other.id}/options`, { key }), 404, "not_found");
    expectProblem(await call("GET", "/api/benchmarks/bm_nope/options", { key }), 404, "not_found");
  });

  it("needs a key", async () => {
    expectProblem(await call("GET", "/api/benchmarks/bm_gsm8k/options", {}), 401, "unauthorized");
  });
});
