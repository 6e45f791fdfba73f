import { describe, expect, it } from "vitest";
import { instructionDimensions, parseInstructions, scoreInstructionChecks } from "./instruction-checks";
import { evaluateResponse, looseVariants } from "./instructions/evaluate";
import { InstructionChecksSpec, ScoringSpec } from "./spec";
import { scoreAttempt } from "./registry";

const spec = InstructionChecksSpec.parse({ type: "instruction_checks" });
const NO_COMMA_TWO_WORDS = JSON.stringify([
  { id: "punctuation:no_comma", kwargs: {} },
  { id: "length_constraints:number_words", kwargs: { num_words: 3, relation: "less than" } },
]);

describe("instruction_checks scorer", () => {
  it("rewards prompt-level strict and reports the four numbers and per-type results as weighted dimensions", () => {
    expect(scoreInstructionChecks({ output: "Fine, thanks", expected: NO_COMMA_TWO_WORDS, spec })).toEqual({
      reward: 0,
      reason: "1/2 instructions followed (strict); not followed: punctuation:no_comma",
      structured: {
        dimensions: {
          prompt_level_strict: 0,
          prompt_level_loose: 0,
          instruction_level_strict: 0.5,
          instruction_level_loose: 0.5,
          "strict/punctuation:no_comma": 0,
          "loose/punctuation:no_comma": 0,
          "strict/length_constraints:number_words": 1,
          "loose/length_constraints:number_words": 1,
        },
        weights: { instruction_level_strict: 2, instruction_level_loose: 2 },
      },
    });
    expect(scoreInstructionChecks({ output: "Fine thanks", expected: NO_COMMA_TWO_WORDS, spec })).toMatchObject({ reward: 1, reason: "all 2 instructions followed (strict)" });
  });

  it("follows the spec's level and mode", () => {
    const output = "Sure, here:\nno commas here"; // strict breaks both (a comma, five words); loose, without the first line, follows both
    const expected = NO_COMMA_TWO_WORDS.replace('"num_words":3', '"num_words":4');
    const at = (level: string, mode: string) => scoreInstructionChecks({ output, expected, spec: InstructionChecksSpec.parse({ type: "instruction_checks", level, mode }) }).reward;
    expect([at("prompt", "strict"), at("prompt", "loose"), at("instruction", "strict"), at("instruction", "loose")]).toEqual([0, 1, 0, 1]);
  });

  it("scores a repeated instruction id at each position and weighs its type by its count", () => {
    const v = evaluateResponse("THE USA and the UK", [
      { id: "change_case:capital_word_frequency", kwargs: { capital_frequency: 2, capital_relation: "at least" } },
      { id: "change_case:capital_word_frequency", kwargs: { capital_frequency: 2, capital_relation: "less than" } },
    ]);
    expect(v.instructions.map((i) => i.strict)).toEqual([true, false]);
    expect(instructionDimensions(v).weights).toEqual({
      instruction_level_strict: 2,
      instruction_level_loose: 2,
      "strict/change_case:capital_word_frequency": 2,
      "loose/change_case:capital_word_frequency": 2,
    });
  });

  it("tries upstream's eight loose variants in its order", () => {
    expect(looseVariants("*a*\nb\n*c*")).toEqual(["*a*\nb\n*c*", "a\nb\nc", "b\n*c*", "*a*\nb", "b", "b\nc", "a\nb", "b"]);
  });

  it("follows nothing with an empty or blank response", () => {
    expect(scoreInstructionChecks({ output: "  \n", expected: NO_COMMA_TWO_WORDS, spec })).toMatchObject({ reward: 0 });
  });

  it.each([
    [null, "the row has no instructions"],
    ["not json", "the row's instructions are not JSON"],
    ["[]", "the row's instructions are malformed: Too small: expected array to have >=1 items"],
    [JSON.stringify([{ id: "keywords:nope", kwargs: {} }]), "cannot check: unknown instruction 'keywords:nope'"],
    [JSON.stringify([{ id: "length_constraints:number_words", kwargs: { num_words: 3 } }]), "cannot check: length_constraints:number_words needs 'relation' ('less than' or 'at least')"],
  ])("leaves the attempt unscored when the instructions cannot be checked: %s", (expected, reason) => {
    const r = scoreInstructionChecks({ output: "x", expected, spec });
    expect(r.reward).toBeNull();
    expect(r.reason.startsWith(reason.split(":")[0]!)).toBe(true);
    if (!reason.includes("Too small")) expect(r.reason).toBe(reason);
  });

  it("reads upstream's {instruction_id_list, kwargs} shape too, dropping null arguments", () => {
    const parsed = parseInstructions(JSON.stringify({ instruction_id_list: ["punctuation:no_comma"], kwargs: [{ num_words: null }] }));
    expect(parsed).toEqual({ ok: true, instructions: [{ id: "punctuation:no_comma", kwargs: { num_words: null } }] });
    expect(scoreInstructionChecks({ output: "a b", expected: JSON.stringify({ instruction_id_list: ["punctuation:no_comma"], kwargs: [{ x: null }] }), spec }).reward).toBe(1);
  });

  it("is registered under its spec type", async () => {
    const s = ScoringSpec.parse({ type: "instruction_checks" });
    expect(s).toEqual({ type: "instruction_checks", level: "prompt", mode: "strict" });
    expect((await scoreAttempt({ output: "no commas", expected: NO_COMMA_TWO_WORDS, spec: s })).reward).toBe(1);
  });
});
