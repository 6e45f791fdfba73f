/**
 * IFEval's `language:response_language`: the whole response is in the given
 * language (ISO 639-1), as langdetect sees it upstream; here the detector
 * of ../language-detect.ts. Text with no letters counts as followed, as
 * upstream treats langdetect's failure. Pure, no I/O.
 */
import { detectLanguage } from "../language-detect";
import type { Checker } from "../types";

export const LANGUAGE: Record<string, Checker> = {
  "language:response_language": (response, args) => {
    const lang = detectLanguage(response);
    return lang === null || lang === args.str("language");
  },
};
