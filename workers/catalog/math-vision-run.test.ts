/**
 * MATH-Vision end to end: the built-in loads from the loopback mirror (the
 * real testmini.jsonl and its 304 images from ../shared, or the generated
 * mini set on a clone without it), its images are checked as a pinned set
 * and stored with the revision in R2, and runs through the API against the
 * fixture model, over the OpenAI and the Anthropic wire formats. The
 * fixture knows each problem's answer tied to the sha256 of its image file
 * and refuses when the image does not arrive, so a perfect score proves
 * every image reached the model byte for byte.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { builtinById } from "../../src/catalog";
import { MATH_VISION_SUBJECTS } from "../../src/catalog/benchmarks/math_vision/source";
import { sha256Hex } from "../../src/crypto/hash";
import { openDb } from "../../src/db/client";
import { benchmarks, type DatasetRevisionRow } from "../../src/db/schema";
import { RevisionImage } from "../../src/domain/images";
import { readRows, revisionFileKey, type DatasetRow } from "../../src/storage/dataset-rows";
import { loadFromMirror, realData, testPinned } from "../../test/builtin-data";
import { call, newProject } from "../../test/http";
import { MINI_MATH_VISION_SIZE } from "../../test/mini-math-vision";
import { attemptsOf, createRun, fixtureStats, waitForRun } from "../../test/runs";
import { BuiltinDataError, ensureBuiltinRevision } from "./ensure-data";

const ID = "bm_math_vision";
const db = openDb(env.DB);
const uniq = () => crypto.randomUUID().slice(0, 8);
let rev: DatasetRevisionRow;
let rows: DatasetRow[];

const dataOf = (rowIndex: number) => rows[rowIndex]!.data as Record<string, any>;
/** The value in the fixture's \boxed{} reply. */
const boxed = (text: string) => /\\boxed\{(.*)\}\.$/.exec(text)?.[1] ?? null;

async function run(key: string, model: string, limit: number, extra: Record<string, unknown> = {}) {
  const runId = await createRun(key, [ID], model, { per_benchmark: { [ID]: { sample_limit: limit } } }, extra);
  expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
  expect((await waitForRun(key, runId, 100_000)).status).toBe("completed");
  return runId;
}

describe("MATH-Vision runs end to end with its images", { timeout: 150_000 }, () => {
  beforeAll(async () => {
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, ID)).get())!;
    rev = (await ensureBuiltinRevision(env, db, bm, loadFromMirror(ID)))!;
    rows = await readRows(env.ARTIFACTS, rev, 0, rev.rowCount);
  }, 120_000);

  it("loads every problem with its image stored beside the rows, each checked against the digest its row carries", async () => {
    expect(rev.rowCount).toBe(realData() ? 304 : MINI_MATH_VISION_SIZE);
    expect(rev.subsets.every((s) => (MATH_VISION_SUBJECTS as readonly string[]).includes(s))).toBe(true);
    if (realData()) {
      expect([...rev.subsets].sort()).toEqual([...MATH_VISION_SUBJECTS].sort());
      expect(dataOf(0)).toMatchObject({ id: "4", subject: "counting", level: 1, answer: "6", options: [], options_text: "", question: "How many different digits can you find in this picture?\n<image1>" });
      expect(dataOf(0).image).toMatchObject({ file: "images/4.jpg", media_type: "image/jpeg" });
      expect(dataOf(2)).toMatchObject({ id: "6", answer: "D", options_text: "\n\nChoices: A, B, C, D, E (the options labelled so in the image)." });
    }
    const sample = realData() ? [0, 1, 2, 150, 303] : rows.map((_, i) => i);
    for (const i of sample) {
      const image = RevisionImage.parse(dataOf(i).image);
      const object = await env.ARTIFACTS.get(revisionFileKey(rev.storagePrefix, image.file));
      const bytes = new Uint8Array(await object!.arrayBuffer());
      expect([bytes.byteLength, await sha256Hex(bytes)]).toEqual([image.bytes, image.sha256]);
      expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    // The source records where the images came from and the listing digest that pinned them.
    expect(JSON.parse(rev.source!).images).toMatchObject({ count: realData() ? 304 : MINI_MATH_VISION_SIZE, listing_sha256: testPinned(ID).images!.listing_sha256 });
  });

  it("OpenAI format: a perfect model scores exactly 1 only because every image arrived; the trace notes the image, not its bytes", async () => {
    const { key } = await newProject();
    const model = `fixture-${uniq()}:accuracy=1`;
    const limit = realData() ? 10 : MINI_MATH_VISION_SIZE;
    const runId = await run(key, model, limit);
    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(limit);
    for (const a of attempts) {
      expect(a.output).toMatch(/^Reading the figure step by step, the answer is \\boxed\{.+\}\.$/);
      expect(boxed(a.output)).toBe(dataOf(a.row_index).answer);
      expect(a.reward).toBe(1);
    }
    expect((await fixtureStats(model)).by_status).toEqual({ "200": limit });
    const score = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores[0];
    expect(score).toMatchObject({ benchmark_id: ID, score: 1, member_count: limit });

    const samples = await call("GET", `/api/eval-runs/${runId}/samples?limit=1`, { key });
    const steps = await call("GET", `/api/trials/${samples.body.items[0].id}/steps`, { key });
    expect(steps.status).toBe(200);
    const text = JSON.stringify(steps.body);
    expect(text).not.toContain("base64");
    expect(text.length).toBeLessThan(20_000);
  });

  it("Anthropic format: image blocks reach the model too; with accuracy 0.5 the score is the share of right answers", async () => {
    const { key } = await newProject();
    // The fixture's draw is salted by the model string: a fixed one makes the mix of right and wrong answers
    // the same every run (with a random name, 6 tasks were all right or all wrong one run in 32).
    const model = "fixture-math-vision-anthropic:accuracy=0.5,seed=3";
    const limit = realData() ? 24 : MINI_MATH_VISION_SIZE;
    const runId = await run(key, model, limit, { target: { kind: "model", provider: "anthropic", base_url: inject("fixtureUrl"), model } });
    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(limit);
    const expected: number[] = attempts.map((a: any) => {
      // Never a refusal: each image arrived; right or wrong is the fixture's draw.
      expect(a.output).toMatch(/\\boxed\{/);
      return boxed(a.output) === dataOf(a.row_index).answer ? 1 : 0;
    });
    expect(attempts.map((a: any) => a.reward)).toEqual(expected);
    expect(expected).toContain(0);
    expect(expected).toContain(1);
    const score = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores[0];
    expect(score.score).toBeCloseTo(expected.reduce((x, y) => x + y, 0) / expected.length, 12);
  });

  it("refuses images that differ from the pinned set, naming the listing digests", async () => {
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, ID)).get())!;
    const pinned = testPinned(ID);
    const altered = { ...pinned, version: 99, images: { ...pinned.images!, listing_sha256: "0".repeat(64) } };
    await expect(ensureBuiltinRevision(env, db, { ...bm, datasetRevisionId: null }, loadFromMirror(ID, { data: altered }))).rejects.toThrow(BuiltinDataError);
    await expect(ensureBuiltinRevision(env, db, { ...bm, datasetRevisionId: null }, loadFromMirror(ID, { data: altered }))).rejects.toThrow(/images do not match the pinned set: their listing's sha256 is [0-9a-f]{64}/);
  });

  it("the catalog entry says what it runs", () => {
    const def = builtinById(ID)!;
    expect([def.status, def.variant_of, def.image_column, def.scoring]).toEqual(["runnable", "bm_mathvista", "image", { type: "math_vision" }]);
  });
});
