import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../crypto/ids";
import { CreateRunBody, configFromCreate } from "../domain/run-config";
import { seedBenchmark } from "../../test/benchmarks";
import { newProject } from "../../test/http";
import { openDb } from "./client";
import { insertDraft } from "./eval-runs";
import { endedWithoutReward, loadAttempt, recordOutcomes, type AttemptOutcome, type AttemptSlot } from "./attempts";

const SECRET_KEY = "test-secret-key-0123456789abcdef";

async function runWithStatus(status: string, finishedAt: string | null = null): Promise<string> {
  const { project } = await newProject("attempts");
  const bm = await seedBenchmark(project.id);
  const body = CreateRunBody.parse({ benchmarks: [bm], target: { kind: "model", provider: "openai", base_url: "http://127.0.0.1:9/v1", model: "m" } });
  const { config } = configFromCreate(body);
  const id = newId("run");
  await insertDraft(openDb(env.DB), SECRET_KEY, { id, projectId: project.id, requestId: null, copiedFrom: null }, config, "2026-01-01T00:00:00.000Z");
  await env.DB.prepare(`UPDATE eval_runs SET status = ?2, finished_at = ?3 WHERE id = ?1`).bind(id, status, finishedAt).run();
  return id;
}

const slot = (runId: string, seq: number): AttemptSlot => ({
  runId,
  seq,
  benchmarkId: "bm_x",
  target: "a",
  memberKey: `k${seq}`,
  memberIndex: seq,
  rowIndex: seq * 2,
  taskDigest: `d${seq}`,
  subset: seq % 2 ? "odd" : null,
  attemptIndex: 0,
});

const scored = (seq: number, o: Partial<AttemptOutcome> = {}): AttemptOutcome => ({
  seq,
  status: "succeeded",
  reward: 1,
  structured: null,
  output: `answer ${seq}`,
  reason: "match",
  error: null,
  exit_code: null,
  tries: 1,
  input_tokens: 10,
  output_tokens: 3,
  cost: 0.000125,
  latency_ms: 51,
  transcript_key: "runs/x/transcripts/1.jsonl",
  started_at: "2026-01-01T00:00:01.000Z",
  finished_at: "2026-01-01T00:00:02.000Z",
  ...o,
});

describe("recordOutcomes", () => {
  it("writes each attempt's row with every column as given, and the first verdict wins", async () => {
    const runId = await runWithStatus("running");
    const tricky = 'quotes " and \\ backslash, newline\n, unicode é 漢字 😀, "1" that looks like a number';
    const items = [
      { slot: slot(runId, 0), outcome: scored(0, { reward: 0.5, structured: { composite: 0.5, dimensions: { a: 1 } }, output: tricky }) },
      { slot: slot(runId, 1), outcome: endedWithoutReward(1, "failed", "model call: 500", 3, null, "2026-01-01T00:00:03.000Z") },
      { slot: slot(runId, 2), outcome: scored(2, { reward: 0, output: "", exit_code: 1 }) },
    ];
    expect(await recordOutcomes(env.DB, items)).toBe(3);
    const row0 = await loadAttempt(env.DB, runId, 0);
    expect(row0).toMatchObject({ seq: 0, benchmarkId: "bm_x", target: "a", memberKey: "k0", rowIndex: 0, status: "succeeded", reward: 0.5, output: tricky, subset: null });
    expect(row0?.structured).toEqual({ composite: 0.5, dimensions: { a: 1 } });
    const raw = await env.DB.prepare(`SELECT * FROM attempts WHERE run_id = ?1 ORDER BY seq`).bind(runId).all<Record<string, unknown>>();
    expect(raw.results.map((r) => [r.seq, r.reward, r.output, r.error, r.tries, r.cost, r.exit_code, r.subset, r.member_index, r.started_at])).toEqual([
      [0, 0.5, tricky, null, 1, 0.000125, null, null, 0, "2026-01-01T00:00:01.000Z"],
      [1, null, null, "model call: 500", 3, null, null, "odd", 1, null],
      [2, 0, "", null, 1, 0.000125, 1, null, 2, "2026-01-01T00:00:01.000Z"],
    ]);
    expect(typeof raw.results[2]!.output).toBe("string");
    // A redelivery, and a seq given twice in one call: nothing new, each written seq counted once.
    expect(await recordOutcomes(env.DB, [{ slot: slot(runId, 1), outcome: scored(1) }])).toBe(0);
    expect(await recordOutcomes(env.DB, [{ slot: slot(runId, 3), outcome: scored(3) }, { slot: slot(runId, 3), outcome: scored(3, { reward: 0 }) }])).toBe(1);
    expect((await loadAttempt(env.DB, runId, 3))?.reward).toBe(1);
    expect((await loadAttempt(env.DB, runId, 1))?.status).toBe("failed");
  });

  it("reads the run's row once per statement, not each written row back", async () => {
    const runId = await runWithStatus("running");
    const items = Array.from({ length: 25 }, (_, seq) => ({ slot: slot(runId, seq), outcome: scored(seq) }));
    const seen: D1Meta[] = [];
    const db = new Proxy(env.DB, {
      get(t, p) {
        if (p === "batch") {
          return async (s: D1PreparedStatement[]) => {
            const r = await t.batch(s);
            seen.push(...r.map((x) => x.meta));
            return r;
          };
        }
        const v = Reflect.get(t, p, t);
        return typeof v === "function" ? v.bind(t) : v;
      },
    });
    expect(await recordOutcomes(db, items)).toBe(25);
    expect(seen).toHaveLength(1);
    // One json_each row per attempt and the run's row once (RETURNING read each written row back: 3 per attempt).
    expect(seen[0]!.rows_read).toBeLessThanOrEqual(26);
  });

  it("keeps, in a stopped run, only what ended before the stop; a finished run takes nothing", async () => {
    const cancelled = await runWithStatus("cancelled", "2026-01-01T00:00:05.000Z");
    const before = { slot: slot(cancelled, 0), outcome: scored(0, { finished_at: "2026-01-01T00:00:04.000Z" }) };
    const after = { slot: slot(cancelled, 1), outcome: scored(1, { finished_at: "2026-01-01T00:00:06.000Z" }) };
    expect(await recordOutcomes(env.DB, [before, after])).toBe(1);
    expect(await loadAttempt(env.DB, cancelled, 0)).not.toBeNull();
    expect(await loadAttempt(env.DB, cancelled, 1)).toBeNull();
    const completed = await runWithStatus("completed", "2026-01-01T00:00:05.000Z");
    expect(await recordOutcomes(env.DB, [{ slot: slot(completed, 0), outcome: scored(0) }])).toBe(0);
  });

  it("splits long outputs over several statements and attempts of several runs, in one call", async () => {
    const a = await runWithStatus("running");
    const b = await runWithStatus("queued");
    const long = "x".repeat(250_000);
    const items = [0, 1, 2, 3].map((seq) => ({ slot: slot(a, seq), outcome: scored(seq, { output: long + seq }) }));
    items.push({ slot: slot(b, 7), outcome: scored(7) });
    expect(await recordOutcomes(env.DB, items)).toBe(5);
    expect((await loadAttempt(env.DB, a, 3))?.output).toBe(long + 3);
    expect((await loadAttempt(env.DB, b, 7))?.memberKey).toBe("k7");
  });
});
