/**
 * MMLU-Pro, HellaSwag and ToxiGen end to end: the built-in loads from the loopback
 * mirror (the real Parquet and bzip2 files, or the generated mini files on a
 * clone without ../shared), runs through the API against the fixture model
 * and is scored by the catalog's scorer. The fixture learns each selected
 * row's prompt and key here (POST /_answers), so it answers right or wrong
 * as its accuracy knob draws; the expected score is recomputed from the
 * replies against the revision's keys.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { builtinById } from "../../src/catalog";
import { openDb } from "../../src/db/client";
import { benchmarks, type DatasetRevisionRow } from "../../src/db/schema";
import { renderPrompt } from "../../src/domain/prompt";
import { examplesFor } from "../../src/execution/benchmark-plan";
import { readRows, type DatasetRow } from "../../src/storage/dataset-rows";
import { loadFromMirror, realData } from "../../test/builtin-data";
import { call, newProject } from "../../test/http";
import { MINI_HELLASWAG_ITEMS, MINI_MMLU_PRO } from "../../test/mini-multiple-choice";
import { MINI_TOXIGEN_PER_FILE } from "../../test/mini-toxigen";
import { attemptsOf, createRun, waitForRun } from "../../test/runs";
import { ensureBuiltinRevision } from "./ensure-data";

const db = openDb(env.DB);
const uniq = () => crypto.randomUUID().slice(0, 8);
const loaded = new Map<string, { rev: DatasetRevisionRow; rows: DatasetRow[] }>();

async function load(id: string) {
  const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, id)).get())!;
  const rev = (await ensureBuiltinRevision(env, db, bm, loadFromMirror(id)))!;
  loaded.set(id, { rev, rows: await readRows(env.ARTIFACTS, rev, 0, rev.rowCount) });
}

const dataOf = (id: string, rowIndex: number) => loaded.get(id)!.rows[rowIndex]!.data as Record<string, any>;

/** Teaches the fixture the key of each row: its rendered prompt (unique even where questions repeat) and letter. */
async function teach(id: string, rows: Record<string, any>[]) {
  const def = builtinById(id)!;
  const spec = { prompt_template: def.prompt_template, prompt_column: null, answer_column: def.answer_column };
  const body = rows.map((r) => ({ question: renderPrompt(spec, r), answer: r.answer_letter }));
  const res = await fetch(`${inject("fixtureUrl")}/_answers`, { method: "POST", body: JSON.stringify(body) });
  expect(res.status).toBe(200);
}

async function run(key: string, id: string, model: string, options: Record<string, unknown>) {
  const runId = await createRun(key, [id], model, { per_benchmark: { [id]: options } });
  expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
  expect((await waitForRun(key, runId, 100_000)).status).toBe("completed");
  return runId;
}

async function scoreOf(key: string, runId: string) {
  const r = await call("GET", `/api/eval-runs/${runId}/scores`, { key });
  expect(r.status).toBe(200);
  return r.body.scores[0];
}

