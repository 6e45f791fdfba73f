/**
 * ARC-AGI end to end: the 400 pinned task files (or the generated mini
 * tasks on a clone without ../shared) load into one row per test input, a
 * run with 2 attempts per input goes through the API against the fixture
 * model, which answers with the expected grid or without one as its
 * accuracy draws, and /scores reports the mean and pass@2 as ARC Prize
 * counts it. Prompts never hold a test output. With ../shared the fixture
 * also knows every task from the files themselves (fixture/answer-keys.mjs).
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { builtinById } from "../../src/catalog";
import { setListing } from "../../src/catalog/listing";
import { ARC_AGI_DATA } from "../../src/catalog/benchmarks/arc_agi/source";
import { ARC_AGI_2_DATA } from "../../src/catalog/benchmarks/arc_agi_2/source";
import { sha256Hex } from "../../src/crypto/hash";
import type { PinnedDataset } from "../../src/catalog/types";
import { openDb } from "../../src/db/client";
import { benchmarks, type DatasetRevisionRow } from "../../src/db/schema";
import { renderPrompt } from "../../src/domain/prompt";
import { parseTemplate } from "../../src/domain/template";
import { renderGrid } from "../../src/scorers/grid-match";
import { readRows, type DatasetRow } from "../../src/storage/dataset-rows";
import { realData } from "../../test/builtin-data";
import { call, newProject } from "../../test/http";
import { MINI_ARC_AGI_TASKS, miniArcAgi2Id } from "../../test/mini-arc-agi";
import { attemptsOf, createRun, waitForRun } from "../../test/runs";
import { ensureBuiltinRevision } from "./ensure-data";

const db = openDb(env.DB);
const ID = "bm_arc_agi";
let rev: DatasetRevisionRow;
let rows: DatasetRow[];

/** The pinned source as the test mirror serves it: the catalog's files (400, or ARC-AGI-2's 120), or the generated tasks with their pins. */
async function mirrored(data: PinnedDataset = ARC_AGI_DATA): Promise<PinnedDataset> {
  if (realData()) return data;
  const pins = inject("datasetPins");
  const two = data === ARC_AGI_2_DATA;
  const files = MINI_ARC_AGI_TASKS.map(({ id }) => {
    const path = two ? `arc_agi_2/evaluation/${miniArcAgi2Id(id)}.json` : `arc_agi/evaluation/${id}.json`;
    return { path, url: `https://example.invalid/${path}`, format: "json" as const, bytes: pins[path]!.bytes };
  });
  // Pinned as a set, as the catalog pins the real files: one sha256 over the listing of the generated files' digests.
  const listing = setListing(new Map(files.map((f) => [f.path, pins[f.path]!.sha256])));
  return { ...data, files, listing_sha256: await sha256Hex(new TextEncoder().encode(listing)) };
}

const def = builtinById(ID)!;
const spec = { prompt_template: def.prompt_template, prompt_column: null, answer_column: def.answer_column };

