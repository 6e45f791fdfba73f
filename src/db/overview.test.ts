// The overview aggregated in D1 (src/db/overview.ts) gives the view the
// per-attempt definition gives (test/overview-reference.ts: every ended
// attempt read and summarised in memory, as the overview was computed
// before), on a generated run covering every kind of row, under every
// query shape; and on a 100,000-attempt run what reaches the isolate stays
// bounded by the points asked for, not the attempts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../domain/random";
import { overviewGroup, type Execution, type GroupStats, type OverviewQuery, type OverviewScore } from "../reports/overview";
import { readAttempts, referenceGroup } from "../../test/overview-reference";
import { overviewStats } from "./overview";

const COLUMNS =
  "run_id, seq, benchmark_id, target, member_key, member_index, row_index, task_digest, attempt_index, status, reward, structured, output, error, tries, input_tokens, output_tokens, cost, latency_ms, started_at, finished_at, truncated";

/** A run of `n` attempts over two benchmarks and two targets, drawing every field from a fixed seed. */
async function generatedRun(runId: string, n: number, seed: number): Promise<void> {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const maybe = <T>(p: number, v: () => T): T | null => (rand() < p ? v() : null);
  const start = Date.parse("2026-12-01T10:00:00.000Z");
  const errors = ["model call: 500 upstream", "model call: 429 slow down", "could not reach the endpoint", "timed out after 30 s", "scoring: bad regex", `x${"y".repeat(700)}`, "no recorded output for task t1"];
  const rows: unknown[][] = [];
  for (let seq = 0; seq < n; seq++) {
    const status = pick(["succeeded", "succeeded", "succeeded", "failed", "timed_out", "cancelled", "dispatched"]);
    const reward = status === "succeeded" ? pick([0, 1, 1, 0.5, 0.25, null, Math.round(rand() * 1000) / 1000]) : null;
    const dims = pick([null, "{not json", JSON.stringify({ dimensions: [1, 2] }), JSON.stringify({ dimensions: { strict: seq % 2, loose: 1, note: "x", grade: Math.floor(rand() * 10) } }), JSON.stringify({ composite: 0.5 })]);
    const began = start + seq * 1000;
    rows.push([
      runId,
      seq,
      seq % 3 === 0 ? "bm_ov_one" : "bm_ov_two",
      seq % 2 === 0 ? "a" : "b",
      `m${seq}`,
      seq,
      seq,
      `d${seq}`,
      0,
      status,
      reward,
      dims,
      maybe(0.8, () => `answer ${seq}`),
      reward === null ? maybe(0.9, () => pick(errors)) : null,
      1,
      maybe(0.85, () => Math.floor(rand() * 500)),
      maybe(0.85, () => Math.floor(rand() * 200)),
      maybe(0.6, () => rand() / 100),
      maybe(0.9, () => Math.floor(rand() * 3000)),
      maybe(0.95, () => new Date(began).toISOString()),
      maybe(0.95, () => new Date(began + Math.floor(rand() * 2500) + pick([0, 0.4, 0.6])).toISOString()),
      pick([null, 0, 1, 0]),
    ]);
  }
  const per = Math.floor(100 / rows[0]!.length);
  const stmts: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per);
    const cols = rows[0]!.length;
    const values = chunk.map((_, r) => `(${Array.from({ length: cols }, (_, c) => `?${r * cols + c + 1}`).join(", ")})`).join(", ");
    stmts.push(env.DB.prepare(`INSERT INTO attempts (${COLUMNS}) VALUES ${values}`).bind(...chunk.flat()));
  }
  await env.DB.batch(stmts);
}

const score = (benchmark_id: string, target: "a" | "b"): OverviewScore => ({ benchmark_id, benchmark_name: null, target, target_label: target, status: "completed", k: 1, score: null, pass_at_k: null });

/** Equal, numbers within a relative 1e-9 (D1 sums floats in another order than the reference's sorted sum). */
function expectClose(actual: unknown, expected: unknown, path = "$"): void {
  if (typeof expected === "number" && typeof actual === "number") {
    const tol = 1e-9 * Math.max(1, Math.abs(expected), Math.abs(actual));
    if (!(Math.abs(actual - expected) <= tol)) throw new Error(`${path}: ${actual} is not ${expected}`);
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) throw new Error(`${path}: ${JSON.stringify(actual)?.slice(0, 300)} is not ${JSON.stringify(expected).slice(0, 300)}`);
    expected.forEach((e, i) => expectClose(actual[i], e, `${path}[${i}]`));
    return;
  }
  if (expected && typeof expected === "object") {
    if (!actual || typeof actual !== "object") throw new Error(`${path}: ${JSON.stringify(actual)} is not an object`);
    expect(Object.keys(actual).sort(), path).toEqual(Object.keys(expected).sort());
    for (const k of Object.keys(expected)) expectClose((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k], `${path}.${k}`);
    return;
  }
  expect(actual, path).toEqual(expected);
}

