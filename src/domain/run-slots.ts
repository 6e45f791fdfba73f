/**
 * A run's slots and claims, as its gate (workers/gate/run-gate.ts) keeps
 * them. A *slot* is a numbered place for one model call in flight: slot s
 * of a run calls through the run's lane ⌊s/6⌋ (workers/lanes/), so at most
 * six slots share one lane's connections and the run's limit is the count
 * of slots granted. A *holder* is one consumer invocation, alive until its
 * wall time ends (or it lets go), or one dispatched agent attempt. A *claim*
 * says an attempt is being executed by a holder (a redelivered message is
 * told so instead of running twice), or, with no holder, that its retry
 * waits in the queue with its tries (so a recovery re-sends it with them).
 *
 * Every change is written through to the store as it is made, so a gate
 * that is evicted or restarted resumes exactly this state. Pure: the clock
 * is passed in, the store injected.
 */

export interface HolderRecord {
  /** When the holder is certainly gone (its invocation's wall time), epoch ms. */
  until: number;
  /** The stack boot it belongs to (src/execution/boot: "" on Cloudflare). */
  boot: string;
}

export interface ClaimRecord {
  /** Who executes the attempt; null: its retry waits in the queue. */
  holder: string | null;
  /** Tries spent when it was claimed or sent back. */
  tries: number;
  limited_since: number | null;
  reply_key: string | null;
}

/** Where a run's slots and claims are written (src/storage/gate-store.ts over the gate's SQLite). */
export interface SlotStore {
  load(): { holders: [string, HolderRecord][]; slots: [number, string][]; claims: [number, ClaimRecord][] };
  putHolder(id: string, h: HolderRecord): void;
  deleteHolders(ids: readonly string[]): void;
  putSlots(slots: readonly number[], holder: string): void;
  deleteSlots(slots: readonly number[]): void;
  putClaims(claims: readonly (readonly [number, ClaimRecord])[]): void;
  deleteClaims(seqs: readonly number[]): void;
}

/** An attempt as a claim names it. */
export interface ClaimInput {
  seq: number;
  tries: number;
  limited_since?: number | null;
  reply_key?: string | null;
}

export class RunSlots {
  private readonly holders = new Map<string, HolderRecord>();
  /** slot → holder */
  private readonly owner = new Map<number, string>();
  private readonly claims = new Map<number, ClaimRecord>();

  constructor(private readonly store: SlotStore) {
    const saved = store.load();
    for (const [id, h] of saved.holders) this.holders.set(id, h);
    for (const [s, id] of saved.slots) this.owner.set(s, id);
    for (const [seq, c] of saved.claims) this.claims.set(seq, c);
  }

  /** Slots held now. */
  inUse(): number {
    return this.owner.size;
  }

  /** The live holders. */
  holderCount(): number {
    return this.holders.size;
  }

  /** The slots `holder` holds. */
  held(holder: string): number[] {
    const out: number[] = [];
    for (const [s, h] of this.owner) if (h === holder) out.push(s);
    return out.sort((a, b) => a - b);
  }

  /** Whether `seq` is claimed by a live holder other than `holder`. */
  busyElsewhere(seq: number, holder: string): boolean {
    const c = this.claims.get(seq);
    return !!c?.holder && c.holder !== holder && this.holders.has(c.holder);
  }

  /** The claim of `seq`, if any. */
  claimOf(seq: number): ClaimRecord | undefined {
    return this.claims.get(seq);
  }

  /** Holders whose time is up let go of their slots and claims; returns them. */
  expire(now: number): string[] {
    const gone = [...this.holders].filter(([, h]) => h.until <= now).map(([id]) => id);
    if (gone.length) this.forget(gone);
    return gone;
  }

  /** Holders of any boot but `boot` (a local stack that restarted: every one of them died with it). */
  holdersNotOf(boot: string): string[] {
    return [...this.holders].filter(([, h]) => h.boot !== boot).map(([id]) => id);
  }

