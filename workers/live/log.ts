/**
 * A live object's log of deltas in its SQLite: sequencing (`delta_seq`,
 * increasing, never reused), the deltas kept for replay, the record of
 * which attempts ended (and when, for compaction), the live set (in
 * memory: folded again on wake from the deltas of attempts with no end) and
 * the object's meta values. Synchronous; its only I/O is the object's
 * SQLite, through LiveLogStore (src/storage/live-store.ts). Streaming to
 * followers and alarms are the caller's (run-live.ts).
 */
import { applyDelta, catchUp, countByPhase, type LiveAttempt } from "../../src/live/live-set";
import type { Delta } from "../../src/live/deltas";
import { LiveLogStore, type DeltaRow, type EndedRow } from "../../src/storage/live-store";
import type { LiveSetBody, Stamped } from "./contract";

/** Deltas of an ended attempt stay replayable this long. */
export const RETAIN_MS = 10 * 60_000;
/** A live attempt silent this long past its deadline is dropped from the live set as lost. */
export const LOST_GRACE_MS = 60_000;

/** Deltas as JSON with their positions, or a snapshot when the follower's position was compacted away. */
export interface CatchUp {
  snapshot: string | null;
  bodies: string[];
  seqs: number[];
}

export class DeltaLog {
  private lastSeq_ = 0;
  private prunedThrough = 0;
  private readonly meta = new Map<string, string>();
  /** The live set (hub only), folded again from the deltas of attempts with no end when the object wakes (loadLive). */
  readonly live = new Map<string, LiveAttempt>();

  private readonly store: LiveLogStore;

  constructor(sql: SqlStorage) {
    this.store = new LiveLogStore(sql);
  }

  /** Reads the meta values back (after the object's tables all exist). */
  load(): void {
    for (const r of this.store.metaValues()) {
      this.meta.set(r.k, r.v);
      if (r.k === "last_seq") this.lastSeq_ = Number(r.v);
      else if (r.k === "pruned_through") this.prunedThrough = Number(r.v);
    }
  }

  /**
   * The hub's live set, folded from the deltas of every attempt with no end
   * (each from its latest header, as ingest folded them). A lost or
   * cancelled attempt got an end delta too, so none comes back.
   */
  loadLive(): void {
    this.live.clear();
    for (const r of this.store.openDeltas()) {
      const next = applyDelta(this.live.get(r.attempt), JSON.parse(r.body) as Delta);
      if (next) this.live.set(r.attempt, next);
      else if (next === null) this.live.delete(r.attempt);
    }
  }

  /** The last delta_seq given out. */
  get lastSeq(): number {
    return this.lastSeq_;
  }

  getMeta(k: string): string | undefined {
    return this.meta.get(k);
  }

  setMeta(k: string, v: string): void {
    this.store.setMeta(k, v);
    this.meta.set(k, v);
  }

  /**
   * Sequences items and writes them in a few multi-row statements: the
   * deltas, and per attempt the last word on whether it ended (an end
   * records it; a retry's header makes it live again, its deltas no longer
   * to be compacted). Returns the sequenced deltas, their JSON, and whether
   * any attempt ended (the caller sets the alarm that compacts them).
   */
  write(items: Stamped[], now: number): { deltas: Delta[]; bodies: string[]; ended: boolean } {
    const deltas: Delta[] = [];
    const bodies: string[] = [];
    const rows: DeltaRow[] = [];
    const ended = new Map<string, number | null>();
    for (const it of items) {
      const seq = ++this.lastSeq_;
      const d = { ...it.event, attempt_id: it.attempt_id, at: it.at, delta_seq: seq, ...(it.turn_index !== undefined ? { turn_index: it.turn_index } : {}) } as Delta;
      const body = JSON.stringify(d);
      rows.push([seq, it.attempt_id, body]);
      if (d.kind === "end") ended.set(it.attempt_id, seq);
      else if (d.kind === "header" && d.try > 1) ended.set(it.attempt_id, null);
      deltas.push(d);
      bodies.push(body);
    }
    this.store.addDeltas(rows);
    const gone = [...ended].filter(([, seq]) => seq === null).map(([id]) => id);
    this.store.unmarkEnded(gone);
    const ends = [...ended].filter(([, seq]) => seq !== null).map(([id, seq]): EndedRow => [id, now, seq!]);
    this.store.markEnded(ends);
    this.setMeta("last_seq", String(this.lastSeq_));
    return { deltas, bodies, ended: ends.length > 0 };
  }

