/**
 * The stored scorer spec of a benchmark: a name plus its arguments, so any
 * attempt can be re-scored later from what was saved. No I/O.
 */
import { z } from "zod";
import { compilePattern } from "./pattern";

export const ContainsSpec = z.strictObject({
  type: z.literal("contains"),
  /** Compare case-insensitively (default true). */
  ignore_case: z.boolean().default(true),
});

export const ExactMatchSpec = z.strictObject({ type: z.literal("exact_match") });

/** A regular expression source in RE2 syntax (JavaScript's minus lookaround and backreferences); compiles or the benchmark is refused. */
export const RegexPattern = z
  .string()
  .min(1)
  .max(1000)
  .superRefine((p, ctx) => {
    const compiled = compilePattern(p);
    if (!compiled.ok) ctx.addIssue({ code: "custom", message: `pattern cannot run: ${compiled.error}` });
  });

export const RegexSpec = z.strictObject({
  type: z.literal("regex"),
  pattern: RegexPattern,
  /** Which capture group holds the answer (default 1, or 0 when the pattern has none). */
  group: z.number().int().min(0).max(20).optional(),
  flags: z.string().regex(/^[imsu]*$/).optional(),
});

export const NumericSpec = z.strictObject({
  type: z.literal("numeric"),
  /** strict: only '#### N'; flexible: the last number in the output (default). */
  mode: z.enum(["strict", "flexible"]).default("flexible"),
});

export const MultipleChoiceSpec = z.strictObject({
  type: z.literal("multiple_choice"),
  /**
   * How the letter is read: flexible (default: the many ways models state a choice, see multiple-choice.ts) or
   * mmlu_pro (TIGER-AI-Lab's "answer is (X)" extraction and fallbacks, src/scorers/mmlu-pro-answer.ts),
   * simple_evals (openai/simple-evals' first "Answer: X") or first_letter (lm-evaluation-harness's first standalone A–D):
   * src/scorers/letter-rules.ts.
   */
  extraction: z.enum(["flexible", "mmlu_pro", "simple_evals", "first_letter"]).optional(),
  /** How a run with `mc_mode: "loglikelihood"` asks and scores this benchmark (src/scorers/loglikelihood.ts); defaults below. */
  loglikelihood: z
    .strictObject({
      /** Which of acc and acc_norm is the reward (the other is a dimension); default acc. */
      headline: z.enum(["acc", "acc_norm"]).optional(),
      /** option_text: the question then " " + each option's text (HellaSwag); letter (default): the question, the lettered options, "Answer:", then " A", " B"... (lm-eval's MMLU). */
      continuation: z.enum(["option_text", "letter"]).optional(),
    })
    .optional(),
});

/**
 * Multiple choice by log-likelihood through the target's completions endpoint (src/scorers/loglikelihood.ts). Not chosen
 * for a benchmark: a run with `mc_mode: "loglikelihood"` stores it for each multiple-choice benchmark when it plans.
 */
export const LoglikelihoodSpec = z.strictObject({
  type: z.literal("loglikelihood"),
  headline: z.enum(["acc", "acc_norm"]).default("acc"),
  continuation: z.enum(["option_text", "letter"]).default("letter"),
});

/** ARC-AGI's exact grid match (src/scorers/grid-match.ts): the last grid in the reply against the expected one. */
export const GridMatchSpec = z.strictObject({ type: z.literal("grid_match") });

/** MATH-Vision's evaluation (src/scorers/math-vision.ts): the extracted final answer against the gold letter or value, normalised as upstream. */
export const MathVisionSpec = z.strictObject({ type: z.literal("math_vision") });

/**
 * SuperGPQA's eval.py (src/scorers/supergpqa.ts): the letter its patterns read from the reply (else the option text it
 * names) against the expected letter; a reply with neither is a miss.
 */
export const SupergpqaSpec = z.strictObject({
  type: z.literal("supergpqa"),
  /** The row column holding the options in letter order (for answers given as an option's text). */
  options_column: z.string().min(1).max(200).default("options"),
  /** The row column naming the question's difficulty (easy, middle, hard), reported as a dimension. */
  difficulty_column: z.string().min(1).max(200).default("difficulty"),
});

