/**
 * What one consumer invocation tells its run's RunGate about the model calls
 * it made: each call's outcome (status, latency, retry-after) for the
 * band's controller and the run's timeline. Outcomes are sent in groups,
 * every FLUSH_MS and with each `keep` check, never one RPC per call for a
 * pinned run. In a band, a worker asks `keep` before starting another call
 * on its slot, so a lowered limit takes slots back before they call again.
 */
import type { CallSignal } from "../../src/execution/concurrency-band";
import type { CallReport } from "../../src/execution/ports";
import type { RunGateRpc } from "../gate/contract";

/** How often buffered outcomes go to the gate (the timeline samples every few seconds). */
export const FLUSH_MS = 1_000;

type Gate = Pick<RunGateRpc, "report">;

export class GateFeedback {
  private calls: CallSignal[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;

  /**
   * @param adaptive whether the run's concurrency is a band (then `keep` asks the gate)
   * @param epoch the band's epoch when the holder's slots were granted
   */
  constructor(
    private readonly gate: Gate,
    private readonly holder: string,
    readonly adaptive: boolean,
    /** The band's epoch as last heard from the gate: stamped on calls starting now. */
    public epoch: number,
  ) {}

  /** A target call starts: its outcome, given to the function returned, is counted under the band's epoch of now. */
  readonly band = (): ((call: CallReport) => void) => {
    const epoch = this.epoch;
    return (call) => this.calls.push({ ...call, epoch });
  };

  /** Whether a worker may start another call on its slot (always, when pinned); false: the gate took the slot back. */
  async keep(slot: number): Promise<boolean> {
    if (!this.adaptive) return true;
    // A gate that cannot be reached does not take the slot: the call starts, within the limit it was granted under.
    const r = await this.gate.report({ holder: this.holder, calls: this.calls.splice(0), keep: true, slot }).catch(() => null);
    if (!r) return true;
    this.epoch = Math.max(this.epoch, r.epoch);
    return r.keep;
  }

  /** Sends the buffered outcomes. */
  async flush(): Promise<void> {
    if (!this.calls.length) return;
    const r = await this.gate.report({ holder: this.holder, calls: this.calls.splice(0) });
    this.epoch = Math.max(this.epoch, r.epoch);
  }

  start(): void {
    // A lost report only thins the timeline; the run goes on.
    this.timer = setInterval(() => void this.flush().catch(() => {}), FLUSH_MS);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush().catch(() => {});
  }
}
