/** Built-ins of the Chat group: MT-Bench. Pure data. */
import type { BuiltinBenchmark, ExternalDataset } from "../types";
import { JUDGE_REQUIREMENT, notBundled } from "./common";

const MT_BENCH_DATA: ExternalDataset = {
  kind: "external",
  location: "https://github.com/lm-sys/FastChat (fastchat/llm_judge/data/mt_bench/question.jsonl)",
  revision: null,
  license: "Apache-2.0",
  notes: "80 questions, each with two user turns; reference answers exist for the maths, reasoning and coding questions.",
};

export const CHAT: BuiltinBenchmark[] = [
  {
    id: "bm_mt_bench",
    name: "MT-Bench",
    description: "Two-turn conversations across eight kinds of request, each turn rated by a strong judge model.",
    category: "chat",
    kind: "inline",
    variant_of: null,
    status: "unavailable",
    status_detail: notBundled(
      MT_BENCH_DATA,
      "Each question also has a second, follow-up turn, which the inline executor (one user message per attempt) does not hold yet.",
    ),
    text: {
      what_it_measures:
        "Open-ended assistant quality over a short conversation: following the request, answering the follow-up in context, and doing so helpfully across writing, roleplay, extraction, reasoning, maths, coding, STEM and humanities questions.",
      how_it_works:
        "Each question has a first user turn and a follow-up that depends on the first answer (e.g. 'now rewrite it as a limerick'). The model answers both; the run's judge model rates each answer on a 1–10 scale with the question's reference answer when it has one, " +
        "and the reward is the rating scaled to 0–1. The eight categories are the subsets, and the per-turn scores show how well a model keeps context.",
      strengths: [
        "Tests conversational follow-through, which single-turn benchmarks miss.",
        "Judge ratings correlate well with human preference on this kind of request.",
        "Small and fast: 80 questions.",
      ],
      limitations: [
        "Judge-graded: judges favour long answers and their own style; keep the judge fixed and be wary of small differences.",
        "Only 80 questions, so intervals are wide and the set is well known.",
        "Ratings cluster near the top for current assistants.",
      ],
      when_to_use: "Pick it to compare chat behaviour of two model or prompt versions before a release, alongside objective benchmarks.",
      use_cases: ["General chat assistants", "Writing and roleplay products", "Assistants whose users ask follow-up questions"],
    },
    data: MT_BENCH_DATA,
    split: null,
    prompt_template: "{turn_1}",
    answer_column: "reference",
    scoring: {
      type: "llm_judge",
      criteria:
        "Rate the helpfulness, relevance, accuracy, depth, creativity and level of detail of the candidate answer to the user's request. Where a reference answer is given, check correctness against it first: wrong maths, reasoning or code is a low score however well written. " +
        "Be strict; length alone earns nothing. Express a 1–10 rating as a score in [0, 1] (rating / 10).",
    },
    subsets: ["writing", "roleplay", "extraction", "reasoning", "math", "coding", "stem", "humanities"],
    few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot." },
    sample_size: null,
    credentials: [],
    requirements: [JUDGE_REQUIREMENT, "Multi-turn execution (two user turns per attempt)."],
    references: [{ title: "Judging LLM-as-a-Judge with MT-Bench and Chatbot Arena (Zheng et al., 2023)", url: "https://arxiv.org/abs/2306.05685" }],
  },
];
