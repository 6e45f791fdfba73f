/**
 * RunGate: one Durable Object per run. It is the run's counting semaphore
 * (at most `limit` model calls in flight across every consumer invocation,
 * with leases that expire so a dead consumer cannot wedge the run) and its
 * tally of attempts that reached a terminal state, which tells the consumer
 * when the run is done without scanning D1.
 */
import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import type { Env } from "../env";

const Acquire = z.object({
  holders: z.array(z.string().min(1).max(200)).max(1000),
  limit: z.number().int().min(1).max(10_000),
  lease_ms: z.number().int().min(1_000).max(3_600_000),
});

export interface GateState {
  in_flight: number;
  max_in_flight: number;
  terminal: number;
  total: number | null;
}

export class RunGate extends DurableObject<Env> {
  private leases = new Map<string, number>();
  private maxSeen = 0;
  private terminal = 0;
  private total: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      const saved = await ctx.storage.get(["leases", "max_seen", "terminal", "total"]);
      this.leases = new Map((saved.get("leases") as [string, number][] | undefined) ?? []);
      this.maxSeen = (saved.get("max_seen") as number | undefined) ?? 0;
      this.terminal = (saved.get("terminal") as number | undefined) ?? 0;
      this.total = (saved.get("total") as number | null | undefined) ?? null;
    });
  }

  private expire(now: number): void {
    for (const [holder, until] of this.leases) if (until <= now) this.leases.delete(holder);
  }

  private async persist(): Promise<void> {
    await this.ctx.storage.put({ leases: [...this.leases], max_seen: this.maxSeen, terminal: this.terminal, total: this.total });
  }

  private state(): GateState {
    return { in_flight: this.leases.size, max_in_flight: this.maxSeen, terminal: this.terminal, total: this.total };
  }

  /**
   * Grants slots to as many of `holders` as the limit allows, in order.
   * A holder that already has a live lease is not granted again: its
   * attempt is being executed elsewhere (a redelivered message).
   */
  async acquire(input: z.input<typeof Acquire>): Promise<{ granted: string[]; busy: string[] }> {
    const { holders, limit, lease_ms } = Acquire.parse(input);
    const now = Date.now();
    this.expire(now);
    const granted: string[] = [];
    const busy: string[] = [];
    for (const h of holders) {
      if (this.leases.has(h)) busy.push(h);
      else if (this.leases.size < limit) {
        this.leases.set(h, now + lease_ms);
        granted.push(h);
      }
    }
    if (granted.length) {
      this.maxSeen = Math.max(this.maxSeen, this.leases.size);
      await this.persist();
    }
    return { granted, busy };
  }

  async release(holders: string[]): Promise<void> {
    let changed = false;
    for (const h of holders) changed = this.leases.delete(h) || changed;
    if (changed) await this.persist();
  }

  /** Counts attempts that just became terminal (each exactly once: D1's conditional update decides). */
  async settle(count: number): Promise<GateState> {
    if (count > 0) {
      this.terminal += count;
      await this.persist();
    }
    return this.state();
  }

  /** Sets the planned total, or resets the tally from D1's truth (resume, sweeper). */
  async setCounts(counts: { total?: number | null; terminal?: number }): Promise<GateState> {
    if (counts.total !== undefined) this.total = counts.total;
    if (counts.terminal !== undefined) this.terminal = counts.terminal;
    await this.persist();
    return this.state();
  }

  async stats(): Promise<GateState> {
    this.expire(Date.now());
    return this.state();
  }
}
