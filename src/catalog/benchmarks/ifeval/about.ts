/** IFEval's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Prompts with checkable formatting and content instructions ('at least 300 words', 'no commas', 'answer in JSON').",
  status_detail:
    "Runs inline against a model target. Its 541 prompts load from their pinned source (checked against its sha256); " +
    "each response is checked by Assay's TypeScript port of the 25 instruction checkers of google-research's instruction_following_eval. " +
    "Sentence and word counts use tokenizers that approximate NLTK's, and the response language comes from a script and stopword detector instead of langdetect; " +
    "on GPT-4's published responses the checks agree with the official verdicts on 827 of 832 instructions strict and 829 loose (README, IFEval agreement).",
  text: {
    what_it_measures:
      "Precise instruction following on instructions a program can verify: " +
      "length limits in words, sentences or paragraphs, required, repeated or forbidden keywords, letter counts, bullet lists, highlighted sections, " +
      "numbered sections, JSON output, a <<title>>, all capitals or all lowercase, capitalised-word counts, a given ending, wrapping in quotes, " +
      "a postscript, placeholders, two responses, repeating the request, no commas, and the response language.",
    how_it_works:
      "541 prompts each carry one to three of 25 instruction types with their arguments. " +
      "The model answers once, zero-shot, with the prompt as the only user message; each instruction is checked deterministically on the answer. " +
      "/scores reports the four standard numbers as dimensions: prompt-level strict (the reward: " +
      "every instruction of the prompt followed), prompt-level loose, " +
      "and instruction-level strict and loose (instructions followed over all instructions checked, pooled over prompts as upstream does), plus strict/<id> and loose/<id> per instruction type. " +
      "Loose retries each check on the response without its first line, without its last line, without both, and each of those with every '*' removed, as upstream's evaluation_lib does. " +
      "An empty answer follows nothing.",
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
  credentials: [],
  requirements: [],
  references: [
    { title: "Instruction-Following Evaluation for Large Language Models (Zhou et al., 2023)", url: "https://arxiv.org/abs/2311.07911" },
    {
      title: "google-research/instruction_following_eval",
      url: "https://github.com/google-research/google-research/tree/master/instruction_following_eval",
    },
  ],
};
