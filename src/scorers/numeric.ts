/**
 * Scorer `numeric`: the final number of the output against the expected one,
 * extracted as lm-evaluation-harness does for GSM8K. strict: the first
 * `#### N`; flexible: the last number-like run. Both sides are normalised
 * the harness's way (commas, `$`, everything up to `#### `, one trailing
 * period removed) and then compared as numbers, so `$1,000.` matches 1000.
 * Pure, no I/O.
 */
import type { ScoreInputOf, ScoreResult } from "./types";
import { quote } from "./text";

const STRICT = /#### (-?[0-9.,]+)/;
const FLEXIBLE = /(-?[$0-9.,]{2,})|(-?[0-9]+)/g;

/** The harness's answer cleanup: drop commas and `$`, everything through the last `#### `, one trailing period. */
export function normaliseNumber(text: string): string {
  return text.trim().replace(/,/g, "").replace(/\$/g, "").replace(/^[\s\S]*#### /, "").replace(/\.$/, "").trim();
}

/** The raw answer the mode extracts from an output, or null. */
export function extractNumber(output: string, mode: "strict" | "flexible"): string | null {
  if (mode === "strict") return STRICT.exec(output)?.[1] ?? null;
  let last: string | null = null;
  // Unlike the harness, a run with no digit ("...", "$") is not taken for the answer.
  for (const m of output.matchAll(FLEXIBLE)) {
    const hit = m[1] ?? m[2] ?? "";
    if (/\d/.test(hit)) last = hit;
  }
  return last;
}

function asNumber(text: string): number | null {
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

export function scoreNumeric({ output, expected, spec }: ScoreInputOf<"numeric">): ScoreResult {
  if (expected === null) return { reward: null, reason: "the row has no expected answer" };
  const want = asNumber(normaliseNumber(expected));
  if (want === null) return { reward: null, reason: `the expected answer ${quote(expected)} is not a number` };
  const mode = spec.mode ?? "flexible";
  const raw = extractNumber(output, mode);
  if (raw === null) return { reward: 0, reason: mode === "strict" ? "no '#### N' final answer in the output" : "no number in the output" };
  const got = asNumber(normaliseNumber(raw));
  if (got === null) return { reward: 0, reason: `the final answer ${quote(raw)} is not a number` };
  return got === want
    ? { reward: 1, reason: `final answer ${got} equals the expected ${want}` }
    : { reward: 0, reason: `final answer ${got}, expected ${want}` };
}
