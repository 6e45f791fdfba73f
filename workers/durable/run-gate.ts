/**
 * RunGate: one Durable Object per run, a counting semaphore with leases, so
 * at most `limit` model calls of the run are in flight across all consumer
 * invocations. A lease expires on its own, so a consumer that dies holding
 * one cannot wedge the run.
 */
import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import type { Env } from "../env";

const Acquire = z.object({
  holder: z.string().min(1).max(200),
  limit: z.number().int().min(1).max(10_000),
  lease_ms: z.number().int().min(1_000).max(3_600_000),
});

export interface GateGrant {
  granted: boolean;
  in_flight: number;
}

export class RunGate extends DurableObject<Env> {
  private leases = new Map<string, number>();
  private maxSeen = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      const saved = await ctx.storage.get<[string, number][]>("leases");
      this.leases = new Map(saved ?? []);
      this.maxSeen = (await ctx.storage.get<number>("max_seen")) ?? 0;
    });
  }

  private expire(now: number): void {
    for (const [holder, until] of this.leases) if (until <= now) this.leases.delete(holder);
  }

  private async persist(): Promise<void> {
    await this.ctx.storage.put({ leases: [...this.leases], max_seen: this.maxSeen });
  }

  /** Takes a slot for `holder` (idempotent for a holder that already has one). */
  async acquire(input: z.input<typeof Acquire>): Promise<GateGrant> {
    const { holder, limit, lease_ms } = Acquire.parse(input);
    const now = Date.now();
    this.expire(now);
    if (!this.leases.has(holder) && this.leases.size >= limit) return { granted: false, in_flight: this.leases.size };
    this.leases.set(holder, now + lease_ms);
    this.maxSeen = Math.max(this.maxSeen, this.leases.size);
    await this.persist();
    return { granted: true, in_flight: this.leases.size };
  }

  async release(holder: string): Promise<void> {
    if (this.leases.delete(holder)) await this.persist();
  }

  /** In-flight count now and the most ever held at once. */
  async stats(): Promise<{ in_flight: number; max_in_flight: number }> {
    this.expire(Date.now());
    return { in_flight: this.leases.size, max_in_flight: this.maxSeen };
  }
}
