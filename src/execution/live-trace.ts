/**
 * One inline attempt's live trace: its header goes out just before its
 * first delta (setting an inline attempt up takes no time worth showing, so
 * the header says it is in the agent phase already), then every delta a
 * stage emits, then its end. An attempt that ended before emitting anything
 * (a recorded output that is missing) sends nothing. No I/O: deltas go to
 * the sink the invocation gives (workers/live/client.ts buffers and sends).
 */
import type { AttemptSlot } from "../db/attempts";
import type { DeltaEvent } from "../live/deltas";
import type { LivePort } from "./ports";

/** Past its start, an inline attempt's live entry is overdue after its model call and its judge call could both have timed out. */
const LIVE_DEADLINE_MARGIN_MS = 30_000;

type EndEvent = Extract<DeltaEvent, { kind: "end" }>;

export interface AttemptTrace extends LivePort {
  end(event: Omit<EndEvent, "kind">): void;
  /** Moves the deadline the header will state (a conversation's: the invocation's), when no delta went out yet. */
  until(deadlineMs: number): void;
}

export function attemptTrace(
  send: (event: DeltaEvent) => void,
  who: { slot: AttemptSlot; try: number; executor: string; startedMs: number; timeoutS: number },
): AttemptTrace {
  let announced = false;
  let deadlineMs = who.startedMs + 2 * who.timeoutS * 1000 + LIVE_DEADLINE_MARGIN_MS;
  const announce = () => {
    announced = true;
    const { slot } = who;
    send({
      kind: "header",
      seq: slot.seq,
      benchmark_id: slot.benchmarkId,
      target: slot.target,
      task_key: slot.memberKey,
      member_index: slot.memberIndex,
      attempt_index: slot.attemptIndex,
      subset: slot.subset,
      try: who.try,
      execution: "inline",
      executor: who.executor,
      phase: "agent",
      started_at: new Date(who.startedMs).toISOString(),
      deadline_at: new Date(deadlineMs).toISOString(),
    });
  };
  return {
    emit(event) {
      if (!announced) {
        announce();
        // The header already says so.
        if (event.kind === "phase" && event.phase === "agent") return;
      }
      send(event);
    },
    end(event) {
      if (announced) send({ kind: "end", ...event });
    },
    until(ms) {
      if (!announced) deadlineMs = Math.max(deadlineMs, ms + LIVE_DEADLINE_MARGIN_MS);
    },
  };
}
