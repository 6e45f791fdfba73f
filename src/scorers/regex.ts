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
import { RE2JS } from "re2js";
import type { ScoreInputOf, ScoreResult } from "./types";
import { quote } from "./text";

/** Outputs are cut to this length before matching; with a linear-time engine this bounds each match's cost. */
export const MAX_REGEX_INPUT = 100_000;

/** Compiled patterns kept for reuse (a run scores many attempts with one pattern). */
const CACHE_SIZE = 64;
const cache = new Map<string, CompiledPattern>();

export type CompiledPattern = { ok: true; re: RE2JS } | { ok: false; error: string };

function flagBits(flags: string): number {
  let bits = 0;
  if (flags.includes("i")) bits |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes("m")) bits |= RE2JS.MULTILINE;
  if (flags.includes("s")) bits |= RE2JS.DOTALL;
  return bits;
}

/**
 * A user's pattern compiled for the linear-time engine, or why it cannot be:
 * invalid, or a construct (lookaround, backreference) only a backtracking
 * engine runs.
 */
export function compilePattern(pattern: string, flags = ""): CompiledPattern {
  const key = `${flags}/${pattern}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let out: CompiledPattern;
  try {
    out = { ok: true, re: RE2JS.compile(RE2JS.translateRegExp(pattern), flagBits(flags)) };
  } catch (err) {
    const message = err instanceof Error ? err.message.replace(/^error parsing regexp: /, "") : String(err);
    out = { ok: false, error: `${message} (patterns run on a linear-time engine, RE2 syntax: no lookahead, lookbehind or backreferences)` };
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, out);
  return out;
}

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
