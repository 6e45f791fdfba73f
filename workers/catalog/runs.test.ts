/**
 * Built-in benchmarks run end to end against the fixture model: data
 * loaded from the loopback mirror (the shared folder's real files, or the
 * generated mini files on a clone without it; the planner then
 * finds the revision), prompts built from the catalog's templates, scored
 * by the catalog's scorers. With accuracy=1 the fixture answers every task
 * right, so the score is exactly 1; with a hash-drawn accuracy the expected
 * score is recomputed from the outputs against the revision's answer key.
 */
import { examplesFor } from "../../src/execution/benchmark-plan";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { BUILTIN_BENCHMARKS, builtinById } from "../../src/catalog";
import { openDb } from "../../src/db/client";
import { benchmarks, type DatasetRevisionRow } from "../../src/db/schema";
import { readRows, type DatasetRow } from "../../src/storage/dataset-rows";
import { builtinSizes, loadFromMirror } from "../../test/builtin-data";
import { catalogEntry } from "../../test/catalog-entries";
import { call, newProject } from "../../test/http";
import { attemptsOf, createRun, fixtureBase, fixtureStats, waitForRun } from "../../test/runs";
import { ensureBuiltinRevision } from "./ensure-data";

const db = openDb(env.DB);
const uniq = () => crypto.randomUUID().slice(0, 8);
const revisions = new Map<string, { rev: DatasetRevisionRow; rows: DatasetRow[] }>();

/** Loads a built-in's data from the loopback mirror, as a first use would from the configured one. */
async function load(id: string) {
  const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, id)).get())!;
  const rev = (await ensureBuiltinRevision(env, db, bm, loadFromMirror(id)))!;
  revisions.set(id, { rev, rows: await readRows(env.ARTIFACTS, rev, 0, rev.rowCount) });
}

const dataOf = (id: string, rowIndex: number) => revisions.get(id)!.rows[rowIndex]!.data as Record<string, any>;

async function start(key: string, runId: string) {
  expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
  return waitForRun(key, runId, 100_000);
}

async function scoresOf(key: string, runId: string) {
  const r = await call("GET", `/api/eval-runs/${runId}/scores`, { key });
  expect(r.status).toBe(200);
  return r.body.scores as any[];
}

/** The run's few-shot examples for members of `subset` (the overall list when null). */
async function fewShotOf(runId: string, benchmarkId: string, subset: string | null = null): Promise<number[] | null> {
  const r = await env.DB.prepare("SELECT few_shot FROM run_benchmarks WHERE run_id = ?1 AND benchmark_id = ?2").bind(runId, benchmarkId).first<{ few_shot: string | null }>();
  return r?.few_shot ? examplesFor(JSON.parse(r.few_shot), subset) : null;
}

