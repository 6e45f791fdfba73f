import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { builtinById, type BenchmarkDefinition } from "../../src/catalog";
import { MMLU_SUBJECTS } from "../../src/catalog/benchmarks/mmlu/source";
import { setListing } from "../../src/catalog/listing";
import { sha256Hex } from "../../src/crypto/hash";
import { parseTemplate } from "../../src/domain/template";
import { openDb } from "../../src/db/client";
import { benchmarks } from "../../src/db/schema";
import { readRows } from "../../src/storage/dataset-rows";
import { builtinSizes, loadFromMirror, mmluCounts, realData, testPinned } from "../../test/builtin-data";
import { ensureBuiltinRevision } from "./ensure-data";

const db = openDb(env.DB);
const base = () => inject("datasetsUrl");
const row = async (id: string) => (await db.select().from(benchmarks).where(eq(benchmarks.id, id)).get())!;
const noFetch: typeof fetch = async () => {
  throw new Error("no fetch expected: the revision exists");
};

/** What loading each pinned dataset must give: the SOURCE.md facts with real data, the generator's sizes without. */
function expectations(): [string, { name: string; rows: number; evaluated: number; splits: string[]; subsets: readonly string[]; columns: string[] }][] {
  const size = builtinSizes();
  const mc = ["options", "choices_text", "answer_letter", "answer_text"];
  return [
    ["bm_gsm8k", { name: "builtin.gsm8k", ...size.gsm8k, splits: [], subsets: [], columns: ["id", "question", "answer"] }],
    ["bm_mmlu", { name: "builtin.mmlu", ...size.mmlu, splits: ["test", "dev"], subsets: MMLU_SUBJECTS, columns: ["id", "split", "subject", "subject_label", "question", ...mc] }],
    ["bm_arc_challenge", { name: "builtin.arc-challenge", ...size.arc_challenge, splits: ["test", "dev"], subsets: [], columns: ["id", "split", "question", ...mc] }],
    ["bm_truthfulqa_mc1", { name: "builtin.truthfulqa-mc1", ...size.truthfulqa_mc1, splits: [], subsets: [], columns: ["id", "question", ...mc] }],
    [
      "bm_truthfulqa",
      {
        name: "builtin.truthfulqa",
        rows: size.truthfulqa.rows,
        evaluated: size.truthfulqa.evaluated,
        splits: [],
        subsets: size.truthfulqa.categories,
        columns: ["id", "type", "category", "question", "best_answer", "best_incorrect_answer", "correct_answers", "incorrect_answers", "source"],
      },
    ],
    ["bm_humaneval", { name: "builtin.humaneval", ...size.humaneval, splits: [], subsets: [], columns: ["task_id", "prompt", "entry_point", "canonical_solution", "test"] }],
  ];
}

/** Columns a definition's prompt and answer read. */
function columnsUsed(def: BenchmarkDefinition): string[] {
  const parsed = def.prompt_template === null ? null : parseTemplate(def.prompt_template);
  const fromTemplate = parsed?.ok ? parsed.columns : [];
  return [...fromTemplate, ...(def.answer_column ? [def.answer_column] : [])];
}

describe("ensureBuiltinRevision loads pinned data into a global revision", { timeout: 60_000 }, () => {
  it.each(expectations())("%s", async (id, want) => {
    const def = builtinById(id)!;
    const rev = await ensureBuiltinRevision(env, db, await row(id), loadFromMirror(id));
    expect(rev).toMatchObject({ projectId: null, name: want.name, version: 1, rowCount: want.rows, splits: want.splits, format: "jsonl" });
    expect(rev!.subsets).toEqual(want.subsets);
    // The real files have the size the catalog states.
    if (realData()) expect(def.sample_size).toBe(want.evaluated);
    expect(rev!.columns.map((c) => c.name)).toEqual(want.columns);
    for (const column of columnsUsed(def)) expect(rev!.columns.map((c) => c.name)).toContain(column);
    if (def.split !== null) expect(rev!.splits).toContain(def.split);
    if (def.few_shot.split !== null) expect(rev!.splits).toContain(def.few_shot.split);

    // The tasks of a full run are the rows of the evaluated split.
    const rows = await readRows(env.ARTIFACTS, rev!, 0, rev!.rowCount);
    expect(rows.filter((r) => def.split === null || r.split === def.split)).toHaveLength(want.evaluated);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);

    // Provenance: the URLs it came from and the pinned digests (each file's, or where the files are pinned as a set, ones that make its listing).
    const source = JSON.parse(rev!.source!);
    const pinned = testPinned(id);
    const files = source.files as { path: string; url: string; sha256: string }[];
    expect(files.map(({ path, url }) => ({ path, url }))).toEqual(pinned.files.map((f) => ({ path: f.path, url: `${base()}/${f.path}` })));
    if (pinned.listing_sha256 === undefined) expect(files.map((f) => f.sha256)).toEqual(pinned.files.map((f) => f.sha256));
    else expect(await sha256Hex(new TextEncoder().encode(setListing(new Map(files.map((f) => [f.path, f.sha256])))))).toBe(pinned.listing_sha256);
    expect(source).toMatchObject({ repository: pinned.repository, commit: pinned.commit });

    // Recorded on the benchmark; a second call finds it without fetching.
    expect((await row(id)).datasetRevisionId).toBe(rev!.id);
    expect((await ensureBuiltinRevision(env, db, await row(id), { fetch: noFetch }))!.id).toBe(rev!.id);
  });

  it("shuffles TruthfulQA MC1's options: the true one (always first in the source) lands anywhere, and keeps its text", async () => {
    const rev = (await ensureBuiltinRevision(env, db, await row("bm_truthfulqa_mc1"), loadFromMirror("bm_truthfulqa_mc1")))!;
    const rows = await readRows(env.ARTIFACTS, rev, 0, rev.rowCount);
    const source = (await (await fetch(`${base()}/truthfulqa_mc1/test.jsonl`)).text())
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { centerpiece: string; options: string[] });
    const letters = new Map<string, number>();
    rows.forEach((r, i) => {
      const d = r.data as { question: string; options: string[]; answer_letter: string; answer_text: string; choices_text: string };
      expect(d.question).toBe(source[i]!.centerpiece);
      expect(d.answer_text).toBe(source[i]!.options[0]);
      expect(d.options["ABCDEFGHIJKLM".indexOf(d.answer_letter)]).toBe(source[i]!.options[0]);
      expect([...d.options].sort()).toEqual([...source[i]!.options].sort());
      expect(d.choices_text.split("\n")[0]).toMatch(/^A\. /);
      letters.set(d.answer_letter, (letters.get(d.answer_letter) ?? 0) + 1);
    });
    // 817 questions (24 generated ones) with 2–13 options: the answer is no longer always A.
    expect((letters.get("A") ?? 0) / rows.length).toBeLessThan(0.5);
    expect(letters.size).toBeGreaterThanOrEqual(4);
  });

  it("keeps MMLU's dev rows apart from its test rows and labels every row with its subject", async () => {
    const rev = (await ensureBuiltinRevision(env, db, await row("bm_mmlu"), loadFromMirror("bm_mmlu")))!;
    const rows = await readRows(env.ARTIFACTS, rev, 0, rev.rowCount);
    const count = (split: string, subset: string) => rows.filter((r) => r.split === split && r.subset === subset).length;
    expect(MMLU_SUBJECTS.map((s) => [count("test", s), count("dev", s)])).toEqual(mmluCounts());
    expect(rows[0]).toMatchObject({ key: "abstract_algebra/test-1", split: "test", subset: "abstract_algebra" });
  });
});
