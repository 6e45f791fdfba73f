/**
 * The pinned data of each built-in that has some, by benchmark id: all the
 * Worker needs at run time to load a built-in's data. The definitions'
 * catalog text lives in D1 (seeded by the migrations generated from them),
 * so keeping this apart keeps that text, about a fifth of the catalog's
 * bytes, out of the Worker bundle. A test checks it agrees with every
 * definition (src/catalog/catalog.test.ts).
 */
import { ARC_AGI_2_DATA, ARC_AGI_DATA } from "./sources-arc-agi";
import { BFCL_DATA } from "./sources-bfcl";
import { IFBENCH_DATA, IFEVAL_DATA } from "./sources-instruction";
import { MATH_VISION_DATA } from "./sources-math-vision";
import { MT_BENCH_DATA } from "./sources-mt-bench";
import { HELLASWAG_DATA, MMLU_PRO_DATA } from "./sources-multiple-choice";
import { TOXIGEN_DATA } from "./sources-toxigen";
import { ARC_CHALLENGE_DATA, GSM8K_DATA, HUMANEVAL_DATA, MBPP_DATA, MBPP_PLUS_DATA, MMLU_DATA, TRUTHFULQA_DATA, TRUTHFULQA_MC1_DATA } from "./sources";
import type { PinnedDataset } from "./types";

export const PINNED_DATA: Readonly<Record<string, PinnedDataset>> = {
  bm_gsm8k: GSM8K_DATA,
  bm_arc_agi: ARC_AGI_DATA,
  bm_arc_agi_2: ARC_AGI_2_DATA,
  bm_arc_challenge: ARC_CHALLENGE_DATA,
  bm_hellaswag: HELLASWAG_DATA,
  bm_mmlu: MMLU_DATA,
  bm_mmlu_pro: MMLU_PRO_DATA,
  bm_humaneval: HUMANEVAL_DATA,
  bm_mbpp: MBPP_DATA,
  bm_mbpp_plus: MBPP_PLUS_DATA,
  bm_truthfulqa: TRUTHFULQA_DATA,
  bm_truthfulqa_mc1: TRUTHFULQA_MC1_DATA,
  bm_toxigen: TOXIGEN_DATA,
  bm_mt_bench: MT_BENCH_DATA,
  bm_ifeval: IFEVAL_DATA,
  bm_ifbench: IFBENCH_DATA,
  bm_bfcl_v4: BFCL_DATA,
  bm_math_vision: MATH_VISION_DATA,
};
