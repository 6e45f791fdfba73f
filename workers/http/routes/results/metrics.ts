/** GET /api/eval-runs/{id}/metrics: pass@j and pass^j curves per benchmark and target. */
import { z } from "@hono/zod-openapi";
import { loadRunResults, rowsFor } from "../../../../src/db/results/load";
import { slotsOf } from "../../../../src/db/results/plans";
import { curveSet } from "../../../../src/reports/curve-set";
import { defineRoute, newRouter } from "../../router";
import { errorResponses, IdParam, json } from "../../schemas";
import { ownRun, Policy, Slot, tags } from "./shared";

const CurveRow = z.object({
  j: z.number().int(),
  pass_at_j: z.number(),
  pass_hat_j: z.number(),
  members: z.number().int().openapi({ description: "members averaged for this j (those with n ≥ j)" }),
});

const CurveSet = z
  .object({
    benchmark_id: z.string(),
    target: Slot,
    k: z.number().int().nullable(),
    missing_policy: Policy,
    rows: z.array(CurveRow).nullable(),
    members_by_n: z.record(z.string(), z.number().int()),
    note: z.string(),
  })
  .openapi("PassCurve");

export const resultsMetricsRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/eval-runs/{id}/metrics",
      operationId: "getEvalRunMetrics",
      tags,
      summary: "pass@j and pass^j for j = 1..n per benchmark and target (unbiased estimators, equal member weight)",
      description:
        "Members with different n (under the unknown policy a member's n is its scored attempts): the row for j averages only the members with n ≥ j and says how many in `members`; `note` says so in words.",
      request: { params: IdParam },
      responses: {
        200: json(z.object({ run_id: z.string(), missing_policy: Policy, curves: z.array(CurveSet) }), "Curves per benchmark and target"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const run = await ownRun(c, c.req.valid("param").id);
      const loaded = await loadRunResults(c.env, run);
      const curves = loaded.benchmarks.flatMap((b) => slotsOf(run).map((slot) => curveSet(b, slot, rowsFor(loaded, b.benchmark_id, slot), loaded.policy)));
      return c.json({ run_id: run.id, missing_policy: loaded.policy, curves }, 200);
    },
  );
