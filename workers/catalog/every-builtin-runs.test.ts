/**
 * Every runnable built-in, whichever folder it comes from, completes three
 * tasks against the fixture model with every attempt scored: its data
 * loads from the loopback mirror (real with ../shared, else each folder's
 * generated files), a run of sample_limit 3 goes through the API (with the
 * fixture as judge when its scorer needs one, the test sandbox when it
 * runs code; with the fixture as the user, its judge, where the benchmark
 * simulates one), and each attempt ends succeeded with a reward, never
 * unscored. A benchmark added to the registry joins this test by itself.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BUILTIN_BENCHMARKS } from "../../src/catalog";
import { openDb } from "../../src/db/client";
import { benchmarks } from "../../src/db/schema";
import { needsJudge } from "../../src/scorers/registry";
import { ScoringSpec } from "../../src/scorers/spec";
import { loadAnyFromMirror } from "../../test/builtin-data";
import { loadTestTau2Data } from "../../test/tau2-data";
import { simulatesUser } from "../../src/domain/user-simulator";
import { call, newProject } from "../../test/http";
import { attemptsOf, createRun, fixtureBase, waitForRun } from "../../test/runs";
import { ensureBuiltinRevision } from "./ensure-data";

const db = openDb(env.DB);
const uniq = () => crypto.randomUUID().slice(0, 8);
const TASKS = 3;
const runnable = BUILTIN_BENCHMARKS.filter((b) => b.status === "runnable" && b.kind === "inline");

describe("every runnable built-in completes three tasks on the fixture, every attempt scored", { timeout: 300_000 }, () => {
  it.each(runnable.map((b) => [b.id, b] as const))("%s", async (id, def) => {
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, id)).get())!;
    const rev = await ensureBuiltinRevision(env, db, bm, await loadAnyFromMirror(id));
    // A simulated user's domains load beside the tasks, from the same mirror (τ²: workers/agents/tau2-data.ts).
    if (simulatesUser(bm)) await loadTestTau2Data(env);
    expect(rev?.rowCount).toBeGreaterThanOrEqual(TASKS);
    const { key } = await newProject();
    const judge = needsJudge(ScoringSpec.parse(def.scoring)) || simulatesUser(bm)
      ? { judge: { provider: "openai", base_url: fixtureBase(), model: `fixture-judge-${uniq()}`, api_key: "sk-judge-planted-8812" } }
      : {};
    const runId = await createRun(key, [id], `fixture-${uniq()}:accuracy=0.5`, { sample_limit: TASKS }, judge);
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    const progress = await waitForRun(key, runId, 240_000);
    const attempts = await attemptsOf(runId);
    expect(attempts, JSON.stringify(progress.benchmarks)).toHaveLength(TASKS * (def.min_attempts ?? 1));
    for (const a of attempts) {
      expect(a.status, a.error ?? a.reason).toBe("succeeded");
      expect(a.reward, a.reason).not.toBeNull();
    }
    expect(progress.status).toBe("completed");
  });
});
