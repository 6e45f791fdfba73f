/** MT-Bench's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { JUDGE_REQUIREMENT } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Two-turn conversations across eight kinds of request, each turn rated 1–10 by the run's judge model.",
  status_detail:
    "Runs inline with the run's judge model on FastChat's 80 questions (10 per category, two user turns each) " +
    "and its GPT-4 reference answers for math, reasoning and coding. " +
    "Data loads on first use from the pinned files of lm-sys/FastChat, each checked against its sha256.",
  text: {
    what_it_measures:
      "Open-ended assistant quality over a short conversation: " +
      "answering a request well, then answering a follow-up that depends on that first answer, across writing, roleplay, extraction, reasoning, math, coding, STEM and humanities questions. " +
      "The score is the judge's mean rating on a 1–10 scale, not a share of correct answers.",
    how_it_works:
      "Each attempt is one question played as a real conversation: " +
      "the model answers the first user turn, then the second user turn is sent with the model's own first answer in the conversation (e.g. " +
      "\"now rewrite it starting every sentence with A\"). " +
      "The run's judge then grades each turn separately with single-answer grading as FastChat's llm_judge does: " +
      "turn 1 from the question and answer, turn 2 from the whole conversation with only the second answer graded. " +
      "For math, reasoning and coding the judge also sees FastChat's GPT-4 reference answers (the reference conversation for turn 2), " +
      "is asked for correctness and helpfulness and to correct mistakes against the reference; " +
      "the other categories are rated on helpfulness, relevance, accuracy, depth, creativity and detail. " +
      "The judge explains briefly and ends with a rating from 1 to 10 written as [[rating]]; the first [[N]] (else [N]) " +
      "in its reply is the turn's score. A reply without a rating counts as upstream's -1: that turn is left out of the means, never scored 0; " +
      "a question with neither turn rated is unscored. An attempt's reward is the mean of its rated turns on the 1–10 scale; " +
      "the run reports it per category (the subsets) and, as dimensions, the mean rating of turn 1, of turn 2, and overall (all rated turns pooled: " +
      "FastChat's MT-Bench score). " +
      "Assay's judge prompts restate FastChat's in its own words with the same layout, and the model answers with the run's sampling settings (FastChat varies temperature by category).",
    strengths: [
      "Tests conversational follow-through: the second turn only makes sense after the model's own first answer.",
      "Judge ratings correlate well with human preference on this kind of request (Zheng et al., 2023).",
      "Small and fast: 80 questions, 160 judged turns.",
    ],
    limitations: [
      "Judge-graded: judges favour long answers and their own style; keep the judge fixed and be wary of small differences. " +
        "Scores from a judge other than GPT-4 are not comparable with the published leaderboard.",
      "Only 80 questions, so intervals are wide, and the set is well known.",
      "Ratings cluster near the top for current assistants; some GPT-4 reference answers are themselves wrong.",
      "On the 1–10 scale a mean of exactly 1 is shown like the unit value 1 by displays that read values in [0, 1] as shares.",
    ],
    when_to_use: "Pick it to compare chat behaviour of two model or prompt versions before a release, alongside objective benchmarks.",
    use_cases: ["General chat assistants", "Writing and roleplay products", "Assistants whose users ask follow-up questions"],
  },
  credentials: [],
  requirements: [JUDGE_REQUIREMENT],
  references: [
    { title: "Judging LLM-as-a-Judge with MT-Bench and Chatbot Arena (Zheng et al., 2023)", url: "https://arxiv.org/abs/2306.05685" },
    { title: "lm-sys/FastChat (fastchat/llm_judge)", url: "https://github.com/lm-sys/FastChat/tree/main/fastchat/llm_judge" },
  ],
};
