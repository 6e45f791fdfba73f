/**
 * A TAU-Bench run as a user starts it: through the API, the fixture model as
 * the agent (tools offered, calls right or wrong by its seed) and as the
 * user simulator (options.user_model), its four attempts of a task four
 * trials that draw afresh (the fixture's vary), on tasks of
 * two domains (the generated mini domains without ../shared, the release's
 * with it). It completes with every attempt scored and /scores leads with
 * pass^4, pass^1..pass^4 beside it overall and per domain, each equal to
 * the unbiased estimate computed here from the attempts' own rewards; each
 * attempt's turns are its agent's replies in its conversation (and the
 * fixture's calls to the agent), the samples and the overview's mean turns
 * read them.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { FIRST_AGENT_MESSAGE } from "../../src/agents/tau2/messages";
import { readTrajectory } from "../../src/agents/tau2/record";
import { tau2Rows } from "../../src/catalog/benchmarks/tau_bench/normalise";
import { openDb } from "../../src/db/client";
import { benchmarks } from "../../src/db/schema";
import { loadAnyFromMirror } from "../../test/builtin-data";
import { call, newProject } from "../../test/http";
import { attemptsOf, createRun, fixtureBase, fixtureStats, waitForRun } from "../../test/runs";
import { loadTestTau2Data } from "../../test/tau2-data";
import { ensureBuiltinRevision } from "../catalog/ensure-data";

const db = openDb(env.DB);
const K = 4;

/** pass^j of one task with c of n attempts passing: C(c, j)/C(n, j). */
function passHat(n: number, c: number, j: number): number {
  let r = 1;
  for (let i = 0; i < j; i++) r *= (c - i) / (n - i);
  return Math.max(0, r);
}

/** pass^1..pass^k averaged over tasks, from each task's attempt rewards. */
function series(byTask: Map<string, number[]>): number[] {
  return Array.from({ length: K }, (_, i) => [...byTask.values()].reduce((s, rs) => s + passHat(rs.length, rs.filter((r) => r === 1).length, i + 1), 0) / byTask.size);
}

describe("a TAU-Bench run on the fixture (agent and user)", { timeout: 300_000 }, () => {
  it("completes with every attempt scored, pass^k the headline and pass^1..pass^k overall and per domain", async () => {
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, "bm_tau_bench")).get())!;
    const data = await loadAnyFromMirror("bm_tau_bench");
    await ensureBuiltinRevision(env, db, bm, data);
    await loadTestTau2Data(env);
    // Two airline tasks and one retail task, by their keys in the loaded rows.
    const files = await Promise.all(data.data!.files.map(async (file) => ({ file, bytes: new Uint8Array(await (await fetch(`${inject("datasetsUrl")}/${file.path}`)).arrayBuffer()) })));
    const rows = await tau2Rows(files);
    const pick = (domain: string, n: number) => rows.filter((r) => r.subset === domain).slice(0, n).map((r) => r.id as string);
    const include = [...pick("airline", 2), ...pick("retail", 1)];
    expect(include).toHaveLength(3);

    const { key } = await newProject("tau2-native-run");
    // With vary=1 a task's n-th conversation is the fixture's trial n: start from trial 0 whatever ran before.
    const agent = "fixture-tau2-agent:accuracy=0.6,seed=3,vary=1";
    expect((await fetch(`${inject("fixtureUrl")}/_reset?model=${encodeURIComponent(agent)}`, { method: "POST" })).ok).toBe(true);
    const user_model = { provider: "openai", base_url: fixtureBase(), model: "fixture-tau2-user", api_key: "sk-user-planted-5521" };
    const agentCallsBefore = (await fixtureStats(agent)).calls;
    const runId = await createRun(key, ["bm_tau_bench"], agent, { attempts: K, select: { include }, user_model, cache: "off" });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    const progress = await waitForRun(key, runId, 240_000);
    expect(progress.status, JSON.stringify(progress)).toBe("completed");

    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(include.length * K);
    const byTask = new Map<string, number[]>();
    const byDomain = new Map<string, Map<string, number[]>>();
    for (const a of attempts) {
      expect(a.status, a.error ?? a.reason).toBe("succeeded");
      expect([0, 1]).toContain(a.reward);
      const k = a.member_key as string;
      byTask.set(k, [...(byTask.get(k) ?? []), a.reward]);
      const domain = a.subset as string;
      const m = byDomain.get(domain) ?? new Map<string, number[]>();
      m.set(k, [...(m.get(k) ?? []), a.reward]);
      byDomain.set(domain, m);
    }
    expect(byTask.size).toBe(3);

    // Each attempt's turns are its agent's model replies: the assistant messages of its conversation after τ²'s fixed greeting.
    for (const a of attempts) {
      const messages = readTrajectory(a.output).messages;
      expect(messages[0]).toMatchObject({ role: "assistant", content: FIRST_AGENT_MESSAGE });
      const replies = messages.slice(1).filter((m) => m.role === "assistant").length;
      expect(replies).toBeGreaterThan(0);
      expect(a.turns).toBe(replies);
    }
    const turns = attempts.map((a) => a.turns as number);
    // Every reply the fixture served the agent is one of those turns (the user simulator is another model).
    expect(turns.reduce((x, y) => x + y, 0)).toBe((await fixtureStats(agent)).calls - agentCallsBefore);
    const samples = (await call("GET", `/api/eval-runs/${runId}/samples?limit=100`, { key })).body.items as any[];
    expect(samples.map((x) => x.turns)).toEqual(turns);
    const [g] = (await call("GET", `/api/eval-runs/${runId}/overview`, { key })).body.groups as any[];
    expect(g.tiles.mean_turns).toBeCloseTo(turns.reduce((x, y) => x + y, 0) / turns.length, 12);
    expect(g.tiles.distributions.turns.summary).toMatchObject({ n: turns.length, min: Math.min(...turns), max: Math.max(...turns) });

    const scores = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores as any[];
    expect(scores).toHaveLength(1);
    const row = scores[0];
    expect(row.headline).toBe("pass_hat_k");
    expect(row.k).toBe(K);
    expect(row.pass_hat).toHaveLength(K);
    series(byTask).forEach((v, i) => expect(row.pass_hat[i]).toBeCloseTo(v, 12));
    expect(row.pass_hat[K - 1]).toBeCloseTo(row.pass_hat_k, 12);
    // The fixture's seed makes some attempts right and some wrong, so the series says something.
    expect(row.pass_hat[0]).toBeGreaterThan(0);
    expect(row.pass_hat[0]).toBeGreaterThan(row.pass_hat[K - 1]);
    for (let j = 1; j < K; j++) expect(row.pass_hat[j]).toBeLessThanOrEqual(row.pass_hat[j - 1] + 1e-12);
    expect(row.subsets.map((s: any) => s.key)).toEqual(["airline", "retail"]);
    for (const s of row.subsets) {
      expect(s.pass_hat).toHaveLength(K);
      series(byDomain.get(s.key)!).forEach((v, i) => expect(s.pass_hat[i]).toBeCloseTo(v, 12));
    }
  });
});
