/**
 * BFCL v4's pinned files: the five non-live AST categories and their
 * possible answers from ShishirPatil/gorilla at one commit, with the sha256
 * and size of the published bytes (shared/datasets/bfcl/SOURCE.md). The
 * files are JSON Lines despite their `.json` names. Pure data, no I/O.
 */
import { BFCL_CATEGORIES, bfclAnswerPath, bfclQuestionPath, hasAnswers, type BfclCategory } from "./normalise";
import type { PinnedDataset, SourceFile } from "../../types";

const REPOSITORY = "ShishirPatil/gorilla";
const COMMIT = "6ea57973c7a6097fd7c5915698c54c17c5b1b6c8";
const DATA_DIR = "berkeley-function-call-leaderboard/bfcl_eval/data";

const QUESTIONS: Record<BfclCategory, [string, number]> = {
  simple_python: ["82dd63ba502eb2520c6b5d1d9a5c4b590e03ff261565175561f6228a367d1991", 283_274],
  multiple: ["aef168155ebd74b7ac2401198b201343bc7d16d7a3d7e0d4e6d8ee82c6969b2a", 316_583],
  parallel: ["19f51a82eff42e5d62541aa500115a056eb78f437c2ba1f10415fd7c8e5dda84", 171_896],
  parallel_multiple: ["8863ea8433239f55c5f016154cf0830853c89f693c6ea270396a2fa121960579", 347_080],
  irrelevance: ["2b6ed4c2e992cdcf5f1678a701851f944bef7550ee026ed1ddb89efed5be01a6", 159_940],
};

const ANSWERS: Record<Exclude<BfclCategory, "irrelevance">, [string, number]> = {
  simple_python: ["90cd5bc653690ee8e459b5b3f3fc9458606f7f3fcbf795bb51b7dc581f8c86dc", 63_627],
  multiple: ["244e00ce9395df948bcafc7bee64e8f9c87ef70887587d83cae45b13699f3047", 32_254],
  parallel: ["8a6aa19c1adddc6a5a2f7e40f9dbf30cc7e95815e7b830c90589ab318229e0f0", 66_005],
  parallel_multiple: ["5ebf24f458c1f16300c05505d83d6f0a1b68b79be273a033febd0d4f840507e3", 74_602],
};

const pinned = (path: string, upstream: string, [sha256, bytes]: [string, number]): SourceFile => ({
  path,
  url: `https://raw.githubusercontent.com/${REPOSITORY}/${COMMIT}/${DATA_DIR}/${upstream}`,
  sha256,
  bytes,
  format: "jsonl",
});

export const BFCL_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.bfcl-v4",
  version: 1,
  repository: REPOSITORY,
  commit: COMMIT,
  license: "Apache-2.0",
  files: BFCL_CATEGORIES.flatMap((c) => [
    pinned(bfclQuestionPath(c), `BFCL_v4_${c}.json`, QUESTIONS[c]),
    ...(hasAnswers(c) ? [pinned(bfclAnswerPath(c), `possible_answer/BFCL_v4_${c}.json`, ANSWERS[c as keyof typeof ANSWERS])] : []),
  ]),
  notes:
    "BFCL v4's non-live AST categories as published (simple_python 400, multiple 200, parallel 200, parallel_multiple 200, " +
    "irrelevance 240), each question joined with its possible answer by id. Not loaded: the live, multi-turn, memory, web search " +
    "and format sensitivity categories, and simple_java / simple_javascript (their answers are source-code literals that need " +
    "BFCL's Java and JavaScript type converters, which Assay does not implement).",
};