/** The final number of a GSM8K rationale or reply ('#### N'). */
const final = (text: string) => /####\s*\$?(-?[0-9][0-9,]*)/.exec(text)?.[1]?.replace(/,/g, "") ?? null;
/** The letter in the fixture's "The answer is (X)." */
const letter = (text: string) => /\(([A-M])\)/.exec(text)?.[1] ?? null;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe("built-in benchmarks run end to end", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    for (const id of ["bm_gsm8k", "bm_mmlu", "bm_arc_challenge", "bm_truthfulqa_mc1", "bm_truthfulqa", "bm_humaneval"]) await load(id);
  }, 60_000);

  it("GSM8K: a perfect model scores exactly 1 on a 20-task sample", async () => {
    const { key } = await newProject();
    const model = `fixture-${uniq()}:accuracy=1`;
    const runId = await createRun(key, ["bm_gsm8k"], model, { per_benchmark: { bm_gsm8k: { sample_limit: 20 } } });
    const p = await start(key, runId);
    expect(p.status).toBe("completed");
    const rows = await attemptsOf(runId);
    expect(rows).toHaveLength(20);
    expect(rows.map((r: any) => r.row_index)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    for (const r of rows) {
      expect(r.reward).toBe(1);
      expect(final(r.output)).toBe(final(dataOf("bm_gsm8k", r.row_index).answer));
    }
    const [score] = await scoresOf(key, runId);
    expect(score).toMatchObject({ benchmark_id: "bm_gsm8k", status: "completed", score: 1, pass: 1, member_count: 20 });
    expect(score.dataset_digest).toBe(revisions.get("bm_gsm8k")!.rev.digest);
    expect((await fixtureStats(model)).calls).toBe(20);
  });

  it("GSM8K: with a hash-drawn accuracy, the score is the share of replies whose final number is the key's, with few-shot examples from outside the sample", async () => {
    const { key } = await newProject();
    const model = "fixture-catalog-gsm8k-drawn:accuracy=0.6,seed=11";
    const runId = await createRun(key, ["bm_gsm8k"], model, { sample_limit: 20, few_shot: 3 });
    expect((await start(key, runId)).status).toBe("completed");
    const rows = await attemptsOf(runId);
    const expected = rows.map((r: any) => (final(r.output) === final(dataOf("bm_gsm8k", r.row_index).answer) ? 1 : 0));
    expect(rows.map((r: any) => r.reward)).toEqual(expected);
    expect(expected.filter((x: number) => x === 1).length).toBeGreaterThan(3);
    expect(expected.filter((x: number) => x === 0).length).toBeGreaterThan(1);
    const [score] = await scoresOf(key, runId);
    expect(score.score).toBe(mean(expected));
    // No train split is loaded: examples are the first rows outside the run's 20.
    expect(await fewShotOf(runId, "bm_gsm8k")).toEqual([20, 21, 22]);
  });

  it("MMLU: subjects are subsets, few-shot examples come from the dev split, and a perfect model scores exactly 1", async () => {
    const { key } = await newProject();
    const model = `fixture-${uniq()}:accuracy=1`;
    const runId = await createRun(key, ["bm_mmlu"], model, { per_benchmark: { bm_mmlu: { sample_limit: 20, subsets: ["anatomy"], few_shot: 5 } } });
    expect((await start(key, runId)).status).toBe("completed");
    const rows = await attemptsOf(runId);
    expect(rows).toHaveLength(20);
    for (const r of rows) {
      expect(r.subset).toBe("anatomy");
      expect(dataOf("bm_mmlu", r.row_index)).toMatchObject({ split: "test", subject: "anatomy" });
      expect(letter(r.output)).toBe(dataOf("bm_mmlu", r.row_index).answer_letter);
      expect(r.reward).toBe(1);
    }
    const fewShot = (await fewShotOf(runId, "bm_mmlu", "anatomy"))!;
    expect(fewShot).toHaveLength(5);
    for (const i of fewShot) expect(dataOf("bm_mmlu", i)).toMatchObject({ split: "dev", subject: "anatomy" });
    const [score] = await scoresOf(key, runId);
    expect(score).toMatchObject({ score: 1, member_count: 20 });
    expect(score.subsets.map((s: any) => [s.key, s.score])).toEqual([["anatomy", 1]]);
  });

  it("MMLU: two subjects at a drawn accuracy score per subject and overall as the replies say", async () => {
    const { key } = await newProject();
    const model = "fixture-catalog-mmlu-drawn:accuracy=0.5,seed=4";
    const runId = await createRun(key, ["bm_mmlu"], model, { select: { subsets: ["sociology", "abstract_algebra"], shuffle: true, seed: 9 }, sample_limit: 24 });
    expect((await start(key, runId)).status).toBe("completed");
    const rows = await attemptsOf(runId);
    expect(rows).toHaveLength(24);
    const verdict = (r: any) => (letter(r.output) === dataOf("bm_mmlu", r.row_index).answer_letter ? 1 : 0);
    expect(rows.map((r: any) => r.reward)).toEqual(rows.map(verdict));
    const [score] = await scoresOf(key, runId);
    expect(score.score).toBe(mean(rows.map(verdict)));
    for (const s of score.subsets) expect(s.score).toBe(mean(rows.filter((r: any) => r.subset === s.key).map(verdict)));
    expect(score.subsets.map((s: any) => s.key).sort()).toEqual(["abstract_algebra", "sociology"]);
    expect(score.score).toBeGreaterThan(0);
    expect(score.score).toBeLessThan(1);
  });

  it("ARC-Challenge: a perfect model scores exactly 1, with dev-split examples", async () => {
    const { key } = await newProject();
    const model = `fixture-${uniq()}:accuracy=1`;
    const runId = await createRun(key, ["bm_arc_challenge"], model, { per_benchmark: { bm_arc_challenge: { sample_limit: 20, few_shot: 2 } } });
    expect((await start(key, runId)).status).toBe("completed");
    const rows = await attemptsOf(runId);
    expect(rows).toHaveLength(20);
    for (const r of rows) {
      expect(dataOf("bm_arc_challenge", r.row_index).split).toBe("test");
      expect(r.reward).toBe(1);
    }
    expect((await fewShotOf(runId, "bm_arc_challenge"))!.map((i) => dataOf("bm_arc_challenge", i).split)).toEqual(["dev", "dev"]);
    expect((await scoresOf(key, runId))[0]).toMatchObject({ score: 1, member_count: 20 });
  });

  it("TruthfulQA MC1: the fixture finds the true option wherever the shuffle put it; a drawn accuracy scores as the letters say", async () => {
    const { key } = await newProject();
    const perfect = await createRun(key, ["bm_truthfulqa_mc1"], `fixture-${uniq()}:accuracy=1`, { sample_limit: 20 });
    expect((await start(key, perfect)).status).toBe("completed");
    const good = await attemptsOf(perfect);
    expect(good.map((r: any) => r.reward)).toEqual(Array(20).fill(1));
    // The key's letters are spread out, so answering by position would not have done it.
    expect(new Set(good.map((r: any) => dataOf("bm_truthfulqa_mc1", r.row_index).answer_letter)).size).toBeGreaterThan(2);
    expect((await scoresOf(key, perfect))[0].score).toBe(1);

    const drawn = await createRun(key, ["bm_truthfulqa_mc1"], "fixture-catalog-truthfulqa-mc1-drawn:accuracy=0.5,seed=3", { sample_limit: 20 });
    expect((await start(key, drawn)).status).toBe("completed");
    const rows = await attemptsOf(drawn);
    const expected = rows.map((r: any) => (letter(r.output) === dataOf("bm_truthfulqa_mc1", r.row_index).answer_letter ? 1 : 0));
    expect(rows.map((r: any) => r.reward)).toEqual(expected);
    expect((await scoresOf(key, drawn))[0].score).toBe(mean(expected));
    expect(mean(expected)).toBeGreaterThan(0);
    expect(mean(expected)).toBeLessThan(1);
  });

  it("TruthfulQA: the judge grades each answer against the best answer", async () => {
    // Teach the fixture the best answers, keyed on the prompt's "Question: ..." line so they win over the MC1 key.
    const rows = revisions.get("bm_truthfulqa")!.rows.map((r) => ({ question: `Question: ${(r.data as any).question}`, answer: (r.data as any).best_answer }));
    const taught = await fetch(`${inject("fixtureUrl")}/_answers`, { method: "POST", body: JSON.stringify(rows) });
    expect(taught.status).toBe(200);

    const { key } = await newProject();
    const judge = { provider: "openai", base_url: fixtureBase(), model: `fixture-judge-${uniq()}`, api_key: "sk-judge-planted-4410" };
    const perfect = await createRun(key, ["bm_truthfulqa"], `fixture-${uniq()}:accuracy=1`, { sample_limit: 20 }, { judge });
    expect((await start(key, perfect)).status).toBe("completed");
    const good = await attemptsOf(perfect);
    for (const r of good) {
      expect(r.output).toBe(dataOf("bm_truthfulqa", r.row_index).best_answer);
      expect(r.reward).toBe(1);
      expect(JSON.parse(r.structured)).toMatchObject({ composite: 1 });
    }
    expect((await scoresOf(key, perfect))[0]).toMatchObject({ score: 1, member_count: 20 });
    expect((await fixtureStats(judge.model)).calls).toBe(20);

    const drawn = await createRun(key, ["bm_truthfulqa"], "fixture-catalog-truthfulqa-drawn:accuracy=0.5,seed=8", { sample_limit: 20 }, { judge: { ...judge, model: `fixture-judge-${uniq()}` } });
    expect((await start(key, drawn)).status).toBe("completed");
    const attempts = await attemptsOf(drawn);
    const expected = attempts.map((r: any) => (r.output === dataOf("bm_truthfulqa", r.row_index).best_answer ? 1 : 0));
    expect(attempts.map((r: any) => r.reward)).toEqual(expected);
    const [score] = await scoresOf(key, drawn);
    expect(score.score).toBe(mean(expected));
    expect(score.score).toBeGreaterThan(0);
    expect(score.score).toBeLessThan(1);
    expect(new Set(score.subsets.map((s: any) => s.key))).toEqual(new Set(attempts.map((r: any) => r.subset)));
  });

  it("TruthfulQA without a judge fails with that reason, never a score", async () => {
    const { key } = await newProject();
    const runId = await createRun(key, ["bm_truthfulqa"], `fixture-${uniq()}`, { sample_limit: 5 });
    const p = await start(key, runId);
    expect(p.status).toBe("failed");
    expect(p.benchmarks[0]).toMatchObject({ benchmark_id: "bm_truthfulqa", status: "failed", attempts: 0 });
    expect(p.benchmarks[0].error).toMatch(/judge/);
    expect(await attemptsOf(runId)).toEqual([]);
  });

  it("HumanEval loads all its problems (its runs against the sandbox: workers/catalog/code-runs.test.ts)", () => {
    expect(revisions.get("bm_humaneval")!.rev.rowCount).toBe(builtinSizes().humaneval.rows);
  });

  // Whichever built-ins still have no loadable data (the catalog shrinks this list as benchmarks become runnable).
  const cannotRun = BUILTIN_BENCHMARKS.filter((b) => b.status === "unavailable" && b.kind === "inline").slice(0, 3).map((b) => b.id);

  it.skipIf(cannotRun.length === 0)("benchmarks without loadable data fail with a clear error, never 0, while the rest of the run completes", async () => {
    const { key } = await newProject();
    const model = `fixture-${uniq()}:accuracy=1`;
    const runId = await createRun(key, ["bm_gsm8k", ...cannotRun], model, { sample_limit: 3 });
    const p = await start(key, runId);
    expect(p.status).toBe("failed");
    const by = new Map(p.benchmarks.map((b: any) => [b.benchmark_id, b]));
    expect(by.get("bm_gsm8k")).toMatchObject({ status: "completed", attempts: 3 });
    for (const id of cannotRun) {
      const def = builtinById(id)!;
      expect(by.get(id)).toMatchObject({ status: "failed", attempts: 0, error: `${def.name} cannot run on this deployment yet. ${catalogEntry(def.id).status_detail}` });
      expect((by.get(id) as any).error).toMatch(/not bundled/);
    }
    const scores = await scoresOf(key, runId);
    for (const s of scores.filter((s: any) => s.benchmark_id !== "bm_gsm8k")) expect(s).toMatchObject({ status: "failed", score: null, pass: null });
    expect((await attemptsOf(runId)).every((r: any) => r.benchmark_id === "bm_gsm8k")).toBe(true);
  });
});
