/** Built-ins of the Reasoning group: GSM8K, ARC-AGI, GPQA, and ARC-AGI-2 and ARC-Challenge (variants under ARC). Pure data. */
import { ARC_CHALLENGE_DATA, GSM8K_DATA } from "../sources";
import { ARC_AGI_2_DATA, ARC_AGI_DATA } from "../sources-arc-agi";
import type { BuiltinBenchmark, ExternalDataset } from "../types";
import { notBundled } from "./common";

const GPQA_DATA: ExternalDataset = {
  kind: "external",
  location: "https://github.com/idavidrein/gpqa (password-protected archive) and the gated Hugging Face dataset Idavidrein/gpqa",
  revision: null,
  license: "CC-BY-4.0",
  notes: "The authors distribute it behind a password and ask that examples not be posted in plain text, to limit contamination.",
};

/** ARC-AGI-1 and -2 share the prompt: the demonstrations and the test input, never a test output. */
const ARC_PROMPT =
  "Each example below shows an input grid and its output grid. Grids are written one row per line, each cell a digit 0-9 separated by spaces. " +
  "Find the rule that turns every input into its output and apply it to the test input.\n\n{examples}\n\nTest input:\n{test_input}\n\n" +
  "Reply with the test output grid in the same format. The last grid in your reply is read as your answer.";

/** How both ARC sets are asked and scored: one row per test input, its demonstrations in the prompt, the last grid of the reply matched exactly. */
const ARC_TASKS: Pick<BuiltinBenchmark, "split" | "prompt_template" | "answer_column" | "scoring" | "min_attempts" | "subsets" | "few_shot"> = {
  split: null,
  prompt_template: ARC_PROMPT,
  answer_column: "test_output",
  scoring: { type: "grid_match" },
  min_attempts: 2,
  subsets: [],
  few_shot: {
    supported: false,
    default: 0,
    split: null,
    note: "Every task carries its own demonstrations. Do not set few-shot: examples from other rows would show other tasks' test outputs.",
  },
};

