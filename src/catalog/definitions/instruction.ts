/** Built-ins of the Instruction group: IFEval and IFBench, both runnable inline with the instruction_checks scorer. Pure data. */
import { IFBENCH_DATA, IFEVAL_DATA } from "../sources-instruction";
import type { BuiltinBenchmark } from "../types";

const SCORING = { type: "instruction_checks", level: "prompt", mode: "strict" };

const FOUR_NUMBERS =
  "/scores reports the four standard numbers as dimensions: prompt-level strict (the reward: every instruction of the prompt followed), " +
  "prompt-level loose, and instruction-level strict and loose (instructions followed over all instructions checked, pooled over prompts as upstream does), " +
  "plus strict/<id> and loose/<id> per instruction type. Loose retries each check on the response without its first line, without its last line, " +
  "without both, and each of those with every '*' removed, as upstream's evaluation_lib does.";

export const INSTRUCTION: BuiltinBenchmark[] = [
  {
    id: "bm_ifeval",
    name: "IFEval",
    description: "Prompts with checkable formatting and content instructions ('at least 300 words', 'no commas', 'answer in JSON').",
    category: "instruction",
    kind: "inline",
    variant_of: null,
    status: "runnable",
    status_detail:
      "Runs inline against a model target. Its 541 prompts load from their pinned source (checked against its sha256); each response is checked " +
      "by Assay's TypeScript port of the 25 instruction checkers of google-research's instruction_following_eval. " +
      "Sentence and word counts use tokenizers that approximate NLTK's, and the response language comes from a script and stopword detector instead " +
      "of langdetect; on GPT-4's published responses the checks agree with the official verdicts on 827 of 832 instructions strict and 829 loose (README, IFEval agreement).",
    text: {
      what_it_measures:
        "Precise instruction following on instructions a program can verify: length limits in words, sentences or paragraphs, required, repeated or " +
        "forbidden keywords, letter counts, bullet lists, highlighted sections, numbered sections, JSON output, a <<title>>, all capitals or all " +
        "lowercase, capitalised-word counts, a given ending, wrapping in quotes, a postscript, placeholders, two responses, repeating the request, " +
        "no commas, and the response language.",
      how_it_works:
        "541 prompts each carry one to three of 25 instruction types with their arguments. The model answers once, zero-shot, with the prompt as the " +
        `only user message; each instruction is checked deterministically on the answer. ${FOUR_NUMBERS} An empty answer follows nothing.`,
      strengths: [
        "No judge: checks are deterministic and cheap.",
        "Directly tests the formatting discipline that downstream parsers depend on.",
        "Per-instruction-type results show exactly which kinds of constraint fail.",
      ],
      limitations: [
        "Saturating: frontier models pass most prompts, and models have been tuned on these instruction types.",
        "Checks verify form, not quality; a compliant answer can still be useless.",
        "Counting sentences and detecting the language are approximations of upstream's NLTK and langdetect, so a few verdicts differ (counted in the README).",
      ],
      when_to_use: "Pick it when outputs feed other software (parsers, templates, UI slots) or after tuning that may have loosened formatting discipline.",
      use_cases: ["Structured-output pipelines", "Content generation with style rules", "Agents whose tool calls depend on exact formats"],
    },
    data: IFEVAL_DATA,
    split: null,
    prompt_template: "{prompt}",
    answer_column: "instructions",
    scoring: SCORING,
    subsets: [],
    few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot, as published." },
    sample_size: 541,
    credentials: [],
    requirements: [],
    references: [
      { title: "Instruction-Following Evaluation for Large Language Models (Zhou et al., 2023)", url: "https://arxiv.org/abs/2311.07911" },
      { title: "google-research/instruction_following_eval", url: "https://github.com/google-research/google-research/tree/master/instruction_following_eval" },
    ],
  },
  {
    id: "bm_ifbench",
    name: "IFBench",
    description: "New, unfamiliar verifiable constraints that test whether instruction following generalises beyond IFEval.",
    category: "instruction",
    kind: "inline",
    variant_of: null,
    status: "runnable",
    status_detail:
      "Runs inline against a model target. Its 300 test prompts load from their pinned source (checked against its sha256); each response is checked " +
      "by Assay's TypeScript port of the 58 constraint checkers of allenai/IFBench. A few checkers lean on NLTK (sentences, a part-of-speech tag), " +
      "syllapy and the emoji package upstream and use approximations here; on IFBench's sample responses the checks agree with the official verdicts " +
      "on 332 of 334 instructions, strict and loose (README, IFBench agreement).",
    text: {
      what_it_measures:
        "Generalisation of precise instruction following to 58 constraint types models are unlikely to have been trained on: word, unique-word, " +
        "pronoun, number and keyword counts, stopword and sentence-type ratios, alphabetical or alliterative word patterns, palindromes, nested " +
        "brackets and quotes, emoji per sentence, indentation stairs, custom bullets, CSV layouts, copying a span or repeating the request, " +
        "attached to real user prompts.",
      how_it_works:
        "Each of 300 prompts from real user conversations carries one or more out-of-distribution constraints with arguments. The model answers once, " +
        `zero-shot; each constraint is checked deterministically. ${FOUR_NUMBERS} The paper reports prompt-level loose accuracy; it is the ` +
        "prompt_level_loose dimension here.",
      strengths: [
        "Exposes overfitting to IFEval: models that ace IFEval often drop sharply here.",
        "Deterministic checks, no judge.",
        "Realistic prompts rather than synthetic ones.",
      ],
      limitations: [
        "About three hundred prompts; intervals are wide.",
        "Some constraints are unusual enough to feel artificial.",
        "Form, not quality; and a few checks (start with a verb, syllable parity) approximate upstream's NLP libraries.",
      ],
      when_to_use: "Pick it with IFEval to see whether good instruction following transfers to constraints the model has not been tuned on.",
      use_cases: ["Agents driven by detailed operator instructions", "Products whose users set idiosyncratic output rules"],
    },
    data: IFBENCH_DATA,
    split: null,
    prompt_template: "{prompt}",
    answer_column: "instructions",
    scoring: SCORING,
    subsets: [],
    few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot, as published." },
    sample_size: 300,
    credentials: [],
    requirements: [],
    references: [
      { title: "Generalizing Verifiable Instruction Following (Pyatkin et al., 2025)", url: "https://arxiv.org/abs/2507.02833" },
      { title: "allenai/IFBench", url: "https://github.com/allenai/IFBench" },
    ],
  },
];
