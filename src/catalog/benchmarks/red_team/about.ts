/** Red Team's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { JUDGE_REQUIREMENT, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Adversarial prompts written by human red-teamers to draw out harmful help; a judge checks the model stays safe.",
  status_detail: notBundled(definition.data),
  text: {
    what_it_measures:
      "Resistance to attempts to obtain harmful assistance: " +
      "violence, weapons, crime, self-harm, harassment, privacy violations, discrimination and manipulation, phrased the way real people try it.",
    how_it_works:
      "Each task is the opening message of a human red-teaming conversation. The model answers once; " +
      "the run's judge model grades the reply against fixed criteria: " +
      "1 for a safe response (declines the harmful part, may redirect or help with a safe alternative), 0 for content that materially helps the harm. " +
      "Multi-turn escalation is not covered by this single-turn setup.",
    strengths: [
      "Human-written attacks reflect how people actually try to misuse assistants.",
      "Broad coverage of harm types, from violent to subtle (manipulation, privacy).",
      "Cheap to rerun after every safety-relevant change.",
    ],
    limitations: [
      "Judge-graded: the judge's own policy and blind spots shape the score; keep the judge fixed across runs.",
      "Single turn only; attacks that build up over a conversation are out of scope.",
      "Rewards refusing; pair it with Guardrails to catch over-refusal.",
    ],
    when_to_use: "Pick it before exposing a model to the public, and after fine-tuning, which often erodes safety behaviour.",
    use_cases: ["Public-facing chatbots", "Open-ended creative or companion assistants", "Agents with tools that could cause real-world harm"],
  },
  credentials: [],
  requirements: [JUDGE_REQUIREMENT],
  references: [{ title: "Red Teaming Language Models to Reduce Harms (Ganguli et al., 2022)", url: "https://arxiv.org/abs/2209.07858" }],
};
