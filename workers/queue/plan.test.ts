/**
 * Planning in bounded steps: a run of 100,000 attempts is enqueued by many
 * small planning steps, none of which sends more than PLAN_STEP messages or
 * touches D1 per attempt, and every attempt is enqueued exactly once.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, newProject } from "../../test/http";
import { arithmeticBenchmark, arithmeticRows, createRun } from "../../test/runs";
import type { Env } from "../env";
import type { QueueMessage } from "../../src/domain/queue-messages";
import { queuePorts } from "./consumer";
import { PLAN_STEP, planStep } from "./plan";

/** An env whose queue records what planning sends instead of delivering it. */
function recordingEnv() {
  const sent: QueueMessage[] = [];
  let calls = 0;
  const queue = {
    send: async (body: QueueMessage) => {
      calls++;
      sent.push(body);
    },
    sendBatch: async (msgs: { body: QueueMessage }[]) => {
      calls++;
      if (msgs.length > 100) throw new Error("sendBatch takes at most 100 messages");
      sent.push(...msgs.map((m) => m.body));
    },
  };
  return { env: queuePorts({ ...(env as unknown as Env), ATTEMPTS: queue as unknown as Queue, ATTEMPTS_2: queue as unknown as Queue, ATTEMPTS_3: queue as unknown as Queue, ATTEMPTS_4: queue as unknown as Queue, CONTROL: queue as unknown as Queue }), sent, calls: () => calls };
}

describe("planning", { timeout: 120_000 }, () => {
  it("plans 100,000 attempts in bounded steps, each attempt enqueued once", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(1000));
    const runId = await createRun(key, [bm], "fixture-never-called", { attempts: 100 });
    // Queued by hand so the real consumer never sees this run.
    await env.DB.prepare(`UPDATE eval_runs SET status = 'queued' WHERE id = ?1`).bind(runId).run();
    const rec = recordingEnv();
    const seen = new Uint8Array(100_000);
    let steps = 0;
    let maxPerStep = 0;
    for (;;) {
      const before = rec.sent.length;
      const callsBefore = rec.calls();
      await planStep(rec.env, runId);
      steps++;
      const batch = rec.sent.splice(before);
      const attempts = batch.filter((m): m is Extract<QueueMessage, { kind: "attempt" }> => m.kind === "attempt");
      for (const a of attempts) seen[a.seq]! += 1;
      maxPerStep = Math.max(maxPerStep, attempts.length);
      expect(rec.calls() - callsBefore).toBeLessThanOrEqual(PLAN_STEP / 100 + 1);
      if (!batch.some((m) => m.kind === "plan")) break;
      expect(steps).toBeLessThan(100);
    }
    expect(steps).toBe(100_000 / PLAN_STEP);
    expect(maxPerStep).toBe(PLAN_STEP);
    expect(seen.every((n) => n === 1)).toBe(true);
    // Planning wrote no attempt rows: an attempt's row appears when it ends.
    const rows = await env.DB.prepare(`SELECT count(*) AS n FROM attempts WHERE run_id = ?1`).bind(runId).first<{ n: number }>();
    expect(rows?.n).toBe(0);
    const progress = (await call("GET", `/api/eval-runs/${runId}/progress`, { key })).body;
    expect(progress).toMatchObject({ status: "running", total_attempts: 100_000, planned_attempts: 100_000, terminal_attempts: 0 });
  });

  it("repeating a planning step (a redelivered message) enqueues nothing twice", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(10));
    const runId = await createRun(key, [bm], "fixture-never-called", { attempts: 3 });
    await env.DB.prepare(`UPDATE eval_runs SET status = 'queued' WHERE id = ?1`).bind(runId).run();
    const rec = recordingEnv();
    await planStep(rec.env, runId);
    await planStep(rec.env, runId);
    const seqs = rec.sent.filter((m) => m.kind === "attempt").map((m) => (m as { seq: number }).seq);
    expect(seqs.sort((a, b) => a - b)).toEqual([...Array(30).keys()]);
  });
});
