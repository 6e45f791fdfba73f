import { describe, expect, it } from "vitest";
import { CUSTOM_SCORING_TYPES } from "../scorers/spec";
import { checkCustomBenchmark, CustomScoringSpec, renderPrompt, type CustomBenchmarkInput, type RevisionShape } from "./benchmark";

const revision: RevisionShape = {
  columns: [
    { name: "question", type: "string" },
    { name: "final", type: "string" },
    { name: "topic", type: "string" },
  ],
  splits: ["train", "test"],
  subsets: ["algebra", "geometry"],
};

const base: CustomBenchmarkInput = {
  dataset: "gsm@1",
  prompt_column: "question",
  answer_column: "final",
  scoring: { type: "exact_match" },
};

describe("CustomScoringSpec", () => {
  it("offers exactly the custom scoring types", () => {
    expect(CustomScoringSpec.options.map((o) => o.shape.type.value).sort()).toEqual([...CUSTOM_SCORING_TYPES].sort());
  });

  it("accepts numeric and multiple_choice, with numeric's default mode stored", () => {
    expect(CustomScoringSpec.parse({ type: "numeric" })).toEqual({ type: "numeric", mode: "flexible" });
    expect(CustomScoringSpec.parse({ type: "numeric", mode: "strict" })).toEqual({ type: "numeric", mode: "strict" });
    expect(CustomScoringSpec.parse({ type: "multiple_choice" })).toEqual({ type: "multiple_choice" });
  });

  it.each([
    [{ type: "nope" }, "type"],
    [{ type: "numeric", mode: "loose" }, "mode"],
    [{ type: "regex", pattern: "(" }, "pattern"],
    [{ type: "llm_judge", criteria: " " }, "criteria"],
    [{ type: "contains", extra: 1 }, ""],
  ])("refuses %j at %s", (spec, path) => {
    const r = CustomScoringSpec.safeParse(spec);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join("."))).toContain(path);
  });

  it("keeps defaults so the stored spec is complete", () => {
    expect(CustomScoringSpec.parse({ type: "contains" })).toEqual({ type: "contains", ignore_case: true });
  });
});

describe("checkCustomBenchmark", () => {
  it("accepts a sound definition with a column or a template", () => {
    expect(checkCustomBenchmark(base, revision)).toEqual([]);
    const templated = { ...base, prompt_column: undefined, prompt_template: "[{topic}] {question} {{x}}", split: "test", subsets: ["algebra"] };
    expect(checkCustomBenchmark(templated, revision)).toEqual([]);
  });

  it.each<[string, Partial<CustomBenchmarkInput>, string[]]>([
    ["neither prompt source", { prompt_column: undefined }, ["prompt_column", "prompt_template"]],
    ["both prompt sources", { prompt_template: "{question}" }, ["prompt_column", "prompt_template"]],
    ["an unknown prompt column", { prompt_column: "nope" }, ["prompt_column"]],
    ["an unknown answer column", { answer_column: "answer" }, ["answer_column"]],
    ["an unknown placeholder", { prompt_column: undefined, prompt_template: "{nope}" }, ["prompt_template"]],
    ["a malformed template", { prompt_column: undefined, prompt_template: "{question" }, ["prompt_template"]],
    ["a template using no column", { prompt_column: undefined, prompt_template: "hello {{x}}" }, ["prompt_template"]],
    ["an unknown split", { split: "dev" }, ["split"]],
    ["an unknown subset", { subsets: ["algebra", "calculus"] }, ["subsets.1"]],
    // RE2 reads every pattern as Unicode, so flags never change validity; a lookahead it cannot run is refused here.
    ["a pattern the linear-time engine cannot run", { scoring: { type: "regex", pattern: "a(?=b)", flags: "u" } }, ["scoring.pattern"]],
  ])("refuses %s", (_, patch, fields) => {
    expect(checkCustomBenchmark({ ...base, ...patch }, revision).map((e) => e.field)).toEqual(fields);
  });

  it("names the unknown column in the message", () => {
    const errors = checkCustomBenchmark({ ...base, prompt_column: undefined, prompt_template: "{question} {nope}" }, revision);
    expect(errors).toEqual([{ field: "prompt_template", message: expect.stringContaining("'nope'") }]);
  });

  it("names the dataset when the revision is unknown, still checking the rest", () => {
    const errors = checkCustomBenchmark({ ...base, prompt_template: "{question}" }, undefined);
    expect(errors.map((e) => e.field)).toEqual(["prompt_column", "prompt_template", "dataset"]);
  });

  it("refuses a split when the revision has none", () => {
    const errors = checkCustomBenchmark({ ...base, split: "test" }, { ...revision, splits: [] });
    expect(errors).toEqual([{ field: "split", message: expect.stringContaining("(none)") }]);
  });
});

