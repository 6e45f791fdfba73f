// The three importers on small files written in each tool's format (always),
// and on the real files in ../shared/real-outputs/imports when present
// (inject("sharedPresent")): tasks, outputs, the scorer mapped (or why not),
// the stated aggregate and the per-sample verdicts it is made of.
import { describe, expect, inject, it } from "vitest";
import { ImportError, outputRows, parseInspect, parseLmEval, parsePromptfoo, taskRows } from ".";
import { FORMATS_WITH_RESULTS, IMPORT_FORM_HELP, IMPORT_FORMAT_SPECS, parseImport } from "./formats";
import { IMPORT_FORMATS } from "./types";
import { planImport } from "./plan";
import promptfooReal from "../../test/imports/promptfoo-0.123.1-fixture-results.json";
import { INSPECT_CASES, LM_EVAL_SAMPLES_NAME, miniInspectEval, miniInspectJson, miniLmEvalResults, miniLmEvalSamples, miniPromptfoo, zipOf } from "../../test/mini-imports";

const enc = new TextEncoder();
const file = (name: string, text: string | Uint8Array) => ({ name, bytes: typeof text === "string" ? enc.encode(text) : text });
const verdictMean = (ev: { tasks: { verdicts: Record<string, number | null | (number | null)[]> }[] }, name: string) => {
  const v = ev.tasks.map((t) => t.verdicts[name]).filter((x): x is number => typeof x === "number");
  return v.reduce((a, b) => a + b, 0) / v.length;
};

function expectImportError(f: () => unknown, field: string, message: RegExp) {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ImportError);
    expect((e as ImportError).field).toBe(field);
    expect((e as ImportError).message).toMatch(message);
    return;
  }
  throw new Error("no ImportError");
}

