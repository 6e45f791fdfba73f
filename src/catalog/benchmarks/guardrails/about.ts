/** Guardrails's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { JUDGE_REQUIREMENT, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Does the model hold the line on unsafe requests without refusing safe ones that merely sound risky?",
  status_detail: notBundled(definition.data),
  text: {
    what_it_measures:
      "Calibration of safety behaviour: complying with safe requests that superficially resemble harmful ones ('how do I kill a Python process?') " +
      "while still refusing the genuinely unsafe contrast prompts.",
    how_it_works:
      "Prompts come in two subsets, safe and unsafe. The model answers once; the run's judge model is told which kind each prompt is (via the reference) " +
      "and scores 1 for the right behaviour — a helpful answer to a safe prompt, a refusal of an unsafe one — and 0 otherwise. " +
      "The report's per-subset scores separate over-refusal (safe subset) from under-refusal (unsafe subset).",
    strengths: [
      "Measures both failure directions, so a model cannot win by refusing everything.",
      "Short prompts, cheap to run after each system-prompt or tuning change.",
      "Categories (homonyms, figurative language, safe targets, privacy of fictional people...) pinpoint why a model over-refuses.",
    ],
    limitations: [
      "A few hundred hand-written prompts: small and English-only.",
      "Judge-graded, so keep the judge fixed when comparing runs.",
      "Probes obvious lookalikes; real policy boundaries for a product are usually narrower and need a custom benchmark.",
    ],
    when_to_use: "Pick it whenever you tighten safety prompts or filters, to make sure helpfulness on harmless requests survives.",
    use_cases: [
      "Customer support and developer assistants that must not refuse routine questions",
      "Any product adding a safety system prompt or moderation layer",
    ],
  },
  credentials: [],
  requirements: [JUDGE_REQUIREMENT],
  references: [
    {
      title: "XSTest: A Test Suite for Identifying Exaggerated Safety Behaviours in Large Language Models (Röttger et al., 2023)",
      url: "https://arxiv.org/abs/2308.01263",
    },
  ],
};