describe("the overview aggregated in D1", () => {
  it("gives the per-attempt definition's view under every query shape", async () => {
    const runId = "run_ovgen1";
    await generatedRun(runId, 600, 20261201);
    const attempts = await readAttempts(env.DB, runId);
    expect(attempts.length).toBeGreaterThan(400);
    const shapes: { q: Partial<OverviewQuery>; execution: Record<"a" | "b", Execution> }[] = [
      { q: {}, execution: { a: "inline", b: "agent" } },
      { q: { includeErrored: true }, execution: { a: "inline", b: "inline" } },
      { q: { maxPoints: 7, stripLimit: 7 }, execution: { a: "recorded", b: "inline" } },
      { q: { includeErrored: true, maxPoints: 9, stripLimit: 3, firstStrips: true }, execution: { a: "inline", b: "agent" } },
      { q: { maxPoints: 1, stripLimit: 1, turns: { bm_ov_two: 2 } }, execution: { a: "inline", b: "inline" } },
    ];
    for (const { q: partial, execution } of shapes) {
      const q: OverviewQuery = { includeErrored: false, maxPoints: 1000, stripLimit: 1000, firstStrips: false, inline: { a: execution.a === "inline", b: execution.b === "inline" }, turns: {}, ...partial };
      const { groups } = await overviewStats(env.DB, runId, q);
      expect(groups).toHaveLength(4);
      for (const g of groups) {
        const mine = attempts.filter((a) => a.benchmark_id === g.benchmark_id && a.target === g.target);
        const ref: GroupStats = referenceGroup(g.benchmark_id, g.target, mine, q, execution[g.target]);
        const o = { runId, maxPoints: q.maxPoints, stripLimit: q.stripLimit, firstStrips: q.firstStrips, execution: (t: "a" | "b") => execution[t] };
        const view = overviewGroup(score(g.benchmark_id, g.target), g, o);
        expectClose(view, overviewGroup(score(g.benchmark_id, g.target), ref, o), `${JSON.stringify(partial)} ${g.benchmark_id}/${g.target}`);
      }
    }
  });

  it("a run with no ended attempt has no group", async () => {
    const q: OverviewQuery = { includeErrored: true, maxPoints: 10, stripLimit: 10, firstStrips: false, inline: { a: true, b: true }, turns: {} };
    expect(await overviewStats(env.DB, "run_ovnone", q)).toEqual({ groups: [], rows_returned: 0 });
  });

  it("returns rows bounded by the points asked for on a 100,000-attempt run, every attempt counted", { timeout: 120_000 }, async () => {
    const runId = "run_ovbig1";
    const N = 100_000;
    // Every 40th attempt fails with its own error text: 2,500 distinct texts, read in pages.
    await env.DB.prepare(
      `INSERT INTO attempts (${COLUMNS})
       WITH RECURSIVE s(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM s WHERE x < ?2 - 1)
       SELECT ?1, x, 'bm_big', 'a', 'm' || x, x, x, 'd', 0,
         CASE WHEN x % 40 = 0 THEN 'failed' ELSE 'succeeded' END,
         CASE WHEN x % 40 = 0 THEN NULL ELSE (x % 3) / 2.0 END,
         json_object('dimensions', json_object('strict', x % 2, 'score', (x % 97) / 96.0)),
         'out', CASE WHEN x % 40 = 0 THEN 'model call: 500 attempt ' || x END, 1,
         x % 700, x % 300, (x % 11) / 1000.0, x % 900,
         '2026-12-01T10:00:00.000Z', strftime('%Y-%m-%dT%H:%M:%fZ', '2026-12-01T10:00:00.000Z', '+' || ((x % 1000) / 1000.0) || ' seconds'), x % 2
       FROM s`,
    )
      .bind(runId, N)
      .run();
    const q: OverviewQuery = { includeErrored: true, maxPoints: 100, stripLimit: 40, firstStrips: true, inline: { a: true, b: true }, turns: {} };
    await env.DB.prepare("SELECT 1").first();
    const t0 = Date.now();
    const { groups, rows_returned } = await overviewStats(env.DB, runId, q);
    await env.DB.prepare("SELECT 1").first();
    console.log(`overview of ${N} attempts: ${Date.now() - t0} ms, ${rows_returned} rows returned`);
    const [g] = groups;
    expect(g).toMatchObject({ attempts: N, errored: N / 40, truncation: { recorded: N, cut: N / 2 } });
    expect(g!.errors.reduce((n, e) => n + e.count, 0)).toBe(N / 40);
    expect(g!.errors).toHaveLength(N / 40);
    expect(g!.panes.reward.stats.n).toBe(N);
    expect(g!.panes.reward.points).toHaveLength(100);
    expect(g!.strips).toHaveLength(40);
    expect(Object.keys(g!.dimensions).sort()).toEqual(["score", "strict"]);
    // Everything but the error texts (which a run may have as many of as attempts, read a page at a time) is
    // points (4 panes x 100, 40 strips), a few order statistics, bins and counts per pane.
    const errorRows = N / 40;
    expect(rows_returned - errorRows).toBeLessThan(700);
    const view = overviewGroup(score("bm_big", "a"), g!, { runId, maxPoints: 100, stripLimit: 40, firstStrips: true, execution: () => "inline" });
    expect(view.tiles).toMatchObject({ attempts: N, errored: N / 40, error_kinds: { http_500: N / 40 }, truncation_rate: 0.5 });
    expect(view.metrics.map((m) => [m.name, m.kind, m.total, m.points.length, m.sampled])).toEqual([
      ["reward", "counts", N, 100, true],
      ["score", "swarm", N, 100, true],
      ["strict", "counts", N, 100, true],
    ]);
  });
});