/** The letter the fixture chose ("The answer is (X).") */
const letter = (text: string) => /answer is \(([A-J])\)/.exec(text)?.[1] ?? null;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe("MMLU-Pro and HellaSwag run end to end", { timeout: 150_000 }, () => {
  beforeAll(async () => {
    for (const id of ["bm_mmlu_pro", "bm_hellaswag", "bm_toxigen"]) await load(id);
  }, 120_000);

  it("load every row: MMLU-Pro's test and validation splits with categories as subsets, HellaSwag's validation items", () => {
    const pro = loaded.get("bm_mmlu_pro")!.rev;
    const cats = MINI_MMLU_PRO.categories.length;
    expect(pro.rowCount).toBe(realData() ? 12_032 + 70 : cats * (MINI_MMLU_PRO.testPerCategory + MINI_MMLU_PRO.validationPerCategory));
    expect(pro.splits).toEqual(["test", "validation"]);
    expect([...pro.subsets].sort()).toEqual(realData() ? [...builtinById("bm_mmlu_pro")!.subsets].sort() : [...MINI_MMLU_PRO.categories].sort());
    expect(loaded.get("bm_hellaswag")!.rev.rowCount).toBe(realData() ? 10_042 : MINI_HELLASWAG_ITEMS);
    if (realData()) {
      // The first item, as the HellaSwag README shows it (ind 24), and MMLU-Pro's first test question.
      expect(dataOf("bm_hellaswag", 0)).toMatchObject({ question: "Roof shingle removal: A man is sitting on a roof. he", answer_letter: "D", answer_text: "starts pulling up roofing on a roof." });
      expect(dataOf("bm_mmlu_pro", 0)).toMatchObject({ id: "test-70", category: "business", answer_letter: "I" });
    }
  });

  it("MMLU-Pro: a category subset, 5-shot with that category's worked validation examples, and a perfect model scores exactly 1", async () => {
    const id = "bm_mmlu_pro";
    const category = "law";
    const { rows } = loaded.get(id)!;
    await teach(id, rows.filter((r) => r.data.split === "test" && r.data.category === category).slice(0, 30).map((r) => r.data));
    const { key } = await newProject();
    const model = `fixture-${uniq()}:accuracy=1`;
    const limit = 6;
    const runId = await run(key, id, model, { sample_limit: limit, subsets: [category] });

    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(limit);
    for (const a of attempts) {
      expect(dataOf(id, a.row_index)).toMatchObject({ split: "test", category });
      expect(letter(a.output)).toBe(dataOf(id, a.row_index).answer_letter);
      expect(a.reward).toBe(1);
    }
    // The benchmark's default few-shot (5) applies: the five validation examples of the same category.
    const plan = await env.DB.prepare("SELECT few_shot FROM run_benchmarks WHERE run_id = ?1").bind(runId).first<{ few_shot: string }>();
    const examples = examplesFor(JSON.parse(plan!.few_shot), category);
    expect(examples).toHaveLength(5);
    for (const i of examples) expect(dataOf(id, i)).toMatchObject({ split: "validation", category });

    // The conversation sent: each example as the prompt and its worked solution, then the question.
    const samples = await call("GET", `/api/eval-runs/${runId}/samples?limit=10`, { key });
    const steps = await call("GET", `/api/trials/${samples.body.items[0].id}/steps`, { key });
    expect(steps.status).toBe(200);
    const messages = steps.body.items.at(-1).messages as { role: string; content: string }[];
    const first = dataOf(id, examples[0]!);
    expect(messages[0]).toMatchObject({ role: "user", content: expect.stringContaining(`about ${category}. Think step by step`) });
    expect(messages[0]!.content).toContain(`Question: ${first.question}\nOptions: A. ${first.options[0]}\nB. `);
    expect(messages[0]!.content.endsWith("Answer: Let's think step by step.")).toBe(true);
    expect(messages[1]).toEqual(expect.objectContaining({ role: "assistant", content: first.example_answer }));
    expect(messages[1]!.content).toMatch(/The answer is \([A-J]\)\.$/);
    expect(messages.filter((m) => m.role === "user")).toHaveLength(6);

    const score = await scoreOf(key, runId);
    expect(score).toMatchObject({ benchmark_id: id, score: 1, member_count: limit });
    expect(score.subsets.map((s: any) => [s.key, s.score])).toEqual([[category, 1]]);
  });

  it("MMLU-Pro: with a hash-drawn accuracy the score is the share of right letters, per category", async () => {
    const id = "bm_mmlu_pro";
    const categories = ["math", "history"];
    const { rows } = loaded.get(id)!;
    for (const c of categories) await teach(id, rows.filter((r) => r.data.split === "test" && r.data.category === c).slice(0, 40).map((r) => r.data));
    const { key } = await newProject();
    const model = "fixture-mmlu-pro-drawn:accuracy=0.5,seed=5";
    // A sample limit applies per benchmark over both subsets: the first rows of math and history in revision order.
    const runId = await run(key, id, model, { sample_limit: 12, subsets: categories, few_shot: 0 });
    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(12);
    const expected = attempts.map((a: any) => (letter(a.output) === dataOf(id, a.row_index).answer_letter ? 1 : 0));
    expect(attempts.map((a: any) => a.reward)).toEqual(expected);
    expect(expected).toContain(0);
    expect(expected).toContain(1);
    const score = await scoreOf(key, runId);
    expect(score.score).toBeCloseTo(mean(expected), 12);
    for (const s of score.subsets) {
      const mine = attempts.flatMap((a: any, i: number) => (dataOf(id, a.row_index).category === s.key ? [expected[i]!] : []));
      expect(s.score).toBeCloseTo(mean(mine), 12);
    }
  });

  it("ToxiGen: statements labelled by their file, groups as subsets, scored by letter against the label", async () => {
    const id = "bm_toxigen";
    const { rev, rows } = loaded.get(id)!;
    expect(rev.rowCount).toBe(realData() ? 722 : 31 * MINI_TOXIGEN_PER_FILE);
    expect([...rev.subsets].sort()).toEqual([...builtinById(id)!.subsets].sort());
    const groups = ["women", "muslim"];
    await teach(id, rows.filter((r) => groups.includes(r.data.subset as string)).map((r) => r.data));
    const { key } = await newProject();
    const model = "fixture-toxigen-drawn:accuracy=0.7,seed=9";
    const runId = await run(key, id, model, { sample_limit: 40, subsets: groups });
    const attempts = await attemptsOf(runId);
    const expected = attempts.map((a: any) => {
      const row = dataOf(id, a.row_index);
      expect(groups).toContain(row.subset);
      expect(row.answer_letter).toBe(row.label === "hate" ? "A" : "B");
      return letter(a.output) === row.answer_letter ? 1 : 0;
    });
    expect(attempts.map((a: any) => a.reward)).toEqual(expected);
    expect(expected).toContain(0);
    expect(expected).toContain(1);
    const score = await scoreOf(key, runId);
    expect(score.score).toBeCloseTo(mean(expected), 12);
    expect(score.subsets.map((s: any) => s.key).sort()).toEqual([...groups].sort());
  });

  it("HellaSwag: the letter of the right ending scores 1, a wrong one 0, and the score is their mean", async () => {
    const id = "bm_hellaswag";
    const { rows } = loaded.get(id)!;
    await teach(id, rows.slice(0, 24).map((r) => r.data));
    const { key } = await newProject();
    const model = "fixture-hellaswag-drawn:accuracy=0.6,seed=2";
    const limit = 16;
    const runId = await run(key, id, model, { sample_limit: limit });
    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(limit);
    const expected = attempts.map((a: any) => {
      const row = dataOf(id, a.row_index);
      expect(a.output).toMatch(/^The answer is \([A-D]\)\.$/);
      return letter(a.output) === row.answer_letter ? 1 : 0;
    });
    expect(attempts.map((a: any) => a.reward)).toEqual(expected);
    expect(expected.filter((x: number) => x === 1).length).toBeGreaterThan(3);
    expect(expected).toContain(0);
    expect((await scoreOf(key, runId)).score).toBeCloseTo(mean(expected), 12);
  });
});
