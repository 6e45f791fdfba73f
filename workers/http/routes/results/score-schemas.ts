/**
 * The response schemas of a run's scores (aggregates, coverage, intervals,
 * subsets, previous run, A/B), shared by the scores, history and tasks
 * routes. Schemas only; no I/O.
 */
import { z } from "@hono/zod-openapi";
import { Policy, Slot } from "./shared";

const Interval = z.tuple([z.number(), z.number()]);

/** Attempts without a reward by error kind (src/domain/run-outcome.ts). */
export const ErrorCounts = z.record(z.string(), z.number().int()).openapi("ErrorCounts");

export const ScoreCounts = z
  .object({
    total: z.number().int().openapi({ description: "total_members × k, undispatched slots included" }),
    scored: z.number().int(),
    missing: z.number().int().openapi({ description: "requested attempts without a reward (waiting, running, invalid, undispatched)" }),
    invalid: z.number().int().openapi({ description: "terminal attempts without a reward; part of missing" }),
    total_members: z.number().int(),
    complete_members: z.number().int().openapi({ description: "members with all k attempts scored" }),
  })
  .openapi("ScoreCounts");

const Uncertainty = z
  .object({
    score_se: z.number().nullable().openapi({ description: "CR1 standard error clustered by member when k > 1" }),
    score_ci95: Interval.nullable(),
    pass_ci95: Interval.nullable().openapi({ description: "Wilson 95% interval of pass" }),
    clustered: z.boolean(),
    n_clusters: z.number().int(),
  })
  .openapi("Uncertainty");

const Display = z
  .object({
    score: z.string().nullable().openapi({ description: "values in [0, 1] as percentages, others on their own scale" }),
    pass: z.string().nullable(),
    pass_at_k: z.string().nullable(),
    pass_hat_k: z.string().nullable(),
    labels: z.object({ pass_at_k: z.string(), pass_hat_k: z.string() }),
    score_with_ci: z.string().nullable(),
    pass_with_ci: z.string().nullable(),
    coverage: z.string().openapi({ example: "score 0.6, 5/6 attempts scored, 2/3 members complete" }),
  })
  .openapi("ScoreDisplay");

export const Breakdown = z
  .object({
    key: z.string().nullable().openapi({ description: "the subset (null: rows without one)" }),
    score: z.number().nullable(),
    pass: z.number().nullable(),
    pass_at_k: z.number().nullable(),
    pass_hat_k: z.number().nullable(),
    pass_hat: z.array(z.number()).nullable().optional().openapi({ description: "pass^1..pass^k of the subset (the unbiased estimate for j = 1..k)" }),
    score_counts: ScoreCounts,
    score_ci95: Interval.nullable(),
    display: z.object({ score: z.string().nullable(), coverage: z.string() }),
  })
  .openapi("Breakdown");

const PairedTest = z.object({
  name: z.enum(["mcnemar", "paired_bootstrap"]),
  method: z.enum(["exact_binomial", "chi_square_continuity", "bootstrap"]),
  p_value: z.number().nullable(),
  n_shared: z.number().int(),
  b01: z.number().int().nullable().openapi({ description: "McNemar: tasks failing on A and passing on B" }),
  b10: z.number().int().nullable().openapi({ description: "McNemar: tasks passing on A and failing on B" }),
});

export const Comparison = z
  .object({
    delta: z.number().nullable().openapi({ description: "mean over shared tasks of B − A" }),
    delta_ci95: Interval.nullable(),
    a_score: z.number().nullable(),
    b_score: z.number().nullable(),
    test: PairedTest,
    excluded_members: z.number().int(),
    regressions: z.array(z.string()).openapi({ description: "task keys worse on B, largest drop first (capped; see regressions_count)" }),
    improvements: z.array(z.string()),
    regressions_count: z.number().int(),
    improvements_count: z.number().int(),
    missing_policy: Policy,
    display: z.object({ delta: z.string().nullable() }),
  })
  .openapi("Comparison");

const RecordedOutputs = z
  .object({
    source: z.enum(["dataset", "run"]).openapi({ description: "dataset: an outputs target's revision; run: a re-score's source run" }),
    from: z.string().openapi({ description: "the outputs revision `name@version`, or the source run id" }),
    revision_id: z.string().nullable(),
    outputs: z.number().int().openapi({ description: "outputs rows read, or source attempts with an output" }),
    matched_tasks: z.number().int().openapi({ description: "selected tasks with at least one recorded output" }),
    missing_tasks: z.number().int().openapi({ description: "selected tasks with none: their attempts are missing, never 0" }),
    unmatched_count: z.number().int().openapi({ description: "outputs whose key matches no task of the benchmark's dataset" }),
    unmatched_keys: z.array(z.string()).openapi({ description: "the first unmatched keys (at most 20), in file order" }),
    beyond_k: z.number().int().openapi({ description: "outputs of selected tasks beyond the run's k attempts, not used" }),
  })
  .openapi("RecordedOutputs");

