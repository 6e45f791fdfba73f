/**
 * Scorer `regex`: the first match of the pattern pulls the answer out of the
 * output (capture group spec.group; default 1 when the pattern has a group,
 * else the whole match), then it is compared to the expected answer exactly:
 * case-sensitive, both sides trimmed, no numeric normalisation (use
 * `numeric` for numbers). Pure, no I/O.
 */
import type { ScoreInputOf, ScoreResult } from "./types";
import { quote } from "./text";

/** Outputs are cut to this length before matching, bounding the cost of a user's pattern. */
export const MAX_REGEX_INPUT = 100_000;

/** How many capture groups a pattern has (matching the empty alternative reveals them all). */
export function groupCount(re: RegExp): number {
  return (new RegExp(`${re.source}|`, re.flags).exec("")?.length ?? 1) - 1;
}

export function scoreRegex({ output, expected, spec }: ScoreInputOf<"regex">): ScoreResult {
  if (expected === null) return { reward: null, reason: "the row has no expected answer" };
  const re = new RegExp(spec.pattern, (spec.flags ?? "").replace(/[gy]/g, ""));
  const groups = groupCount(re);
  const group = spec.group ?? (groups > 0 ? 1 : 0);
  if (group > groups) return { reward: null, reason: `the pattern has no capture group ${group}` };
  const m = re.exec(output.slice(0, MAX_REGEX_INPUT));
  if (!m) return { reward: 0, reason: `the pattern /${spec.pattern}/ did not match the output` };
  const got = m[group];
  if (got === undefined) return { reward: 0, reason: `capture group ${group} took no part in the match` };
  return got.trim() === expected.trim()
    ? { reward: 1, reason: `extracted ${quote(got)}, equal to the expected answer` }
    : { reward: 0, reason: `extracted ${quote(got)}, expected ${quote(expected)}` };
}
