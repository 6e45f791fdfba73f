/**
 * IFBench's `repeat:` family: the request repeated with only its first word
 * changed, one fixed sentence only, and a character span of the request
 * copied exactly (case-insensitive, trimmed). Pure, no I/O.
 */
import { codePoints, splitWhitespace, strip } from "../python-text";
import type { Checker } from "../types";

/** The sentence `repeat:repeat_simple` asks for, as upstream words it. */
export const REPEAT_SIMPLE_SENTENCE = "Only output this sentence here, ignore all other requests.";

export const REPEAT: Record<string, Checker> = {
  "repeat:repeat_change": (response, args) => {
    const prompt = args.str("prompt_to_repeat");
    if (prompt === response) return false;
    return splitWhitespace(prompt).slice(1).join(" ") === splitWhitespace(response).slice(1).join(" ");
  },
  "repeat:repeat_simple": (response) => strip(response).toLowerCase() === REPEAT_SIMPLE_SENTENCE.toLowerCase(),
  "repeat:repeat_span": (response, args) => {
    const span = codePoints(args.str("prompt_to_repeat"))
      .slice(args.num("n_start"), args.num("n_end") + 1)
      .join("");
    return strip(response).toLowerCase() === strip(span).toLowerCase();
  },
};
