/**
 * BFCL v4 end to end through the API against the fixture model, on OpenAI
 * and Anthropic targets: data loaded from the loopback mirror (the real
 * pinned files, or the generated ones on a clone), the functions offered as
 * tools, the calls checked by BFCL's AST checker, scores per category
 * subset, and the calls visible in samples and traces.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { BFCL_CATEGORIES } from "../../src/catalog/benchmarks/bfcl_v4/normalise";
import { openDb } from "../../src/db/client";
import { attemptId } from "../../src/domain/attempt-id";
import { benchmarks } from "../../src/db/schema";
import { readRows, type DatasetRow } from "../../src/storage/dataset-rows";
import { loadFromMirror } from "../../test/builtin-data";
import { call, newProject } from "../../test/http";
import { attemptsOf, fixtureBase, waitForRun } from "../../test/runs";
import { ensureBuiltinRevision } from "./ensure-data";

const db = openDb(env.DB);
const PER_CATEGORY = 3;
let rows: DatasetRow[] = [];
/** The first rows of each category: what every run here evaluates. */
let picked: string[] = [];

const dataOf = (key: string) => rows.find((r) => r.data.id === key)!.data as Record<string, any>;

async function run(key: string, provider: "openai" | "anthropic", knobs: string) {
  const model = `fixture-${crypto.randomUUID().slice(0, 8)}:${knobs}`;
  const r = await call("POST", "/api/eval-runs", {
    key,
    body: {
      benchmarks: ["bm_bfcl_v4"],
      target: { kind: "model", provider, base_url: provider === "openai" ? fixtureBase() : inject("fixtureUrl"), model },
      options: { select: { include: picked } },
    },
  });
  expect(r.status).toBe(201);
  const runId = r.body.id as string;
  expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
  expect((await waitForRun(key, runId, 100_000)).status).toBe("completed");
  const attempts = (await attemptsOf(runId)) as any[];
  expect(attempts).toHaveLength(picked.length);
  const scores = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores as any[];
  return { runId, attempts, score: scores[0] };
}

const keyOf = (a: any) => rows[a.row_index]!.data.id as string;

describe("BFCL v4 end to end", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, "bm_bfcl_v4")).get())!;
    const rev = (await ensureBuiltinRevision(env, db, bm, loadFromMirror("bm_bfcl_v4")))!;
    rows = await readRows(env.ARTIFACTS, rev, 0, rev.rowCount);
    picked = BFCL_CATEGORIES.flatMap((c) => rows.filter((r) => r.data.category === c).slice(0, PER_CATEGORY).map((r) => r.data.id as string));
    // The fixture learns these questions' answers (on a clone the generated ones; with ../shared the setup already knows the real ones).
    const answers = picked.map((k) => ({ question: dataOf(k).question, ground_truth: dataOf(k).ground_truth }));
    expect((await fetch(`${inject("fixtureUrl")}/_answers`, { method: "POST", body: JSON.stringify(answers) })).status).toBe(200);
  }, 60_000);

  it.each(["openai", "anthropic"] as const)("%s: a model that calls right scores 1 in every category, calls recorded in samples and traces", async (provider) => {
    const { key } = await newProject();
    const { runId, attempts, score } = await run(key, provider, "accuracy=1");
    for (const a of attempts) {
      const category = dataOf(keyOf(a)).category;
      expect([keyOf(a), a.reward]).toEqual([keyOf(a), 1]);
      if (category === "irrelevance") expect(a.output).not.toMatch(/\[tool call\]/);
      else expect(a.output).toMatch(/^\[tool call\] [A-Za-z0-9_-]+\(\{/);
    }
    expect(score).toMatchObject({ benchmark_id: "bm_bfcl_v4", status: "completed", score: 1, member_count: picked.length });
    expect(score.subsets.map((s: any) => [s.key, s.score]).sort()).toEqual(BFCL_CATEGORIES.map((c) => [c, 1]).sort());

    const parallel = attempts.find((a) => dataOf(keyOf(a)).category === "parallel")!;
    const samples = await call("GET", `/api/eval-runs/${runId}/samples?limit=50`, { key });
    expect(samples.status).toBe(200);
    const sample = samples.body.items.find((s: any) => s.output === parallel.output);
    expect(sample.output.split("\n").length).toBeGreaterThanOrEqual(2);
    const steps = await call("GET", `/api/trials/${attemptId(runId, parallel.seq)}/steps`, { key });
    expect(steps.status).toBe(200);
    const reply = steps.body.items[0].messages.at(-1);
    expect(reply.role).toBe("assistant");
    expect(reply.content).toBe("");
    expect(reply.tool_calls.length).toBeGreaterThanOrEqual(2);
    expect(reply.tool_calls[0]).toMatchObject({ type: "function", function: { name: expect.stringMatching(/^[A-Za-z0-9_-]+$/), arguments: expect.stringMatching(/^\{/) } });
  });

  it("anthropic: perturbed calls fail with BFCL's reason, and a call where none fits fails irrelevance", async () => {
    const { key } = await newProject();
    const { attempts, score } = await run(key, "anthropic", "accuracy=0");
    for (const a of attempts) {
      expect([keyOf(a), a.reward]).toEqual([keyOf(a), 0]);
      const category = dataOf(keyOf(a)).category;
      if (category === "irrelevance") expect(a.reason).toMatch(/^irrelevance_error:decoder_success/);
      else expect(a.reason).toMatch(/^(value_error|type_error|simple_function_checker|parallel_function_checker_no_order|multiple_function_checker):[a-z_/]+: /);
    }
    expect(score.score).toBe(0);
    expect(score.subsets.map((s: any) => [s.key, s.score]).sort()).toEqual(BFCL_CATEGORIES.map((c) => [c, 0]).sort());
  });

  it("openai: text where a call was expected scores 0 with that reason", async () => {
    const { key } = await newProject();
    const { attempts } = await run(key, "openai", "accuracy=0,miss=1");
    for (const a of attempts.filter((x) => dataOf(keyOf(x)).category !== "irrelevance")) {
      expect(a.reward).toBe(0);
      expect(a.reason).toBe("ast_decoder:decoder_failed: the model answered in text where a function call was expected.");
      expect(a.output).toMatch(/^I would use /);
    }
  });
});
