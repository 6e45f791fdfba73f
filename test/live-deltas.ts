/** Deltas as executors post them to the live objects, for tests of the hub and its frames. */
import type { DeltaEvent } from "../src/live/deltas";

/** A fresh run id and an attempt id of it, in the ids' real shapes. */
export const newRunId = () => `run_${crypto.randomUUID().replace(/-/g, "").slice(0, 20)}`;
export const attemptOf = (runId: string, seq: number) => `att_${runId.slice(4)}.${seq}`;

/** An inline attempt's header, its deadline two minutes out unless given. */
export function header(seq: number, deadlineMs = Date.now() + 120_000): DeltaEvent {
  return {
    kind: "header",
    seq,
    benchmark_id: "bm_1",
    target: "a",
    task_key: `q${seq}`,
    member_index: seq,
    attempt_index: 0,
    subset: null,
    try: 1,
    execution: "inline",
    executor: "fixture",
    phase: "setup",
    started_at: new Date().toISOString(),
    deadline_at: new Date(deadlineMs).toISOString(),
  };
}
