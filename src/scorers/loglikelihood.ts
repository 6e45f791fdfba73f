/**
 * Scorer `loglikelihood`: multiple choice scored as lm-evaluation-harness
 * scores base models (its `multiple_choice` output type). For each choice the
 * target's completions endpoint is sent context + continuation with `echo`,
 * `logprobs` and `max_tokens: 0`; the continuation's log-likelihood is the
 * sum of the logprobs of its tokens. Then, as lm-eval's process_results:
 *   acc      = argmax_i sum_i == gold
 *   acc_norm = argmax_i sum_i / len(choice_i) == gold, len in characters
 *              (Python's len: code points) of the choice text without the
 *              " " target delimiter, as lm-eval's `completion_len`;
 * ties go to the first choice (numpy's argmax). The reward is the spec's
 * headline (acc_norm for HellaSwag, the number leaderboards report; acc
 * otherwise); both are structured dimensions, pooled by /scores.
 *
 * What differs from lm-eval: the server tokenises (lm-eval tokenises context
 * and continuation apart and sends token ids), so the continuation's tokens
 * are found by `text_offset`, and a token that straddles the boundary counts
 * as the continuation's; every choice goes in one request (a prompt array),
 * not lm-eval's batches across documents; no `is_greedy`.
 *
 * The attempt's output is the measurement as JSON (LoglikelihoodOutput), so an
 * attempt can be re-scored from what was stored. Pure, no I/O.
 */
import { z } from "zod";
import { expectedLetter } from "./multiple-choice";
import type { ScoreInputOf, ScoreResult } from "./types";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The `logprobs` of one completions choice, as OpenAI's legacy format and vLLM return it. */
export interface EchoedLogprobs {
  /** Per token of the echoed prompt (and of any generated token); the first prompt token's is null. */
  token_logprobs: (number | null)[];
  /** Where each token starts in the prompt text, in characters. */
  text_offset: number[];
}

/** One choice's measurement. */
export const ChoiceLoglikelihood = z.strictObject({
  /** Sum of the continuation's token logprobs. */
  logprob: z.number(),
  /** Characters of the choice text (without the " " delimiter): acc_norm's divisor. */
  chars: z.number().int().min(1),
  /** Tokens counted as the continuation's. */
  tokens: z.number().int().min(1),
  /** The continuation sent (" " + the choice), for readers of the sample. */
  text: z.string().optional(),
});
export type ChoiceLoglikelihood = z.infer<typeof ChoiceLoglikelihood>;

/** What a log-likelihood attempt stores as its output. */
export const LoglikelihoodOutput = z.strictObject({
  mode: z.literal("loglikelihood"),
  /** In letter order (A, B, ...). */
  choices: z.array(ChoiceLoglikelihood).min(2).max(ALPHABET.length),
});
export type LoglikelihoodOutput = z.infer<typeof LoglikelihoodOutput>;

/** Length in code points, as Python's len and vLLM's text_offset count. */
export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * The log-likelihood of the continuation that starts `contextChars` into a
 * prompt of `promptChars`: the sum over the tokens that start at or after the
 * boundary, plus the one that straddles it, and none past the prompt's end
 * (a server that generates a token anyway). An error when it cannot be read.
 */
export function continuationLogprob(lp: EchoedLogprobs, contextChars: number, promptChars: number): { logprob: number; tokens: number } | { error: string } {
  const { token_logprobs: lps, text_offset: offsets } = lp;
  if (!Array.isArray(lps) || !Array.isArray(offsets) || lps.length === 0 || lps.length !== offsets.length) {
    return { error: "the endpoint returned no echoed token logprobs with text offsets (it needs echo and logprobs on /v1/completions)" };
  }
  let sum = 0;
  let count = 0;
  for (let i = 0; i < offsets.length; i++) {
    const start = offsets[i]!;
    if (start >= promptChars) break;
    const end = i + 1 < offsets.length ? offsets[i + 1]! : promptChars;
    if (end <= contextChars) continue;
    const v = lps[i];
    if (typeof v !== "number" || !Number.isFinite(v)) return { error: `the continuation's token ${i} has no logprob` };
    sum += v;
    count++;
  }
  if (count === 0) return { error: "no token of the echoed prompt covers the continuation" };
  return { logprob: sum, tokens: count };
}

/** numpy's argmax: the first index of the largest value. */
export function argmax(xs: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < xs.length; i++) if (xs[i]! > xs[best]!) best = i;
  return best;
}

export type Headline = "acc" | "acc_norm";

/** acc and acc_norm of one document; the reward is the headline's. */
export function scoreLoglikelihoods(choices: readonly ChoiceLoglikelihood[], gold: number, headline: Headline): ScoreResult {
  const raw = argmax(choices.map((c) => c.logprob));
  const norm = argmax(choices.map((c) => c.logprob / c.chars));
  const acc = raw === gold ? 1 : 0;
  const accNorm = norm === gold ? 1 : 0;
  const said = (i: number) => ALPHABET[i]!;
  const reason =
    `highest log-likelihood ${said(raw)} (${choices[raw]!.logprob.toFixed(3)}), per character ${said(norm)}; ` +
    `gold ${said(gold)}: acc ${acc}, acc_norm ${accNorm}`;
  return { reward: headline === "acc_norm" ? accNorm : acc, reason, structured: { dimensions: { acc, acc_norm: accNorm } } };
}

/** The stored measurement, or why it is unreadable. */
export function parseLoglikelihoodOutput(output: string): LoglikelihoodOutput | null {
  try {
    const parsed = LoglikelihoodOutput.safeParse(JSON.parse(output));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function scoreLoglikelihood({ output, expected, choices, spec }: ScoreInputOf<"loglikelihood">): ScoreResult {
  if (expected === null) return { reward: null, reason: "the row has no expected answer" };
  const want = expectedLetter(expected, choices);
  if (want === null) return { reward: null, reason: `the expected answer is not an option letter` };
  const measured = parseLoglikelihoodOutput(output);
  if (!measured) return { reward: null, reason: "the output is not a log-likelihood measurement" };
  const gold = ALPHABET.indexOf(want);
  if (gold >= measured.choices.length) return { reward: null, reason: `the expected letter ${want} is beyond the ${measured.choices.length} choices measured` };
  return scoreLoglikelihoods(measured.choices, gold, spec.headline);
}
