/**
 * Builds the signed dispatch of one attempt to its runner: a runner token
 * for this dispatch (valid until the attempt's deadline), the callback
 * URLs, the protocol body (src/runner/attempt-body.ts) with the task's row
 * and few-shot examples read from R2, and the signature headers over the
 * exact body sent. Reads R2 and the clock (the signature's timestamp).
 */
import type { AttemptSlot } from "../../src/db/attempts";
import { examplesFor } from "../../src/execution/benchmark-plan";
import { attemptBody } from "../../src/runner/attempt-body";
import { signedHeaders } from "../../src/runner/signing";
import { issueRunnerToken } from "../../src/runner/tokens";
import { rowAt } from "../../src/storage/row-cache";
import { readConfig, type Env } from "../env";
import { callbackUrls } from "./callbacks";
import type { AgentContext, AgentTarget } from "./context";

/** One dispatch of an attempt, as dispatchOne decided it. */
export interface DispatchPlan {
  id: string;
  dispatch: string;
  tries: number;
  deadlineMs: number;
  /** Where the runner calls back (callbackBase). */
  callbackBase: string;
}

/** The body to POST and its signature headers; the target must have a signing secret (target.problem null). */
export async function signedAttempt(env: Env, ctx: AgentContext, target: AgentTarget, slot: AttemptSlot, plan: DispatchPlan): Promise<{ body: string; headers: Record<string, string> }> {
  const { id, dispatch, tries, deadlineMs } = plan;
  const token = await issueRunnerToken(readConfig(env).secretKey, { a: id, d: dispatch, e: deadlineMs, s: ctx.shards });
  const rb = ctx.runBenchmarks.get(slot.benchmarkId)!;
  const rev = rb.datasetRevisionId ? ctx.revisions.get(rb.datasetRevisionId) : undefined;
  const row = rev ? await rowAt(env.ARTIFACTS, rev, slot.rowIndex) : { data: {} as Record<string, unknown> };
  let examples: Record<string, unknown>[] | null = null;
  try {
    examples = rev ? (await Promise.all(examplesFor(rb.fewShot, slot.subset).map((i) => rowAt(env.ARTIFACTS, rev, i)))).map((e) => e.data) : [];
  } catch {
    // Examples that cannot be read leave the prompt out; the runner builds its own from the row.
  }
  const payload = attemptBody(
    { runId: ctx.run.id, options: ctx.options, slot, runBenchmark: rb, benchmark: ctx.benchmarks.get(slot.benchmarkId), row: row.data, examples },
    { params: target.params, secrets: target.secrets, profile: target.config.profile },
    { id, dispatch, tries, deadlineMs, token, callbacks: callbackUrls(plan.callbackBase, id) },
  );
  const body = JSON.stringify(payload);
  const headers = await signedHeaders(target.signingSecret!, Math.floor(Date.now() / 1000), body);
  return { body, headers };
}
