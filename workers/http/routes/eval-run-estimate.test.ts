/**
 * POST /api/eval-runs/estimate: figures from the rendered prompts (checked
 * against the prompts written out by hand), the selection and attempts as
 * a start would plan them, prices, the budget verdict, and 4xx for bad input.
 */
import { describe, expect, it } from "vitest";
import { call, newProject } from "../../../test/http";
import { arithmeticBenchmark, arithmeticRows } from "../../../test/runs";

const target = (extra: Record<string, unknown> = {}) => ({ kind: "model", provider: "openai", base_url: "http://127.0.0.1:9/v1", model: "m", ...extra });
/** What the fixture benchmark's prompt for a row reads as, sent: one user message, `role: content`. */
const sent = (question: string) => `user: Solve it and end with '#### <number>'.\n${question}`;
const tokens = (text: string) => Math.ceil(text.length / 4);

describe("POST /api/eval-runs/estimate", { timeout: 60_000 }, () => {
  describe("happy path", () => {
    it("counts calls, input tokens from each rendered prompt, output at max_output_tokens, and cost at each target's price", async () => {
      const { key, project } = await newProject();
      const rows = arithmeticRows(5);
      const bm = await arithmeticBenchmark(key, project.id, rows);
      const r = await call("POST", "/api/eval-runs/estimate", {
        key,
        body: {
          benchmarks: [bm],
          target: target({ price: { input_per_mtok: 2, output_per_mtok: 10 } }),
          compare_target: target({ model: "m2", price: { input_per_mtok: 1, output_per_mtok: 1 } }),
          options: { attempts: 2, max_output_tokens: 50 },
        },
      });
      expect(r.status).toBe(200);
      const input = rows.reduce((n, row) => n + tokens(sent(row.question)), 0);
      const perTarget = { input: input * 2, output: 5 * 2 * 50 };
      const cost = (perTarget.input * 2 + perTarget.output * 10) / 1e6 + (perTarget.input + perTarget.output) / 1e6;
      expect(r.body.benchmarks).toEqual([
        { benchmark_id: bm, tasks: 5, attempts: 2, calls: 20, rendered: 5, input_tokens: perTarget.input * 2, output_tokens: perTarget.output * 2, max_output_tokens: 50, cost_usd: expect.closeTo(cost, 12), error: null },
      ]);
      expect(r.body.total).toEqual({ calls: 20, input_tokens: perTarget.input * 2, output_tokens: perTarget.output * 2, cost_usd: expect.closeTo(cost, 12) });
      expect(r.body.budget_exceeded_by).toBeNull();
      // Nothing was created.
      expect((await call("GET", "/api/eval-runs", { key })).body.items).toEqual([]);
    });

    it("selects tasks as the planner does, takes per-benchmark overrides, and has no cost without a price", async () => {
      const { key, project } = await newProject();
      const rows = arithmeticRows(8);
      const bm = await arithmeticBenchmark(key, project.id, rows);
      const r = await call("POST", "/api/eval-runs/estimate", {
        key,
        body: { benchmarks: [bm], target: target(), options: { select: { skip: 2, limit: 3 }, per_benchmark: { [bm]: { max_output_tokens: 7 } } } },
      });
      expect(r.status).toBe(200);
      const input = rows.slice(2, 5).reduce((n, row) => n + tokens(sent(row.question)), 0);
      expect(r.body.benchmarks[0]).toMatchObject({ tasks: 3, attempts: 1, calls: 3, input_tokens: input, output_tokens: 21, max_output_tokens: 7, cost_usd: null });
      expect(r.body.total.cost_usd).toBeNull();
    });

    it("says which budget limit the run would pass", async () => {
      const { key, project } = await newProject();
      const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(4));
      const over = await call("POST", "/api/eval-runs/estimate", { key, body: { benchmarks: [bm], target: target(), options: { max_output_tokens: 100, budget: { max_output_tokens: 399 } } } });
      expect(over.body).toMatchObject({ budget_exceeded_by: "max_output_tokens", budget: { max_output_tokens: 399 } });
      const fits = await call("POST", "/api/eval-runs/estimate", { key, body: { benchmarks: [bm], target: target(), options: { max_output_tokens: 100, budget: { max_output_tokens: 400 } } } });
      expect(fits.body.budget_exceeded_by).toBeNull();
    });
  });

  describe("validation", () => {
    const cases: [string, (bm: string) => unknown, string][] = [
      ["an unknown benchmark", () => ({ benchmarks: ["bm_nope"], target: target() }), "benchmarks.0"],
      ["no target", (bm) => ({ benchmarks: [bm] }), "target"],
      ["an unknown option", (bm) => ({ benchmarks: [bm], target: target(), options: { budgett: 1 } }), "options.budgett"],
      ["an empty budget", (bm) => ({ benchmarks: [bm], target: target(), options: { budget: {} } }), "options.budget"],
      ["a cost limit without a price", (bm) => ({ benchmarks: [bm], target: target(), options: { budget: { max_cost_usd: 1 } } }), "options.budget.max_cost_usd"],
      ["recorded outputs (no model call to estimate)", (bm) => ({ benchmarks: [bm], target: { kind: "outputs", dataset: "x@1", output_column: "o" } }), "target.kind"],
    ];
    it.each(cases)("refuses %s with a 422 naming the field", async (_, body, field) => {
      const { key, project } = await newProject();
      const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(2));
      const r = await call("POST", "/api/eval-runs/estimate", { key, body: body(bm) });
      expect(r.status).toBe(422);
      expect(r.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    });
  });
});
