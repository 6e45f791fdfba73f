/**
 * GET /api/benchmarks/{id}/options: the run options a benchmark accepts,
 * with defaults, bounds and allowed values (the SDKs' `list_options`).
 * Reads one benchmark row; the description comes from the RunOptions schema.
 */
import { z } from "@hono/zod-openapi";
import { getVisibleBenchmark } from "../../../src/db/benchmarks";
import type { BenchmarkOptions } from "../../../src/domain/benchmark";
import { AppError } from "../../../src/domain/errors";
import { benchmarkOptionSpecs } from "../../../src/domain/run-option-catalog";
import { defineRoute, newRouter } from "../router";
import { errorResponses, IdParam, json } from "../schemas";

const specFields = {
  name: z.string().openapi({ description: "The key in options (dotted for a nested field: select.limit)" }),
  type: z.string().openapi({ description: "integer, number, boolean, string, array or object" }),
  default: z.unknown().optional().openapi({ description: "Used when the option is omitted; absent when omitting means not applied" }),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  exclusive_minimum: z.number().optional(),
  allowed: z.array(z.unknown()).optional().openapi({ description: "The values accepted, for an enumeration or a benchmark's subsets" }),
  description: z.string(),
};
// Options nest at most three levels (per_benchmark → select → limit).
const LeafOptionSpec = z.object(specFields).openapi("RunOptionLeaf");
const NestedOptionSpec = z.object({ ...specFields, fields: z.array(LeafOptionSpec).optional() }).openapi("RunOptionField");
const OptionSpecView = z.object({ ...specFields, fields: z.array(NestedOptionSpec).optional() }).openapi("RunOptionSpec");

const BenchmarkOptionsView = z
  .object({
    benchmark_id: z.string(),
    options: z.array(OptionSpecView).openapi({ description: "Every option a run accepts; any other key is a 422" }),
  })
  .openapi("BenchmarkRunOptions");

export const benchmarkOptionsRoutes = newRouter().openapi(
  defineRoute({
    method: "get",
    path: "/api/benchmarks/{id}/options",
    operationId: "getBenchmarkOptions",
    tags: ["benchmarks"],
    summary: "The run options a benchmark accepts, with defaults, bounds and allowed values",
    request: { params: IdParam },
    responses: { 200: json(BenchmarkOptionsView, "The benchmark's run options"), ...errorResponses },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const b = await getVisibleBenchmark(c.var.db, c.var.auth.projectId, id);
    if (!b) throw new AppError("not_found", `no benchmark ${id}`);
    const own = b.options as Partial<BenchmarkOptions>;
    // OptionSpec nests itself once (fields); the view states that depth.
    const multiple_choice = (b.scoring as { type?: unknown } | null)?.type === "multiple_choice" && b.kind === "inline";
    const options = benchmarkOptionSpecs({ few_shot: own.few_shot ?? 0, subsets: own.subsets ?? [], multiple_choice }) as z.infer<typeof OptionSpecView>[];
    return c.json({ benchmark_id: b.id, options }, 200);
  },
);
