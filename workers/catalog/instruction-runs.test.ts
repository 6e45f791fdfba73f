/**
 * IFEval and IFBench end to end: the built-in loads from the loopback
 * mirror (the real files, or the generated mini files on a clone without
 * ../shared), runs through the API against the fixture model, which answers
 * each prompt with its recorded response (GPT-4's for IFEval, IFBench's
 * sample outputs; the mini files' own responses), and /scores shows the
 * four standard numbers pooled as upstream pools them. The expected numbers
 * are recomputed here from the attempts' outputs with the same checkers.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../src/db/client";
import { benchmarks } from "../../src/db/schema";
import { evaluateResponse } from "../../src/scorers/instructions/evaluate";
import type { Instruction } from "../../src/scorers/instructions/types";
import { readRows, type DatasetRow } from "../../src/storage/dataset-rows";
import { loadFromMirror } from "../../test/builtin-data";
import { call, newProject } from "../../test/http";
import { attemptsOf, createRun, waitForRun } from "../../test/runs";
import { ensureBuiltinRevision } from "./ensure-data";

const db = openDb(env.DB);
const rowsOf = new Map<string, DatasetRow[]>();

async function load(id: string) {
  const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, id)).get())!;
  const rev = (await ensureBuiltinRevision(env, db, bm, loadFromMirror(id)))!;
  rowsOf.set(id, await readRows(env.ARTIFACTS, rev, 0, rev.rowCount));
}

/** The four numbers over (output, instructions) pairs, pooled as upstream's print_report does. */
function expected(pairs: { output: string; instructions: Instruction[] }[]) {
  let ps = 0, pl = 0, is = 0, il = 0, n = 0;
  for (const { output, instructions } of pairs) {
    const v = evaluateResponse(output, instructions);
    ps += Number(v.prompt_strict);
    pl += Number(v.prompt_loose);
    is += v.instructions.filter((i) => i.strict).length;
    il += v.instructions.filter((i) => i.loose).length;
    n += v.instructions.length;
  }
  return { prompt_level_strict: ps / pairs.length, prompt_level_loose: pl / pairs.length, instruction_level_strict: is / n, instruction_level_loose: il / n, instructions: n };
}

describe("IFEval and IFBench run end to end", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    for (const id of ["bm_ifeval", "bm_ifbench"]) await load(id);
  }, 60_000);

  it.each([
    ["bm_ifeval", 6],
    ["bm_ifbench", 4],
  ])("%s: /scores shows the four numbers, the reward is prompt-level strict", async (id, limit) => {
    const { key } = await newProject();
    const model = `fixture-${crypto.randomUUID().slice(0, 8)}:accuracy=1`;
    const runId = await createRun(key, [id], model, { per_benchmark: { [id]: { sample_limit: limit } } });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, runId, 100_000)).status).toBe("completed");

    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(limit);
    const rows = rowsOf.get(id)!;
    const pairs = attempts.map((a: any) => ({ output: a.output as string, instructions: (rows[a.row_index]!.data as any).instructions as Instruction[] }));
    // The fixture answered with recorded responses, not its fallback.
    expect(attempts.filter((a: any) => a.output === "I am not sure.").length).toBeLessThan(limit);
    const want = expected(pairs);
    for (const a of attempts) {
      const s = JSON.parse(a.structured);
      expect(a.reward).toBe(s.dimensions.prompt_level_strict);
    }

    const r = await call("GET", `/api/eval-runs/${runId}/scores`, { key });
    expect(r.status).toBe(200);
    const [row] = r.body.scores;
    expect(row.score).toBeCloseTo(want.prompt_level_strict, 12);
    const d = row.dimensions;
    expect(d.prompt_level_strict).toEqual({ mean: expect.closeTo(want.prompt_level_strict, 12), weight: limit, attempts: limit });
    expect(d.prompt_level_loose).toEqual({ mean: expect.closeTo(want.prompt_level_loose, 12), weight: limit, attempts: limit });
    expect(d.instruction_level_strict).toEqual({ mean: expect.closeTo(want.instruction_level_strict, 12), weight: want.instructions, attempts: limit });
    expect(d.instruction_level_loose).toEqual({ mean: expect.closeTo(want.instruction_level_loose, 12), weight: want.instructions, attempts: limit });
    // Per instruction type, strict and loose, with as many instructions as the rows carry.
    const types = new Set(pairs.flatMap((p) => p.instructions.map((i) => i.id)));
    for (const t of types) {
      const count = pairs.reduce((k, p) => k + p.instructions.filter((i) => i.id === t).length, 0);
      expect(d[`strict/${t}`].weight).toBe(count);
      expect(d[`loose/${t}`].mean).toBeGreaterThanOrEqual(d[`strict/${t}`].mean);
    }
  });

  it("a model that breaks the instructions scores 0 on prompt level, and /scores says so", async () => {
    const { key } = await newProject();
    const model = `fixture-${crypto.randomUUID().slice(0, 8)}:accuracy=0`;
    const runId = await createRun(key, ["bm_ifeval"], model, { per_benchmark: { bm_ifeval: { sample_limit: 3 } } });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, runId, 100_000)).status).toBe("completed");
    const attempts = await attemptsOf(runId);
    expect(attempts.map((a: any) => a.output)).toEqual(["I am not sure.", "I am not sure.", "I am not sure."]);
    const rows = rowsOf.get("bm_ifeval")!;
    const want = expected(attempts.map((a: any) => ({ output: a.output, instructions: (rows[a.row_index]!.data as any).instructions })));
    const [row] = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores;
    expect(row.dimensions.instruction_level_strict.mean).toBeCloseTo(want.instruction_level_strict, 12);
    expect(row.score).toBeCloseTo(want.prompt_level_strict, 12);
  });
});
