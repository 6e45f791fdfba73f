// A view of one benchmark reads and holds that benchmark's member rows,
// not the run's (issue 40: /api/compare/tasks and /api/compare?benchmark_id
// loaded every benchmark's members to show one).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newProject } from "../../../test/http";
import { seedRun } from "../../../test/results";
import { getRunById } from "../eval-runs";
import { openDb } from "../client";
import { loadRunResults } from "./load";

describe("loadRunResults", () => {
  it("with `only`, reads the member tallies of those benchmarks alone and still lists every plan", async () => {
    const { key, project } = await newProject();
    const members = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `t${i}`, a: [i % 2] }));
    const { runId, benchmarkIds } = await seedRun(key, project.id, { benchmarks: [{ k: 1, members: members(30) }, { k: 1, members: members(4) }] });
    const run = (await getRunById(openDb(env.DB), runId))!;
    const all = await loadRunResults(env, run);
    const one = await loadRunResults(env, run, [benchmarkIds[1]!]);
    expect(one.benchmarks.map((b) => b.benchmark_id)).toEqual(benchmarkIds);
    expect([...one.rows.keys()]).toEqual([benchmarkIds[1]]);
    expect(one.rows.get(benchmarkIds[1]!)).toEqual(all.rows.get(benchmarkIds[1]!));
    // A tally reads each attempt once and the GROUP BY sorter's copy once (src/db/member-tally.ts), give or take a row per query.
    expect(all.rows_read).toBeGreaterThanOrEqual(2 * 34);
    expect(one.rows_read).toBeGreaterThanOrEqual(2 * 4);
    expect(one.rows_read).toBeLessThanOrEqual(2 * 4 + 2);
  });
});
