import { describe, expect, it } from "vitest";
import { benchmarkOptionSpecs } from "../domain/run-option-catalog";
import { RunOptions } from "../domain/run-options";
import { LoglikelihoodSpec } from "../scorers/spec";
import { loglikelihoodRequest, loglikelihoodScoring, mcModeErrors, mcModeFor, usesLoglikelihood } from "./loglikelihood-request";

const cols = { prompt_column: null, answer_column: "answer_letter" };
const hellaswag = LoglikelihoodSpec.parse({ type: "loglikelihood", headline: "acc_norm", continuation: "option_text" });
const letters = LoglikelihoodSpec.parse({ type: "loglikelihood" });
const row = (question: string, options: string[], answer_letter: string) => ({ question, options, answer_letter });

describe("the request of a log-likelihood attempt, as lm-evaluation-harness builds it", () => {
  it("option_text (HellaSwag): the context, then ' ' + each ending; acc_norm's divisors are the endings without the space", () => {
    const r = row("Roof shingle removal: A man is sitting on a roof. he", ["is using wrap.", "starts pulling up roofing."], "B");
    expect(loglikelihoodRequest(hellaswag, r, [], cols)).toEqual({
      context: "Roof shingle removal: A man is sitting on a roof. he",
      continuations: [" is using wrap.", " starts pulling up roofing."],
      choiceTexts: ["is using wrap.", "starts pulling up roofing."],
    });
  });

  it("letter (MMLU-style): the question, the lettered options and 'Answer:', then ' A', ' B'...", () => {
    expect(loglikelihoodRequest(letters, row("What is 2 + 2?", ["3", "4", "5"], "B"), [], cols)).toEqual({
      context: "What is 2 + 2?\nA. 3\nB. 4\nC. 5\nAnswer:",
      continuations: [" A", " B", " C"],
      choiceTexts: ["A", "B", "C"],
    });
  });

  it("few-shot examples: each context with its gold continuation, joined by a blank line before the document", () => {
    const examples = [row("Ctx one.", ["wrong", "right one"], "B"), row("Ctx two.", ["gold two", "no"], "A")];
    const r = loglikelihoodRequest(hellaswag, row("Ctx three.", ["x", "y"], "A"), examples, cols);
    expect(r.context).toBe("Ctx one. right one\n\nCtx two. gold two\n\nCtx three.");
    expect(r.continuations).toEqual([" x", " y"]);
  });

  it("a row without a question or options cannot be asked this way", () => {
    expect(() => loglikelihoodRequest(letters, { question: "Q?" }, [], cols)).toThrow(/question \(column 'question'\) and a list of options/);
    expect(() => loglikelihoodRequest(letters, { prompt: "Q?", options: ["a", "b"] }, [], cols)).toThrow(/column 'question'/);
    expect(loglikelihoodRequest(letters, { prompt: "Q?", options: ["a", "b"] }, [], { prompt_column: "prompt", answer_column: null }).context).toBe("Q?\nA. a\nB. b\nAnswer:");
  });
});

describe("which benchmarks a run asks by log-likelihood", () => {
  const options = (o: Record<string, unknown>) => RunOptions.parse(o);

  it("per benchmark, else run-wide, else generate", () => {
    const o = options({ mc_mode: "loglikelihood", per_benchmark: { bm_b: { mc_mode: "generate" } } });
    expect([mcModeFor(o, "bm_a"), mcModeFor(o, "bm_b")]).toEqual(["loglikelihood", "generate"]);
    expect(mcModeFor(options({}), "bm_a")).toBe("generate");
    expect(usesLoglikelihood(options({}))).toBe(false);
    expect(usesLoglikelihood(options({ per_benchmark: { bm_a: { mc_mode: "loglikelihood" } } }))).toBe(true);
  });

  it("the scoring a multiple-choice benchmark is planned with: its own headline and style, else acc by letter; none for another scorer", () => {
    expect(loglikelihoodScoring({ type: "multiple_choice", loglikelihood: { headline: "acc_norm", continuation: "option_text" } })).toEqual({ type: "loglikelihood", headline: "acc_norm", continuation: "option_text" });
    expect(loglikelihoodScoring({ type: "multiple_choice" })).toEqual({ type: "loglikelihood", headline: "acc", continuation: "letter" });
    expect(loglikelihoodScoring({ type: "numeric", mode: "flexible" })).toBeNull();
  });

  it("refuses a benchmark that is not multiple choice, naming the field, and a target without a completions endpoint", () => {
    const bms = [
      { id: "bm_mc", kind: "inline", scoring: { type: "multiple_choice" } },
      { id: "bm_gsm8k", kind: "inline", scoring: { type: "numeric" } },
    ];
    const openai = { kind: "model", provider: "openai" };
    expect(mcModeErrors(options({ mc_mode: "loglikelihood" }), bms, [["target", openai]])).toEqual([
      { field: "options.mc_mode", message: expect.stringContaining("bm_gsm8k is not a multiple-choice benchmark (its scorer is numeric)") },
    ]);
    expect(mcModeErrors(options({ per_benchmark: { bm_gsm8k: { mc_mode: "loglikelihood" } } }), bms, [])).toEqual([
      { field: "options.per_benchmark.bm_gsm8k.mc_mode", message: expect.stringContaining("not a multiple-choice benchmark") },
    ]);
    expect(mcModeErrors(options({ mc_mode: "loglikelihood", per_benchmark: { bm_gsm8k: { mc_mode: "generate" } } }), bms, [["target", openai]])).toEqual([]);
    expect(mcModeErrors(options({ per_benchmark: { bm_mc: { mc_mode: "loglikelihood" } } }), bms, [["target", { kind: "model", provider: "anthropic" }], ["compare_target", null]])).toEqual([
      { field: "target.provider", message: expect.stringContaining("the anthropic API has none") },
    ]);
    // Nothing asked by log-likelihood: the target is not checked.
    expect(mcModeErrors(options({}), bms, [["target", { kind: "model", provider: "anthropic" }]])).toEqual([]);
  });

  it("the options a benchmark accepts offer loglikelihood to multiple choice only, run-wide and per benchmark", () => {
    const specs = (multiple_choice?: boolean) => benchmarkOptionSpecs({ few_shot: 0, subsets: [], multiple_choice });
    const mode = (m?: boolean) => specs(m).find((s) => s.name === "mc_mode");
    const perBenchmark = (m?: boolean) => specs(m).find((s) => s.name === "per_benchmark")?.fields?.find((f) => f.name === "per_benchmark.mc_mode");
    expect(mode(true)).toMatchObject({ type: "string", allowed: ["generate", "loglikelihood"], description: expect.stringContaining("/v1/completions") });
    expect(mode(undefined)?.allowed).toEqual(["generate", "loglikelihood"]);
    expect(mode(false)?.allowed).toEqual(["generate"]);
    expect(perBenchmark(false)).toMatchObject({ allowed: ["generate"], description: expect.stringMatching(/^For this benchmark only: multiple-choice/) });
  });
});
