// POST /api/imports end to end: each format's file becomes a tasks and an
// outputs revision, benchmarks and a started outputs run whose score equals
// the source's stated score where the scorer semantics match (and, where
// Assay has no counterpart, the source's own verdicts read back); malformed
// files are 422s naming what is wrong, with nothing written.
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { BOOTSTRAP, call, expectProblem, newProject } from "../../../test/http";
import { LM_EVAL_SAMPLES_NAME, miniInspectEval, miniLmEvalResults, miniLmEvalSamples, miniPromptfoo } from "../../../test/mini-imports";
import { waitForRun } from "../../../test/runs";
import promptfooReal from "../../../test/imports/promptfoo-0.123.1-fixture-results.json";

type Part = { field: string; name: string; bytes: Uint8Array };

function form(fields: Record<string, string>, parts: Part[]): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const p of parts) f.append(p.field, new File([p.bytes], p.name));
  return f;
}

async function importFile(key: string, fields: Record<string, string>, parts: Part[]) {
  return call("POST", "/api/imports", { key, raw: form(fields, parts) });
}

async function counts(projectId: string) {
  const one = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE project_id = ?1`).bind(projectId).first<{ n: number }>())!.n;
  return { datasets: await one("dataset_revisions"), benchmarks: await one("benchmarks"), runs: await one("eval_runs") };
}

async function importAndScore(key: string, fields: Record<string, string>, parts: Part[]) {
  const r = await importFile(key, fields, parts);
  if (r.status !== 201) throw new Error(`import failed: ${r.status} ${JSON.stringify(r.body)}`);
  expect((await waitForRun(key, r.body.run_id)).status).toBe("completed");
  const scores = (await call("GET", `/api/eval-runs/${r.body.run_id}/scores`, { key })).body.scores as any[];
  const byBenchmark = new Map(scores.map((s) => [s.benchmark_id, s]));
  return { imp: r.body, scores: r.body.benchmarks.map((b: any) => ({ ...b, assay: byBenchmark.get(b.id) })) };
}

describe("POST /api/imports", { timeout: 120_000 }, () => {
  it("promptfoo: a contains assertion per row is Assay's case-sensitive contains, and the score equals stats' successes / rows", async () => {
    const { key } = await newProject("import-promptfoo");
    const { imp, scores } = await importAndScore(key, { format: "promptfoo", name: "capitals" }, [{ field: "file", name: "results.json", bytes: miniPromptfoo() }]);
    expect(imp).toMatchObject({ source: { tool: "promptfoo", files: ["results.json"], tool_version: "0.118.10" }, tasks: 6, outputs: 6, source_score: 4 / 6, source_verdicts: 6, tasks_dataset: "capitals@1", outputs_dataset: "capitals-outputs@1" });
    expect(scores).toHaveLength(1);
    expect(scores[0]).toMatchObject({ counterpart: true, scoring: { type: "contains", ignore_case: false }, source_score: 4 / 6 });
    expect(scores[0].assay.score).toBeCloseTo(4 / 6, 12);
    expect(scores[0].assay.recorded).toMatchObject({ matched_tasks: 6, missing_tasks: 0, unmatched_count: 0 });
    const run = (await call("GET", `/api/eval-runs/${imp.run_id}`, { key })).body;
    expect(run).toMatchObject({ recorded: true, target: { kind: "outputs", dataset: "capitals-outputs@1", name: "promptfoo results.json" } });
    // Where the outputs came from, as the run page shows it.
    expect((await call("GET", "/api/datasets/capitals-outputs@1", { key })).body).toMatchObject({ source: "promptfoo: results.json", row_count: 6 });
    const bm = (await call("GET", `/api/benchmarks/${scores[0].id}`, { key })).body;
    expect(bm).toMatchObject({ dataset: "capitals@1", prompt_column: "prompt", answer_column: "expected" });
    expect(bm.description).toMatch(/^Imported from promptfoo \(results\.json\).*The source states 0\.6666/);
  });

  it("a file promptfoo 0.123.1 wrote against the fixture model (test/imports): 5 successes of 8, and Assay's contains agrees", async () => {
    const { key } = await newProject("import-promptfoo-real");
    const bytes = new TextEncoder().encode(JSON.stringify(promptfooReal));
    const { imp, scores } = await importAndScore(key, { format: "promptfoo", name: "fixture-arith" }, [{ field: "file", name: "results.json", bytes }]);
    expect(imp).toMatchObject({ source: { tool_version: "0.123.1" }, tasks: 8, outputs: 8, source_score: 5 / 8 });
    expect(scores[0]).toMatchObject({ counterpart: true, scoring: { type: "contains", ignore_case: false } });
    expect(scores[0].assay.score).toBe(5 / 8);
  });

  it("Inspect .eval: match is exact_match for one-word answers, 3 of 4 'C' = accuracy 0.75", async () => {
    const { key } = await newProject("import-inspect");
    const { imp, scores } = await importAndScore(key, { format: "inspect", name: "yes-no" }, [{ field: "file", name: "mini.eval", bytes: await miniInspectEval() }]);
    expect(imp).toMatchObject({ source: { tool: "inspect", model: "openai/gpt-mini", task: "mini_yes_no" }, source_score: 0.75, source_verdicts: 4, attempts: 1 });
    expect(scores[0]).toMatchObject({ score: "match", counterpart: true, scoring: { type: "exact_match" } });
    expect(scores[0].assay.score).toBe(0.75);
  });

  it("lm-eval: samples + results JSON, one benchmark per filter, each equal to results.gsm8k's figure", async () => {
    const { key } = await newProject("import-lm-eval");
    const { imp, scores } = await importAndScore(key, { format: "lm-eval", name: "gsm8k-mini" }, [
      { field: "file", name: LM_EVAL_SAMPLES_NAME, bytes: miniLmEvalSamples() },
      { field: "results", name: "results_2026-12-01T10-00-00.123456.json", bytes: miniLmEvalResults() },
    ]);
    expect(imp.source).toMatchObject({ tool: "lm-eval", task: "gsm8k", model: "mini-model" });
    expect(scores.map((s: any) => [s.name, s.scoring, s.source_score, s.assay.score])).toEqual([
      ["gsm8k-mini exact_match,strict-match", { type: "numeric", mode: "strict" }, 0.5, 0.5],
      ["gsm8k-mini exact_match,flexible-extract", { type: "numeric", mode: "flexible" }, 0.75, 0.75],
    ]);
  });

  it("a scorer without a counterpart keeps the source's verdict: source_verdict, a structured dimension per attempt", async () => {
    const { key } = await newProject("import-regex");
    const { imp, scores } = await importAndScore(key, { format: "promptfoo", name: "rx" }, [{ field: "file", name: "results.json", bytes: miniPromptfoo("regex") }]);
    expect(scores[0]).toMatchObject({ counterpart: false, scoring: { type: "source_verdict", column: "verdict:pass", label: "promptfoo pass" } });
    expect(scores[0].note).toMatch(/regex passes when the pattern matches/);
    expect(scores[0].assay.score).toBeCloseTo(4 / 6, 12);
    const samples = (await call("GET", `/api/eval-runs/${imp.run_id}/samples?limit=100`, { key })).body.items as any[];
    expect(samples).toHaveLength(6);
    const trial = (await call("GET", `/api/trials/${samples[0].id}`, { key })).body;
    expect(JSON.stringify(trial)).toContain("source:promptfoo pass");
  });

  it.each([
    ["promptfoo", "results.json", "{\"results\": {}}", "file.results.results"],
    ["promptfoo", "results.json", "not json", "file"],
    ["inspect", "log.json", "{\"status\": \"started\", \"eval\": {}}", "file.status"],
    ["inspect", "log.eval", "PK\u0003\u0004broken", "file"],
    ["lm-eval", "out.jsonl", "{}", "file"],
    ["lm-eval", LM_EVAL_SAMPLES_NAME, "{\"doc\": {}}", "file line 1: doc_id"],
  ])("refuses a malformed %s file (%s) with a 422 naming it, writing nothing", async (format, name, text, field) => {
    const { key, project } = await newProject("import-bad");
    const p = expectProblem(await importFile(key, { format, name: "bad" }, [{ field: "file", name, bytes: new TextEncoder().encode(text) }]), 422, "validation_failed");
    expect(p.errors!.map((e) => e.field)).toEqual([field]);
    expect(await counts(project.id)).toEqual({ datasets: 0, benchmarks: 0, runs: 0 });
  });

  it("refuses a bad form (format, name, no file, not multipart) and a taken name, writing nothing", async () => {
    const { key, project } = await newProject("import-bad-form");
    const file = { field: "file", name: "results.json", bytes: miniPromptfoo() };
    expect(expectProblem(await importFile(key, { format: "deepeval", name: "x" }, [file]), 422).errors!.map((e) => e.field)).toEqual(["format"]);
    expect(expectProblem(await importFile(key, { format: "promptfoo", name: "bad name!" }, [file]), 422).errors!.map((e) => e.field)).toEqual(["name"]);
    expect(expectProblem(await importFile(key, { format: "promptfoo", name: "x" }, []), 422).errors!.map((e) => e.field)).toEqual(["file"]);
    expectProblem(await call("POST", "/api/imports", { key, body: { format: "promptfoo" } }), 415);
    const results = { field: "results", name: "results.json", bytes: miniLmEvalResults() };
    const stray = expectProblem(await importFile(key, { format: "promptfoo", name: "x" }, [file, results]), 422, "validation_failed");
    expect(stray.errors).toEqual([{ field: "results", message: "is for lm-eval imports only" }]);
    const two = expectProblem(await importFile(key, { format: "inspect", name: "x" }, [file, { ...file, name: "b.json" }]), 422, "validation_failed");
    expect(two.errors).toEqual([{ field: "file", message: "a inspect import takes one file, not 2" }]);
    expect(await counts(project.id)).toEqual({ datasets: 0, benchmarks: 0, runs: 0 });
    expect((await importFile(key, { format: "promptfoo", name: "twice" }, [file])).status).toBe(201);
    const before = await counts(project.id);
    expectProblem(await importFile(key, { format: "promptfoo", name: "twice" }, [file]), 409);
    expect(await counts(project.id)).toEqual(before);
  });
});

describe("POST /api/imports: the run goes through the runs service", { timeout: 120_000 }, () => {
  const file = { field: "file", name: "results.json", bytes: miniPromptfoo() };

  it.each([
    ["without evaluations in the plan", { evaluations_enabled: false }, "plan does not include evaluations"],
    ["without credits", { credits: 0 }, "no ML-compute credits left"],
  ])("refuses an import %s with the start's 402, writing nothing", async (_, patch, detail) => {
    const { key, project } = await newProject("import-plan");
    await call("PATCH", `/api/projects/${project.id}`, { key: BOOTSTRAP, body: patch });
    const p = expectProblem(await importFile(key, { format: "promptfoo", name: "plan" }, [file]), 402, "payment_required");
    expect(p.detail).toContain(detail);
    expect(await counts(project.id)).toEqual({ datasets: 0, benchmarks: 0, runs: 0 });
  });

  it("a key with the read scope only cannot import (403), and another project's import is not visible", async () => {
    const { key } = await newProject("import-scope");
    const reader = (await call("POST", "/api/keys", { key, body: { name: "reader", scopes: ["read"] } })).body.api_key as string;
    expectProblem(await importFile(reader, { format: "promptfoo", name: "scoped" }, [file]), 403, "forbidden");
    const imp = await importFile(key, { format: "promptfoo", name: "scoped" }, [file]);
    expect(imp.status).toBe(201);
    const other = await newProject("import-other");
    expectProblem(await call("GET", `/api/eval-runs/${imp.body.run_id}`, { key: other.key }), 404, "not_found");
    // The run it started is the run a client would have started: queued or on its way, with the import's outputs target.
    const run = (await call("GET", `/api/eval-runs/${imp.body.run_id}`, { key })).body;
    expect(run).toMatchObject({ benchmarks: imp.body.benchmarks.map((b: { id: string }) => b.id), options: { attempts: 1 } });
    expect(["queued", "running", "completed"]).toContain(run.status);
  });
});

describe.runIf(inject("sharedPresent"))("POST /api/imports on the real files in ../shared/real-outputs/imports", { timeout: 120_000 }, () => {
  const get = async (path: string) => {
    const r = await fetch(`${inject("sharedUrl")}/real-outputs/imports/${path}`);
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    return { field: "file", name: path.replace(/^.*\//, ""), bytes: new Uint8Array(await r.arrayBuffer()) };
  };

  it("Inspect popularity: Assay's exact_match gives 0.8, the log's match accuracy (8 of 10 'C')", async () => {
    const { key } = await newProject("import-real-inspect");
    const { imp, scores } = await importAndScore(key, { format: "inspect", name: "popularity" }, [await get("inspect_ai/2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval")]);
    expect(imp).toMatchObject({ source_score: 0.8, source_verdicts: 10, tasks: 10, outputs: 10 });
    expect(scores[0].assay.score).toBeCloseTo(0.8, 12);
  });

  it("Inspect security guide: model_graded_fact kept as the source's verdict, 1.0 as stated", async () => {
    const { key } = await newProject("import-real-inspect-graded");
    const { scores } = await importAndScore(key, { format: "inspect", name: "security-guide" }, [await get("inspect_ai/2025-05-12T20-28-26-04-00_security-guide.json")]);
    expect(scores[0]).toMatchObject({ counterpart: false, source_score: 1 });
    expect(scores[0].assay.score).toBe(1);
  });

  it("promptfoo: javascript assertions kept as the source's verdict, 10 successes of 10", async () => {
    const { key } = await newProject("import-real-promptfoo");
    const { imp, scores } = await importAndScore(key, { format: "promptfoo", name: "weather" }, [await get("promptfoo/promptfoo_results.json")]);
    expect(imp).toMatchObject({ source_score: 1, source_verdicts: 10 });
    expect(scores[0].assay.score).toBe(1);
  });
});
