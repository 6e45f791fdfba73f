/**
 * The Vision built-ins end to end, in one setup: MMMU (its real shards from
 * ../shared where present, the rest generated), MMMU-Pro, MathVista,
 * ChartQA, DocVQA, OCRBench, HallusionBench and RealWorldQA (generated
 * VLMEvalKit tables: no copy of them is here) load from the loopback
 * mirror, their images taken out of the data files and stored in R2 beside
 * the rows; the fixture learns each question with the digests of all its
 * images; one run of all eight, three tasks each, then scores every
 * attempt 1, which it can only do when every image arrived byte for byte
 * and each benchmark's own scorer read the reply. Also: a table whose md5
 * differs is refused with nothing left stored.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { builtinById } from "../../src/catalog";
import { MMMU_LOADED_SUBJECTS } from "../../src/catalog/benchmarks/mmmu/source";
import { sha256Hex } from "../../src/crypto/hash";
import { openDb } from "../../src/db/client";
import { benchmarks, type DatasetRevisionRow } from "../../src/db/schema";
import { RevisionImage } from "../../src/domain/images";
import { readRows, revisionFileKey, type DatasetRow } from "../../src/storage/dataset-rows";
import { loadAnyFromMirror, realData, testPinned } from "../../test/builtin-data";
import { call, newProject } from "../../test/http";
import { attemptsOf, createRun, waitForRun } from "../../test/runs";
import { BuiltinDataError, ensureBuiltinRevision } from "./ensure-data";

const VISION = ["bm_mmmu", "bm_mmmu_pro", "bm_mathvista", "bm_chartqa", "bm_docvqa", "bm_ocrbench", "bm_hallusionbench", "bm_realworldqa"] as const;
const TASKS = 3;
const db = openDb(env.DB);
const loaded = new Map<string, { rev: DatasetRevisionRow; rows: DatasetRow[] }>();

type Data = Record<string, any>;
const imagesOf = (d: Data): RevisionImage[] => [d.images ?? d.image].flat().map((c) => RevisionImage.parse(c));

/** What the fixture is taught for a row: text its prompt holds, the answer it gives, the digests of every image it must see. */
function keyOf(id: string, d: Data) {
  const question = id === "bm_mmmu_pro" && d.split === "vision" ? d.prompt : d.question;
  const answer =
    id === "bm_mmmu" && d.question_type === "open" ? d.answers[0] : id === "bm_mathvista" && d.question_type === "multi_choice" ? d.answer_option : id === "bm_docvqa" || id === "bm_ocrbench" ? d.answers[0] : d.answer;
  return { question, answer, image_sha256: imagesOf(d).map((i) => i.sha256), reply: "bare" };
}

