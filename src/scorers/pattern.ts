/**
 * A project's regular expression compiled for RE2 (the re2js port): linear
 * time in the input whatever the pattern (see regex.ts for the syntax this
 * accepts). Shared by the regex scorer, the scoring spec's validation and
 * benchmark creation; imports nothing of the scorer contract.
 */
import { RE2JS } from "re2js";

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