  /**
   * Forgets holders: their slots are free again; their claims stay, without
   * a holder, with the tries they had (their message may be gone with them).
   */
  forget(ids: readonly string[]): void {
    const set = new Set(ids);
    const freed = [...this.owner].filter(([, h]) => set.has(h)).map(([s]) => s);
    for (const s of freed) this.owner.delete(s);
    const orphaned: [number, ClaimRecord][] = [];
    for (const [seq, c] of this.claims) if (c.holder && set.has(c.holder)) orphaned.push([seq, { ...c, holder: null }]);
    for (const [seq, c] of orphaned) this.claims.set(seq, c);
    for (const id of ids) this.holders.delete(id);
    this.store.deleteSlots(freed);
    this.store.putClaims(orphaned);
    this.store.deleteHolders(ids);
  }

  /** Records (or renews) a holder. */
  hold(holder: string, until: number, boot: string): void {
    const h = this.holders.get(holder);
    if (h && h.until >= until && h.boot === boot) return;
    const next = { until: Math.max(until, h?.until ?? 0), boot };
    this.holders.set(holder, next);
    this.store.putHolder(holder, next);
  }

  /** Grants `holder` up to `want` free slots below `limit`, lowest numbers first (so lanes fill before new ones open). */
  grant(holder: string, want: number, limit: number): number[] {
    const room = Math.max(0, Math.min(want, limit - this.owner.size));
    const got: number[] = [];
    for (let s = 0; got.length < room && s < limit; s++) if (!this.owner.has(s)) got.push(s);
    for (const s of got) this.owner.set(s, holder);
    this.store.putSlots(got, holder);
    return got;
  }

  /** Gives back slots `holder` holds (all of them with `all`); returns the ones freed. */
  release(holder: string, slots: readonly number[] | "all"): number[] {
    const mine = slots === "all" ? this.held(holder) : slots.filter((s) => this.owner.get(s) === holder);
    for (const s of mine) this.owner.delete(s);
    this.store.deleteSlots(mine);
    return mine;
  }

  /** Claims attempts for `holder`; those claimed by another live holder come back as busy and keep their claim. */
  claim(holder: string, attempts: readonly ClaimInput[]): number[] {
    const busy: number[] = [];
    const put: [number, ClaimRecord][] = [];
    for (const a of attempts) {
      if (this.busyElsewhere(a.seq, holder)) busy.push(a.seq);
      else put.push([a.seq, { holder, tries: a.tries, limited_since: a.limited_since ?? null, reply_key: a.reply_key ?? null }]);
    }
    for (const [seq, c] of put) this.claims.set(seq, c);
    this.store.putClaims(put);
    return busy;
  }

  /** Attempts that ended (or left the run): their claims go, whoever held them. */
  end(seqs: readonly number[]): void {
    const gone = seqs.filter((s) => this.claims.delete(s));
    this.store.deleteClaims(gone);
  }

  /** `holder` is done with attempts it sends back to the queue: their claims stay, without a holder, with their tries. */
  requeue(holder: string, attempts: readonly ClaimInput[]): void {
    const put: [number, ClaimRecord][] = [];
    for (const a of attempts) {
      const c = this.claims.get(a.seq);
      if (c && c.holder !== holder && c.holder !== null) continue;
      put.push([a.seq, { holder: null, tries: a.tries, limited_since: a.limited_since ?? null, reply_key: a.reply_key ?? null }]);
    }
    for (const [seq, c] of put) this.claims.set(seq, c);
    this.store.putClaims(put);
  }

  /** `holder` lets go of the claims it still holds (its invocation ends); returns their seqs. */
  letGo(holder: string): number[] {
    const seqs = [...this.claims].filter(([, c]) => c.holder === holder).map(([seq]) => seq);
    this.end(seqs);
    return seqs;
  }

  /** Claims without a holder (their retries wait in the queue, or their holder died), by seq. */
  orphans(): Map<number, ClaimRecord> {
    const out = new Map<number, ClaimRecord>();
    for (const [seq, c] of this.claims) if (c.holder === null) out.set(seq, c);
    return out;
  }

  /** Forgets every claim without a holder (the run stopped: a resume re-sends what it needs). */
  dropOrphans(): void {
    this.end([...this.orphans().keys()]);
  }

  /** Whether any live holder claims attempts or holds slots. */
  busy(): boolean {
    return this.owner.size > 0 || [...this.claims.values()].some((c) => c.holder !== null);
  }
}