describe("ARC-AGI runs end to end", { timeout: 150_000 }, () => {
  beforeAll(async () => {
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, ID)).get())!;
    rev = (await ensureBuiltinRevision(env, db, bm, { baseUrl: inject("datasetsUrl"), data: await mirrored() }))!;
    rows = await readRows(env.ARTIFACTS, rev, 0, rev.rowCount);
    // The fixture answers each prompt with its grid when "right" (a recorded response), else without one.
    const answers = rows.slice(0, 12).map((r) => ({ prompt: renderPrompt(spec, r.data), response: `The rule maps each cell.\n\n${renderGrid(r.data.test_output as number[][])}` }));
    expect((await fetch(`${inject("fixtureUrl")}/_answers`, { method: "POST", body: JSON.stringify(answers) })).status).toBe(200);
  }, 120_000);

  it("loads one row per test input, and the prompt shows only demonstrations and the test input", () => {
    expect(rev.rowCount).toBe(realData() ? 419 : MINI_ARC_AGI_TASKS.reduce((n, t) => n + t.tests, 0));
    const parsed = parseTemplate(def.prompt_template!);
    expect(parsed.ok && parsed.columns).toEqual(["examples", "test_input"]);
    const twoInputs = rows.filter((r) => r.data.test_count === 2);
    expect(twoInputs.length).toBeGreaterThan(0);
    expect(twoInputs.map((r) => r.data.test_index)).toContain(1);
    if (realData()) {
      // 00576224: 2 demonstrations, a 2×2 test input [[3, 2], [7, 8]] whose output tiles it to 6×6.
      expect(rows[0]!.data).toMatchObject({ id: "00576224/0", task_id: "00576224", test_input: "3 2\n7 8" });
      expect(rows[0]!.data.test_output).toHaveLength(6);
      expect((rows[0]!.data.examples as string).match(/^Example \d$/gm)).toEqual(["Example 1", "Example 2"]);
    }
  });

  it("a perfect model solves every test input: 2 attempts each by default, score 1 and pass@2 1, pass@2 the headline", async () => {
    const { key } = await newProject();
    const model = `fixture-${crypto.randomUUID().slice(0, 8)}:accuracy=1`;
    const n = Math.min(6, rows.length);
    // No attempts asked for: the benchmark's own minimum (2, the ARC Prize's rule) applies.
    const runId = await createRun(key, [ID], model, { per_benchmark: { [ID]: { sample_limit: n } } });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, runId, 100_000)).status).toBe("completed");
    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(2 * n);
    for (const a of attempts) expect(a.reward).toBe(1);
    const [score] = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores;
    expect(score).toMatchObject({ k: 2, score: 1, pass_at_k: 1, member_count: n, headline: "pass_at_k" });
  });

  it.runIf(realData())("with ../shared, the fixture answers from the task files themselves (as under npm start), not only from what a test taught it", async () => {
    const { key } = await newProject();
    const model = `fixture-${crypto.randomUUID().slice(0, 8)}:accuracy=1`;
    // Rows 300-304: never taught above; the fixture's keys come from fixture/answer-keys.mjs reading the ARC files.
    const runId = await createRun(key, [ID], model, { per_benchmark: { [ID]: { select: { skip: 300 }, sample_limit: 5 } } });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, runId, 100_000)).status).toBe("completed");
    const attempts = await attemptsOf(runId);
    expect(attempts.map((a: any) => a.row_index).sort()).toEqual([300, 300, 301, 301, 302, 302, 303, 303, 304, 304]);
    for (const a of attempts) expect(a).toMatchObject({ reward: 1 });
  });

  it("ARC-AGI-2 (a variant) loads its 120 tasks the same way and runs with the same prompt and scorer", async () => {
    const id2 = "bm_arc_agi_2";
    const def2 = builtinById(id2)!;
    expect(def2).toMatchObject({ variant_of: ID, prompt_template: def.prompt_template, scoring: def.scoring });
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, id2)).get())!;
    const rev2 = (await ensureBuiltinRevision(env, db, bm, { baseUrl: inject("datasetsUrl"), data: await mirrored(ARC_AGI_2_DATA) }))!;
    expect(rev2.rowCount).toBe(realData() ? 167 : MINI_ARC_AGI_TASKS.reduce((n, t) => n + t.tests, 0));
    const rows2 = await readRows(env.ARTIFACTS, rev2, 0, 4);
    const answers = rows2.map((r) => ({ prompt: renderPrompt(spec, r.data), response: renderGrid(r.data.test_output as number[][]) }));
    expect((await fetch(`${inject("fixtureUrl")}/_answers`, { method: "POST", body: JSON.stringify(answers) })).status).toBe(200);
    const { key } = await newProject();
    const model = `fixture-${crypto.randomUUID().slice(0, 8)}:accuracy=1`;
    const runId = await createRun(key, [id2], model, { per_benchmark: { [id2]: { sample_limit: 4, attempts: 2 } } });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, runId, 100_000)).status).toBe("completed");
    const [score] = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores;
    expect(score).toMatchObject({ benchmark_id: id2, k: 2, score: 1, pass_at_k: 1, member_count: 4 });
  });

  it("with a hash-drawn accuracy and fresh draws per attempt, pass@2 counts an input solved by either attempt", async () => {
    const { key } = await newProject();
    const model = "fixture-arc-agi-drawn:accuracy=0.5,vary=1,seed=4";
    const n = Math.min(6, rows.length);
    const runId = await createRun(key, [ID], model, { per_benchmark: { [ID]: { sample_limit: n, attempts: 2 } } });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, runId, 100_000)).status).toBe("completed");
    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(2 * n);
    // A reply with the grid is right; the fixture's other reply has none.
    const solved = new Map<number, number[]>();
    for (const a of attempts) {
      const right = a.output !== "I am not sure." ? 1 : 0;
      expect(a.reward).toBe(right);
      solved.set(a.row_index, [...(solved.get(a.row_index) ?? []), right]);
    }
    const rewards = attempts.map((a: any) => a.reward as number);
    expect(rewards).toContain(0);
    expect(rewards).toContain(1);
    const [score] = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores;
    expect(score.score).toBeCloseTo(rewards.reduce((s, r) => s + r, 0) / rewards.length, 12);
    const passAt2 = [...solved.values()].filter((rs) => rs.includes(1)).length / solved.size;
    expect(score.pass_at_k).toBeCloseTo(passAt2, 12);
    expect(score.display.labels.pass_at_k).toBe("pass@2");
  });
});

describe("ARC-AGI's files pinned as a set", () => {
  it("refuses every file when the listing of their digests is not the pinned one, storing nothing", async () => {
    // A few of the set's files are enough to show the whole set refused (the real set is 120 fetches).
    const pinned = await mirrored(ARC_AGI_2_DATA);
    const altered = { ...pinned, files: pinned.files.slice(0, 3), name: `builtin.arc-agi-2-altered-${crypto.randomUUID().slice(0, 8)}`, listing_sha256: "0".repeat(64) };
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, "bm_arc_agi_2")).get())!;
    await expect(ensureBuiltinRevision(env, db, { ...bm, datasetRevisionId: null }, { baseUrl: inject("datasetsUrl"), data: altered })).rejects.toThrow(
      new RegExp(`the ${altered.files.length} files of arcprize/ARC-AGI-2@[0-9a-f]{40} do not match the pinned set: their listing's sha256 is [0-9a-f]{64}, expected 0{64}; refusing them`),
    );
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM dataset_revisions WHERE name = ?1").bind(altered.name).first<{ n: number }>();
    expect(stored!.n).toBe(0);
  }, 60_000);
});
