/**
 * IFEval's `combination:` family: two different responses separated by
 * `******`, and a response that starts by repeating the request
 * (case-insensitive, both sides trimmed). Pure, no I/O.
 */
import { strip } from "../python-text";
import type { Checker } from "../types";

export const COMBINATION: Record<string, Checker> = {
  "combination:two_responses": (response) => {
    const parts = response.split("******");
    const valid: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      if (strip(parts[i]!)) valid.push(parts[i]!);
      else if (i !== 0 && i !== parts.length - 1) return false;
    }
    return valid.length === 2 && strip(valid[0]!) !== strip(valid[1]!);
  },
  "combination:repeat_prompt": (response, args) =>
    strip(response).toLowerCase().startsWith(strip(args.str("prompt_to_repeat")).toLowerCase()),
};