const Previous = z
  .object({
    run_id: z.string(),
    target: Slot.optional().openapi({ description: "the previous run's target slot that ran the same model (absent for a re-score's source)" }),
    display_name: z.string().nullable(),
    finished_at: z.string().nullable(),
    k: z.number().int(),
    missing_policy: Policy,
    score: z.number().nullable(),
    pass: z.number().nullable(),
    pass_at_k: z.number().nullable(),
    pass_hat_k: z.number().nullable(),
    score_counts: ScoreCounts,
    display: z.object({ score: z.string().nullable(), coverage: z.string() }),
    delta: z.number().nullable().openapi({ description: "this run's score minus the previous run's" }),
    display_delta: z.string().nullable(),
    comparable: z.boolean().openapi({ description: "same k and missing policy" }),
    paired: Comparison.nullable().openapi({ description: "paired test over shared tasks, previous = A, this run = B" }),
  })
  .openapi("PreviousRunScore");

export const ScoreRow = z
  .object({
    benchmark_id: z.string(),
    benchmark_name: z.string().nullable(),
    target: Slot,
    target_label: z.string(),
    status: z.string().openapi({
      description:
        "the benchmark's status in the run for this target; failed has an error and no numbers (it could not run, or every attempt ended without a reward)",
    }),
    error: z.string().nullable().openapi({ description: "why it failed: for a target that scored nothing, the dominant error, e.g. `401 from the target: invalid API key (40 of 40 attempts)`" }),
    error_counts: ErrorCounts.nullable().openapi({ description: "attempts without a reward by error kind (http_401, unreachable, timeout, rate_limited, scoring, internal, lost, other), once the run ended" }),
    k: z.number().int().nullable(),
    member_count: z.number().int().nullable(),
    dataset_digest: z.string().nullable(),
    planning_complete: z.boolean(),
    score: z.number().nullable(),
    pass: z.number().nullable(),
    pass_at_k: z.number().nullable(),
    pass_hat_k: z.number().nullable(),
    pass_hat: z
      .array(z.number())
      .nullable()
      .optional()
      .openapi({ description: "pass^1..pass^k: for each j ≤ k the unbiased estimate C(c, j)/C(n, j) averaged over tasks (τ²-bench's reliability curve); null without a pass/fail curve" }),
    headline: z.enum(["score", "pass_at_k", "pass_hat_k"]).openapi({
      description:
        "the number this benchmark leads with: score (the mean over attempts), pass_at_k where the benchmark's rule counts a task solved if any of its k attempts is (ARC's pass@2), " +
        "or pass_hat_k where it counts reliability, every one of k attempts succeeding (τ²-bench's pass^k, with pass_hat beside it)",
    }),
    score_counts: ScoreCounts.nullable(),
    missing_policy: Policy,
    uncertainty: Uncertainty.nullable(),
    display: Display.nullable(),
    subsets: z.array(Breakdown),
    previous: Previous.nullable().openapi({ description: "the previous completed run of this benchmark on the same dataset digest and model/base URL" }),
    source: Previous.nullable()
      .optional()
      .openapi({ description: "a re-score: the source run's score of the same benchmark and target, with the paired test per task (source = A, this run = B)" }),
    recorded: RecordedOutputs.nullable()
      .optional()
      .openapi({ description: "recorded outputs (an outputs target or a re-score): where they came from and how they matched the tasks; null for a live target" }),
    usage: z
      .object({
        attempts: z.number().int(),
        mean_input_tokens: z.number().nullable(),
        mean_output_tokens: z.number().nullable(),
        mean_latency_ms: z.number().nullable(),
        total_cost: z.number().nullable().openapi({ description: "null when no attempt had a known price" }),
      })
      .nullable()
      .optional()
      .openapi({ description: "what the ended attempts consumed: mean tokens and model latency, total cost" }),
    phases: z
      .record(z.string(), z.number())
      .nullable()
      .optional()
      .openapi({ description: "mean ms per phase of ended attempts: inline attempts split into agent (the model call) and scoring (what follows it); agent attempts are all agent" }),
    dimensions: z
      .record(
        z.string(),
        z.object({
          mean: z.number().openapi({ description: "weighted mean over the scored attempts that report it" }),
          weight: z.number().openapi({ description: "sum of the weights pooled (for instruction-level accuracy: instructions checked)" }),
          attempts: z.number().int(),
        }),
      )
      .nullable()
      .optional()
      .openapi({
        description:
          "the scorer's structured dimensions pooled over scored attempts (llm_judge dimensions; instruction_checks: prompt_level_strict, prompt_level_loose, instruction_level_strict, instruction_level_loose, and strict/<id>, loose/<id> per instruction type)",
      }),
  })
  .openapi("ScoreRow");

const ABBenchmark = z
  .object({
    benchmark_id: z.string(),
    benchmark_name: z.string().nullable(),
    a_label: z.string(),
    b_label: z.string(),
    overall: Comparison,
    subsets: z.array(Comparison.extend({ key: z.string().nullable() })),
  })
  .openapi("ABBenchmark");

export const RunScores = z
  .object({
    run_id: z.string(),
    run_status: z.string(),
    missing_policy: Policy,
    scores: z.array(ScoreRow),
    ab: z.array(ABBenchmark).openapi({ description: "compare_target (B) against target (A) per benchmark; empty without a compare target" }),
  })
  .openapi("RunScores");