describe("checkCustomBenchmark: code_execution", () => {
  const code: RevisionShape = {
    columns: ["prompt", "canonical_solution", "test", "entry_point", "setup"].map((name) => ({ name, type: "string" })),
    splits: [],
    subsets: [],
  };
  const spec = (patch: Record<string, unknown> = {}) =>
    CustomScoringSpec.parse({ type: "code_execution", prompt_column: "prompt", test_column: "test", entry_point_column: "entry_point", ...patch });
  const input = (scoring: CustomScoringSpec): CustomBenchmarkInput => ({ dataset: "code@1", prompt_column: "prompt", answer_column: "canonical_solution", scoring });

  it("stores the complete spec: language python, harness humaneval, the default limits", () => {
    expect(spec()).toEqual({
      type: "code_execution",
      language: "python",
      harness: "humaneval",
      prompt_column: "prompt",
      test_column: "test",
      entry_point_column: "entry_point",
      timeout_s: 10,
      memory_mb: 1024,
    });
    expect(checkCustomBenchmark(input(spec()), code)).toEqual([]);
    expect(checkCustomBenchmark(input(spec({ harness: "mbpp", entry_point_column: undefined, setup_column: "setup" })), code)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["an unknown test column", { test_column: "tests" }, ["scoring.test_column"]],
    ["an unknown prompt column", { prompt_column: "stub" }, ["scoring.prompt_column"]],
    ["an unknown setup column", { setup_column: "nope" }, ["scoring.setup_column"]],
    ["an unknown entry point column", { entry_point_column: "fn" }, ["scoring.entry_point_column"]],
    ["humaneval without an entry point", { entry_point_column: undefined }, ["scoring.entry_point_column"]],
  ])("refuses %s, naming the field", (_, patch, fields) => {
    expect(checkCustomBenchmark(input(spec(patch)), code).map((e) => e.field)).toEqual(fields);
  });

  it.each([
    [{ type: "code_execution", test_column: "test", entry_point_column: "e", language: "javascript" }, "language"],
    [{ type: "code_execution", entry_point_column: "e" }, "test_column"],
    [{ type: "code_execution", test_column: "test", harness: "apps" }, "harness"],
    [{ type: "code_execution", test_column: "test", timeout_s: 0 }, "timeout_s"],
    [{ type: "code_execution", test_column: "test", memory_mb: 100_000 }, "memory_mb"],
  ])("refuses the spec %j at %s", (s, path) => {
    const r = CustomScoringSpec.safeParse(s);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join("."))).toContain(path);
  });
});

describe("renderPrompt", () => {
  const row = { question: "What is 2+2?", final: "4", n: 3 };
  it.each([
    [{ promptColumn: "question", promptTemplate: null }, "What is 2+2?"],
    [{ promptColumn: "n", promptTemplate: null }, "3"],
    [{ promptColumn: null, promptTemplate: "Q: {question} ({n}) {{ok}}" }, "Q: What is 2+2? (3) {ok}"],
  ])("renders %j", (source, prompt) => {
    expect(renderPrompt(source, row)).toBe(prompt);
  });
});
