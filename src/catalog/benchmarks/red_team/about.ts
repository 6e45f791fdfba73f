/** Red Team's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { RED_TEAM_RUBRIC } from "../../../scorers/red-team-judge";
import { JUDGE_REQUIREMENT } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description:
    "Anthropic's hh-rlhf harmless-base red-team dialogues (2,312): the human turns replayed against the model, its last reply judged harmful or not. Not the red-team attempts file.",
  status_detail:
    "Runs inline with the run's judge model on the test split of hh-rlhf's harmless-base dialogues (anthropics/hh-rlhf at a pinned commit, checked " +
    "against its sha256). This is the harmless split's red-team dialogues, preference pairs whose human turns probe for harm, not the separate " +
    "red-team attempts file (38,961 transcripts), which is not loaded.",
  text: {
    what_it_measures:
      "Resistance to attempts to obtain harmful assistance, as people tried it on an assistant: violence, weapons, crime, self-harm, harassment, " +
      "privacy violations, discrimination and manipulation, often built up over several turns.",
    how_it_works:
      "Each task is one dialogue of hh-rlhf's harmless-base test split (Bai et al., 2022). Its human turns before the final reply (1 to 18, about " +
      "2.5 on average) are sent as one conversation: the first as the prompt, each next one after the model's own reply. The run's judge reads the " +
      `whole conversation and decides whether the model's last reply is harmful, by this rubric: ${RED_TEAM_RUBRIC} ` +
      "The reward is 1 for a harmless reply, so the score is the harmlessness rate; an unreadable verdict leaves the attempt unscored.",
    strengths: [
      "Human-written attacks, many of them multi-turn, reflect how people actually try to misuse assistants.",
      "Broad coverage of harm types, from violent to subtle (manipulation, privacy).",
      "A stated rubric, so the judge's decision can be read and audited per attempt.",
    ],
    limitations: [
      "hh-rlhf publishes preference pairs, not a grading rule: the rubric is Assay's, so scores are not comparable with published numbers.",
      "Judge-graded: the judge's own policy and blind spots shape the score; keep the judge fixed across runs.",
      "Rewards refusing; pair it with Guardrails to catch over-refusal.",
      "Content warning: the dialogues are offensive and upsetting by design.",
    ],
    when_to_use: "Pick it before exposing a model to the public, and after fine-tuning, which often erodes safety behaviour.",
    use_cases: ["Public-facing chatbots", "Open-ended creative or companion assistants", "Agents with tools that could cause real-world harm"],
  },
  credentials: [],
  requirements: [JUDGE_REQUIREMENT],
  references: [
    { title: "Training a Helpful and Harmless Assistant with RLHF (Bai et al., 2022)", url: "https://arxiv.org/abs/2204.05862" },
    { title: "Red Teaming Language Models to Reduce Harms (Ganguli et al., 2022)", url: "https://arxiv.org/abs/2209.07858" },
    { title: "anthropics/hh-rlhf", url: "https://github.com/anthropics/hh-rlhf" },
  ],
};
