/**
 * What the RunGate Durable Object accepts and answers over RPC: its input
 * schemas, its state, and the RPC surface itself. A leaf module, so the
 * Worker's Env (workers/env.ts) names the object's type without importing
 * the class and everything the class imports.
 */
import { z } from "zod";

const Holder = z.string().min(1).max(200);
/** The longest a request for more slots waits for one to be released. */
export const MAX_WAIT_MS = 1_000;
const Lease = z.number().int().min(1_000).max(3_600_000);

export const Claim = z.object({
  holder: Holder,
  attempts: z.array(z.string().min(1).max(200)).max(1000),
  want: z.number().int().min(0).max(10_000),
  limit: z.number().int().min(1).max(10_000),
  lease_ms: Lease,
});

export const More = z.object({
  holder: Holder,
  want: z.number().int().min(0).max(10_000),
  limit: z.number().int().min(1).max(10_000),
  lease_ms: Lease,
  /** With nothing free, wait this long for a slot to be released before answering 0. */
  wait_ms: z.number().int().min(0).max(MAX_WAIT_MS).default(0),
});

export const Release = z.object({ holder: Holder, slots: z.number().int().min(0).max(10_000), attempts: z.array(z.string()).max(1000) });

export interface GateState {
  in_flight: number;
  max_in_flight: number;
  terminal: number;
  total: number | null;
}

/** The RPC methods callers reach through `env.RUN_GATE` stubs (workers/durable/run-gate.ts implements them). */
export interface RunGateRpc extends Rpc.DurableObjectBranded {
  claim(input: z.input<typeof Claim>): Promise<{ granted: number; busy: string[] }>;
  more(input: z.input<typeof More>): Promise<number>;
  release(input: z.input<typeof Release>): Promise<void>;
  settle(count: number): Promise<GateState>;
  setCounts(counts: { total?: number | null; terminal?: number }): Promise<GateState>;
  markWork(): Promise<void>;
  takeLost(): Promise<{ from: number } | null>;
  recoveryAt(next: number | null): Promise<void>;
  stats(): Promise<GateState>;
}
