/**
 * The run's gate as one consumer invocation sees it (src/execution/scheduler.ts
 * SchedulerGate): the RunGate stub's calls made under the invocation's
 * holder, boot and wall time, slots released in groups, and a call the
 * gate's restart cut off (an eviction, a deploy: its memory of waiting
 * requests is gone, its stored state is not) made again. The band's keep
 * checks go through the invocation's GateFeedback. I/O: the gate stub.
 */
import type { Band } from "../../src/execution/concurrency-band";
import type { SchedulerGate } from "../../src/execution/scheduler";
import type { RunGateRpc } from "../gate/contract";
import type { GateFeedback } from "./gate-feedback";

/** A call cut off by the gate's restart is made again this many times, after 100, 200, 400 ms. */
const TRIES = 4;
/** How long a released slot waits for others to join its release call (a batch's slots free up together). */
export const RELEASE_COALESCE_MS = 2;

export interface Holder {
  holder: string;
  /** When the invocation's wall time ends (epoch ms). */
  until: number;
  boot: string;
  limit: number;
  band: Band;
}

/** `call`, made again when it fails (the gate restarted under it); the last failure is thrown. */
export async function again<T>(call: () => Promise<T>, tries = TRIES): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await call();
    } catch (err) {
      if (i >= tries) throw err;
      await new Promise((r) => setTimeout(r, 100 * 2 ** (i - 1)));
    }
  }
}

export function gatePort(gate: DurableObjectStub<RunGateRpc>, h: Holder, feedback: GateFeedback): SchedulerGate & { flush(): Promise<void> } {
  const base = { holder: h.holder, until: h.until, boot: h.boot };
  let releasing: number[] = [];
  let sending: Promise<void> = Promise.resolve();
  const flush = () => {
    const slots = releasing.splice(0);
    if (slots.length) sending = sending.then(() => again(() => gate.release({ holder: h.holder, slots }))).catch(() => {});
    return sending;
  };
  return {
    claim: (attempts, want) => again(() => gate.claim({ ...base, attempts, want, limit: h.limit, band: h.band })),
    // A wait the gate's restart cut off is not an answer: ask again (the stored holder and its slots are still there).
    more: (want, waitMs) => again(() => gate.more({ ...base, want, limit: h.limit, wait_ms: waitMs, band: h.band })).catch(() => ({ slots: [], stopped: false })),
    release(slot) {
      if (!releasing.length) setTimeout(() => void flush(), RELEASE_COALESCE_MS);
      releasing.push(slot);
    },
    watch: async (waitMs) => {
      const end = Date.now() + waitMs;
      // Watched until the invocation ends; a watch cut off by the gate's restart is placed again.
      for (;;) {
        try {
          return (await gate.watch({ holder: h.holder, wait_ms: Math.max(0, end - Date.now()) })).stopped;
        } catch {
          if (Date.now() >= end) return false;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    keep: (slot) => feedback.keep(slot),
    letGo: async () => {
      await flush();
      await again(() => gate.release({ holder: h.holder, done: true }));
    },
    flush,
  };
}