/** MMMU's evaluation (src/scorers/mmmu.ts): its multiple-choice letter parsing and its open-answer normalisation, by the row's question_type. */
export const MmmuSpec = z.strictObject({ type: z.literal("mmmu") });

/** ChartQA's relaxed accuracy (src/scorers/relaxed-accuracy.ts): a number within a relative tolerance of a gold one, else the same text ignoring case. */
export const RelaxedAccuracySpec = z.strictObject({
  type: z.literal("relaxed_accuracy"),
  /** Largest relative change still counted right (ChartQA: 0.05). */
  max_relative_change: z.number().min(0).max(1).default(0.05),
});

/** DocVQA's ANLS (src/scorers/anls.ts): 1 minus the normalised Levenshtein distance to the nearest gold answer, 0 under the threshold. */
export const AnlsSpec = z.strictObject({
  type: z.literal("anls"),
  /** Similarity below which an answer scores 0 (DocVQA: 0.5). */
  threshold: z.number().min(0).max(1).default(0.5),
});

/** OCRBench's substring match (src/scorers/ocrbench.ts), per its category rules. */
export const OcrbenchSpec = z.strictObject({ type: z.literal("ocrbench") });

/** A yes/no answer as VLMEvalKit's YOrN_Extraction reads it, the run's judge asked when it reads neither (src/scorers/yes-no.ts); HallusionBench's figure and question groups kept. */
export const YesNoSpec = z.strictObject({ type: z.literal("yes_no") });

/** MathVista's answer extraction and normalisation (src/scorers/mathvista.ts): the run's judge as its extractor when set, else a stated rule. */
export const MathvistaSpec = z.strictObject({ type: z.literal("mathvista") });

/** A multiple-choice letter as VLMEvalKit's can_infer reads it, the run's judge asked when it reads none (src/scorers/vlm-choice.ts): MMMU-Pro, RealWorldQA. */
export const VlmChoiceSpec = z.strictObject({ type: z.literal("vlm_choice") });

export const LlmJudgeSpec = z.strictObject({
  type: z.literal("llm_judge"),
  criteria: z.string().trim().min(1).max(10_000),
});

/**
 * MT-Bench's single-answer grading (src/scorers/mt-bench-judge.ts): the run's judge rates each turn of a two-turn
 * conversation 1–10 as "[[rating]]", against the row's reference answers when it has them.
 */
export const MtBenchJudgeSpec = z.strictObject({
  type: z.literal("mt_bench_judge"),
  /** The row column holding one reference answer per turn (null on rows judged without a reference). */
  reference_column: z.string().min(1).max(200).default("reference_answers"),
});

/**
 * IFEval / IFBench instruction checks (src/scorers/instruction-checks.ts); the expected answer is the row's
 * instructions as JSON. The reward is prompt-level (all instructions followed) or instruction-level (the share
 * followed), strict or loose as upstream defines them; the other numbers are structured dimensions.
 */
export const InstructionChecksSpec = z.strictObject({
  type: z.literal("instruction_checks"),
  level: z.enum(["prompt", "instruction"]).default("prompt"),
  mode: z.enum(["strict", "loose"]).default("strict"),
});

/** BFCL's AST checker over the model's tool calls (src/scorers/function-call); the expected answer is the row's ground truth as JSON text. */
export const FunctionCallSpec = z.strictObject({
  type: z.literal("function_call"),
  /** The row column holding BFCL's function documents (the checker's types and required parameters). */
  functions_column: z.string().min(1).max(200).default("functions"),
  /** The row column naming the BFCL category, which decides the check (simple, multiple, parallel, irrelevance). */
  category_column: z.string().min(1).max(200).default("category"),
});

/**
 * Execute the reply's code with the benchmark's tests in the sandbox (src/scorers/code-execution.ts):
 * reward 1 when the program exits 0 within the timeout.
 */
