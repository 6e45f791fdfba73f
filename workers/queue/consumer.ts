/**
 * The queue handler, and the one place under workers/queue/ that sees the
 * Worker's env: it wires the invocation's ports (ports.ts) from the
 * bindings, then parses every message with zod and hands it on: planning
 * and resume steps (plan.ts, resume.ts), attempt batches per run
 * (attempts.ts), dead letters (settled so no attempt is lost silently).
 * Messages are acknowledged one by one; an uncaught error leaves the
 * unacknowledged ones to be redelivered.
 */
import { QueueMessage, type Delivered } from "../../src/domain/queue-messages";
import { endAttempts } from "../../src/lifecycle/attempt-end";
import { slotOf } from "../../src/lifecycle/run-context";
import { abortRun } from "../../src/lifecycle/run-transitions";
import { failedOutcome } from "../../src/execution/result";
import { attemptQueues, readConfig, type Env } from "../env";
import { isAgentRun } from "../agent/context";
import { dispatchAgentAttempts } from "../agent/dispatch";
import { gateFor } from "../gate/client";
import { laneFetch, laneName, laneOf, SLOTS_PER_LANE } from "../lanes/client";
import { lifecycleOf } from "../lifecycle";
import { invocationEmitter } from "../live/client";
import { sandboxClient, sandboxSettings } from "../sandbox/client";
import { tau2Port } from "../agents/tau2-data";
import { sendAttempts } from "./attempt-queues";
import { ProviderPool } from "./attempt-ports";
import { runAttempts } from "./attempts";
import { planStep } from "./plan";
import type { QueuePorts } from "./ports";
import { resumeStep } from "./resume";
import { runContext } from "./run-context";

/** A queue consumer's wall time on Cloudflare. */
export const CONSUMER_WALL_MS = 15 * 60_000;
/** The invocation stops working this long before its wall, so what it did is written and acknowledged in time. */
export const WRITE_MARGIN_MS = 60_000;

/** The invocation's ports, from the Worker's env. */
export function queuePorts(env: Env, startedMs = Date.now()): QueuePorts {
  const wallEnd = startedMs + (Number(env.ASSAY_CONSUMER_WALL_MS) || CONSUMER_WALL_MS);
  const deadline = wallEnd - Math.min(WRITE_MARGIN_MS, (wallEnd - startedMs) / 4);
  const sandbox = sandboxSettings(env);
  return {
    DB: env.DB,
    ARTIFACTS: env.ARTIFACTS,
    catalog: { ARTIFACTS: env.ARTIFACTS, ASSAY_DATASET_BASE_URL: env.ASSAY_DATASET_BASE_URL },
    secretKey: readConfig(env).secretKey,
    boot: env.ASSAY_STACK_BOOT ?? "",
    clock: { now: Date.now, deadline: () => deadline, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
    wallEnd,
    lifecycle: lifecycleOf(env),
    gate: (runId) => gateFor(env, runId),
    laneFetch(runId, slot, timeoutMs) {
      const id = env.CALL_LANE.idFromName(laneName(runId, laneOf(slot, SLOTS_PER_LANE)));
      // A stub per call: one whose lane restarted (a deploy) fails every call after. Never past the invocation's deadline.
      return laneFetch({ fetch: (url, init) => env.CALL_LANE.get(id).fetch(url, init) }, () => Math.min(timeoutMs(), deadline - Date.now()));
    },
    live: (runId, concurrency) => invocationEmitter(env, runId, concurrency),
    sandbox: sandbox ? (fetcher) => sandboxClient(sandbox, fetcher) : null,
    providers: new ProviderPool(),
    tau2: tau2Port({ ARTIFACTS: env.ARTIFACTS, ASSAY_DATASET_BASE_URL: env.ASSAY_DATASET_BASE_URL }),
    sendAttempts: (messages) => sendAttempts(attemptQueues(env), messages),
    control: env.CONTROL,
    dispatchAgents: (runId, msgs) => dispatchAgentAttempts(env, runId, msgs),
    isAgentRun: (runId) => isAgentRun(env, runId),
  };
}

export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const q = queuePorts(env);
  if (batch.queue.endsWith("-dlq")) return handleDeadLetters(batch, q);
  const attempts = new Map<string, Delivered[]>();
  const plans = new Map<string, Message<unknown>[]>();
  const steps: Promise<void>[] = [];
  for (const m of batch.messages) {
    const parsed = QueueMessage.safeParse(m.body);
    if (!parsed.success) {
      console.error("dropping a malformed queue message", parsed.error.issues[0]?.message);
      m.ack();
    } else if (parsed.data.kind === "plan") {
      plans.set(parsed.data.run_id, [...(plans.get(parsed.data.run_id) ?? []), m]);
    } else if (parsed.data.kind === "resume") {
      const { run_id, after_seq } = parsed.data;
      steps.push(step(m, () => resumeStep(q, run_id, after_seq)));
    } else {
      attempts.set(parsed.data.run_id, [...(attempts.get(parsed.data.run_id) ?? []), { raw: m, body: parsed.data }]);
    }
  }
  // Duplicate plan messages of one run collapse into one step.
  for (const [runId, msgs] of plans) steps.push(step(msgs, () => planStep(q, runId)));
  await Promise.all([...steps, ...[...attempts].map(([runId, msgs]) => runAttempts(q, runId, msgs))]);
}

/** Runs a control step (plan, resume); acknowledges its messages on success, retries them on failure. */
async function step(msgs: Message<unknown> | Message<unknown>[], fn: () => Promise<void>): Promise<void> {
  const list = Array.isArray(msgs) ? msgs : [msgs];
  try {
    await fn();
    for (const m of list) m.ack();
  } catch (err) {
    console.error("a control step failed; it will be retried", err instanceof Error ? err.message : err);
    for (const m of list) m.retry({ delaySeconds: 2 });
  }
}

/** Messages the queue gave up on: their attempts end failed (kept, counted as invalid), their plans fail the run. */
async function handleDeadLetters(batch: MessageBatch<unknown>, q: QueuePorts): Promise<void> {
  const at = new Date().toISOString();
  for (const m of batch.messages) {
    const parsed = QueueMessage.safeParse(m.body);
    if (!parsed.success) {
      m.ack();
      continue;
    }
    const msg = parsed.data;
    const error = "the queue gave up delivering this attempt after repeated failures";
    if (msg.kind === "attempt") {
      const ctx = await runContext(q, msg.run_id, [msg.seq]);
      const slot = ctx && (await slotOf(q.ARTIFACTS, ctx, msg.seq));
      if (slot) {
        await endAttempts(q.lifecycle, msg.run_id, [{ slot, outcome: { ...failedOutcome(msg.seq, msg.tries, error), started_at: null, finished_at: at } }], {
          log: (written) => (written ? [{ level: "error", event: "dead_letter", attempt_seq: msg.seq, message: error }] : []),
        });
      }
    } else {
      // A plan or resume step that kept failing: the run cannot go on.
      await abortRun(q.lifecycle, msg.run_id, "planning the run failed repeatedly", "dead_letter");
    }
    m.ack();
  }
}
