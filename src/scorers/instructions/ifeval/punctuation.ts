/** IFEval's `punctuation:no_comma`: no ASCII comma anywhere. Pure, no I/O. */
import type { Checker } from "../types";

export const PUNCTUATION_CHECKS: Record<string, Checker> = {
  "punctuation:no_comma": (response) => !response.includes(","),
};