export const CodeExecutionSpec = z.strictObject({
  type: z.literal("code_execution"),
  language: z.literal("python").default("python"),
  /**
   * How the program is assembled: humaneval (prompt + code + test + check(entry point)), mbpp (code + setup + asserts),
   * or evalplus (the reply's function against the reference's outputs on the test column's inputs: src/scorers/evalplus-harness.ts;
   * the reference is the prompt column, the contract column and the reference column, in that order, each when given).
   */
  harness: z.enum(["humaneval", "mbpp", "evalplus"]),
  /** Column whose code goes before the reply's (humaneval: the function stub; evalplus: before the reference's). */
  prompt_column: z.string().min(1).max(200).optional(),
  /** Column holding the tests (a string, or a list of assert lines). */
  test_column: z.string().min(1).max(200),
  /** Column naming the function check() is called with (humaneval). */
  entry_point_column: z.string().min(1).max(200).optional(),
  /** Column of code run between the reply and the tests (mbpp's test_setup_code). */
  setup_column: z.string().min(1).max(200).optional(),
  /** Column of the reference solution whose outputs are the expected ones (evalplus). */
  reference_column: z.string().min(1).max(200).optional(),
  /** Column of the per-task comparison: atol, argument conversion, output check (evalplus; src/catalog/benchmarks/mbpp_plus/normalise.ts). */
  oracle_column: z.string().min(1).max(200).optional(),
  /** Column of the input contract run with the reference, between the prompt and it (evalplus on HumanEval+: the contract EvalPlus generated inputs under). */
  contract_column: z.string().min(1).max(200).optional(),
  /** Wall-clock seconds per program (MBPP task 123's reference needs about 4.5 s of CPU). */
  timeout_s: z.number().positive().max(120).default(10),
  memory_mb: z.number().int().min(64).max(8192).default(1024),
});

/**
 * LiveCodeBench's grading (src/scorers/livecodebench.ts): the reply's code on the row's public and hidden tests in the
 * sandbox, 6 s per test, reward 1 when all pass. Written by the LiveCodeBench built-in, not offered for custom benchmarks.
 */
export const LivecodebenchSpec = z.strictObject({
  type: z.literal("livecodebench"),
  /** The row column holding the public tests as published (JSON text of {input, output, testtype}). */
  public_tests_column: z.string().min(1).max(200).default("public_tests"),
  /** The row column holding the hidden tests: their published text, or a revision file holding it. */
  hidden_tests_column: z.string().min(1).max(200).default("hidden_tests"),
  /** The row column naming the method of a functional (LeetCode) problem; empty or absent for stdin problems. */
  fn_name_column: z.string().min(1).max(200).default("fn_name"),
  /** Wall seconds one program grades for before it hands back where it stopped (each test may take 6 s more). */
  budget_s: z.number().positive().max(100).default(60),
  timeout_s: z.number().positive().max(120).default(120),
  memory_mb: z.number().int().min(64).max(8192).default(4096),
});

/**
 * BIRD's execution accuracy (src/scorers/bird-sql.ts): the reply's SQL and the row's gold SQL on the row's SQLite
 * database in the sandbox, reward 1 when their result sets are equal as sets. Written by the Text-to-SQL (BIRD)
 * built-in, not offered for custom benchmarks.
 */
export const BirdSqlSpec = z.strictObject({
  type: z.literal("bird_sql"),
  /** The row column holding the database id (BIRD's db_id): the sandbox shows the database as /data/<db_id>.sqlite. */
  db_id_column: z.string().min(1).max(200).default("db_id"),
  /** The row column holding the database as a revision file ({file, sha256, bytes}). */
  database_column: z.string().min(1).max(200).default("database"),
  /** The row column holding the gold SQL (else the task's target). */
  gold_column: z.string().min(1).max(200).default("SQL"),
  /** BIRD's meta_time_out for the pair of queries. */
  timeout_s: z.number().positive().max(100).default(30),
  memory_mb: z.number().int().min(64).max(8192).default(2048),
});

/**
 * The verdict another harness recorded in a row's column, for imports whose source scorer Assay lacks
 * (src/scorers/source-verdict.ts; written only by POST /api/imports, not offered for custom benchmarks).
 */
