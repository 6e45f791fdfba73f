/**
 * MT-Bench end to end: FastChat's 80 pinned questions (or the generated
 * eight on a clone without ../shared) load with their turns and reference
 * answers; a run goes through the API against the fixture model, which
 * answers turn 1, then turn 2 in the same conversation (its turn-2 reply
 * quotes the earlier answer it was sent), and is judged per turn by the
 * run's judge, also the fixture, which returns "Rating: [[N]]". /scores
 * reports the mean rating on the 1–10 scale, per category, and the
 * turn_1, turn_2 and overall dimensions; a verdict without a rating is
 * left out (upstream's -1), never 0.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { MT_BENCH_CATEGORIES } from "../../src/catalog/benchmarks/mt_bench/source";
import { openDb } from "../../src/db/client";
import { benchmarks, type DatasetRevisionRow } from "../../src/db/schema";
import { readRows, type DatasetRow } from "../../src/storage/dataset-rows";
import { loadFromMirror, realData } from "../../test/builtin-data";
import { call, newProject } from "../../test/http";
import { MINI_MT_BENCH } from "../../test/mini-mt-bench";
import { attemptsOf, createRun, fixtureBase, fixtureStats, waitForRun } from "../../test/runs";
import { ensureBuiltinRevision } from "./ensure-data";

const db = openDb(env.DB);
const ID = "bm_mt_bench";
const uniq = () => crypto.randomUUID().slice(0, 8);
const judgeOf = (knobs: string) => ({ provider: "openai", base_url: fixtureBase(), model: `fixture-judge-${uniq()}${knobs}`, api_key: "sk-judge-planted-5521" });
let rev: DatasetRevisionRow;
let rows: DatasetRow[];

/** The fixture's replies to each turn, read back from the attempt's output ("[Turn 1]\n...\n\n[Turn 2]\n..."). */
function turnsOf(output: string): [string, string] {
  const m = /^\[Turn 1\]\n([\s\S]*)\n\n\[Turn 2\]\n([\s\S]*)$/.exec(output);
  if (!m) throw new Error(`not a two-turn output: ${output}`);
  return [m[1]!, m[2]!];
}
const quoted = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s);

