import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../crypto/ids";
import { CreateRunBody, configFromCreate } from "../domain/run-config";
import { seedBenchmark } from "../../test/benchmarks";
import { newProject } from "../../test/http";
import { endedWithoutReward, type AttemptSlot } from "../db/attempts";
import { openDb } from "../db/client";
import { insertDraft } from "../db/eval-runs";
import { readLogs } from "../db/run-logs";
import { readRunStatus } from "../db/run-status";
import { endAttempts } from "./attempt-end";
import type { GateCounts, LifecycleDeps, LifecycleGate } from "./deps";
import { getRunById } from "../db/eval-runs";
import { abortRun, armCompletion, resumeRun, startRun, stopRun } from "./run-transitions";

const SECRET_KEY = "test-secret-key-0123456789abcdef";
const AT = "2026-03-04T05:06:07.000Z";

async function runWithStatus(status: string): Promise<string> {
  const { project } = await newProject("lifecycle");
  const bm = await seedBenchmark(project.id);
  const body = CreateRunBody.parse({ benchmarks: [bm], target: { kind: "model", provider: "openai", base_url: "http://127.0.0.1:9/v1", model: "m" } });
  const id = newId("run");
  await insertDraft(openDb(env.DB), SECRET_KEY, { id, projectId: project.id, requestId: null, copiedFrom: null }, configFromCreate(body).config, AT);
  await env.DB.prepare(`UPDATE eval_runs SET status = ?2 WHERE id = ?1`).bind(id, status).run();
  return id;
}

/** A gate that counts like the RunGate's tally, and remembers every settle it was asked for. */
function fakeGate(total: number | null) {
  const counts: GateCounts = { total, terminal: 0 };
  const settles: number[] = [];
  const gate: LifecycleGate = {
    settle: async (n) => (settles.push(n), (counts.terminal += n), { ...counts }),
    setCounts: async (c) => (Object.assign(counts, c), { ...counts }),
    landCalls: async () => ({ exhausted_by: null, finish: false, spent: { cost_usd: 0, input_tokens: 0, output_tokens: 0 } }),
    resetBudget: async () => {},
    halt: async () => {},
    resume: async () => {},
  };
  const sent: unknown[] = [];
  const deps: LifecycleDeps = { DB: env.DB, gate: () => gate, control: { send: async (m) => void sent.push(m) }, now: () => new Date(AT) };
  return { deps, counts, settles, sent };
}

const slot = (runId: string, seq: number): AttemptSlot => ({
  runId, seq, benchmarkId: "bm_x", target: "a", memberKey: `k${seq}`, memberIndex: seq, rowIndex: seq, taskDigest: `d${seq}`, subset: null, attemptIndex: 0,
});
const failed = (runId: string, seq: number, error = "boom") => ({ slot: slot(runId, seq), outcome: endedWithoutReward(seq, "failed", error, 1, AT, AT) });
const events = async (runId: string) => (await readLogs(env.DB, runId, 0, 100)).map((l) => `${l.event}: ${l.message}`);

describe("endAttempts", () => {
  it("ends an attempt once: a second end of it writes no row, counts nothing at the gate and logs nothing", async () => {
    const runId = await runWithStatus("running");
    const { deps, settles } = fakeGate(2);
    const log = (written: number) => (written ? [{ level: "error" as const, event: "attempt_failed", attempt_seq: 0, message: "boom" }] : []);
    expect(await endAttempts(deps, runId, [failed(runId, 0)], { log })).toBe(1);
    expect(await endAttempts(deps, runId, [failed(runId, 0, "a later verdict")], { log })).toBe(0);
    expect(settles).toEqual([1]);
    expect(await events(runId)).toEqual(["attempt_failed: boom"]);
    // One of two attempts ended: the run goes on.
    expect(await readRunStatus(env.DB, runId)).toBe("running");
  });

  it("finishes the run when the last attempt ends, and only then", async () => {
    const runId = await runWithStatus("running");
    const { deps } = fakeGate(3);
    await endAttempts(deps, runId, [failed(runId, 0), failed(runId, 1)]);
    expect(await readRunStatus(env.DB, runId)).toBe("running");
    await endAttempts(deps, runId, [failed(runId, 2)]);
    // The verdict is runOutcome's over the run's benchmarks (this run has no planned one, so none failed), logged once.
    expect(await readRunStatus(env.DB, runId)).toBe("completed");
    expect((await events(runId)).filter((e) => e.startsWith("finished"))).toEqual(["finished: run completed"]);
  });

  it("never finishes a run whose planning has not set the total, however many attempts ended", async () => {
    const runId = await runWithStatus("running");
    const { deps } = fakeGate(null);
    await endAttempts(deps, runId, [failed(runId, 0), failed(runId, 1)]);
    expect(await readRunStatus(env.DB, runId)).toBe("running");
    // Planning ends with 2 attempts, both already terminal: the run ends now.
    await armCompletion(deps, runId, 2);
    expect(await readRunStatus(env.DB, runId)).not.toBe("running");
  });

  it("writes nothing in a run that ended meanwhile (its attempts no longer count)", async () => {
    const runId = await runWithStatus("completed");
    const { deps, settles } = fakeGate(1);
    expect(await endAttempts(deps, runId, [failed(runId, 0)])).toBe(0);
    expect(settles).toEqual([]);
  });
});

describe("run transitions follow the state machine", () => {
  it("fails only an active run, and resumes only an ended one", async () => {
    const runId = await runWithStatus("completed");
    const { deps } = fakeGate(null);
    expect(await abortRun(deps, runId, "planning the run failed repeatedly", "dead_letter")).toBe(false);
    expect(await readRunStatus(env.DB, runId)).toBe("completed");
    expect(await resumeRun(deps, runId)).toBe(true);
    expect(await readRunStatus(env.DB, runId)).toBe("queued");
    expect(await resumeRun(deps, runId)).toBe(false);
    expect(await abortRun(deps, runId, "planning the run failed repeatedly", "dead_letter")).toBe(true);
    expect(await readRunStatus(env.DB, runId)).toBe("failed");
  });

  it("starts only a draft (planning queued once) and stops only an active run (its live attempts ended once)", async () => {
    const runId = await runWithStatus("draft");
    const { deps, sent } = fakeGate(null);
    const row = async () => (await getRunById(openDb(env.DB), runId))!;
    let before = 0;
    const first = await startRun(deps, await row(), async () => void before++);
    expect(first?.status).toBe("queued");
    // A second start of the same row finds it no longer a draft: no second planning step, no callback.
    expect(await startRun(deps, await row(), async () => void before++)).toBeUndefined();
    expect(sent).toEqual([{ kind: "plan", run_id: runId }]);
    expect(before).toBe(1);
    let ended = 0;
    expect((await stopRun(deps, await row(), async () => void ended++))?.status).toBe("cancelled");
    expect(await stopRun(deps, await row(), async () => void ended++)).toBeUndefined();
    expect(ended).toBe(1);
    expect((await events(runId)).filter((e) => e.startsWith("stopped"))).toHaveLength(1);
  });
});
