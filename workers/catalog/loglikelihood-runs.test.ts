/**
 * HellaSwag in log-likelihood mode end to end (options.mc_mode): the
 * built-in loads from the loopback mirror (the real bzip2 text copy, or the
 * generated mini file without ../shared), runs through the API against the
 * fixture's /v1/completions, and each attempt's stored measurement scores
 * acc_norm as its reward with acc beside it, pooled by /scores. The fixture
 * learns each selected row's context and gold ending (POST /_answers), so the
 * gold ending is the most likely at its accuracy; the expected verdicts are
 * recomputed from the stored log-likelihoods. Refusals: a benchmark that is
 * not multiple choice, an Anthropic target, and a target with no
 * completions route.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { openDb } from "../../src/db/client";
import { benchmarks } from "../../src/db/schema";
import { argmax, LoglikelihoodOutput } from "../../src/scorers/loglikelihood";
import { readRows, type DatasetRow } from "../../src/storage/dataset-rows";
import { loadFromMirror, realData } from "../../test/builtin-data";
import { call, expectProblem, newProject } from "../../test/http";
import { MINI_HELLASWAG_ITEMS } from "../../test/mini-multiple-choice";
import { arithmeticBenchmark, attemptsOf, createRun, waitForRun } from "../../test/runs";
import { ensureBuiltinRevision } from "./ensure-data";

const ID = "bm_hellaswag";
const db = openDb(env.DB);
const uniq = () => crypto.randomUUID().slice(0, 8);
let rows: DatasetRow[] = [];

const dataOf = (rowIndex: number) => rows[rowIndex]!.data as { question: string; options: string[]; answer_letter: string; answer_text: string };

async function start(key: string, runId: string) {
  expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
  return waitForRun(key, runId, 100_000);
}

describe("HellaSwag by log-likelihood", { timeout: 150_000 }, () => {
  beforeAll(async () => {
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, ID)).get())!;
    const rev = (await ensureBuiltinRevision(env, db, bm, loadFromMirror(ID)))!;
    rows = await readRows(env.ARTIFACTS, rev, 0, Math.min(rev.rowCount, 40));
    expect(rev.rowCount).toBe(realData() ? 10_042 : MINI_HELLASWAG_ITEMS);
    // The fixture's key: each context and its gold ending as lm-evaluation-harness sends it (" " + the ending).
    const key = rows.map((r) => ({ context: (r.data as any).question, continuation: ` ${(r.data as any).answer_text}` }));
    const res = await fetch(`${inject("fixtureUrl")}/_answers`, { method: "POST", body: JSON.stringify(key) });
    expect(res.status).toBe(200);
  }, 120_000);

  it("each attempt measures the four endings after the context; acc_norm is the reward, acc a dimension, and /scores pools both", async () => {
    const { key } = await newProject();
    const model = "fixture-loglikelihood-hellaswag:accuracy=0.6,seed=4";
    const limit = 16;
    const runId = await createRun(key, [ID], model, { mc_mode: "loglikelihood", per_benchmark: { [ID]: { sample_limit: limit } } });
    expect((await start(key, runId)).status).toBe("completed");

    const plan = await env.DB.prepare("SELECT scoring FROM run_benchmarks WHERE run_id = ?1").bind(runId).first<{ scoring: string }>();
    expect(JSON.parse(plan!.scoring)).toEqual({ type: "loglikelihood", headline: "acc_norm", continuation: "option_text" });

    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(limit);
    const verdicts = attempts.map((a: any) => {
      const row = dataOf(a.row_index);
      const out = LoglikelihoodOutput.parse(JSON.parse(a.output));
      expect(out.choices.map((c) => c.text)).toEqual(row.options.map((o) => ` ${o}`));
      expect(out.choices.map((c) => c.chars)).toEqual(row.options.map((o) => [...o].length));
      const gold = "ABCD".indexOf(row.answer_letter);
      const acc = argmax(out.choices.map((c) => c.logprob)) === gold ? 1 : 0;
      const accNorm = argmax(out.choices.map((c) => c.logprob / c.chars)) === gold ? 1 : 0;
      expect(a.reward).toBe(accNorm);
      expect(JSON.parse(a.structured)).toEqual({ dimensions: { acc, acc_norm: accNorm } });
      expect(a.output_tokens).toBe(0);
      return { acc, accNorm };
    });
    const norms = verdicts.map((v) => v.accNorm);
    expect(norms).toContain(0);
    expect(norms).toContain(1);

    const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
    const scores = await call("GET", `/api/eval-runs/${runId}/scores`, { key });
    expect(scores.status).toBe(200);
    const score = scores.body.scores[0];
    expect(score.score).toBeCloseTo(mean(norms), 12);
    expect(score.dimensions.acc.mean).toBeCloseTo(mean(verdicts.map((v) => v.acc)), 12);
    expect(score.dimensions.acc_norm.mean).toBeCloseTo(mean(norms), 12);

    // The trace shows what was sent: the context and each continuation.
    const samples = await call("GET", `/api/eval-runs/${runId}/samples?limit=1`, { key });
    const steps = await call("GET", `/api/trials/${samples.body.items[0].id}/steps`, { key });
    const sent = steps.body.items.at(-1).messages[0].content as string;
    expect(sent).toContain("[log-likelihood of each continuation]");
  });

  it("refuses mc_mode loglikelihood for a benchmark that is not multiple choice and for an Anthropic target, naming the field", async () => {
    const { key, project } = await newProject();
    const arith = await arithmeticBenchmark(key, project.id);
    const target = { kind: "model", provider: "openai", base_url: `${inject("fixtureUrl")}/v1`, model: "fixture" };
    const notMc = await call("POST", "/api/eval-runs", { key, body: { benchmarks: [ID, arith], target, options: { mc_mode: "loglikelihood" } } });
    expectProblem(notMc, 422);
    expect(notMc.body.errors).toEqual([{ field: "options.mc_mode", message: expect.stringContaining(`${arith} is not a multiple-choice benchmark`) }]);
    // Generative for the other benchmark: accepted.
    const mixed = await call("POST", "/api/eval-runs", { key, body: { benchmarks: [ID, arith], target, options: { mc_mode: "loglikelihood", per_benchmark: { [arith]: { mc_mode: "generate" } } } } });
    expect(mixed.status).toBe(201);
    const anthropic = await call("POST", "/api/eval-runs", {
      key,
      body: { benchmarks: [ID], target: { kind: "model", provider: "anthropic", base_url: inject("fixtureUrl"), model: "fixture" }, options: { per_benchmark: { [ID]: { mc_mode: "loglikelihood" } } } },
    });
    expectProblem(anthropic, 422);
    expect(anthropic.body.errors).toEqual([{ field: "target.provider", message: expect.stringContaining("/v1/completions") }]);
    // An edit that turns the mode on is checked the same way.
    const draft = mixed.body.id as string;
    const patched = await call("PATCH", `/api/eval-runs/${draft}`, { key, body: { options: { per_benchmark: { [arith]: { mc_mode: "loglikelihood" } } } } });
    expectProblem(patched, 422);
    expect(patched.body.errors[0].field).toBe(`options.per_benchmark.${arith}.mc_mode`);
  });

  it("a target with no completions route: every attempt fails saying what is needed, and the benchmark is not scored 0", async () => {
    const { key } = await newProject();
    const r = await call("POST", "/api/eval-runs", {
      key,
      // The fixture's root, not /v1: the SDK's POST /completions finds no route (a 404), as on a chat-only API.
      body: { benchmarks: [ID], target: { kind: "model", provider: "openai", base_url: inject("fixtureUrl"), model: `fixture-${uniq()}` }, options: { mc_mode: "loglikelihood", sample_limit: 3 } },
    });
    expect(r.status).toBe(201);
    await start(key, r.body.id);
    const attempts = await attemptsOf(r.body.id);
    expect(attempts).toHaveLength(3);
    for (const a of attempts) {
      expect(a.status).toBe("failed");
      expect(a.reward).toBeNull();
      expect(a.error).toMatch(/needs an OpenAI-compatible \/v1\/completions endpoint with echo and logprobs/);
    }
    const score = (await call("GET", `/api/eval-runs/${r.body.id}/scores`, { key })).body.scores[0];
    expect(score.score).toBeNull();
  });
});
