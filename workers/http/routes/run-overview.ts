/**
 * A run's overview (GET /api/eval-runs/{id}/overview), per benchmark and
 * target: the summary tiles, one pane of points per reward and structured
 * dimension, token usage and the timing split over phases, from the
 * overview service (src/services/overview.ts: aggregated in D1, so its
 * memory does not grow with the run). Reads only.
 */
import { z } from "@hono/zod-openapi";
import { OVERVIEW_PHASES } from "../../../src/reports/overview";
import { runOverview } from "../../../src/services/overview";
import { defineRoute, newRouter } from "../router";
import { errorResponses, IdParam, json } from "../schemas";
import { ownRun, tags } from "./results/shared";

/** Points per pane unless the query asks for fewer or more. */
export const DEFAULT_OVERVIEW_POINTS = 1000;
/** Timing strips unless asked for all (seed 004's pane shows 40 until "show all"). */
export const DEFAULT_OVERVIEW_STRIPS = 40;
export const MAX_OVERVIEW_POINTS = 10_000;

const Query = z.strictObject({
  include_errored: z
    .enum(["true", "false"])
    .default("false")
    .openapi({ description: "true: attempts that ended without a reward join the distributions (their reward as 0, flagged errored)" }),
  points: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_OVERVIEW_POINTS)
    .default(DEFAULT_OVERVIEW_POINTS)
    .openapi({ description: `Most points per pane; more attempts than this are thinned evenly in seq order (sampled: true). Default ${DEFAULT_OVERVIEW_POINTS}.` }),
  strips: z
    .string()
    .regex(/^(all|[1-9][0-9]{0,4})$/, "a positive number or all")
    .default(String(DEFAULT_OVERVIEW_STRIPS))
    .openapi({ description: `Timing strips: the first N attempts in seq order (default ${DEFAULT_OVERVIEW_STRIPS}), or all (as many as points, thinned evenly past it)` }),
});

const num = z.number().nullable();
const Summary = z
  .object({ n: z.number().int(), mean: z.number(), min: z.number(), p10: z.number(), p25: z.number(), median: z.number(), p75: z.number(), p90: z.number(), max: z.number() })
  .nullable()
  .openapi("OverviewSummary");
const Histogram = z
  .object({ lo: z.number(), hi: z.number(), counts: z.array(z.number().int()).openapi({ description: "equal-width bins from lo to hi (hi included in the last)" }) })
  .nullable();
const Distribution = z.object({ summary: Summary, histogram: Histogram });
const Phases = z.object(Object.fromEntries(OVERVIEW_PHASES.map((p) => [p, z.number()])) as Record<(typeof OVERVIEW_PHASES)[number], z.ZodNumber>);

const Tiles = z
  .object({
    attempts: z.number().int().openapi({ description: "ended attempts, with or without a reward" }),
    errored: z.number().int().openapi({ description: "ended attempts without a reward" }),
    k: z.number().int().nullable().openapi({ description: "attempts per task the aggregate counts" }),
    avg_at_k: num.openapi({ description: "mean reward over attempts (the score row's score)" }),
    pass_at_k: num,
    error_rate: num.openapi({ description: "errored / attempts" }),
    truncation_rate: num.openapi({ description: "share of replies cut by the token limit; null: attempts do not record why a reply ended" }),
    mean_turns: num.openapi({
      description:
        "mean of the target model's replies per attempt: the counts stored when attempts ended (a τ²-bench conversation's agent replies, the environment runner's bash harness's model calls), else derived for a model run in Assay (1, 2 for MT-Bench, 0 unanswered); null for recorded outputs and for an agent none of whose attempts reported a count (its trace holds its turns)",
    }),
    mean_wall_ms: num.openapi({ description: "mean time from dispatch to verdict, ms" }),
    mean_tokens: num.openapi({ description: "mean input + output tokens of attempts that report tokens" }),
    total_cost: num.openapi({ description: "USD over every ended attempt; null when none has a price" }),
    error_kinds: z.record(z.string(), z.number().int()),
    distributions: z.object({ reward: Distribution, turns: Distribution, wall_ms: Distribution, tokens: Distribution, cost: Distribution }),
  })
  .openapi("OverviewTiles");

const Point = z.object({ attempt_id: z.string(), value: z.number(), errored: z.boolean() });
const Metric = z
  .object({
    name: z.string().openapi({ description: "reward, or a structured dimension's key" }),
    source: z.enum(["reward", "dimension"]),
    kind: z.enum(["chip", "counts", "swarm"]).openapi({ description: "chip: every attempt has one value; counts: few distinct values; swarm: the rest" }),
    summary: Summary,
    counts: z.array(z.object({ value: z.number(), count: z.number().int(), share: z.number() })).nullable(),
    points: z.array(Point),
    sampled: z.boolean(),
    total: z.number().int().openapi({ description: "points before thinning" }),
  })
  .openapi("OverviewMetric");

const Group = z
  .object({
    benchmark_id: z.string(),
    benchmark_name: z.string().nullable(),
    target: z.enum(["a", "b"]),
    target_label: z.string(),
    status: z.string(),
    execution: z.enum(["inline", "agent", "recorded"]),
    tiles: Tiles,
    metrics: z.array(Metric),
    usage: z.object({
      points: z.array(z.object({ attempt_id: z.string(), input_tokens: z.number().int(), output_tokens: z.number().int(), errored: z.boolean() })),
      sampled: z.boolean(),
      total: z.number().int(),
      input: Summary,
      output: Summary,
    }),
    timing: z.object({
      phases: z.array(z.enum(OVERVIEW_PHASES)),
      recorded: z.array(z.enum(OVERVIEW_PHASES)).openapi({ description: "the phases these attempts record; the others are 0" }),
      mean: Phases.nullable().openapi({ description: "mean ms per phase" }),
      strips: z.array(z.object({ attempt_id: z.string(), wall_ms: z.number(), phases: Phases, errored: z.boolean() })),
      sampled: z.boolean().openapi({ description: "true when all strips were asked for and thinned to points" }),
      total: z.number().int().openapi({ description: "attempts with a timing; more than strips holds when only the first were asked for" }),
    }),
  })
  .openapi("OverviewGroup");

const Overview = z
  .object({ id: z.string(), status: z.string(), include_errored: z.boolean(), groups: z.array(Group) })
  .openapi("RunOverview");

export const runOverviewRoutes = newRouter().openapi(
  defineRoute({
    method: "get",
    path: "/api/eval-runs/{id}/overview",
    operationId: "getEvalRunOverview",
    tags,
    summary: "Per benchmark and target: summary tiles, reward and dimension distributions with their attempts, token usage, timing by phase",
    request: { params: IdParam, query: Query },
    responses: { 200: json(Overview, "The run's overview"), ...errorResponses },
  }),
  async (c) => {
    const run = await ownRun(c, c.req.valid("param").id);
    const q = c.req.valid("query");
    const includeErrored = q.include_errored === "true";
    const groups = await runOverview(c.env, run, { includeErrored, points: q.points, strips: q.strips === "all" ? "all" : Number(q.strips) });
    return c.json({ id: run.id, status: run.status, include_errored: includeErrored, groups }, 200);
  },
);
