/** Built-ins of the Instruction group: IFEval and IFBench. Pure data. */
import type { BuiltinBenchmark, ExternalDataset } from "../types";
import { notBundled } from "./common";

const IFEVAL_DATA: ExternalDataset = {
  kind: "external",
  location: "https://github.com/google-research/google-research/tree/master/instruction_following_eval (data/input_data.jsonl)",
  revision: null,
  license: "Apache-2.0",
  notes: "Prompts with the ids and arguments of the instructions each one contains; the checks are Python code in the same folder.",
};

const IFBENCH_DATA: ExternalDataset = {
  kind: "external",
  location: "https://github.com/allenai/IFBench and https://huggingface.co/datasets/allenai/IFBench_test",
  revision: null,
  license: "ODC-BY-1.0",
  notes: "Prompts from real user conversations combined with one or two constraints each; verification functions in the repository.",
};

const NO_CHECKS = "Scoring also needs the programmatic instruction checks (one verifier per instruction type), which Assay's scorer registry does not have yet.";

export const INSTRUCTION: BuiltinBenchmark[] = [
  {
    id: "bm_ifeval",
    name: "IFEval",
    description: "Prompts with checkable formatting and content instructions ('at least 300 words', 'no commas', 'answer in JSON').",
    category: "instruction",
    kind: "inline",
    variant_of: null,
    status: "unavailable",
    status_detail: notBundled(IFEVAL_DATA, NO_CHECKS),
    text: {
      what_it_measures:
        "Precise instruction following on instructions a program can verify: length limits, required or forbidden words, number of paragraphs or bullet points, letter case, output wrapped in JSON, a given ending, and so on.",
      how_it_works:
        "About five hundred prompts each carry one or more of 25 instruction types. The model answers once; each instruction has a deterministic check. " +
        "Prompt-level strict accuracy (the reward here) is 1 only when every instruction in the prompt is satisfied; loose variants retry the checks after stripping markdown and first or last lines.",
      strengths: [
        "No judge: checks are deterministic and cheap.",
        "Directly tests the formatting discipline that downstream parsers depend on.",
        "Per-instruction results show exactly which kinds of constraint fail.",
      ],
      limitations: [
        "Saturating: frontier models pass most prompts, and models have been tuned on these instruction types.",
        "Checks verify form, not quality; a compliant answer can still be useless.",
        "Only the 25 instruction types; see IFBench for unseen constraints.",
      ],
      when_to_use: "Pick it when outputs feed other software (parsers, templates, UI slots) or after tuning that may have loosened formatting discipline.",
      use_cases: ["Structured-output pipelines", "Content generation with style rules", "Agents whose tool calls depend on exact formats"],
    },
    data: IFEVAL_DATA,
    split: null,
    prompt_template: "{prompt}",
    answer_column: null,
    scoring: { type: "instruction_checks", level: "prompt", mode: "strict" },
    subsets: [],
    few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot." },
    sample_size: null,
    credentials: [],
    requirements: [],
    references: [{ title: "Instruction-Following Evaluation for Large Language Models (Zhou et al., 2023)", url: "https://arxiv.org/abs/2311.07911" }],
  },
  {
    id: "bm_ifbench",
    name: "IFBench",
    description: "New, unfamiliar verifiable constraints that test whether instruction following generalises beyond IFEval.",
    category: "instruction",
    kind: "inline",
    variant_of: null,
    status: "unavailable",
    status_detail: notBundled(IFBENCH_DATA, NO_CHECKS),
    text: {
      what_it_measures:
        "Generalisation of precise instruction following to 58 constraint types models are unlikely to have been trained on (counting, ratios, word and sentence rules, copying, custom formats), attached to real user prompts.",
      how_it_works:
        "Each prompt from real user conversations gets one or two out-of-distribution constraints with a verification function. The model answers; the checks decide, and the prompt-level score is 1 only if all constraints hold.",
      strengths: [
        "Exposes overfitting to IFEval: models that ace IFEval often drop sharply here.",
        "Deterministic checks, no judge.",
        "Realistic prompts rather than synthetic ones.",
      ],
      limitations: [
        "A few hundred prompts; intervals are wide.",
        "Some constraints are unusual enough to feel artificial.",
        "Form, not quality.",
      ],
      when_to_use: "Pick it with IFEval to see whether good instruction following transfers to constraints the model has not been tuned on.",
      use_cases: ["Agents driven by detailed operator instructions", "Products whose users set idiosyncratic output rules"],
    },
    data: IFBENCH_DATA,
    split: "test",
    prompt_template: "{prompt}",
    answer_column: null,
    scoring: { type: "instruction_checks", level: "prompt", mode: "strict" },
    subsets: [],
    few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot." },
    sample_size: null,
    credentials: [],
    requirements: [],
    references: [{ title: "Generalizing Verifiable Instruction Following (Pyatkin et al., 2025)", url: "https://arxiv.org/abs/2507.02833" }],
  },
];
