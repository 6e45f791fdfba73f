/**
 * The cron's outbox of finished runs and the sweeper's watch, on D1 with
 * the migrations applied: the trigger fills the outbox in finish order,
 * a failed pass is counted and a handled finish dropped; a finished run's
 * watch ends, a resumed run's stays.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../crypto/ids";
import { CreateRunBody, configFromCreate } from "../domain/run-config";
import { seedBenchmark } from "../../test/benchmarks";
import { newProject } from "../../test/http";
import { openDb } from "./client";
import { insertDraft } from "./eval-runs";
import { countFinishTry, dropFinish, nextFinishes } from "./run-finishes";
import { endWatchUnlessActive, readWatch, saveWatch } from "./run-watch";

const AT = "2026-01-02T03:04:05.000Z";

async function runIn(projectId: string, bm: string): Promise<string> {
  const body = CreateRunBody.parse({ benchmarks: [bm], target: { kind: "model", provider: "openai", base_url: "http://127.0.0.1:9/v1", model: "m", api_key: "sk-test" } });
  const { run } = await insertDraft(openDb(env.DB), "test-secret-key-0123456789abcdef", { id: newId("run"), projectId, requestId: null, copiedFrom: null }, configFromCreate(body).config, AT);
  return run.id;
}

const setStatus = (id: string, status: string, finishedAt: string | null = null) =>
  env.DB.prepare(`UPDATE eval_runs SET status = ?2, finished_at = ?3 WHERE id = ?1`).bind(id, status, finishedAt).run();

describe("run finishes and watches", () => {
  it("lists finishes in finish order up to the limit, counts failed passes and drops handled ones", async () => {
    const { project } = await newProject("finishes");
    const bm = await seedBenchmark(project.id);
    const [a, b, c] = [await runIn(project.id, bm), await runIn(project.id, bm), await runIn(project.id, bm)];
    for (const id of [b, a, c]) await setStatus(id, "running");
    await setStatus(b, "completed", "2026-01-02T04:00:00.000Z");
    await setStatus(a, "failed", "2026-01-02T04:00:01.000Z");
    await setStatus(c, "cancelled", "2026-01-02T04:00:02.000Z");

    const all = (await nextFinishes(env.DB, 10)).filter((f) => [a, b, c].includes(f.run_id));
    expect(all.map((f) => ({ run: f.run_id, status: f.status, at: f.at, tries: f.tries, project: f.project_id }))).toEqual([
      { run: b, status: "completed", at: "2026-01-02T04:00:00.000Z", tries: 0, project: project.id },
      { run: a, status: "failed", at: "2026-01-02T04:00:01.000Z", tries: 0, project: project.id },
      { run: c, status: "cancelled", at: "2026-01-02T04:00:02.000Z", tries: 0, project: project.id },
    ]);
    expect(await nextFinishes(env.DB, 1)).toHaveLength(1);

    await countFinishTry(env.DB, all[0]!.id);
    await countFinishTry(env.DB, all[0]!.id);
    await dropFinish(env.DB, all[1]!.id);
    const left = (await nextFinishes(env.DB, 10)).filter((f) => [a, b, c].includes(f.run_id));
    expect(left.map((f) => [f.run_id, f.tries])).toEqual([
      [b, 2],
      [c, 0],
    ]);
  });

  it("ends a finished run's watch and keeps the watch of a run active again", async () => {
    const { project } = await newProject("watch");
    const bm = await seedBenchmark(project.id);
    const [done, resumed] = [await runIn(project.id, bm), await runIn(project.id, bm)];
    for (const id of [done, resumed]) {
      await setStatus(id, "running");
      await saveWatch(env.DB, { run_id: id, signature: "s", progress_at: AT, sweeps: 0, sweep_seq: 0, open_found: 0 });
    }
    await setStatus(done, "completed", AT);
    await setStatus(resumed, "queued");
    await endWatchUnlessActive(env.DB, done);
    await endWatchUnlessActive(env.DB, resumed);
    expect(await readWatch(env.DB, done)).toBeNull();
    expect(await readWatch(env.DB, resumed)).toMatchObject({ run_id: resumed, signature: "s" });
  });
});
