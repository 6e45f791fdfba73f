/**
 * A batch's attempt messages of one run: those whose attempt already ended
 * (a redelivery) or whose run stopped are acknowledged; an agent run's go to
 * their runner; a provider-batch run's join a batch; the rest are scheduled
 * over the slots the run's gate grants this invocation
 * (src/execution/scheduler.ts: the one call into src/execution, which runs
 * each attempt through its pipeline) on the ports wired here, its result written
 * in groups (outcome-sink.ts), then acknowledged. I/O through the ports.
 */
import { endedSeqs } from "../../src/db/attempts";
import { readRunStatus } from "../../src/db/run-status";
import type { Delivered } from "../../src/domain/queue-messages";
import { adapts, bandOf } from "../../src/execution/concurrency-band";
import type { Connection } from "../../src/execution/model-port";
import { runScheduled } from "../../src/execution/scheduler";
import { slotOf } from "../../src/lifecycle/run-context";
import { warmRows } from "../../src/storage/row-cache";
import { attemptInput, attemptPorts, rowIndicesOf, type AttemptWiring } from "./attempt-ports";
import { routeBatchWork } from "./batch-calls";
import { GateFeedback } from "./gate-feedback";
import { gatePort } from "./gate-port";
import { OutcomeSink, type SinkJob } from "./outcome-sink";
import type { QueuePorts } from "./ports";
import { runContext, type RunContext } from "./run-context";
import { endIfExhaustedNow } from "./run-budget";

export async function runAttempts(q: QueuePorts, runId: string, msgs: Delivered[]): Promise<void> {
  // Independent reads, at once: one after another they held back a batch's first model call by their summed round trips.
  const [status, ended, agent] = await Promise.all([readRunStatus(q.DB, runId), endedSeqs(q.DB, runId, msgs.map((m) => m.body.seq)), q.isAgentRun(runId)]);
  const seen = new Set<number>();
  const open = msgs.filter((m) => {
    // Stopped, finished or deleted: nothing more runs. Ended or delivered twice in the batch: nothing to do.
    const run = (status === "running" || status === "queued") && !ended.has(m.body.seq) && !seen.has(m.body.seq);
    if (!run) m.raw.ack();
    seen.add(m.body.seq);
    return run;
  });
  if (!open.length) return;
  // Agent attempts are dispatched to their runner and end by its callback (or their timeout), not here.
  if (agent) return q.dispatchAgents(runId, open);
  const ctx = await runContext(q, runId, open.map((m) => m.body.seq));
  const jobs: SinkJob[] = [];
  for (const m of open) {
    const slot = ctx && (await slotOf(q.ARTIFACTS, ctx, m.body.seq));
    if (slot) jobs.push({ seq: slot.seq, slot, tries: m.body.tries, limited_since: m.body.limited_since, reply_key: m.body.reply_key, ack: () => m.raw.ack(), retry: (delaySeconds) => m.raw.retry({ delaySeconds }) });
    else m.raw.ack(); // no such attempt in this run's plan
  }
  if (!ctx || !jobs.length) return;
  // The rows every attempt reads, each chunk once, and the SDK, while the slots are claimed.
  const warm = jobs.flatMap((j) => rowIndicesOf(ctx, j.slot).map((index) => ({ rev: ctx.revisions.get(ctx.runBenchmarks.get(j.slot.benchmarkId)!.datasetRevisionId!)!, index })));
  const [, toRun] = await Promise.all([warmRows(q.ARTIFACTS, warm), ctx.options.batch ? routeBatchWork(q, ctx, jobs) : jobs]);
  if (toRun.length) await scheduled(q, ctx, toRun);
}

/** Runs `jobs` over the slots the run's gate grants; writes and acknowledges as they end. */
async function scheduled(q: QueuePorts, ctx: RunContext, jobs: SinkJob[]): Promise<void> {
  const runId = ctx.run.id;
  const holder = crypto.randomUUID();
  const band = bandOf(ctx.options.concurrency);
  const gate = q.gate(runId);
  const feedback = new GateFeedback(gate, holder, adapts(band), 0);
  const live = q.live(runId, band.max);
  const sink = new OutcomeSink({ ARTIFACTS: q.ARTIFACTS, lifecycle: q.lifecycle, gate, sendAttempts: q.sendAttempts }, runId, ctx.secretValues, holder, ctx.options.budget, () => live.flush());
  const wiring: AttemptWiring = { ARTIFACTS: q.ARTIFACTS, secretKey: q.secretKey, gate, lifecycle: q.lifecycle, live, clock: q.clock, sandbox: null, tau2: q.tau2, providers: q.providers };
  for (const t of [ctx.targets.a, ctx.targets.b]) if (t && !t.recorded) q.providers.get(t.config, t.key).warm?.();
  // Each slot's connection: its lane's fetch, and the timeout of the call on it now.
  const connections = new Map<number, { id: string; fetch: typeof fetch; budget: Connection }>();
  const connectionOf = (slot: number) => {
    let c = connections.get(slot);
    if (!c) {
      let timeoutMs = ctx.options.timeout_s * 1000;
      const budget = oneAtATime((ms) => (timeoutMs = ms));
      connections.set(slot, (c = { id: `${runId}/${slot}`, fetch: q.laneFetch(runId, slot, () => timeoutMs), budget }));
    }
    return c;
  };
  feedback.start();
  try {
    await runScheduled<SinkJob>(jobs, {
      gate: gatePort(gate, { holder, until: q.wallEnd, boot: q.boot, limit: band.max, band }, feedback),
      clock: q.clock,
      sink,
      limit: band.max,
      callMs: ctx.options.timeout_s * 1000,
      // Every call of the attempt on the slot goes out through the slot's lane, one at a time, cut off there at its timeout.
      attempt: (job, slot) => {
        const c = connectionOf(slot);
        return { input: attemptInput(ctx, job.slot, job), ports: attemptPorts({ ...wiring, sandbox: q.sandbox?.(c.fetch) ?? null }, ctx, job.slot, c, feedback.band) };
      },
    });
  } finally {
    await feedback.stop();
    // Out of budget: the reservation that was holding the run open may have ended with these claims.
    await endIfExhaustedNow(q.lifecycle, gate, runId, ctx.options.budget);
    await live.flush();
  }
}

/** A slot's one connection: its attempt's calls take it in turn; `timeout` hears each call's timeout. */
function oneAtATime(timeout: (ms: number) => void): Connection {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    timeout,
    acquire() {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const turn = tail.then(() => release);
      tail = tail.then(() => held);
      return turn;
    },
  };
}
