/** IFBench's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "New, unfamiliar verifiable constraints that test whether instruction following generalises beyond IFEval.",
  status_detail:
    "Runs inline against a model target. Its 300 test prompts load from their pinned source (checked against its sha256); " +
    "each response is checked by Assay's TypeScript port of the 58 constraint checkers of allenai/IFBench. " +
    "A few checkers lean on NLTK (sentences, a part-of-speech tag), syllapy and the emoji package upstream and use approximations here; " +
    "on IFBench's sample responses the checks agree with the official verdicts on 332 of 334 instructions, strict and loose (README, IFBench agreement).",
  text: {
    what_it_measures:
      "Generalisation of precise instruction following to 58 constraint types models are unlikely to have been trained on: " +
      "word, unique-word, pronoun, number and keyword counts, stopword and sentence-type ratios, alphabetical or alliterative word patterns, " +
      "palindromes, nested brackets and quotes, emoji per sentence, indentation stairs, custom bullets, CSV layouts, copying a span or repeating the request, attached to real user prompts.",
    how_it_works:
      "Each of 300 prompts from real user conversations carries one or more out-of-distribution constraints with arguments. " +
      "The model answers once, zero-shot; each constraint is checked deterministically. /scores reports the four standard numbers as dimensions: " +
      "prompt-level strict (the reward: " +
      "every instruction of the prompt followed), prompt-level loose, " +
      "and instruction-level strict and loose (instructions followed over all instructions checked, pooled over prompts as upstream does), plus strict/<id> and loose/<id> per instruction type. " +
      "Loose retries each check on the response without its first line, without its last line, without both, and each of those with every '*' removed, as upstream's evaluation_lib does. " +
      "The paper reports prompt-level loose accuracy; it is the prompt_level_loose dimension here.",
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
  credentials: [],
  requirements: [],
  references: [
    { title: "Generalizing Verifiable Instruction Following (Pyatkin et al., 2025)", url: "https://arxiv.org/abs/2507.02833" },
    { title: "allenai/IFBench", url: "https://github.com/allenai/IFBench" },
  ],
};
