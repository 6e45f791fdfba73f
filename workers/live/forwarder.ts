/**
 * A shard's line to its run's hub: deltas it stored go to the hub in
 * batches, one call in flight and the rest queued behind it, each caller
 * answered once the hub has stored the batch holding its deltas. I/O: the
 * hub's RPC (forward).
 */
import type { Env } from "../env";
import { liveStub } from "./client";
import type { Where } from "./contract";
import type { Stamped } from "./contract";

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (e: unknown) => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((a, b) => {
    resolve = a;
    reject = b;
  });
  promise.catch(() => {});
  return { promise, resolve, reject };
}

export class HubForwarder {
  private outbox: { items: Stamped[]; done: Deferred } | null = null;
  private forwarding = false;

  /** `where` is this shard's, read when a batch leaves (the object knows it by then). */
  constructor(
    private readonly env: Env,
    private readonly where: () => Where,
  ) {}

  /** Queues items for the hub; resolves once the hub has stored the batch holding them. */
  send(items: Stamped[]): Promise<void> {
    if (!this.outbox) this.outbox = { items: [], done: deferred() };
    this.outbox.items.push(...items);
    const done = this.outbox.done.promise;
    if (!this.forwarding) void this.pump();
    return done;
  }

  private async pump(): Promise<void> {
    this.forwarding = true;
    try {
      while (this.outbox) {
        const batch = this.outbox;
        this.outbox = null;
        try {
          const where = this.where();
          await liveStub(this.env, where.run_id, 0).forward({ where: { ...where, shard: 0 }, items: batch.items });
          batch.done.resolve();
        } catch (err) {
          batch.done.reject(err);
        }
      }
    } finally {
      this.forwarding = false;
    }
  }
}
