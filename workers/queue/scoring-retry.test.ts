/**
 * A code attempt whose sandbox call failed (down, 5xx) is retried without
 * asking the model again: the failed try keeps the model's reply in R2
 * (src/storage/attempt-replies.ts), the re-sent message carries its key, and
 * the next try scores that reply. The fixture model counts its calls per
 * model string, so the test sees exactly one model call for two tries.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { openDb } from "../../src/db/client";
import { benchmarks } from "../../src/db/schema";
import { AttemptMessage } from "../../src/domain/queue-messages";
import { ProviderError } from "../../src/providers";
import type { Execute } from "../../src/scorers/execution";
import { keptReply, repliesPrefix } from "../../src/storage/attempt-replies";
import { readRows } from "../../src/storage/dataset-rows";
import { loadFromMirror } from "../../test/builtin-data";
import { call, newProject } from "../../test/http";
import { createRun, fixtureStats, waitForRun } from "../../test/runs";
import { ensureBuiltinRevision } from "../catalog/ensure-data";
import { invocationEmitter } from "../live/client";
import { runAttempt } from "../../src/execution/pipeline";
import { UNBOUNDED } from "../../src/execution/model-port";
import { slotOf } from "../../src/lifecycle/run-context";
import { gateFor } from "../gate/client";
import { lifecycleOf } from "../lifecycle";
import type { Env } from "../env";
import { attemptInput, attemptPorts, ProviderPool, type AttemptWiring } from "./attempt-ports";
import { runContext } from "./run-context";

const db = openDb(env.DB);

describe("a retry after a failed sandbox call", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, "bm_humaneval")).get())!;
    const rev = (await ensureBuiltinRevision(env, db, bm, loadFromMirror("bm_humaneval")))!;
    const rows = await readRows(env.ARTIFACTS, rev, 0, 1);
    const res = await fetch(`${inject("fixtureUrl")}/_answers`, { method: "POST", body: JSON.stringify(rows.map((r) => r.data)) });
    expect(res.ok).toBe(true);
  }, 60_000);

  it("scores the reply the failed try kept, and the model is called once", async () => {
    const model = `fixture-${crypto.randomUUID().slice(0, 8)}:accuracy=1`;
    const { key } = await newProject();
    const runId = await createRun(key, ["bm_humaneval"], model, { sample_limit: 1 });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, runId, 100_000)).status).toBe("completed");
    expect((await fixtureStats(model)).calls).toBe(1);

    // The run's attempt, tried again by hand: first with the sandbox answering 503, then with the real one.
    const ctx = (await runContext({ DB: env.DB, ARTIFACTS: env.ARTIFACTS, secretKey: "test-secret-key-0123456789abcdef" }, runId, [0]))!;
    const slot = (await slotOf(env.ARTIFACTS, ctx, 0))!;
    let executions = 0;
    const down: Execute = async () => {
      executions++;
      throw new ProviderError("transient", "sandbox answered 503: busy", { status: 503 });
    };
    const live = invocationEmitter(env as unknown as Env, runId, 1);
    const wiring = (sandbox: Execute | null): AttemptWiring => ({
      ARTIFACTS: env.ARTIFACTS,
      secretKey: "test-secret-key-0123456789abcdef",
      gate: gateFor(env as unknown as Env, runId),
      lifecycle: lifecycleOf(env as unknown as Env),
      live,
      clock: { now: Date.now, deadline: () => Date.now() + 600_000, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
      sandbox,
      tau2: null,
      providers: new ProviderPool(),
    });
    const attempt = (sandbox: Execute | null, tries: number, reply_key?: string) =>
      runAttempt(attemptInput(ctx, slot, { tries, ...(reply_key && { reply_key }) }), attemptPorts(wiring(sandbox), ctx, slot, { id: "", budget: UNBOUNDED }, () => () => {}));
    const failed = await attempt(down, 0);
    expect(failed).toMatchObject({ kind: "retry", tries: 1, reply_key: `${repliesPrefix(runId)}000000000-1.json` });
    expect(executions).toBe(1);
    expect((await fixtureStats(model)).calls).toBe(2);
    const key1 = failed.kind === "retry" ? failed.reply_key! : "";
    const kept = (await keptReply(env.ARTIFACTS, runId, key1))!;
    expect(kept.text).toContain("```python");

    // What the outcome sink re-sends parses with the key, and the next try scores the kept reply without a model call.
    expect(AttemptMessage.parse({ kind: "attempt", run_id: runId, seq: 0, tries: 1, reply_key: key1 }).reply_key).toBe(key1);
    const { sandboxClient, sandboxSettings } = await import("../sandbox/client");
    const retried = await attempt(sandboxClient(sandboxSettings(env as unknown as Env)!), 1, key1);
    expect(retried.kind).toBe("done");
    if (retried.kind !== "done") return;
    expect([retried.outcome.status, retried.outcome.reward, retried.outcome.reason, retried.outcome.tries]).toEqual(["succeeded", 1, "all tests passed", 2]);
    expect(retried.outcome.output).toBe(kept.text);
    expect((await fixtureStats(model)).calls).toBe(2);
    await live.flush();
  });

  it("asks the model again when the kept reply is gone or the key is not the run's", async () => {
    const runId = "run_elsewhere";
    expect(await keptReply(env.ARTIFACTS, runId, "runs/run_other/replies/000000000-1.json")).toBeNull();
    expect(await keptReply(env.ARTIFACTS, runId, `${repliesPrefix(runId)}000000007-1.json`)).toBeNull();
  });
});
