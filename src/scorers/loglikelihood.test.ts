import { describe, expect, it } from "vitest";
import { argmax, codePoints, continuationLogprob, scoreLoglikelihood, scoreLoglikelihoods, type ChoiceLoglikelihood } from "./loglikelihood";
import { LoglikelihoodSpec } from "./spec";

const acc = LoglikelihoodSpec.parse({ type: "loglikelihood" });
const accNorm = LoglikelihoodSpec.parse({ type: "loglikelihood", headline: "acc_norm" });

describe("continuationLogprob: the continuation's tokens found by text_offset", () => {
  // "The cat" + " sat down": tokens The| cat| sat| down
  const echoed = { token_logprobs: [null, -2, -0.5, -1.25], text_offset: [0, 3, 7, 11] };

  it.each([
    ["tokens from the boundary on", echoed, 7, 16, { logprob: -1.75, tokens: 2 }],
    ["the whole prompt but the first token (its logprob is null, so it must not be asked)", echoed, 3, 16, { logprob: -3.75, tokens: 3 }],
    ["a token that straddles the boundary counts as the continuation's", echoed, 9, 16, { logprob: -1.75, tokens: 2 }],
    [
      "a generated token past the prompt's end (a server that generates anyway) is left out",
      { token_logprobs: [null, -2, -0.5, -1.25, -9], text_offset: [0, 3, 7, 11, 16] },
      7,
      16,
      { logprob: -1.75, tokens: 2 },
    ],
  ])("%s", (_name, lp, context, prompt, want) => {
    expect(continuationLogprob(lp, context, prompt)).toEqual(want);
  });

  it.each([
    ["no logprobs at all", { token_logprobs: [], text_offset: [] }, 3, 16, /no echoed token logprobs/],
    ["offsets and logprobs of different lengths", { token_logprobs: [null, -1], text_offset: [0] }, 3, 16, /no echoed token logprobs/],
    ["a null logprob inside the continuation", { token_logprobs: [null, -1], text_offset: [0, 3] }, 0, 6, /token 0 has no logprob/],
    ["nothing after the context", { token_logprobs: [null, -1], text_offset: [0, 3] }, 7, 7, /no token .* covers the continuation/],
  ])("an error when %s", (_name, lp, context, prompt, want) => {
    const got = continuationLogprob(lp, context, prompt);
    expect("error" in got && got.error).toMatch(want);
  });

  it("counts characters as code points, as Python's len and vLLM's offsets do", () => {
    expect(codePoints("café 🍰")).toBe(6);
    expect("café 🍰".length).toBe(7);
  });
});

describe("acc and acc_norm as lm-evaluation-harness computes them", () => {
  const choice = (logprob: number, chars: number): ChoiceLoglikelihood => ({ logprob, chars, tokens: 1 });

  it("acc ranks the raw sums, acc_norm the sums per character; they can disagree", () => {
    // A short ending with the best sum (-4) but a poor rate; the long gold one (-6 over 30 chars) wins per character.
    const choices = [choice(-4, 5), choice(-6, 30), choice(-9, 20)];
    expect(scoreLoglikelihoods(choices, 1, "acc")).toEqual({
      reward: 0,
      reason: "highest log-likelihood A (-4.000), per character B; gold B: acc 0, acc_norm 1",
      structured: { dimensions: { acc: 0, acc_norm: 1 } },
    });
    expect(scoreLoglikelihoods(choices, 1, "acc_norm").reward).toBe(1);
    expect(scoreLoglikelihoods(choices, 0, "acc").structured).toEqual({ dimensions: { acc: 1, acc_norm: 0 } });
  });

  it("a tie goes to the first choice, as numpy's argmax", () => {
    expect(argmax([-1, -0.5, -0.5, -2])).toBe(1);
    expect(scoreLoglikelihoods([choice(-2, 4), choice(-2, 4)], 1, "acc").structured).toEqual({ dimensions: { acc: 0, acc_norm: 0 } });
    expect(scoreLoglikelihoods([choice(-2, 4), choice(-2, 4)], 0, "acc_norm").reward).toBe(1);
  });

  it("scores the stored measurement against the expected letter, with the spec's headline", () => {
    const output = JSON.stringify({ mode: "loglikelihood", choices: [{ logprob: -3, chars: 3, tokens: 1 }, { logprob: -4, chars: 40, tokens: 8, text: " a long ending" }] });
    expect(scoreLoglikelihood({ output, expected: "B", choices: ["abc", "a long ending"], spec: accNorm })).toMatchObject({ reward: 1, structured: { dimensions: { acc: 0, acc_norm: 1 } } });
    expect(scoreLoglikelihood({ output, expected: "B", choices: ["abc", "a long ending"], spec: acc })).toMatchObject({ reward: 0 });
    // The expected answer given as an option's text is its letter.
    expect(scoreLoglikelihood({ output, expected: "abc", choices: ["abc", "a long ending"], spec: acc }).reward).toBe(1);
  });

  it.each([
    ["no expected answer", "{}", null, /no expected answer/],
    ["an output that is not a measurement", "The answer is (B).", "B", /not a log-likelihood measurement/],
    ["an expected letter beyond the choices measured", JSON.stringify({ mode: "loglikelihood", choices: [{ logprob: -1, chars: 1, tokens: 1 }, { logprob: -1, chars: 1, tokens: 1 }] }), "D", /beyond the 2 choices/],
  ])("unscored (null, never 0) with %s", (_name, output, expected, reason) => {
    const got = scoreLoglikelihood({ output, expected, choices: ["a", "b", "c", "d"], spec: acc });
    expect(got.reward).toBeNull();
    expect(got.reason).toMatch(reason);
  });
});
