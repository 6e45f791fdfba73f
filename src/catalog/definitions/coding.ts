/** Built-ins of the Coding group: HumanEval, HumanEval+, MBPP, LiveCodeBench v6, BIRD text-to-SQL. Pure data. */
import { HUMANEVAL_DATA } from "../sources";
import type { BuiltinBenchmark, ExternalDataset } from "../types";
import { notBundled, RUNNER_REQUIREMENT, runnerVerifier } from "./common";

const HUMANEVAL_PLUS_DATA: ExternalDataset = {
  kind: "external",
  location: "https://github.com/evalplus/humanevalplus_release (releases) and https://huggingface.co/datasets/evalplus/humanevalplus",
  revision: null,
  license: "Apache-2.0",
  notes: "Versioned releases of the HumanEval problems with the extended test inputs.",
};

const MBPP_DATA: ExternalDataset = {
  kind: "external",
  location: "https://github.com/google-research/google-research/tree/master/mbpp",
  revision: null,
  license: "CC-BY-4.0",
  notes: "mbpp.jsonl (full set) and the hand-verified 'sanitized' subset; the repository is not mirrored here.",
};

const LIVECODEBENCH_DATA: ExternalDataset = {
  kind: "external",
  location: "https://huggingface.co/datasets/livecodebench/code_generation_lite (version_tag release_v6)",
  revision: "release_v6",
  license: null,
  notes: "Problems carry their contest date; the hidden tests are large, compressed blobs.",
};

const BIRD_DATA: ExternalDataset = {
  kind: "external",
  location: "https://bird-bench.github.io (dev set download: questions plus the SQLite databases)",
  revision: null,
  license: "CC-BY-SA-4.0",
  notes: "The databases are several gigabytes; the test set is hidden and scored by the organisers.",
};

const CODE_RUNNER = "Executing model-written code needs an isolated sandbox (no network, time and memory limits), which a Worker cannot provide; attempts run on an external runner.";

