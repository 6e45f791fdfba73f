import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { seedBenchmark } from "../../../test/benchmarks";
import { call, newProject } from "../../../test/http";
import { finishSynthetic, syntheticRun } from "../../../test/synthetic-runs";
import { countByStatus, endedWithoutReward, recordOutcomes, reopenPage, type AttemptOutcome, type AttemptSlot } from "../attempts";
import { memberTallyStatement, type MemberTallyRow } from "../member-tally";
import { benchmarkUsage } from "../run-usage";
import { BLOCK, clearSealedBlocks, liveBenchmarkUsage, liveMemberTallies, liveStatusCounts, unsealedPieces, type RunForReads } from "./sealed-blocks";

/** Small blocks, so tens of attempts seal some and leave others filling; 3 does not divide a member's 4 seqs, so members straddle blocks (and so do benchmarks). */
const SIZE = 3;

interface Bench {
  benchmarkId: string;
  base: number;
  count: number;
  tasks: number;
}

/** What the full queries answer now: counts by status, member tallies per benchmark, usage. */
async function recount(runId: string, benches: Bench[]) {
  const byStatus = (await countByStatus(env.DB, runId)).sort((a, b) => a.status.localeCompare(b.status));
  const tallies = new Map<string, MemberTallyRow[]>();
  for (const b of benches) tallies.set(b.benchmarkId, (await memberTallyStatement(env.DB, runId, b.base, b.base + b.count).all<MemberTallyRow>()).results);
  return { byStatus, tallies, usage: await benchmarkUsage(env.DB, runId) };
}

/** The run as the routes read it before their block reads: its resume count and pointer as they stand now. */
async function runFor(runId: string): Promise<RunForReads> {
  return (await env.DB.prepare(`SELECT id, resumes, resumed_through AS resumedThrough FROM eval_runs WHERE id = ?1`).bind(runId).first<RunForReads>())!;
}

async function live(runId: string) {
  const run = await runFor(runId);
  const s = await liveStatusCounts(env.DB, run, SIZE);
  const m = await liveMemberTallies(env.DB, run, SIZE);
  const u = await liveBenchmarkUsage(env.DB, run, SIZE);
  return {
    byStatus: s.counts.sort((a, b) => a.status.localeCompare(b.status)),
    tallies: m.byBenchmark,
    usage: u.usage,
    rows_read: s.rows_read + m.rows_read + u.rows_read,
  };
}

/** Live equals the recount: counts and tallies exactly, usage means to float precision (they are added per block). */
async function expectRecount(runId: string, benches: Bench[]) {
  const [got, want] = [await live(runId), await recount(runId, benches)];
  expect(got.byStatus).toEqual(want.byStatus);
  for (const b of benches) expect(got.tallies.get(b.benchmarkId) ?? []).toEqual(want.tallies.get(b.benchmarkId));
  expect(got.usage.length).toBe(want.usage.length);
  got.usage.forEach((u, i) => {
    const w = want.usage[i]!;
    const { mean_wall_ms: gw, cost: gc, ...gRest } = u;
    const { mean_wall_ms: ww, cost: wc, ...wRest } = w;
    expect(gRest).toEqual(wRest);
    if (ww === null || wc === null) expect([gw, gc]).toEqual([ww, wc]);
    else {
      expect(gw).toBeCloseTo(ww, 6);
      expect(gc).toBeCloseTo(wc, 9);
    }
  });
  return got.rows_read;
}

const slotOf = (runId: string, b: Bench, k: number, targets: number, seq: number): AttemptSlot => {
  const local = seq - b.base;
  const member = Math.floor(local / (k * targets));
  return {
    runId,
    seq,
    benchmarkId: b.benchmarkId,
    target: Math.floor(local / k) % targets === 0 ? "a" : "b",
    memberKey: `t${member + 1}`,
    memberIndex: member,
    rowIndex: member,
    taskDigest: `digest-t${member + 1}`,
    subset: null,
    attemptIndex: local % k,
  };
};

const scored = (seq: number, reward: number): AttemptOutcome => ({
  seq,
  status: "succeeded",
  reward,
  structured: null,
  output: "x",
  reason: null,
  error: null,
  exit_code: null,
  tries: 1,
  input_tokens: 10 + (seq % 7),
  output_tokens: 3,
  cost: 0.25,
  latency_ms: 40 + seq,
  transcript_key: null,
  started_at: "2026-01-01T00:00:01.000Z",
  finished_at: `2026-01-01T00:00:0${2 + (seq % 5)}.125Z`,
});

// Per task, its 2 attempts: null ended without a reward, undefined not ended yet.
const R1 = [[1, 0], [0.5, 1], [1, 1], [null, 1], [undefined, 1], [0, 0], [1, undefined], [0.25, 0.75], [undefined, undefined], [1, 1]];
const R2 = [[1, 1], [null, null], [0, 1], [1, 0.5], [undefined, 0], [1, 1], [0, 0]];

