/**
 * Scorer `regex`: the first match of the pattern pulls the answer out of the
 * output (capture group spec.group; default 1 when the pattern has a group,
 * else the whole match), then it is compared to the expected answer exactly:
 * case-sensitive, both sides trimmed, no numeric normalisation (use
 * `numeric` for numbers). Pure, no I/O.
 *
 * Patterns are a project's input, so they run on RE2 (the re2js port, pure
 * JavaScript): matching is linear in the output's length whatever the
 * pattern, so `^(a+)+$` cannot stall a batch the way a backtracking engine
 * does. The syntax is JavaScript's minus what needs backtracking:
 * lookahead, lookbehind and backreferences are refused when the benchmark is
 * created. `\s` is ASCII whitespace (RE2's), where JavaScript also counts
 * Unicode spaces; flags are i, m, s (u is implied: RE2 always reads Unicode).
 */
import { compilePattern } from "./pattern";
import type { ScoreInputOf, ScoreResult } from "./types";
import { quote } from "./text";

/** Outputs are cut to this length before matching; with a linear-time engine this bounds each match's cost. */
export const MAX_REGEX_INPUT = 100_000;

export function scoreRegex({ output, expected, spec }: ScoreInputOf<"regex">): ScoreResult {
  if (expected === null) return { reward: null, reason: "the row has no expected answer" };
  const compiled = compilePattern(spec.pattern, (spec.flags ?? "").replace(/[gy]/g, ""));
  if (!compiled.ok) return { reward: null, reason: `the pattern cannot run: ${compiled.error}` };
  const { re } = compiled;
  const groups = re.groupCount();
  const group = spec.group ?? (groups > 0 ? 1 : 0);
  if (group > groups) return { reward: null, reason: `the pattern has no capture group ${group}` };
  const m = re.matcher(output.slice(0, MAX_REGEX_INPUT));
  if (!m.find()) return { reward: 0, reason: `the pattern /${spec.pattern}/ did not match the output` };
  const got = m.group(group);
  if (got === null) return { reward: 0, reason: `capture group ${group} took no part in the match` };
  return got.trim() === expected.trim()
    ? { reward: 1, reason: `extracted ${quote(got)}, equal to the expected answer` }
    : { reward: 0, reason: `extracted ${quote(got)}, expected ${quote(expected)}` };
}