  /**
   * The hub's part: sequence and store, then fold into the live set.
   * Returns what to stream, and when the alarm must run next for what
   * arrived (compaction of ended attempts, the deadlines of new ones), if at all.
   */
  ingest(items: Stamped[], now: number): { deltas: Delta[]; bodies: string[]; wake: number | null } {
    const { deltas, bodies, ended } = this.write(items, now);
    let wake: number | null = ended ? now + RETAIN_MS : null;
    // In memory only: the deltas and ends just written are what loadLive folds it from again.
    for (const d of deltas) {
      const next = applyDelta(this.live.get(d.attempt_id), d);
      if (next === null) this.live.delete(d.attempt_id);
      else if (next) this.live.set(d.attempt_id, next);
      if (d.kind === "header") wake = Math.min(wake ?? Infinity, Date.parse(d.deadline_at) + LOST_GRACE_MS);
    }
    return { deltas, bodies, wake: wake !== null && Number.isFinite(wake) ? wake : null };
  }

  /** The deltas this object holds for the latest try of one attempt (from its last header), in order. */
  deltasOf(id: string): Delta[] {
    const all = this.store.bodiesOf(id).map((b) => JSON.parse(b) as Delta);
    let from = 0;
    all.forEach((d, i) => {
      if (d.kind === "header") from = i;
    });
    return all.slice(from);
  }

  /** A re-dispatched attempt starts a fresh trace: no longer ended, and (on a shard that is not the hub) its old deltas gone. */
  freshTrace(id: string, dropDeltas: boolean): void {
    this.store.freshTrace(id, dropDeltas);
  }

  snapshot(): LiveSetBody {
    const items = [...this.live.values()].sort((a, b) => a.seq - b.seq);
    return { type: "live_set", delta_seq: this.lastSeq_, count: items.length, by_phase: countByPhase(items), items };
  }

  /** What a follower at position `after` (null: none) gets before joining the stream. */
  catchUp(after: number | null): CatchUp {
    if (catchUp(after, this.prunedThrough, this.lastSeq_) === "snapshot") return { snapshot: JSON.stringify(this.snapshot()), bodies: [], seqs: [] };
    const rows = this.store.deltasAfter(after!);
    return { snapshot: null, bodies: rows.map((r) => r.body), seqs: rows.map((r) => r.seq) };
  }

  /** Live attempts silent since well past their deadline. */
  lost(now: number): LiveAttempt[] {
    return [...this.live.values()].filter((a) => Date.parse(a.deadline_at) + LOST_GRACE_MS <= now);
  }

  /**
   * Drops the deltas of attempts that ended more than RETAIN_MS ago, with
   * their `owned` rows if this object owned them (the table is
   * agents.ts's; an ended row goes with the trace it described).
   */
  compact(now: number): void {
    const old = this.store.endedBy(now - RETAIN_MS);
    if (!old.length) return;
    let through = this.prunedThrough;
    for (const r of old) {
      this.store.forget(r.id);
      through = Math.max(through, r.last_seq);
    }
    this.prunedThrough = through;
    this.setMeta("pruned_through", String(through));
  }

  /** When the log next needs the alarm: compaction of the oldest ended attempt, each live attempt's lost time. */
  dueTimes(): number[] {
    const times: number[] = [];
    const ended = this.store.firstEnd();
    if (ended !== null) times.push(ended + RETAIN_MS);
    for (const a of this.live.values()) times.push(Date.parse(a.deadline_at) + LOST_GRACE_MS);
    return times;
  }
}
