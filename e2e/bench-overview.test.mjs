// The dashboard benchmark's synthetic API (e2e/lib/mock-api.mjs) answers a
// run's overview with the real code (src/reports/overview.ts over
// test/overview-reference.ts's aggregates), as e2e/bench-dashboard.mjs
// loads it: when the overview's signature moves, this fails here rather
// than in the middle of `npm run bench`. No browser, no stack.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { loadOverviewGroup } from "./bench-dashboard.mjs";
import { startMockApi } from "./lib/mock-api.mjs";

describe("dashboard bench's mock overview", { timeout: 120_000 }, () => {
  let api;
  const dist = mkdtempSync(join(tmpdir(), "assay-bench-dist-"));

  before(async () => {
    const loaded = await loadOverviewGroup();
    assert.equal(loaded.why, undefined);
    api = await startMockApi({ dist, members: 50, k: 2, overviewGroup: loaded.f });
  });

  after(async () => {
    await api?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("answers the finished run's overview with the route's defaults", async () => {
    const r = await fetch(`${api.url}/api/eval-runs/run_done/overview`);
    assert.equal(r.status, 200);
    const body = await r.json();
    assert.equal(body.groups.length, 1);
    const [g] = body.groups;
    const scores = await (await fetch(`${api.url}/api/eval-runs/run_done/scores`)).json();
    assert.equal(g.tiles.attempts, 100);
    assert.equal(g.tiles.errored, 0);
    assert.equal(g.tiles.avg_at_k, scores.scores[0].score);
    assert.deepEqual(g.metrics.map((m) => m.name), ["reward", "similarity"]);
    // The first 40 timing strips in seq order, of 100 timed attempts.
    assert.equal(g.timing.strips.length, 40);
    assert.equal(g.timing.strips[0].attempt_id, "att_done.0");
    assert.equal(g.timing.total, 100);
    assert.equal(g.timing.sampled, false);
  });

  it("answers every strip when asked for all, and thins points past the limit", async () => {
    const body = await (await fetch(`${api.url}/api/eval-runs/run_done/overview?strips=all&points=30`)).json();
    const [g] = body.groups;
    assert.equal(g.timing.strips.length, 30);
    assert.equal(g.timing.sampled, true);
    assert.equal(g.metrics[0].points.length, 30);
    assert.equal(g.metrics[0].sampled, true);
  });
});
