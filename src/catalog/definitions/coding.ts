/** Built-ins of the Coding group: HumanEval, HumanEval+, MBPP (and its variant MBPP+), LiveCodeBench v6, BIRD text-to-SQL. HumanEval, MBPP and MBPP+ run against a model target, scored in the code sandbox. Pure data. */
import { HUMANEVAL_DATA, MBPP_DATA, MBPP_PLUS_DATA } from "../sources";
import type { BuiltinBenchmark, ExternalDataset } from "../types";
import { notBundled, RUNNER_REQUIREMENT, runnerVerifier } from "./common";

const SANDBOX_REQUIREMENT =
  "A model target, and Assay's code sandbox reachable at ASSAY_SANDBOX_URL with ASSAY_SANDBOX_SECRET (npm start runs one on loopback; docs/sandbox.md says how to run it in production).";

const HUMANEVAL_PLUS_DATA: ExternalDataset = {
  kind: "external",
  location: "https://github.com/evalplus/humanevalplus_release (releases) and https://huggingface.co/datasets/evalplus/humanevalplus",
  revision: null,
  license: "Apache-2.0",
  notes: "Versioned releases of the HumanEval problems with the extended test inputs.",
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
    kind: "inline",
    variant_of: null,
    status: "runnable",
    status_detail:
      "Runs against a model target. Its 164 problems load from their pinned source (gzip JSON Lines, checked against its sha256); " +
      "each reply's code runs with the problem's tests in Assay's code sandbox (ASSAY_SANDBOX_URL: `npm start` starts one; see docs/sandbox.md). " +
      "Without a sandbox its attempts end without a reward, never with a 0.",
    text: {
      what_it_measures: "Functional correctness of short, self-contained Python functions written from a natural-language specification: basic algorithms, string and list manipulation, simple maths.",
      how_it_works:
        "The model is shown the function stub (signature and docstring) and asked for the complete function in a ```python block. " +
        "Assay takes the last Python (or bare) fenced block of the reply, else the whole reply, and runs the program prompt + code + the problem's check() + check(entry_point) " +
        "in a fresh python3 -I process in the sandbox (no network, 10 s, 1 GB): a reply that is the whole function redefines the stub, a reply that is only the body completes it, as in openai/human-eval. " +
        "Reward 1 when the program exits 0 (every assertion passes), else 0 with the reason (assertion, exception, timeout, memory). With several attempts per problem the run reports pass@k with the unbiased estimator.",
      strengths: [
        "Execution-based: no judge, no string matching, a program either works or not.",
        "Small and fast; the standard first signal for code generation.",
        "pass@k over several samples shows how much sampling helps.",
      ],
      limitations: [
        "Saturated for frontier models and widely leaked into training data.",
        "Few tests per problem: some wrong solutions pass (see HumanEval+).",
        "Only short Python functions; nothing about reading a codebase, tooling or other languages.",
        "Scores depend on the extraction rule and on whether the prompt is prepended; harnesses that run every program in one interpreter pass a few programs that forget an import.",
      ],
      when_to_use: "Pick it as a quick code-generation regression check, for small models, or to measure pass@k gains from sampling.",
      use_cases: ["Code completion in editors", "Assistants that write utility functions or scripts"],
    },
    data: HUMANEVAL_DATA,
    split: null,
    prompt_template:
      "Complete the following Python function. Reply with the complete function, including its signature, in a single ```python code block.\n\n```python\n{prompt}```",
    answer_column: "canonical_solution",
    scoring: {
      type: "code_execution",
      language: "python",
      harness: "humaneval",
      prompt_column: "prompt",
      test_column: "test",
      entry_point_column: "entry_point",
      timeout_s: 10,
      memory_mb: 1024,
    },
    subsets: [],
    few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot: the prompt is the function stub itself." },
    sample_size: 164,
    credentials: [],
    requirements: [SANDBOX_REQUIREMENT],
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
    kind: "inline",
    variant_of: null,
    status: "runnable",
    status_detail:
      "Runs against a model target on the full set's 500-problem test split (task ids 11–510), 3-shot with tasks 2–4 as in the paper. " +
      "Its data loads from its pinned source (checked against its sha256); each reply's code runs with the task's asserts in Assay's code sandbox (ASSAY_SANDBOX_URL; see docs/sandbox.md). " +
      "Without a sandbox its attempts end without a reward, never with a 0.",
    text: {
      what_it_measures: "Basic programming from a one-sentence task description: simple loops, string handling and arithmetic, the kind of exercise an entry-level programmer solves.",
      how_it_works:
        "Each task is a short description plus its three test assertions, which pin down the function name and signature (the paper's prompt: 'You are an expert Python programmer, and here is your task: … Your code should pass these tests:'). " +
        "Three solved tasks (ids 2, 3, 4) come first as examples, their solutions in ```python blocks where the paper used [BEGIN]/[DONE]. " +
        "Assay takes the last Python (or bare) fenced block of the reply, else the whole reply, and runs code + test_setup_code + the asserts in a fresh python3 -I process in the sandbox (20 s, 1 GB): reward 1 when it exits 0, else 0 with the reason. " +
        "The full set's test split is used (not the sanitized subset), as in the paper and lm-evaluation-harness; challenge tests are not run.",
      strengths: ["Simple, cheap and execution-based.", "Complements HumanEval with different phrasing (prose tasks rather than docstrings)."],
      limitations: [
        "Some descriptions are ambiguous without the tests, and the full set has noisy tasks.",
        "Saturated and widely seen in training.",
        "Only three assertions per task, shown in the prompt: a model can special-case them.",
      ],
      when_to_use: "Pick it with HumanEval for a broader cheap read of basic Python generation.",
      use_cases: ["Scripting assistants", "Teaching and practice tools for beginners"],
    },
    data: MBPP_DATA,
    split: "test",
    prompt_template:
      "You are an expert Python programmer, and here is your task: {text} Your code should pass these tests:\n\n{tests}\n\nReply with your code in a single ```python code block.",
    answer_column: "solution",
    scoring: {
      type: "code_execution",
      language: "python",
      harness: "mbpp",
      test_column: "test_list",
      setup_column: "test_setup_code",
      // Task 123's reference solution alone needs about 4.5 s of CPU.
      timeout_s: 20,
      memory_mb: 1024,
    },
    subsets: [],
    few_shot: { supported: true, default: 3, split: "prompt", note: "The paper's setup: tasks 2, 3 and 4 of the 'prompt' split, solved, before each task." },
    sample_size: 500,
    credentials: [],
    requirements: [SANDBOX_REQUIREMENT],
    references: [
      { title: "Program Synthesis with Large Language Models (Austin et al., 2021)", url: "https://arxiv.org/abs/2108.07732" },
      { title: "google-research/mbpp", url: "https://github.com/google-research/google-research/tree/master/mbpp" },
    ],
  },
  {
    id: "bm_mbpp_plus",
    name: "MBPP+",
    description: "MBPP's sanitized tasks checked against the reference solution on about a hundred extra inputs each, so plausible-but-wrong code stops passing.",
    category: "coding",
    kind: "inline",
    variant_of: "bm_mbpp",
    status: "runnable",
    status_detail:
      "Runs against a model target on EvalPlus's 399 MBPP+ tasks (MbppPlus.jsonl pinned to its repository commit, checked against its sha256). " +
      "Each reply's function runs in Assay's code sandbox on the task's base and plus inputs and must agree with the reference solution on every one (ASSAY_SANDBOX_URL; see docs/sandbox.md). " +
      "Without a sandbox its attempts end without a reward, never with a 0.",
    text: {
      what_it_measures: "The same entry-level Python skill as MBPP, measured strictly: edge cases, empty and large inputs and type corners that MBPP's three assertions miss.",
      how_it_works:
        "EvalPlus kept 399 tasks of MBPP's sanitized set (some descriptions and references fixed) and added about 100 inputs per task. The model sees the task and its first original test in a docstring, " +
        "EvalPlus's chat prompt, and answers with a ```python block. Assay takes the last Python (or bare) fenced block (else the whole reply) and runs one program in a fresh python3 -I process in the sandbox: " +
        "the reference solution computes the expected output of every base and plus input, then the reply's function is called on each and must match, under EvalPlus's rules " +
        "(its per-task input conversions to tuples and sets, set or not-None comparison for a few tasks, the task's float tolerance, a per-call limit of 4x the reference's time and at least 4 s; 120 s and 4 GB per program). " +
        "Reward 1 when every input passes (EvalPlus's MBPP+ verdict, base and plus together), else 0 with the first failing input. Closeness is computed without numpy; see src/scorers/evalplus-harness.ts for every difference from EvalPlus.",
      strengths: [
        "Catches solutions that pass MBPP's three asserts by luck or by special-casing them.",
        "Differential testing against the reference: no hand-written assertion can be too weak.",
        "Same problems as MBPP's sanitized set, so the drop from MBPP is itself informative.",
      ],
      limitations: [
        "This is the repository's pre-release file (close to v0.1.0, 399 tasks), not the current v0.2.0 (378 tasks): scores are not comparable with v0.2.0 leaderboards.",
        "A few hundred calls per task make each attempt slower to verify; a handful of tasks take seconds of CPU (Mbpp/599 sums ranges of 10^8).",
        "Still short, well-known Python exercises.",
      ],
      when_to_use: "Pick it alongside or instead of MBPP when you need to trust that passing code is actually correct.",
      use_cases: ["Scripting assistants whose output runs unreviewed", "Comparing code models that tie on MBPP"],
    },
    data: MBPP_PLUS_DATA,
    split: null,
    prompt_template: "Please provide a self-contained Python script that solves the following problem in a markdown code block:\n```\n{prompt}```",
    answer_column: "solution",
    scoring: {
      type: "code_execution",
      language: "python",
      harness: "evalplus",
      test_column: "inputs",
      entry_point_column: "entry_point",
      reference_column: "canonical_solution",
      oracle_column: "oracle",
      // The reference runs beside the reply in the same program; Mbpp/599's alone needs about 15 s of CPU on a quiet machine.
      timeout_s: 120,
      // EvalPlus's own limit (4 GB): Mbpp/255's outputs (combinations with replacement) take about 2.5 GB.
      memory_mb: 4096,
    },
    subsets: [],
    few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot, as EvalPlus does: the first original test in the prompt shows the function's name and signature." },
    sample_size: 399,
    credentials: [],
    requirements: [SANDBOX_REQUIREMENT],
    references: [
      { title: "Is Your Code Generated by ChatGPT Really Correct? (Liu et al., 2023)", url: "https://arxiv.org/abs/2305.01210" },
      { title: "evalplus/evalplus", url: "https://github.com/evalplus/evalplus" },
    ],
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