export const CODING: BuiltinBenchmark[] = [
  {
    id: "bm_humaneval",
    name: "HumanEval",
    description: "Write a Python function from its signature and docstring; hidden unit tests decide pass or fail.",
    category: "coding",
    kind: "runner",
    variant_of: null,
    status: "needs_runner",
    status_detail:
      "Its 164 problems load from their pinned source (gzip JSON Lines, checked against its sha256), but attempts execute on an agent runner: " +
      "the runner asks the model to complete each prompt, runs prompt + completion + the problem's test + check(entry_point) in a Python sandbox, and reports reward 1 when every assertion passes. " +
      "Until the run's target is such a runner, a run of it fails with a message saying so.",
    text: {
      what_it_measures: "Functional correctness of short, self-contained Python functions written from a natural-language specification: basic algorithms, string and list manipulation, simple maths.",
      how_it_works:
        "Each problem gives a function signature with a docstring (often with examples). The model's completion is appended to the prompt and executed against the problem's hidden check() function, about eight assertions on average. " +
        "An attempt passes only if all of them do. With several attempts per problem the run reports pass@k with the unbiased estimator.",
      strengths: [
        "Execution-based: no judge, no string matching, a program either works or not.",
        "Small and fast; the standard first signal for code generation.",
        "pass@k over several samples shows how much sampling helps.",
      ],
      limitations: [
        "Saturated for frontier models and widely leaked into training data.",
        "Few tests per problem: some wrong solutions pass (see HumanEval+).",
        "Only short Python functions; nothing about reading a codebase, tooling or other languages.",
        "Running model-written code needs a real sandbox on the runner side.",
      ],
      when_to_use: "Pick it as a quick code-generation regression check, for small models, or to measure pass@k gains from sampling.",
      use_cases: ["Code completion in editors", "Assistants that write utility functions or scripts"],
    },
    data: HUMANEVAL_DATA,
    split: null,
    prompt_template: null,
    answer_column: null,
    scoring: runnerVerifier("humaneval-unit-tests"),
    subsets: [],
    few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot: the prompt is the function stub itself." },
    sample_size: 164,
    credentials: [],
    requirements: [
      RUNNER_REQUIREMENT,
      "The runner needs a Python 3 sandbox with no network access and a per-test timeout (a few seconds is usual); the row columns prompt, test and entry_point give it everything it executes.",
    ],
    references: [
      { title: "Evaluating Large Language Models Trained on Code (Chen et al., 2021)", url: "https://arxiv.org/abs/2107.03374" },
      { title: "openai/human-eval", url: "https://github.com/openai/human-eval" },
    ],
  },
  {
    id: "bm_humaneval_plus",
    name: "HumanEval+",
    description: "HumanEval's problems with many times more tests, so plausible-but-wrong solutions stop passing.",
    category: "coding",
    kind: "runner",
    variant_of: null,
    status: "unavailable",
    status_detail: notBundled(HUMANEVAL_PLUS_DATA, CODE_RUNNER),
    text: {
      what_it_measures: "The same function-writing skill as HumanEval, measured strictly: edge cases, large inputs and type corners that HumanEval's few assertions miss.",
      how_it_works:
        "EvalPlus generated large numbers of extra test inputs (seeded by models, then mutated) and kept those that the reference solution handles, fixing a few faulty references along the way. " +
        "A completion passes only if it agrees with the reference on every input. Execution happens on the runner.",
      strengths: [
        "Catches solutions that pass HumanEval by luck; the drop from HumanEval to HumanEval+ is itself informative.",
        "Same prompts as HumanEval, so results line up problem by problem.",
      ],
      limitations: [
        "Still short Python functions and still widely seen in training.",
        "Many more tests make each attempt slower to verify.",
      ],
      when_to_use: "Pick it alongside or instead of HumanEval when you need to trust that passing code is actually correct.",
      use_cases: ["Code assistants whose output is merged with little review", "Comparing code models that tie on HumanEval"],
    },
    data: HUMANEVAL_PLUS_DATA,
    split: null,
    prompt_template: null,
    answer_column: null,
    scoring: runnerVerifier("evalplus-tests"),
    subsets: [],
    few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot: the prompt is the function stub itself." },
    sample_size: null,
    credentials: [],
    requirements: [RUNNER_REQUIREMENT, "A Python 3 sandbox with per-test time limits."],
    references: [{ title: "Is Your Code Generated by ChatGPT Really Correct? (Liu et al., 2023)", url: "https://arxiv.org/abs/2305.01210" }],
  },
  {
    id: "bm_mbpp",
    name: "MBPP",
    description: "Crowd-sourced entry-level Python tasks, each with three test assertions.",
    category: "coding",
    kind: "runner",
    variant_of: null,
    status: "unavailable",
    status_detail: notBundled(MBPP_DATA, CODE_RUNNER),
    text: {
      what_it_measures: "Basic programming from a one-sentence task description: simple loops, string handling and arithmetic, the kind of exercise an entry-level programmer solves.",
      how_it_works:
        "Each task is a short description plus test assertions (the prompt usually shows them, which pins down the function name and signature). The generated function is run against the assertions on the runner; all must pass. " +
        "The 'sanitized' subset keeps the hand-verified, clearer tasks.",
      strengths: ["Simple, cheap and execution-based.", "Complements HumanEval with different phrasing (prose tasks rather than docstrings)."],
      limitations: [
        "Some descriptions are ambiguous without the tests; the full set is noisy (use the sanitized subset).",
        "Saturated and widely seen in training.",
        "Only three assertions per task.",
      ],
      when_to_use: "Pick it with HumanEval for a broader cheap read of basic Python generation.",
      use_cases: ["Scripting assistants", "Teaching and practice tools for beginners"],
    },
    data: MBPP_DATA,
    split: "test",
    prompt_template: null,
    answer_column: null,
    scoring: runnerVerifier("mbpp-assertions"),
    subsets: ["full", "sanitized"],
    few_shot: { supported: true, default: 0, split: "prompt", note: "The original setup shows three solved tasks from the 'prompt' split before each task." },
    sample_size: null,
    credentials: [],
    requirements: [RUNNER_REQUIREMENT, "A Python 3 sandbox with per-test time limits."],
    references: [{ title: "Program Synthesis with Large Language Models (Austin et al., 2021)", url: "https://arxiv.org/abs/2108.07732" }],
  },
  {
    id: "bm_livecodebench_v6",
    name: "LiveCodeBench v6",
    description: "Recent contest problems from LeetCode, AtCoder and Codeforces, dated so you can test on problems newer than a model's training data.",
    category: "coding",
    kind: "runner",
    variant_of: null,
    status: "unavailable",
    status_detail: notBundled(LIVECODEBENCH_DATA, CODE_RUNNER),
    text: {
      what_it_measures: "Algorithmic problem solving on competitive-programming tasks, with contamination controlled by release date.",
      how_it_works:
        "Problems are collected continuously from programming contests and stamped with their contest date; release_v6 is a frozen snapshot of that collection. " +
        "The model writes a full program (standard input/output) or a class method (LeetCode style); the runner executes it against hidden tests within time limits. " +
        "Restricting a run to problems published after a model's cutoff gives a contamination-free score. Difficulty (easy, medium, hard) is the natural subset.",
      strengths: [
        "Contamination control by date is built in.",
        "Harder and more varied than HumanEval-style tasks; separates strong code models.",
        "Execution-based with many hidden tests per problem.",
      ],
      limitations: [
        "Competitive programming is not everyday software engineering (no codebases, no APIs).",
        "Scores depend on the date window, so always compare on the same window and release.",
        "Verification is heavy: large test files and strict time limits on the runner.",
      ],
      when_to_use: "Pick it to compare reasoning-heavy code models fairly, on problems they cannot have seen.",
      use_cases: ["Algorithm-heavy coding assistants", "Evaluating reasoning modes on code"],
    },
    data: LIVECODEBENCH_DATA,
    split: "test",
    prompt_template: null,
    answer_column: null,
    scoring: runnerVerifier("livecodebench-hidden-tests"),
    subsets: ["easy", "medium", "hard"],
    few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot." },
    sample_size: null,
    credentials: [],
    requirements: [RUNNER_REQUIREMENT, "A sandbox that runs Python programs against large hidden test sets with per-test time limits."],
    references: [
      { title: "LiveCodeBench: Holistic and Contamination Free Evaluation of Large Language Models for Code (Jain et al., 2024)", url: "https://arxiv.org/abs/2403.07974" },
      { title: "livecodebench.github.io", url: "https://livecodebench.github.io" },
    ],
  },
  {
    id: "bm_bird_sql",
    name: "Text-to-SQL (BIRD)",
    description: "Turn questions about large, messy real-world databases into SQL that returns the right rows.",
    category: "coding",
    kind: "runner",
    variant_of: null,
    status: "unavailable",
    status_detail: notBundled(BIRD_DATA, "Scoring executes SQL against the benchmark's SQLite databases, which happens on an external runner."),
    text: {
      what_it_measures:
        "Database grounding: reading a schema with dirty values and domain conventions, using the external-knowledge hint, and writing SQL whose result matches the reference query's result.",
      how_it_works:
        "Each task gives a question, the database schema and often an 'evidence' hint (e.g. how a ratio is defined). The model writes one SQL query; the runner executes it and the gold query on the same SQLite database " +
        "and rewards 1 when the result sets match (execution accuracy). A run can pick databases or difficulty as subsets.",
      strengths: [
        "Realistic, large databases spanning many professional domains.",
        "Execution-based scoring accepts any correct SQL, not one reference string.",
        "Exposes errors with values and joins that toy text-to-SQL sets hide.",
      ],
      limitations: [
        "Some gold queries and evidence hints are wrong or ambiguous, capping the score.",
        "The databases are large to download and host for the runner.",
        "Single-query generation: no interactive exploration of the database unless the runner provides it.",
      ],
      when_to_use: "Pick it when a product turns user questions into SQL over real data.",
      use_cases: ["Analytics copilots and BI chat", "Internal data assistants over warehouses"],
    },
    data: BIRD_DATA,
    split: "dev",
    prompt_template: null,
    answer_column: null,
    scoring: runnerVerifier("execution-accuracy"),
    subsets: ["simple", "moderate", "challenging"],
    few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot with the schema and evidence in the prompt." },
    sample_size: null,
    credentials: [],
    requirements: [RUNNER_REQUIREMENT, "The runner hosts the BIRD SQLite databases and executes both queries with a time limit."],
    references: [{ title: "Can LLM Already Serve as A Database Interface? (Li et al., 2023)", url: "https://arxiv.org/abs/2305.03111" }],
  },
];