describe("the Vision benchmarks run with their images", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    for (const id of VISION) {
      const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, id)).get())!;
      const rev = (await ensureBuiltinRevision(env, db, bm, await loadAnyFromMirror(id)))!;
      loaded.set(id, { rev, rows: await readRows(env.ARTIFACTS, rev, 0, rev.rowCount) });
    }
    const keys = [...loaded].flatMap(([id, { rows }]) => rows.map((r) => keyOf(id, r.data as Data)));
    const res = await fetch(`${inject("fixtureUrl")}/_answers`, { method: "POST", body: JSON.stringify(keys) });
    expect(res.status).toBe(200);
  }, 240_000);

  it("stores every image beside its rows, each matching the digest its row names, and keeps no base64 in the rows", async () => {
    for (const [id, { rev, rows }] of loaded) {
      expect(rows.length, id).toBeGreaterThanOrEqual(TASKS);
      expect(JSON.stringify(rows.map((r) => r.data)).length / rows.length, `${id}: rows hold text and image references only`).toBeLessThan(4000);
      for (const row of rows.slice(0, 8)) {
        for (const image of imagesOf(row.data as Data)) {
          const object = await env.ARTIFACTS.get(revisionFileKey(rev.storagePrefix, image.file));
          const bytes = new Uint8Array(await object!.arrayBuffer());
          expect([bytes.byteLength, await sha256Hex(bytes)], `${id} ${image.file}`).toEqual([image.bytes, image.sha256]);
          expect(image.file).toBe(`images/${image.sha256}.png`);
        }
      }
    }
    // Rows that share an image name the same stored file (ChartQA's third row points at the first's by index).
    const chart = loaded.get("bm_chartqa")!.rows.map((r) => r.data as Data);
    if (!realData() || chart.length === 4) expect(chart[2]!.image).toEqual(chart[0]!.image);
  });

  it("MMMU keeps its subjects, question types and several images per question; with ../shared its 210 real questions", () => {
    const { rev, rows } = loaded.get("bm_mmmu")!;
    const data = rows.map((r) => r.data as Data);
    expect(rev.subsets.every((s) => (MMMU_LOADED_SUBJECTS as readonly string[]).includes(s))).toBe(true);
    expect(new Set(data.map((d) => d.question_type))).toEqual(new Set(["multiple-choice", "open"]));
    expect(Math.max(...data.map((d) => imagesOf(d).length))).toBeGreaterThan(1);
    const math = data.find((d) => d.id === "validation_Math_15" || (d.subject === "Math" && d.question_type === "open"));
    if (realData()) {
      const real = data.filter((d) => ["Accounting", "Computer_Science", "Economics", "Finance", "Manage", "Marketing", "Math"].includes(d.subject));
      expect(real).toHaveLength(210);
      expect(data.find((d) => d.id === "validation_Math_15")).toMatchObject({ answers: ["24/7", "3.429"], question_type: "open" });
    } else {
      expect(rev.rowCount).toBe(MMMU_LOADED_SUBJECTS.length * 2);
      expect(math).toMatchObject({ answers: ["24/7", "3.429"] });
    }
  });

  it("one run of all eight, three tasks each: every attempt succeeds with reward 1, each image noted in its trace", async () => {
    const { key } = await newProject();
    const model = `fixture-vision-${crypto.randomUUID().slice(0, 8)}:accuracy=1`;
    const runId = await createRun(key, [...VISION], model, { sample_limit: TASKS });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    const progress = await waitForRun(key, runId, 240_000);
    const attempts = await attemptsOf(runId);
    expect(attempts, JSON.stringify(progress.benchmarks)).toHaveLength(VISION.length * TASKS);
    for (const a of attempts) {
      expect(a.status, `${a.benchmark_id}: ${a.error ?? a.reason}`).toBe("succeeded");
      expect(a.reward, `${a.benchmark_id}: ${a.output} / ${a.reason}`).toBe(1);
    }
    expect(progress.status).toBe("completed");
    const scores = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores;
    expect(scores.map((s: any) => [s.benchmark_id, s.score]).sort()).toEqual(VISION.map((id) => [id, 1]).sort());
    // A several-image MMMU-Pro question: both images reached the model, and its trace names them without bytes.
    const samples = await call("GET", `/api/eval-runs/${runId}/samples?limit=50`, { key });
    const pro = samples.body.items.filter((s: any) => s.benchmark_id === "bm_mmmu_pro");
    expect(pro.length).toBe(TASKS);
    const steps = await call("GET", `/api/trials/${pro[0].id}/steps`, { key });
    expect(steps.status).toBe(200);
    expect(JSON.stringify(steps.body)).not.toContain("base64");
  });

  it("HallusionBench reports aAcc and its figure and question accuracies (fAcc, qAcc) as its attempts imply", async () => {
    const { key } = await newProject();
    const { rows } = loaded.get("bm_hallusionbench")!;
    // A fixed model name: the fixture's right/wrong draw is the same every run.
    const runId = await createRun(key, ["bm_hallusionbench"], "fixture-vision-hallusion:accuracy=0.5,seed=2", { sample_limit: Math.min(rows.length, 40) });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, runId, 120_000)).status).toBe("completed");
    const attempts = await attemptsOf(runId);
    const share = (field: string) => {
      const all = new Map<string, boolean>();
      for (const a of attempts) {
        const g = (rows[a.row_index]!.data as Data)[field] as string;
        all.set(g, (all.get(g) ?? true) && a.reward === 1);
      }
      return [...all.values()].filter(Boolean).length / all.size;
    };
    const score = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores[0];
    expect(score.score).toBeCloseTo(attempts.filter((a: any) => a.reward === 1).length / attempts.length, 12);
    expect(score.dimensions.fAcc.mean).toBeCloseTo(share("figure_group"), 12);
    expect(score.dimensions.qAcc.mean).toBeCloseTo(share("question_group"), 12);
    expect(new Set(attempts.map((a: any) => a.reward))).toEqual(new Set([0, 1]));
  });

  it("refuses a table whose md5 is not the pinned one, leaving nothing stored", async () => {
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, "bm_ocrbench")).get())!;
    const pinned = testPinned("bm_ocrbench");
    const altered = { ...pinned, version: 99, files: pinned.files.map((f) => ({ ...f, sha256: undefined, md5: "0".repeat(32) })) };
    const opts = { ...(await loadAnyFromMirror("bm_ocrbench")), data: altered };
    const err = await ensureBuiltinRevision(env, db, { ...bm, datasetRevisionId: null }, opts).catch((e) => e);
    expect(err).toBeInstanceOf(BuiltinDataError);
    expect(err.message).toMatch(/OCRBench\.tsv does not match the pinned data: its md5 is [0-9a-f]{32} \(\d+ bytes\), expected 0{32} \((?:\d+ bytes, )?open-compass\/VLMEvalKit@e8e78f05/);
    const left = await env.ARTIFACTS.list({ prefix: "datasets/_global/builtin.ocrbench/99/" });
    expect(left.objects).toEqual([]);
  });

  it("the catalog entries keep the seed's names and say they need a vision model", () => {
    for (const id of VISION) {
      const def = builtinById(id)!;
      expect([def.status, def.category, def.kind], id).toEqual(["runnable", "vision", "inline"]);
      expect(def.image_column, id).toMatch(/^images?$/);
    }
  });
});