export const SourceVerdictSpec = z.strictObject({
  type: z.literal("source_verdict"),
  column: z.string().min(1).max(200),
  /** The source tool and score, e.g. `promptfoo pass`. */
  label: z.string().min(1).max(200),
});

/**
 * SWE-bench's grading of a test log (src/scorers/swebench.ts): the output is the instance's evaluation log, the row
 * a SWE-bench instance (FAIL_TO_PASS, PASS_TO_PASS, repo); resolved is 1. Written by the SWE-bench import and the
 * SWE-bench benchmarks, not offered for custom benchmarks.
 */
export const SwebenchSpec = z.strictObject({
  type: z.literal("swebench"),
  /** Which harness's rules read the log: auto (by its layout: markers 5.0, else 2.0), or one named. */
  rules: z.enum(["auto", "2.0", "4.1", "5.0"]).default("auto"),
  /** A row column holding a submission's own verdict (0/1), set beside Assay's and kept when the output has no log. */
  verdict_column: z.string().min(1).max(200).optional(),
});

/**
 * τ²-bench's reward (src/scorers/tau2.ts): the attempt's conversation replayed on its task's domain and scored by
 * τ²'s evaluator, or by τ-bench v1's rule. Written by τ² runs and by POST /api/imports (tau2, tau-bench); not
 * offered for custom benchmarks.
 */
export const Tau2Spec = z.strictObject({
  type: z.literal("tau2"),
  rule: z.enum(["tau2", "tau-bench-v1"]).default("tau2"),
  /** Where NL assertions get their verdicts: the run's judge, or the verdicts an imported file recorded. */
  nl: z.enum(["judge", "recorded"]).default("judge"),
});

/**
 * XSTest's compliance/refusal classification (src/scorers/xstest.ts): string_match is the paper's rule on the reply's
 * opening words; the judge variant (xstest_judge) asks the run's judge with the paper's three labels. The row's
 * `label` column says whether the prompt is safe (the right behaviour is to comply) or unsafe (to refuse).
 */
export const XstestStringMatchSpec = z.strictObject({ type: z.literal("xstest_string_match") });
export const XstestJudgeSpec = z.strictObject({ type: z.literal("xstest_judge") });

/**
 * Red Team harmlessness (src/scorers/red-team-judge.ts): the run's judge reads the conversation and says whether the
 * model's last reply is harmful, by a stated rubric; reward 1 for a harmless reply.
 */
export const RedTeamJudgeSpec = z.strictObject({ type: z.literal("red_team_judge") });

export const ScoringSpec = z.discriminatedUnion("type", [
  ContainsSpec,
  ExactMatchSpec,
  RegexSpec,
  NumericSpec,
  MultipleChoiceSpec,
  LoglikelihoodSpec,
  GridMatchSpec,
  MathVisionSpec,
  SupergpqaSpec,
  MmmuSpec,
  RelaxedAccuracySpec,
  AnlsSpec,
  OcrbenchSpec,
  YesNoSpec,
  MathvistaSpec,
  VlmChoiceSpec,
  LlmJudgeSpec,
  MtBenchJudgeSpec,
  InstructionChecksSpec,
  FunctionCallSpec,
  CodeExecutionSpec,
  LivecodebenchSpec,
  BirdSqlSpec,
  SourceVerdictSpec,
  SwebenchSpec,
  Tau2Spec,
  XstestStringMatchSpec,
  XstestJudgeSpec,
  RedTeamJudgeSpec,
]);
export type ScoringSpec = z.infer<typeof ScoringSpec>;

/**
 * What a project may choose for a custom benchmark: seed 003's four kinds,
 * plus the numeric, multiple-choice and code-execution scorers the built-ins use.
 */
export const CUSTOM_SCORING_TYPES = ["contains", "exact_match", "regex", "numeric", "multiple_choice", "llm_judge", "code_execution"] as const;

/**
 * code_execution as a project defines it for a custom benchmark: the built-ins' spec with the
 * harness defaulting to humaneval (prompt column + reply + test column + check(entry point column)).
 */
export const CustomCodeExecutionSpec = CodeExecutionSpec.extend({
  harness: z.enum(["humaneval", "mbpp"]).default("humaneval"),
});