async function running() {
  const { project } = await newProject("sealed");
  const [b1, b2] = [await seedBenchmark(project.id), await seedBenchmark(project.id)];
  const runId = await syntheticRun({
    projectId: project.id,
    model: "model-a",
    compareModel: "model-b",
    status: "running",
    benchmarks: [
      { benchmarkId: b1, rewards: R1, compare: R1.map((r) => [...r].reverse()) },
      { benchmarkId: b2, rewards: R2 },
    ],
  });
  // syntheticRun lays benchmarks out one after another: task m, target t, attempt i at base + (m·2 + t)·2 + i.
  const benches: Bench[] = [
    { benchmarkId: b1, base: 0, count: R1.length * 4, tasks: R1.length },
    { benchmarkId: b2, base: R1.length * 4, count: R2.length * 4, tasks: R2.length },
  ];
  return { runId, benches };
}

async function openSeqs(runId: string, benches: Bench[]): Promise<number[]> {
  const rows = await env.DB.prepare(`SELECT seq FROM attempts WHERE run_id = ?1`).bind(runId).all<{ seq: number }>();
  const have = new Set(rows.results.map((r) => r.seq));
  return benches.flatMap((b) => Array.from({ length: b.count }, (_, i) => b.base + i)).filter((s) => !have.has(s));
}

const benchOf = (benches: Bench[], seq: number) => benches.find((b) => seq >= b.base && seq < b.base + b.count)!;

beforeEach(() => clearSealedBlocks());

describe("sealed blocks", () => {
  it("pieces cover every seq outside the sealed blocks, in at most 16 statements", () => {
    expect(unsealedPieces([], 4)).toEqual([[0, Number.MAX_SAFE_INTEGER]]);
    expect(unsealedPieces([0, 1, 3], 4)).toEqual([
      [8, 12],
      [16, Number.MAX_SAFE_INTEGER],
    ]);
    const sealed = Array.from({ length: 60 }, (_, i) => i * 2); // every other block: 60 holes
    const pieces = unsealedPieces(sealed, 4);
    expect(pieces.length).toBeLessThanOrEqual(16);
    for (let seq = 0; seq < 500; seq++) if (!sealed.includes(Math.floor(seq / 4))) expect(pieces.some(([a, b]) => seq >= a && seq < b)).toBe(true);
  });

  it("equal the full recount while a run fills, with repeated verdicts (the first wins), and read less once blocks seal", async () => {
    const { runId, benches } = await running();
    const first = await expectRecount(runId, benches);
    const second = await expectRecount(runId, benches);
    expect(second).toBeLessThan(first);
    // The open attempts end, each verdict delivered twice, the second with another reward: the first counts.
    const open = await openSeqs(runId, benches);
    expect(open.length).toBeGreaterThan(4);
    const items = open.flatMap((seq) => {
      const slot = slotOf(runId, benchOf(benches, seq), 2, 2, seq);
      return [
        { slot, outcome: seq % 3 ? scored(seq, seq % 2) : endedWithoutReward(seq, "failed", "model call: 500", 1, null, "2026-01-01T00:00:03.000Z") },
        { slot, outcome: scored(seq, 0.5) },
      ];
    });
    expect(await recordOutcomes(env.DB, items.slice(0, 6))).toBe(3);
    await expectRecount(runId, benches);
    expect(await recordOutcomes(env.DB, items)).toBe(open.length - 3);
    // A redelivered batch writes nothing and changes no count.
    expect(await recordOutcomes(env.DB, items)).toBe(0);
    await expectRecount(runId, benches);
  });

  it("seal blocks holding attempts that ended without a reward in a run never resumed: a finished stretch is read once", async () => {
    const { runId, benches } = await running();
    const open = await openSeqs(runId, benches);
    // Every open attempt ends, a third of them failed: blocks with rows but no reward all over the run.
    await recordOutcomes(
      env.DB,
      open.map((seq) => ({
        slot: slotOf(runId, benchOf(benches, seq), 2, 2, seq),
        outcome: seq % 3 ? scored(seq, 1) : endedWithoutReward(seq, "failed", "model call: 500", 1, null, "2026-01-01T00:00:03.000Z"),
      })),
    );
    await expectRecount(runId, benches);
    // Read again: only the last block, which the run's 68 seqs leave short, is read from D1 (a block's worth at most for
    // each of the 3 reads, with D1's probes); sealing only fully rewarded blocks read 111 rows here.
    expect(await expectRecount(runId, benches)).toBeLessThanOrEqual(3 * 2 * SIZE);
  });

  it("equal the full recount across a resume, page by page, and after it: blocks past its pointer are read until it passes them", async () => {
    const { runId, benches } = await running();
    const open = await openSeqs(runId, benches);
    const failed = (seq: number) => endedWithoutReward(seq, "failed", "model call: 500", 1, null, "2026-01-01T00:00:03.000Z");
    await recordOutcomes(env.DB, open.map((seq) => ({ slot: slotOf(runId, benchOf(benches, seq), 2, 2, seq), outcome: seq % 2 ? scored(seq, 1) : failed(seq) })));
    await expectRecount(runId, benches); // seals every full block, failures and all: the run was never resumed
    // The run is resumed (what markResumed writes), and resume reopens its pages of 8 seqs one after another.
    await env.DB.prepare(`UPDATE eval_runs SET resumes = resumes + 1, resumed_through = -1 WHERE id = ?1`).bind(runId).run();
    const end = benches.at(-1)!.base + benches.at(-1)!.count;
    let reopened: number[] = [];
    for (let from = 0; from < end; from += 8) {
      const to = Math.min(end, from + 8);
      const page = await reopenPage(env.DB, runId, from, to);
      expect(page.state).toBe("done");
      reopened.push(...page.seqs);
      await expectRecount(runId, benches);
      // The step delivered again deletes nothing more, and a page already passed is stale.
      expect(await reopenPage(env.DB, runId, from, to)).toEqual({ state: "again", seqs: [] });
      if (from > 0) expect(await reopenPage(env.DB, runId, from - 8, from)).toEqual({ state: "stale", seqs: [] });
      // Some reopened attempts end again (failed once more, or scored) while the resume goes on.
      const again = reopened.splice(0, 2);
      await recordOutcomes(env.DB, again.map((seq) => ({ slot: slotOf(runId, benchOf(benches, seq), 2, 2, seq), outcome: seq % 4 ? failed(seq) : scored(seq, 0) })));
      await expectRecount(runId, benches);
    }
    await recordOutcomes(env.DB, reopened.map((seq) => ({ slot: slotOf(runId, benchOf(benches, seq), 2, 2, seq), outcome: scored(seq, 0.5) })));
    await expectRecount(runId, benches);
  });
});