describe("MT-Bench runs end to end", { timeout: 200_000 }, () => {
  beforeAll(async () => {
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, ID)).get())!;
    rev = (await ensureBuiltinRevision(env, db, bm, loadFromMirror(ID)))!;
    rows = await readRows(env.ARTIFACTS, rev, 0, rev.rowCount);
  }, 120_000);

  it("loads one row per question with both turns, the category as subset and the references where the judge reads them", () => {
    const per = realData() ? 10 : 1;
    expect(rev.rowCount).toBe(8 * per);
    for (const c of MT_BENCH_CATEGORIES) expect(rows.filter((r) => r.data.subset === c)).toHaveLength(per);
    const withRef = rows.filter((r) => r.data.reference_answers !== null);
    expect(new Set(withRef.map((r) => r.data.category))).toEqual(new Set(["math", "reasoning", "coding"]));
    expect(withRef).toHaveLength(3 * per);
    for (const r of rows) expect((r.data.turns as string[]).length).toBe(2);
    if (realData()) {
      expect(rows[0]!.data).toMatchObject({ id: "81", category: "writing", turn_1: expect.stringMatching(/^Compose an engaging travel blog post about a recent trip to Hawaii/) });
      const q101 = rows.find((r) => r.data.id === "101")!.data;
      expect((q101.reference_answers as string[])[0]).toMatch(/^If you have just overtaken the second person, your current position is now second place/);
    } else {
      expect(rows.map((r) => r.data.question_id)).toEqual(MINI_MT_BENCH.map((q) => q.id));
    }
  });

  it("sends turn 2 with the model's own turn-1 answer, judges each turn, and scores 1–10 per turn, per category and overall", async () => {
    const { key } = await newProject();
    const model = `fixture-${uniq()}:accuracy=1`;
    const judge = judgeOf(":accuracy=1");
    // One question of each category (the first eight rows on the mini set).
    const select = realData() ? { shuffle: true, seed: 5 } : {};
    const n = 8;
    const runId = await createRun(key, [ID], model, { per_benchmark: { [ID]: { sample_limit: n, select } } }, { judge });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, runId, 150_000)).status).toBe("completed");
    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(n);
    for (const a of attempts) {
      const row = rows[a.row_index]!.data;
      const [one, two] = turnsOf(a.output);
      // Both turns said how they ended and neither was cut: the conversation records "not truncated".
      expect(a.truncated).toBe(0);
      expect(one).toMatch(new RegExp(`^A careful answer to MT-Bench question ${row.question_id}, turn 1:`));
      // The fixture quotes the assistant message it was sent before turn 2: the model's own turn-1 answer.
      expect(two).toContain(`Following my previous answer ("${quoted(one)}").`);
      expect(two).toContain(`question ${row.question_id}, turn 2:`);
      expect(a.reward).toBe(9);
      expect(JSON.parse(a.structured)).toMatchObject({ dimensions: { turn_1: 9, turn_2: 9, overall: 9 }, weights: { overall: 2 } });
      expect(a.reason).toContain(row.reference_answers ? "against the reference answers" : "without a reference");
    }
    // Two model calls and two judge calls per question (more only when a dropped connection made an attempt try again).
    expect((await fixtureStats(model)).calls).toBeGreaterThanOrEqual(2 * n);
    expect((await fixtureStats(judge.model)).calls).toBeGreaterThanOrEqual(2 * n);
    const [score] = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores;
    expect(score.score).toBe(9);
    expect(score.dimensions).toMatchObject({ turn_1: { mean: 9 }, turn_2: { mean: 9 }, overall: { mean: 9, weight: 2 * n } });
    expect(new Set(score.subsets.map((s: any) => s.key))).toEqual(new Set(attempts.map((a: any) => a.subset)));
    for (const s of score.subsets) expect(s.score).toBe(9);
    // The samples say each answered attempt took two model turns.
    const samples = (await call("GET", `/api/eval-runs/${runId}/samples`, { key })).body.items;
    expect(samples.map((x: any) => x.turns)).toEqual(Array(n).fill(2));
  });

  it("a mixed model and a judge that sometimes gives no rating: wrong turns rated 2, an unrated turn left out (-1), never 0", async () => {
    const { key } = await newProject();
    // Fixed names: the fixture's draws hash the model name, so these mixes are the same on every run.
    const model = "fixture-mt-bench-mixed:accuracy=0.5,seed=3";
    const judge = { ...judgeOf(""), model: "fixture-mt-bench-judge:accuracy=1,unrated=0.35,seed=2" };
    const n = realData() ? 12 : 8;
    const runId = await createRun(key, [ID], model, { per_benchmark: { [ID]: { sample_limit: n } } }, { judge });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, runId, 150_000)).status).toBe("completed");
    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(n);
    const ratings: number[] = [];
    let unrated = 0;
    for (const a of attempts) {
      const want = turnsOf(a.output).map((t) => (t === "I am not sure." ? 2 : 9));
      const s = a.structured ? JSON.parse(a.structured) : null;
      const got = [1, 2].map((t) => s?.dimensions?.[`turn_${t}`] ?? -1);
      got.forEach((g, i) => {
        if (g === -1) unrated++;
        else {
          expect(g).toBe(want[i]);
          ratings.push(g);
        }
      });
      const rated = got.filter((g) => g !== -1);
      if (rated.length) expect(a.reward).toBe(rated.reduce((x, y) => x + y, 0) / rated.length);
      else expect(a).toMatchObject({ reward: null, reason: expect.stringMatching(/no rating for either turn/) });
      expect(a.reward).not.toBe(0);
    }
    expect(unrated).toBeGreaterThan(0);
    expect(ratings).toContain(2);
    expect(ratings).toContain(9);
    const [score] = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores;
    const rewards = attempts.map((a: any) => a.reward).filter((r: number | null) => r !== null);
    expect(score.score).toBeCloseTo(rewards.reduce((x: number, y: number) => x + y, 0) / rewards.length, 12);
    // overall pools every rated turn: FastChat's MT-Bench score.
    expect(score.dimensions.overall.mean).toBeCloseTo(ratings.reduce((x, y) => x + y, 0) / ratings.length, 12);
    expect(score.dimensions.overall.weight).toBe(ratings.length);
  });
});
