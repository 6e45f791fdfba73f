/**
 * What several results routes files share: the OpenAPI tag, the target-slot
 * and missing-policy enums, the run lookup that makes another project's run
 * a 404, and the guards on cursors and on benchmark_id / target queries.
 * Reads the run row only.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { BenchmarkPlan } from "../../../../src/db/results/plans";
import type { EvalRunRow } from "../../../../src/db/schema";
import { AppError } from "../../../../src/domain/errors";
import { decodeCursor } from "../../../../src/domain/paging";
import { MISSING_POLICIES } from "../../../../src/domain/run-options";
import { loadRun } from "../../../../src/services/runs";
import type { AppEnv } from "../../router";
import { scopeOf } from "../../service-ports";

export const tags = ["results"];
export const Slot = z.enum(["a", "b"]).openapi({ description: "a = the run's target, b = its compare_target" });
export const Policy = z.enum(MISSING_POLICIES);

export type Ctx = Context<AppEnv>;

/** The authenticated project's run, or 404 (src/services/runs.ts). */
export function ownRun(c: Ctx, id: string): Promise<EvalRunRow> {
  return loadRun(scopeOf(c), id);
}

/** A cursor holding a non-negative integer (a seq or a task index). */
export function intCursor(cursor: string | undefined): number | undefined {
  const raw = decodeCursor(cursor);
  if (raw === undefined) return undefined;
  if (!/^(0|[1-9][0-9]{0,11})$/.test(raw)) throw new AppError("bad_request", "cursor is not one this API issued");
  return Number(raw);
}

/** The run's plan for one of its benchmarks; any other benchmark_id is a 422 naming the field. */
export function planOf(plans: BenchmarkPlan[], benchmarkId: string): BenchmarkPlan {
  const plan = plans.find((p) => p.benchmark_id === benchmarkId);
  if (!plan) {
    throw new AppError("validation_failed", "invalid query: benchmark_id", [{ field: "benchmark_id", message: "not one of the run's benchmarks" }]);
  }
  return plan;
}

/** A query for target b on a run without a compare_target is a 422 naming the field. */
export function refuseTarget(run: EvalRunRow, target: "a" | "b" | undefined): void {
  if (target === "b" && !run.compareTarget) {
    throw new AppError("validation_failed", "invalid query: target", [{ field: "target", message: "the run has no compare_target" }]);
  }
}