describe("the read routes while a run executes", () => {
  it("/progress and /scores equal the full recount during the run and the finished run's figures once every attempt ended", async () => {
    const { project, key } = await newProject("sealed-routes");
    const benchmarkId = await seedBenchmark(project.id);
    // 150 tasks × 2 attempts: the first block of 256 seals, the rest fills.
    const rewards = Array.from({ length: 150 }, (_, m) => (m >= 140 ? [undefined, undefined] : [m % 3 ? 1 : 0, m % 5 ? 0.5 : 1]));
    const runId = await syntheticRun({ projectId: project.id, model: "model-a", status: "running", benchmarks: [{ benchmarkId, rewards }] });
    const bench: Bench = { benchmarkId, base: 0, count: 300, tasks: 150 };
    const progress = async () => (await call("GET", `/api/eval-runs/${runId}/progress`, { key })).body;
    const scores = async () => {
      const r = await call("GET", `/api/eval-runs/${runId}/scores`, { key });
      expect(r.status).toBe(200);
      return r.body;
    };
    const expectCounts = async () => {
      const p = await progress();
      const want = await countByStatus(env.DB, runId);
      expect(p.scored_attempts).toBe(want.reduce((n, c) => n + c.rewarded, 0));
      expect(p.terminal_attempts).toBe(want.reduce((n, c) => n + c.count, 0));
      for (const c of want) expect(p.counts[c.status]).toBe(c.count);
      return p;
    };
    expect((await expectCounts()).terminal_attempts).toBe(280);
    const during = await scores();
    expect(during.scores[0].score_counts).toMatchObject({ total: 300, scored: 280 });
    expect((await expectCounts()).scored_attempts).toBe(280); // the second call reads the sealed block from the isolate
    const open = Array.from({ length: 20 }, (_, i) => 280 + i);
    await recordOutcomes(env.DB, open.map((seq) => ({ slot: slotOf(runId, bench, 2, 1, seq), outcome: scored(seq, seq % 2) })));
    await expectCounts();
    const live = await scores();
    expect(live.run_status).toBe("running");
    await finishSynthetic(runId, "completed");
    const finished = await scores();
    expect(finished.run_status).toBe("completed");
    const strip = (rows: { usage?: unknown; phases?: unknown }[]) => rows.map(({ usage: _u, phases: _p, ...r }) => r);
    expect(strip(live.scores)).toEqual(strip(finished.scores));
    expect(live.scores[0].usage).toMatchObject({ attempts: 300, mean_input_tokens: finished.scores[0].usage.mean_input_tokens });
    expect(BLOCK).toBe(256);
  });
});
