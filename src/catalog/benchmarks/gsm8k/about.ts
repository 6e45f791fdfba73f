/** GSM8K's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Grade-school math word problems that take a few steps of arithmetic; the final number must be right.",
  status_detail: "Runs inline. The test split loads on first use from its pinned source and is checked against its sha256.",
  text: {
    what_it_measures:
      "Whether a model can turn a short story problem into a chain of arithmetic steps and land on the exact number: " +
      "multi-step quantitative reasoning with everyday quantities (money, time, counts, rates).",
    how_it_works:
      "Each of the 1,319 test problems is sent once with an instruction to reason step by step and finish with a line '#### <number>'. " +
      "The scorer extracts the final number the way lm-evaluation-harness does (strict: the '#### N' line; flexible, the default here: " +
      "the last number in the reply), strips commas, '$' and a trailing period from both sides, and compares the numbers, so '$1,000.' matches 1000. " +
      "Reward is 1 or 0 per problem.",
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
    when_to_use: "Pick it to catch regressions in basic multi-step reasoning after a fine-tune, a quantisation or a prompt change, or to compare small and mid-sized models.",
    use_cases: [
      "Assistants that compute totals, discounts or schedules for users",
      "Tutoring and homework-help agents",
      "Back-office agents that reconcile quantities (invoices, inventory)",
    ],
  },
  credentials: [],
  requirements: [],
  references: [
    { title: "Training Verifiers to Solve Math Word Problems (Cobbe et al., 2021)", url: "https://arxiv.org/abs/2110.14168" },
    { title: "openai/grade-school-math", url: "https://github.com/openai/grade-school-math" },
  ],
};