export const REASONING: BuiltinBenchmark[] = [
  {
    id: "bm_gsm8k",
    name: "GSM8K",
    description: "Grade-school math word problems that take a few steps of arithmetic; the final number must be right.",
    category: "reasoning",
    kind: "inline",
    variant_of: null,
    status: "runnable",
    status_detail: "Runs inline. The test split loads on first use from its pinned source and is checked against its sha256.",
    text: {
      what_it_measures:
        "Whether a model can turn a short story problem into a chain of arithmetic steps and land on the exact number: multi-step quantitative reasoning with everyday quantities (money, time, counts, rates).",
      how_it_works:
        "Each of the 1,319 test problems is sent once with an instruction to reason step by step and finish with a line '#### <number>'. " +
        "The scorer extracts the final number the way lm-evaluation-harness does (strict: the '#### N' line; flexible, the default here: the last number in the reply), " +
        "strips commas, '$' and a trailing period from both sides, and compares the numbers, so '$1,000.' matches 1000. Reward is 1 or 0 per problem.",
      strengths: [
        "Unambiguous answers: one integer per problem, so scoring needs no judge.",
        "Cheap and fast; a few hundred problems separate weak from competent reasoning.",
        "Sensitive to prompting and decoding changes (chain of thought, temperature), which makes it a good regression check.",
        "Widely reported, so numbers are easy to compare against published ones (with the same extraction).",
      ],
      limitations: [
        "Saturated at the top: frontier models score above 90%, so it no longer separates them.",
        "Public since 2021 and widely copied; contamination inflates scores.",
        "Only grade-school arithmetic; says nothing about algebra, proofs or word problems with ambiguous readings.",
        "A small share of reference answers are known to be wrong, capping the attainable score just below 100%.",
      ],
      when_to_use:
        "Pick it to catch regressions in basic multi-step reasoning after a fine-tune, a quantisation or a prompt change, or to compare small and mid-sized models.",
      use_cases: [
        "Assistants that compute totals, discounts or schedules for users",
        "Tutoring and homework-help agents",
        "Back-office agents that reconcile quantities (invoices, inventory)",
      ],
    },
    data: GSM8K_DATA,
    split: null,
    prompt_template:
      'Solve the math word problem below. Think step by step, then give the final answer as a number on the last line, in the form "#### <number>".\n\nQuestion: {question}',
    answer_column: "answer",
    scoring: { type: "numeric", mode: "flexible" },
    subsets: [],
    few_shot: {
      supported: true,
      default: 0,
      split: null,
      note: "The training split is not loaded, so examples are test problems outside the run's selection, shown with their worked solutions.",
    },
    sample_size: 1319,
    credentials: [],
    requirements: [],
    references: [
      { title: "Training Verifiers to Solve Math Word Problems (Cobbe et al., 2021)", url: "https://arxiv.org/abs/2110.14168" },
      { title: "openai/grade-school-math", url: "https://github.com/openai/grade-school-math" },
    ],
  },
  {
    id: "bm_arc_agi",
    name: "ARC-AGI",
    description: "Abstract grid puzzles: infer a transformation from a few examples and apply it to a new grid (ARC-AGI-1's 400 public evaluation tasks).",
    category: "reasoning",
    kind: "inline",
    variant_of: null,
    status: "runnable",
    status_detail:
      "Runs inline on ARC-AGI-1's public evaluation set: 400 tasks with 419 test inputs, each test input a member. Data loads on first use from " +
      "the 400 pinned task files of fchollet/ARC-AGI (one fetch per file), each checked against its sha256. A run makes 2 attempts per test input " +
      "unless it asks for more (or sets this benchmark's own attempts) and leads with pass@2, the ARC Prize's rule. ARC-AGI-2 is its variant.",
    text: {
      what_it_measures:
        "Fluid, few-shot abstraction: inferring an unseen rule (symmetry, counting, object movement, colour mapping) from two to seven input/output grid pairs and applying it to a fresh input, with no domain knowledge to lean on.",
      how_it_works:
        "A task shows coloured grids (up to 30×30 cells, ten colours 0–9) as demonstration pairs plus one or two test inputs; each test input is one member of the run. " +
        "The prompt writes every grid one row per line with its cells as digits separated by spaces, lists the task's demonstrations (\"Example 1 / Input: / Output:\"), then the test input, " +
        "and asks for the test output grid; the test outputs are only the expected answers and are never sent. " +
        "The grid_match scorer reads the last grid in the reply (a block of digit rows of equal width, or a JSON list of lists) and gives 1 only for an exact match of dimensions and every cell, else 0 with the reason (no grid, wrong size, how many cells differ). " +
        "The ARC Prize allows two attempts per test input and counts the input solved if either is right (pass@2): a run makes 2 attempts per test input by default and its scores lead with pass@2 (the mean over attempts and pass^2 follow); " +
        "scores count test inputs, not tasks (a two-input task counts twice; the ARC Prize credits each test input too).",
      strengths: [
        "Each task is novel by design, so memorised knowledge helps little.",
        "Exact-match scoring leaves no room for judge bias.",
        "Humans solve most tasks easily while models struggle, so it keeps separating frontier systems.",
      ],
      limitations: [
        "Grids written out as text are an awkward input for language models; scores mix reasoning with perception of a text layout.",
        "The public evaluation tasks have circulated for years; only the private sets are contamination-free.",
        "Expensive for reasoning models, which may spend many thousands of tokens per task (raise max_output_tokens).",
        "Measures abstraction on toy grids, not language or world knowledge.",
        "A reply that writes its answer grid before a scratch grid is read by its last grid.",
      ],
      when_to_use: "Pick it when you care about generalisation to genuinely new problems rather than recall, e.g. comparing reasoning-focused models.",
      use_cases: ["Research on reasoning and program synthesis", "Agents that must induce rules from a handful of examples (data transformation, spreadsheet automation)"],
    },
    data: ARC_AGI_DATA,
    ...ARC_TASKS,
    sample_size: 419,
    credentials: [],
    requirements: [],
    references: [
      { title: "On the Measure of Intelligence (Chollet, 2019)", url: "https://arxiv.org/abs/1911.01547" },
      { title: "fchollet/ARC-AGI", url: "https://github.com/fchollet/ARC-AGI" },
      { title: "ARC Prize", url: "https://arcprize.org" },
    ],
  },
  {
    id: "bm_arc_agi_2",
    name: "ARC-AGI-2",
    description: "The harder second ARC set: 120 public evaluation tasks built to resist brute-force search, same grid format and exact-match rule.",
    category: "reasoning",
    kind: "inline",
    variant_of: "bm_arc_agi",
    status: "runnable",
    status_detail:
      "Runs inline on ARC-AGI-2's public evaluation set: 120 tasks with 167 test inputs, each test input a member. Data loads on first use from " +
      "the 120 pinned task files of arcprize/ARC-AGI-2 (one fetch per file), each checked against its sha256. A run makes 2 attempts per test input " +
      "unless it asks for more (or sets this benchmark's own attempts) and leads with pass@2, the ARC Prize's rule.",
    text: {
      what_it_measures:
        "The same fluid abstraction as ARC-AGI-1 on tasks designed to need several interacting rules (symbolic meaning, compositional steps, context-dependent rules), where ARC-AGI-1's tasks fall to search and scale.",
      how_it_works:
        "Same format and the same prompt as ARC-AGI: the demonstrations (2 to 6 pairs) and the test input as digit rows, the test output never sent; the grid_match scorer gives 1 only for an exact match of the last grid in the reply. " +
        "Each of the 167 test inputs (one to three per task) is a member. The ARC Prize counts pass@2: a run makes 2 attempts per test input by default and leads with pass@2. " +
        "Upstream's README counts a task solved when all its test inputs are; scores here count test inputs, as the ARC Prize's per-input credit does.",
      strengths: [
        "Not saturated: frontier systems score far below the 66% average of human testers reported with the set.",
        "Exact-match scoring leaves no room for judge bias.",
        "The same format and prompt as ARC-AGI-1, so the two sets compare directly.",
      ],
      limitations: [
        "Only 120 public tasks: wide confidence intervals, and the public set is exposed to contamination (the semi-private and private sets are not public).",
        "Grids as text are an awkward input for language models.",
        "Very expensive for reasoning models; raise max_output_tokens.",
      ],
      when_to_use: "Pick it when ARC-AGI-1 no longer separates the models you compare, or to track progress on abstraction at the frontier.",
      use_cases: ["Frontier reasoning research", "Comparing test-time compute strategies on novel problems"],
    },
    data: ARC_AGI_2_DATA,
    ...ARC_TASKS,
    sample_size: 167,
    credentials: [],
    requirements: [],
    references: [
      { title: "arcprize/ARC-AGI-2", url: "https://github.com/arcprize/ARC-AGI-2" },
      { title: "ARC Prize", url: "https://arcprize.org" },
    ],
  },
  {
    id: "bm_arc_challenge",
    name: "ARC-Challenge",
    description: "AI2's grade-school science questions that simple retrieval and co-occurrence methods got wrong; pick the right option.",
    category: "reasoning",
    kind: "inline",
    variant_of: "bm_arc_agi",
    status: "runnable",
    status_detail:
      "Runs inline. Listed under the ARC entry as its runnable companion: ARC-Challenge (AI2 Reasoning Challenge) is a different dataset from ARC-AGI's grid puzzles — science multiple choice, not abstraction — and shares only the name. The test and dev splits load on first use from their pinned source.",
    text: {
      what_it_measures:
        "Science knowledge plus the short chains of reasoning needed to apply it: questions from US grade 3–9 science exams that a retrieval baseline and a word co-occurrence baseline both answered wrongly.",
      how_it_works:
        "Each of the 1,172 test questions is shown with its lettered options (three to five) and the model replies with a letter. The multiple-choice scorer reads the letter (or an answer that repeats one option's text exactly) and compares it with the key; reward 1 or 0.",
      strengths: [
        "Cheap, objective scoring with a fixed key.",
        "Harder than the companion ARC-Easy set, so it still separates small and mid-sized models.",
        "Questions were written for human exams, so they read naturally.",
      ],
      limitations: [
        "Near ceiling for large models (well above 90%).",
        "Letter-choice generation is scored here; published numbers often use log-likelihood ranking of the options, so they are not directly comparable.",
        "The copy loaded here is a re-encoding without the original question ids.",
        "Only elementary science; no open-ended answers.",
      ],
      when_to_use: "Pick it for a quick knowledge-and-reasoning sanity check of small models, or to compare prompt formats on a stable multiple-choice set.",
      use_cases: ["Educational assistants for school science", "Smoke tests of new model builds before longer suites"],
    },
    data: ARC_CHALLENGE_DATA,
    split: "test",
    prompt_template:
      "Answer the following science question. Reply with the letter of the correct option.\n\n{question}\n\n{choices_text}\n\nAnswer:",
    answer_column: "answer_letter",
    scoring: { type: "multiple_choice" },
    subsets: [],
    few_shot: { supported: true, default: 0, split: "dev", note: "Examples are the first rows of the 100-question dev split." },
    sample_size: 1172,
    credentials: [],
    requirements: [],
    references: [
      { title: "Think you have Solved Question Answering? Try ARC (Clark et al., 2018)", url: "https://arxiv.org/abs/1803.05457" },
      { title: "brucewlee/nutcracker-db", url: "https://github.com/brucewlee/nutcracker-db" },
    ],
  },
  {
    id: "bm_gpqa",
    name: "GPQA",
    description: "Graduate-level biology, physics and chemistry questions written by domain experts to resist web search.",
    category: "reasoning",
    kind: "inline",
    variant_of: null,
    status: "unavailable",
    status_detail: notBundled(GPQA_DATA),
    text: {
      what_it_measures:
        "Expert-level scientific reasoning: questions that PhD holders in the field usually answer correctly but skilled non-experts with unrestricted web access mostly miss.",
      how_it_works:
        "Four-option multiple choice. The options are shuffled with a fixed seed when the data is imported (the source keeps the correct answer in its own column), the model replies with a letter and the multiple-choice scorer compares it with the key. " +
        "Subsets are the published cuts: diamond (the questions experts agreed on and non-experts missed), main and extended.",
      strengths: [
        "Still far from saturated on its hardest (diamond) cut for many models.",
        "'Google-proof' by construction, so it rewards reasoning over retrieval.",
        "Objective scoring with a fixed key.",
      ],
      limitations: [
        "Small (the diamond cut has about two hundred questions), so intervals are wide: compare with care.",
        "Multiple choice lets a model eliminate options instead of solving the problem.",
        "Only three sciences; some questions have disputed keys.",
      ],
      when_to_use: "Pick it to compare strong models on hard science reasoning, or to check whether a reasoning mode actually helps on expert questions.",
      use_cases: ["Research assistants in the natural sciences", "Technical support agents for scientific products"],
    },
    data: GPQA_DATA,
    split: null,
    prompt_template: "Answer the following question. Reply with the letter of the correct option.\n\n{question}\n\n{choices_text}\n\nAnswer:",
    answer_column: "answer_letter",
    scoring: { type: "multiple_choice" },
    subsets: ["diamond", "main", "extended"],
    few_shot: { supported: true, default: 0, split: null, note: "Usually run zero-shot with chain of thought; examples would come from questions outside the run's selection." },
    sample_size: null,
    credentials: [],
    requirements: [],
    references: [{ title: "GPQA: A Graduate-Level Google-Proof Q&A Benchmark (Rein et al., 2023)", url: "https://arxiv.org/abs/2311.12022" }],
  },
];
