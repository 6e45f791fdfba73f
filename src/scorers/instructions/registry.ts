/**
 * Every instruction checker by id: IFEval's 25 instruction types
 * (google-research `instruction_following_eval`) and IFBench's 58 new
 * constraint types (allenai/IFBench), one module per instruction family.
 * A test keeps this list and the families in step. Pure, no I/O.
 */
import { CASE } from "./ifeval/case";
import { COMBINATION } from "./ifeval/combination";
import { CONTENT } from "./ifeval/content";
import { FORMAT } from "./ifeval/format";
import { KEYWORDS } from "./ifeval/keywords";
import { LANGUAGE } from "./ifeval/language";
import { LENGTH } from "./ifeval/length";
import { PUNCTUATION_CHECKS } from "./ifeval/punctuation";
import { STARTEND } from "./ifeval/startend";
import { COUNT } from "./ifbench/count";
import { CUSTOM } from "./ifbench/custom";
import { FORMAT_IFBENCH } from "./ifbench/format";
import { RATIO } from "./ifbench/ratio";
import { REPEAT } from "./ifbench/repeat";
import { SENTENCE } from "./ifbench/sentence";
import { WORDS_CHECKS } from "./ifbench/words";
import type { Checker } from "./types";

/** IFEval's instruction types. */
export const IFEVAL_CHECKERS: Readonly<Record<string, Checker>> = {
  ...KEYWORDS,
  ...LANGUAGE,
  ...LENGTH,
  ...CONTENT,
  ...FORMAT,
  ...COMBINATION,
  ...STARTEND,
  ...CASE,
  ...PUNCTUATION_CHECKS,
};

/** IFBench's new constraint types (its registry also carries IFEval's, which are the ones above). */
export const IFBENCH_CHECKERS: Readonly<Record<string, Checker>> = {
  ...COUNT,
  ...RATIO,
  ...WORDS_CHECKS,
  ...SENTENCE,
  ...FORMAT_IFBENCH,
  ...CUSTOM,
  ...REPEAT,
};

/** Every checker Assay has, by instruction id. */
export const INSTRUCTION_CHECKERS: Readonly<Record<string, Checker>> = { ...IFEVAL_CHECKERS, ...IFBENCH_CHECKERS };
