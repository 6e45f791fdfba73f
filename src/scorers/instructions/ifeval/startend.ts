/**
 * IFEval's `startend:` family: the response ends with the given phrase
 * (case-insensitive, surrounding quotes and spaces ignored), and the whole
 * response is wrapped in double quotes. Pure, no I/O.
 */
import { strip } from "../python-text";
import type { Checker } from "../types";

export const STARTEND: Record<string, Checker> = {
  "startend:end_checker": (response, args) =>
    strip(strip(response), '"').toLowerCase().endsWith(strip(args.str("end_phrase")).toLowerCase()),
  "startend:quotation": (response) => {
    const v = strip(response);
    return Array.from(v).length > 1 && v.startsWith('"') && v.endsWith('"');
  },
};
