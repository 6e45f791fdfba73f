/**
 * An agent attempt's RunGate slot: the holder it claims under and how long
 * its lease runs. Each dispatched attempt holds one slot of its run under a
 * holder of its own, so at most `concurrency` attempts run on the runner at
 * once, across invocations, without a consumer waiting for them. No I/O.
 */

/** A slot's lease outlives the attempt's timeout by this much, then frees itself if the end was lost. */
const LEASE_GRACE_MS = 60_000;
const MAX_LEASE_MS = 3_600_000;

/** The RunGate holder of one dispatched agent attempt. */
export function agentHolder(id: string): string {
  return `agent:${id}`;
}

/** The lease of an agent attempt's slot, for an attempt timeout of `timeoutS` seconds. */
export function leaseMs(timeoutS: number): number {
  return Math.min(MAX_LEASE_MS, timeoutS * 1000 + LEASE_GRACE_MS);
}
