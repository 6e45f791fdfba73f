/**
 * The pinned data of MT-Bench: FastChat's 80 two-turn questions and the
 * GPT-4 reference answers its judge reads for the math, reasoning and
 * coding questions, pinned to lm-sys/FastChat with the sha256 and size of
 * the upstream bytes (facts from shared/datasets/mt_bench/SOURCE.md).
 * The judge prompts are not loaded: Assay's MT-Bench scorer writes its own
 * (src/scorers/mt-bench-judge.ts). Pure data, no I/O.
 */
import type { PinnedDataset } from "../../types";

const FASTCHAT = "lm-sys/FastChat";
const FASTCHAT_COMMIT = "0e6d3e4beaab66f4d3f93db72541a4abab8af28d";
const DATA = "fastchat/llm_judge/data/mt_bench";

/** The eight categories, ten questions each, in the file's order. */
export const MT_BENCH_CATEGORIES = ["writing", "roleplay", "reasoning", "math", "coding", "extraction", "stem", "humanities"] as const;

/** Categories whose turns upstream judges against the GPT-4 reference answer (FastChat's NEED_REF_CATS). */
export const MT_BENCH_REFERENCE_CATEGORIES: readonly string[] = ["math", "reasoning", "coding"];

export const MT_BENCH_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.mt-bench",
  version: 1,
  repository: FASTCHAT,
  commit: FASTCHAT_COMMIT,
  license: "Apache-2.0",
  files: [
    {
      path: "mt_bench/question.jsonl",
      url: `https://raw.githubusercontent.com/${FASTCHAT}/${FASTCHAT_COMMIT}/${DATA}/question.jsonl`,
      sha256: "119565adbab82227089cefdb44c8d7e2cf04dc0a0ec233634c82e7d4e2a944f7",
      bytes: 48929,
      format: "jsonl",
    },
    {
      path: "mt_bench/reference_answer/gpt-4.jsonl",
      url: `https://raw.githubusercontent.com/${FASTCHAT}/${FASTCHAT_COMMIT}/${DATA}/reference_answer/gpt-4.jsonl`,
      sha256: "f957a5bc977badb66885ec970e6cd08527845780313f0995764260e5777b9b3f",
      bytes: 51109,
      format: "jsonl",
    },
  ],
  notes:
    "The repository's question file (80 questions, two user turns each, 10 per category) and its GPT-4 reference answers " +
    "(30 rows, questions 101–130: reasoning, math, coding), byte for byte. The loader joins each question with its reference " +
    "answers when its category is one the upstream judge reads them for; the questions' own short `reference` field is kept for inspection only.",
};