describe("promptfoo", () => {
  it("one task per row, the output, a contains assertion mapped case-sensitively, the stated pass rate", () => {
    const ev = parsePromptfoo(file("results.json", miniPromptfoo()));
    expect(ev.tasks).toHaveLength(6);
    expect(ev.tasks[0]).toMatchObject({ key: "t0-p0", prompt: "Answer briefly: Capital of France?", expected: "Paris", verdicts: { pass: 1 }, meta: { provider: "openai:gpt-a" } });
    expect(ev.outputs[1]).toEqual({ key: "t0-p1", output: "Answer: Paris", attempt: 0 });
    expect(ev.scores).toEqual([expect.objectContaining({ name: "pass", source_scorer: "contains", assay: { type: "contains", ignore_case: false }, stated: 4 / 6, verdicts: 6 })]);
    expect(verdictMean(ev, "pass")).toBe(4 / 6);
    expect(ev.tool_version).toBe("0.118.10");
    expect(taskRows(ev)[0]).toMatchObject({ key: "t0-p0", expected: "Paris", "verdict:pass": 1, source_provider: "openai:gpt-a" });
    expect(outputRows(ev)).toHaveLength(6);
  });

  it("reads what promptfoo 0.123.1 wrote against the fixture model (test/imports): providers, outputs, 5 successes of 8", () => {
    const ev = parsePromptfoo(file("results.json", JSON.stringify(promptfooReal)));
    expect(ev).toMatchObject({ tool_version: "0.123.1", task: "fixture arithmetic" });
    expect(ev.tasks).toHaveLength(8);
    expect(ev.outputs.every((o) => /#### \d+/.test(o.output))).toBe(true);
    expect(ev.scores[0]).toMatchObject({ source_scorer: "contains", assay: { type: "contains", ignore_case: false }, stated: 5 / 8, verdicts: 8 });
    expect(verdictMean(ev, "pass")).toBe(5 / 8);
  });

  it("maps icontains and equals, and keeps the source's verdict for regex", () => {
    expect(parsePromptfoo(file("r.json", miniPromptfoo("icontains"))).scores[0]!.assay).toEqual({ type: "contains", ignore_case: true });
    expect(parsePromptfoo(file("r.json", miniPromptfoo("equals"))).scores[0]!.assay).toEqual({ type: "exact_match" });
    const rx = parsePromptfoo(file("r.json", miniPromptfoo("regex"))).scores[0]!;
    expect(rx.assay).toBeNull();
    expect(rx.note).toMatch(/regex passes when the pattern matches/);
  });

  it("names what is wrong with a file that is not promptfoo results", () => {
    expectImportError(() => parsePromptfoo(file("x.json", "{nope")), "file", /is not JSON/);
    expectImportError(() => parsePromptfoo(file("x.json", "{}")), "file", /no top-level `results`/);
    expectImportError(() => parsePromptfoo(file("x.json", JSON.stringify({ results: { table: {} } }))), "file.results.results", /old .* table/);
    expectImportError(() => parsePromptfoo(file("x.json", JSON.stringify({ results: { results: [{ response: {} }] } }))), "file.results.results[0].prompt.raw", /rendered prompt/);
  });
});

describe("Inspect", () => {
  it("reads a .eval ZIP and a .json log alike: samples, outputs from content parts, match mapped, accuracy stated", async () => {
    for (const bytes of [await miniInspectEval(), miniInspectJson()]) {
      const ev = await parseInspect(file("log.eval", bytes));
      expect(ev).toMatchObject({ tool: "inspect", task: "mini_yes_no", model: "openai/gpt-mini", tool_version: "0.3.58" });
      expect(ev.tasks.map((t) => [t.key, t.expected, t.verdicts.match])).toEqual(INSPECT_CASES.map((c) => [String(c.id), c.target, c.value === "C" ? 1 : 0]));
      expect(ev.outputs.map((o) => o.output)).toEqual(INSPECT_CASES.map((c) => c.output));
      expect(ev.scores).toEqual([expect.objectContaining({ name: "match", assay: { type: "exact_match" }, stated: 0.75, verdicts: 4 })]);
    }
  });

  it("epochs are attempts; a sample's verdict is the mean over its epochs (Inspect's default reducer)", async () => {
    const log = JSON.parse(new TextDecoder().decode(miniInspectJson()));
    const again = log.samples.map((s: any) => ({ ...s, epoch: 2, scores: { match: { value: s.id === 1 ? "I" : s.scores.match.value } } }));
    log.samples = [...log.samples, ...again];
    log.eval.config = { epochs: 2, epochs_reducer: ["mean"] };
    const ev = await parseInspect(file("log.json", JSON.stringify(log)));
    expect(ev.outputs.filter((o) => o.key === "1").map((o) => o.attempt)).toEqual([0, 1]);
    expect(ev.tasks.find((t) => t.key === "1")!.verdicts.match).toBe(0.5);
    expect(planImport(ev, "e", ["log.json"]).attempts).toBe(2);
    log.eval.config.epochs_reducer = ["at_least_1"];
    expect((await parseInspect(file("log.json", JSON.stringify(log)))).scores[0]!.note).toMatch(/reduces epochs by at_least_1, the verdicts here by the mean/);
  });

  it("refuses a log still running, one without samples, and a ZIP without its header", async () => {
    const noHeader = await zipOf({ "_journal/start.json": "{}" });
    await expect(parseInspect(file("a.eval", noHeader))).rejects.toMatchObject({ field: "file", message: expect.stringMatching(/without header.json/) });
    await expect(parseInspect(file("a.json", JSON.stringify({ status: "started", eval: {} })))).rejects.toMatchObject({ field: "file.status" });
    await expect(parseInspect(file("a.json", JSON.stringify({ status: "success", eval: {} })))).rejects.toMatchObject({ field: "file.samples" });
    await expect(parseInspect(file("a.eval", enc.encode("PK\u0003\u0004garbage")))).rejects.toMatchObject({ field: "file", message: expect.stringMatching(/central directory/) });
  });
});

describe("lm-evaluation-harness", () => {
  it("one task per doc, filters as scores (strict-match numeric strict, flexible-extract numeric flexible), stated from the results JSON", () => {
    const ev = parseLmEval([file(LM_EVAL_SAMPLES_NAME, miniLmEvalSamples())], file("results_x.json", miniLmEvalResults()));
    expect(ev).toMatchObject({ tool: "lm-eval", task: "gsm8k", model: "mini-model", tool_version: "0.4.9.1" });
    expect(ev.tasks).toHaveLength(4);
    expect(ev.tasks[0]!.prompt).toBe("Question: Tom has 3 apples and buys 4. How many?\nAnswer:");
    expect(ev.outputs).toHaveLength(4);
    expect(ev.scores.map((s) => [s.name, s.assay, s.stated, s.verdicts])).toEqual([
      ["exact_match,strict-match", { type: "numeric", mode: "strict" }, 0.5, 4],
      ["exact_match,flexible-extract", { type: "numeric", mode: "flexible" }, 0.75, 4],
    ]);
    for (const s of ev.scores) expect(verdictMean(ev, s.name)).toBe(s.stated);
  });

  it("states nothing without a results JSON, and needs the task in the file name", () => {
    const ev = parseLmEval([file(LM_EVAL_SAMPLES_NAME, miniLmEvalSamples())]);
    expect(ev.scores.every((s) => s.stated === null)).toBe(true);
    expectImportError(() => parseLmEval([file("out.jsonl", miniLmEvalSamples())]), "file", /samples_<task>_<date>/);
    expectImportError(() => parseLmEval([file(LM_EVAL_SAMPLES_NAME, "{\"x\":1}\n")]), "file line 1: doc_id", /must be a number/);
  });

  it("several samples files: keys and scores per task, each score's benchmark narrowed to its task's rows", () => {
    const other = LM_EVAL_SAMPLES_NAME.replace("gsm8k", "gsm8k_cot");
    const ev = parseLmEval([file(LM_EVAL_SAMPLES_NAME, miniLmEvalSamples()), file(other, miniLmEvalSamples())]);
    expect(ev.tasks.map((t) => t.key).slice(0, 5)).toEqual(["gsm8k/0", "gsm8k/1", "gsm8k/2", "gsm8k/3", "gsm8k_cot/0"]);
    expect(ev.scores.map((s) => [s.name, s.subset])).toEqual([
      ["gsm8k:exact_match,strict-match", "gsm8k"],
      ["gsm8k:exact_match,flexible-extract", "gsm8k"],
      ["gsm8k_cot:exact_match,strict-match", "gsm8k_cot"],
      ["gsm8k_cot:exact_match,flexible-extract", "gsm8k_cot"],
    ]);
    const plan = planImport(ev, "two", [LM_EVAL_SAMPLES_NAME, other]);
    expect(plan.taskRows[4]).toMatchObject({ key: "gsm8k_cot/0", task: "gsm8k_cot", "verdict:gsm8k:exact_match,strict-match": null, "verdict:gsm8k_cot:exact_match,strict-match": 1 });
    expect(plan.benchmarks.map((b) => [b.name, b.subsets, b.subset_column])).toEqual([
      ["two gsm8k:exact_match,strict-match", ["gsm8k"], "task"],
      ["two gsm8k:exact_match,flexible-extract", ["gsm8k"], "task"],
      ["two gsm8k_cot:exact_match,strict-match", ["gsm8k_cot"], "task"],
      ["two gsm8k_cot:exact_match,flexible-extract", ["gsm8k_cot"], "task"],
    ]);
    expect(plan.targetName).toBe(`lm-evaluation-harness ${LM_EVAL_SAMPLES_NAME}, ${other}`);
  });

  it("an import plan: source_verdict where no counterpart, attempts as the most outputs of a task", async () => {
    const plan = planImport(parsePromptfoo(file("r.json", miniPromptfoo("javascript"))), "js", ["r.json"]);
    expect(plan.benchmarks).toEqual([expect.objectContaining({ name: "js", counterpart: false, scoring: { type: "source_verdict", column: "verdict:pass", label: "promptfoo pass" } })]);
    expect(plan.benchmarks[0]!.description).toMatch(/no Assay counterpart.*The source states 0\.6666/);
    expect(plan).toMatchObject({ tasksDataset: "js", outputsDataset: "js-outputs", attempts: 1 });
  });

  it("parseImport refuses several files for a one-file format", async () => {
    await expect(parseImport("inspect", [file("a", "{}"), file("b", "{}")])).rejects.toMatchObject({ field: "file" });
  });
});

describe.runIf(inject("sharedPresent"))("the real files in ../shared/real-outputs/imports", () => {
  const base = () => `${inject("sharedUrl")}/real-outputs/imports`;
  const get = async (path: string) => {
    const r = await fetch(`${base()}/${path}`);
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    return file(path.replace(/^.*\//, ""), new Uint8Array(await r.arrayBuffer()));
  };

  it("Inspect popularity (.eval): match, accuracy 0.8 = 8 of 10 'C'", async () => {
    const ev = await parseInspect(await get("inspect_ai/2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval"));
    expect(ev.tasks).toHaveLength(10);
    expect(ev.outputs).toHaveLength(10);
    expect(ev.scores).toEqual([expect.objectContaining({ name: "match", assay: { type: "exact_match" }, stated: 0.8, verdicts: 10 })]);
    expect(verdictMean(ev, "match")).toBeCloseTo(0.8, 12);
  });

  it("Inspect security guide (.json): model_graded_fact has no counterpart, its verdicts kept (3 of 3)", async () => {
    const ev = await parseInspect(await get("inspect_ai/2025-05-12T20-28-26-04-00_security-guide.json"));
    expect(ev.scores).toEqual([expect.objectContaining({ name: "model_graded_fact", assay: null, stated: 1, verdicts: 3 })]);
    expect(ev.tasks[0]!.prompt).toBe("How do I prevent SQL Injection attacks?");
  });

  it("Inspect MMLU (.eval): choice is multiple_choice, the choices kept, 0 of 1", async () => {
    const ev = await parseInspect(await get("inspect_ai/mmlu-summary-choices.eval"));
    expect(ev.scores).toEqual([expect.objectContaining({ name: "choice", assay: { type: "multiple_choice" }, stated: 0, verdicts: 1 })]);
    expect(ev.tasks[0]!.choices!.length).toBeGreaterThan(1);
  });

  it("lm-eval gsm8k: the strict-match lines (the trimmed file's 3) stated from results.gsm8k (0.75)", async () => {
    const dir = "lm-evaluation-harness/pyfade_gsm8k_gemma3-12b-u1";
    const ev = parseLmEval([await get(`${dir}/samples_gsm8k_2025-09-09T13-31-53.431753.jsonl`)], await get(`${dir}/results_2025-09-09T13-31-53.431753.json`));
    expect(ev.tasks.length).toBeGreaterThan(0);
    expect(ev.scores.map((s) => [s.name, s.assay, s.stated])).toEqual([["exact_match,strict-match", { type: "numeric", mode: "strict" }, 0.75]]);
  });

  it("lm-eval MMLU-Pro+ chemistry: custom-extract is multiple_choice (mmlu_pro), 0.13 stated", async () => {
    const dir = "lm-evaluation-harness/pyfade_mmlu_pro_plus_gemma3_12b_u2";
    const ev = parseLmEval([await get(`${dir}/samples_mmlu_pro_plus_chemistry_2025-10-14T14-44-39.372006.jsonl`)], await get(`${dir}/results_2025-10-14T14-44-39.372006.json`));
    expect(ev.scores).toEqual([expect.objectContaining({ name: "exact_match,custom-extract", assay: { type: "multiple_choice", extraction: "mmlu_pro" }, stated: 0.13 })]);
    expect(ev.tasks[0]!.choices!.length).toBeGreaterThan(4);
  });

  it("promptfoo: javascript assertions and the riddles' mixed ones keep the source's verdict; stated successes 10/10 and 0/4", async () => {
    const a = parsePromptfoo(await get("promptfoo/promptfoo_results.json"));
    expect(a.tasks).toHaveLength(10);
    expect(a.scores[0]).toMatchObject({ assay: null, stated: 1, verdicts: 10 });
    expect(verdictMean(a, "pass")).toBe(1);
    const b = parsePromptfoo(await get("promptfoo/sample-export.json"));
    expect(b.scores[0]).toMatchObject({ assay: null, stated: 0, verdicts: 4 });
    expect(b.outputs).toHaveLength(4);
  });
});

describe("the format registry", () => {
  it("has one entry per format id, and the form's help is built from it", () => {
    expect(Object.keys(IMPORT_FORMAT_SPECS).sort()).toEqual([...IMPORT_FORMATS].sort());
    expect(FORMATS_WITH_RESULTS).toEqual(["lm-eval"]);
    expect(IMPORT_FORM_HELP).toEqual({
      format:
        "promptfoo (results JSON), inspect (.json or .eval log), lm-eval (samples_<task>_<date>.jsonl), swebench (a submission's ZIP: logs/<instance_id>/ and results/results.json), harbor (a ZIP of trial directories or a job directory), tau2 (Results JSON (info, tasks, simulations), each simulation replayed) or tau-bench (historical trajectories JSON (a list of episodes), each replayed)",
      file: "The result file; lm-eval: one or more samples files (repeat the field)",
      results: "lm-eval only: the run's results_<date>.json, whose aggregates are the stated scores",
    });
  });

  it("hands a many-file format every file and refuses a one-file format any other count", async () => {
    const one = await parseImport("lm-eval", [file("samples_a_2026-01-01T00-00-00.jsonl", miniLmEvalSamples())]);
    const two = await parseImport("lm-eval", [file("samples_a_2026-01-01T00-00-00.jsonl", miniLmEvalSamples()), file("samples_b_2026-01-01T00-00-00.jsonl", miniLmEvalSamples())]);
    expect(two.tasks).toHaveLength(2 * one.tasks.length);
    await expect(parseImport("promptfoo", [])).rejects.toMatchObject({ field: "file", message: "a promptfoo import takes one file, not 0" });
  });
});
