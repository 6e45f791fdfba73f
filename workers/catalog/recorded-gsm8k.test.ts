// Real outputs as the proof (issue 17): GPT-4o-mini's published GSM8K
// replies (../shared/real-outputs/gsm8k_re2_gpt-4o-mini, the Re2 paper's
// baseline file) uploaded through the datasets API as an outputs revision
// and scored by the built-in GSM8K benchmark, with no model call. The score
// must equal an independent computation of the built-in scorer's rule on the
// same texts (lm-evaluation-harness's flexible extract, compared as numbers),
// checked per task, not a hard-coded number. The authors' own verdicts (the
// file's `score`, their \boxed{} rule) are printed beside it: the README's
// table comes from this test. Without ../shared the same path runs on
// replies generated here in the file's shape for the generated GSM8K mini
// file (right, wrong, a boxed answer followed by another number, no number).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { openDb } from "../../src/db/client";
import { benchmarks } from "../../src/db/schema";
import { readRows } from "../../src/storage/dataset-rows";
import { loadFromMirror, realData } from "../../test/builtin-data";
import { call, newProject } from "../../test/http";
import { waitForRun } from "../../test/runs";
import { ensureBuiltinRevision } from "./ensure-data";

const FILE = "real-outputs/gsm8k_re2_gpt-4o-mini/gsm_gpt-4o-mini-2024-07-18_topp1.0_temp0.0_majority1_readtimes1_20240926_221724.jsonl";
/** The figure the paper's table states for this file and act (Vanilla, GSM column). */
const PUBLISHED_VANILLA = 0.934;

/**
 * The built-in scorer's rule, written here from its stated semantics rather
 * than imported: take the last run of digits, '$', ',' and '.' (two or more
 * characters, or a bare integer) that holds a digit; on both sides drop
 * commas, '$', anything through '#### ' and one trailing period; equal when
 * both read as the same number.
 */
function flexibleVerdict(output: string, answer: string): 0 | 1 {
  const candidates: string[] = [];
  for (const m of output.matchAll(/-?[$0-9.,]{2,}|-?[0-9]+/g)) if (/[0-9]/.test(m[0])) candidates.push(m[0]);
  const last = candidates[candidates.length - 1];
  if (last === undefined) return 0;
  const clean = (s: string) => {
    let t = s.trim().split(",").join("").split("$").join("");
    const at = t.lastIndexOf("#### ");
    if (at >= 0) t = t.slice(at + 5);
    if (t.endsWith(".")) t = t.slice(0, -1);
    return t.trim();
  };
  const asNumber = (s: string) => (/^-?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : NaN);
  const got = asNumber(clean(last));
  return !Number.isNaN(got) && got === asNumber(clean(answer)) ? 1 : 0;
}

interface Re2Row {
  id: number;
  target: number;
  vanilla: { generation: string[]; score: 0 | 1 };
}

/** Replies in the Re2 file's shape for the generated mini GSM8K: the four kinds of reply the real file holds, in turn. */
function generatedRows(answers: Map<string, string>): Re2Row[] {
  return [...answers].map(([key, answer], i) => {
    const target = Number(answer.slice(answer.lastIndexOf("#### ") + 5).split(",").join(""));
    const kind = i % 4;
    const generation =
      kind === 0 ? `Adding it up gives ${target}. The answer is \\boxed{${target}}.`
      : kind === 1 ? `Adding it up gives ${target + 1}. The answer is \\boxed{${target + 1}}.`
      : kind === 2 ? `The answer is \\boxed{${target}}. Check: 3 steps.`
      : "I could not work it out.";
    return { id: Number(key.slice("test-".length)) - 1, target, vanilla: { generation: [generation], score: kind === 0 || kind === 2 ? 1 : 0 } };
  });
}

describe("GSM8K outputs scored as an outputs run", { timeout: 240_000 }, () => {
  let rows: Re2Row[] = [];
  let answers = new Map<string, string>();

  beforeAll(async () => {
    const db = openDb(env.DB);
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, "bm_gsm8k")).get())!;
    const rev = (await ensureBuiltinRevision(env, db, bm, loadFromMirror("bm_gsm8k")))!;
    answers = new Map((await readRows(env.ARTIFACTS, rev, 0, rev.rowCount)).map((r) => [r.key, String(r.data.answer)]));
    if (!realData()) {
      rows = generatedRows(answers);
      return;
    }
    const res = await fetch(`${inject("sharedUrl")}/${FILE}`);
    expect(res.status).toBe(200);
    rows = new TextDecoder().decode(await res.arrayBuffer())
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Re2Row);
  }, 120_000);

  it("scores what an independent computation of the scorer's rule gives, task by task, calling no model", async () => {
    const N = realData() ? 1319 : answers.size;
    expect(rows).toHaveLength(N);
    const { key } = await newProject("real-outputs");
    // The file's id is the 0-based line of GSM8K's test.jsonl; the built-in's task keys are test-<line>.
    const upload = rows.map((r) => JSON.stringify({ task: `test-${r.id + 1}`, output: r.vanilla.generation[0] })).join("\n");
    const up = await call("POST", "/api/datasets/gsm8k-gpt-4o-mini-vanilla/revisions", { key, raw: upload, type: "application/x-ndjson" });
    expect(up.status).toBe(201);
    const created = await call("POST", "/api/eval-runs", {
      key,
      body: { benchmarks: ["bm_gsm8k"], target: { kind: "outputs", dataset: up.body.ref, key_column: "task", output_column: "output", name: "gpt-4o-mini (Re2 paper)" }, options: { concurrency: 200 } },
    });
    expect(created.status).toBe(201);
    const runId = created.body.id as string;
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, runId, 200_000)).status).toBe("completed");

    const expected = new Map(rows.map((r) => [`test-${r.id + 1}`, flexibleVerdict(r.vanilla.generation[0]!, answers.get(`test-${r.id + 1}`)!)]));
    const independent = [...expected.values()].reduce<number>((s, v) => s + v, 0) / rows.length;
    const [row] = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores;
    expect(row).toMatchObject({
      status: "completed",
      member_count: N,
      score_counts: { total: N, scored: N, missing: 0 },
      recorded: { source: "dataset", outputs: N, matched_tasks: N, missing_tasks: 0, unmatched_count: 0 },
    });
    expect(row.score).toBeCloseTo(independent, 12);

    const seen = new Map<string, number>();
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page: any = (await call("GET", `/api/eval-runs/${runId}/samples?limit=200${cursor ? `&cursor=${cursor}` : ""}`, { key })).body;
      for (const s of page.items) seen.set(s.task_key, s.reward);
      cursor = page.next_cursor;
    }
    expect(seen.size).toBe(N);
    const differing = [...expected].filter(([k, v]) => seen.get(k) !== v).map(([k]) => k);
    expect(differing).toEqual([]);

    // The authors' verdicts (their \boxed{} extraction) on the same texts, for the README's comparison.
    const authors = rows.reduce((s, r) => s + r.vanilla.score, 0) / rows.length;
    const disagree = rows.filter((r) => r.vanilla.score !== expected.get(`test-${r.id + 1}`)).length;
    if (!realData()) return;
    console.log(
      `GSM8K gpt-4o-mini vanilla (Re2 baseline file): Assay built-in (flexible, last number) ${(row.score * 100).toFixed(2)}% = independent ${(independent * 100).toFixed(2)}%; ` +
        `authors' rule ${(authors * 100).toFixed(2)}% (published ${(PUBLISHED_VANILLA * 100).toFixed(2)}%); verdicts differ on ${disagree} of ${N} tasks`,
    );
  });
});
