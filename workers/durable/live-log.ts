/**
 * A live object's log of deltas in its SQLite: sequencing (`delta_seq`,
 * increasing, never reused), the deltas kept for replay, the record of
 * which attempts ended (and when, for compaction), the live set (who is
 * live in a table, their counts folded in memory) and the object's meta
 * values. Synchronous; its only I/O is the object's SQLite. Streaming to
 * followers and alarms are the caller's (run-live.ts).
 */
import { applyDelta, catchUp, countByPhase, type LiveAttempt } from "../../src/live/live-set";
import type { Delta } from "../../src/live/deltas";
import type { LiveSetBody, Stamped } from "./live-inputs";
import { deleteKeys, insertRows } from "./sql-rows";

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
  /** The live set (hub only), rebuilt from the live table and the deltas when the object wakes. */
  readonly live = new Map<string, LiveAttempt>();

  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS deltas (seq INTEGER PRIMARY KEY, attempt TEXT NOT NULL, body TEXT NOT NULL)`);
    sql.exec(`CREATE INDEX IF NOT EXISTS deltas_by_attempt ON deltas (attempt, seq)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS live (id TEXT PRIMARY KEY, summary TEXT NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS ended (id TEXT PRIMARY KEY, at INTEGER NOT NULL, last_seq INTEGER NOT NULL)`);
  }

  /** Reads the meta values and the live set back (after the object's tables all exist). */
  load(): void {
    for (const r of this.sql.exec<{ k: string; v: string }>(`SELECT k, v FROM meta`)) {
      this.meta.set(r.k, r.v);
      if (r.k === "last_seq") this.lastSeq_ = Number(r.v);
      else if (r.k === "pruned_through") this.prunedThrough = Number(r.v);
    }
    // The live table holds who is live (written on a header and an end only); their counts are folded again from their deltas.
    for (const r of this.sql.exec<{ id: string; summary: string }>(`SELECT id, summary FROM live`).toArray()) {
      let a: LiveAttempt | null | undefined = JSON.parse(r.summary) as LiveAttempt;
      for (const d of this.deltasOf(r.id)) a = applyDelta(a ?? undefined, d) ?? a;
      if (a) this.live.set(r.id, a);
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
    this.sql.exec(`INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v`, k, v);
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
    const rows: SqlStorageValue[][] = [];
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
    insertRows(this.sql, `INSERT INTO deltas (seq, attempt, body)`, rows);
    const gone = [...ended].filter(([, seq]) => seq === null).map(([id]) => id);
    deleteKeys(this.sql, "ended", "id", gone);
    const ends = [...ended].filter(([, seq]) => seq !== null).map(([id, seq]) => [id, now, seq]);
    insertRows(this.sql, `INSERT INTO ended (id, at, last_seq)`, ends, `ON CONFLICT (id) DO UPDATE SET at = excluded.at, last_seq = excluded.last_seq`);
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
    const joined = new Map<string, LiveAttempt | null>();
    let wake: number | null = ended ? now + RETAIN_MS : null;
    for (const d of deltas) {
      const next = applyDelta(this.live.get(d.attempt_id), d);
      if (next === null) {
        this.live.delete(d.attempt_id);
        joined.set(d.attempt_id, null);
      } else if (next) {
        this.live.set(d.attempt_id, next);
        if (d.kind === "header") joined.set(d.attempt_id, next);
      }
      if (d.kind === "header") wake = Math.min(wake ?? Infinity, Date.parse(d.deadline_at) + LOST_GRACE_MS);
    }
    // Membership is written once per arrival and once per departure; counts live in memory (rebuilt from deltas on wake).
    const left = [...joined].filter(([, a]) => a === null).map(([id]) => id);
    deleteKeys(this.sql, "live", "id", left);
    const arrived = [...joined].filter(([, a]) => a !== null).map(([id, a]) => [id, JSON.stringify(a)]);
    insertRows(this.sql, `INSERT INTO live (id, summary)`, arrived, `ON CONFLICT (id) DO UPDATE SET summary = excluded.summary`);
    return { deltas, bodies, wake: wake !== null && Number.isFinite(wake) ? wake : null };
  }

  /** The deltas this object holds for the latest try of one attempt (from its last header), in order. */
  deltasOf(id: string): Delta[] {
    const all = this.sql.exec<{ body: string }>(`SELECT body FROM deltas WHERE attempt = ? ORDER BY seq`, id).toArray().map((r) => JSON.parse(r.body) as Delta);
    let from = 0;
    all.forEach((d, i) => {
      if (d.kind === "header") from = i;
    });
    return all.slice(from);
  }

  /** A re-dispatched attempt starts a fresh trace: no longer ended, and (on a shard that is not the hub) its old deltas gone. */
  freshTrace(id: string, dropDeltas: boolean): void {
    this.sql.exec(`DELETE FROM ended WHERE id = ?`, id);
    if (dropDeltas) this.sql.exec(`DELETE FROM deltas WHERE attempt = ?`, id);
  }

  snapshot(): LiveSetBody {
    const items = [...this.live.values()].sort((a, b) => a.seq - b.seq);
    return { type: "live_set", delta_seq: this.lastSeq_, count: items.length, by_phase: countByPhase(items), items };
  }

  /** What a follower at position `after` (null: none) gets before joining the stream. */
  catchUp(after: number | null): CatchUp {
    if (catchUp(after, this.prunedThrough, this.lastSeq_) === "snapshot") return { snapshot: JSON.stringify(this.snapshot()), bodies: [], seqs: [] };
    const rows = this.sql.exec<{ seq: number; body: string }>(`SELECT seq, body FROM deltas WHERE seq > ? ORDER BY seq`, after!).toArray();
    return { snapshot: null, bodies: rows.map((r) => r.body), seqs: rows.map((r) => r.seq) };
  }

  /** Live attempts silent since well past their deadline. */
  lost(now: number): LiveAttempt[] {
    return [...this.live.values()].filter((a) => Date.parse(a.deadline_at) + LOST_GRACE_MS <= now);
  }

  /**
   * Drops the deltas of attempts that ended more than RETAIN_MS ago, with
   * their `owned` rows if this object owned them (the table is
   * live-agents.ts's; an ended row goes with the trace it described).
   */
  compact(now: number): void {
    const old = this.sql.exec<{ id: string; last_seq: number }>(`SELECT id, last_seq FROM ended WHERE at <= ? LIMIT 5000`, now - RETAIN_MS).toArray();
    if (!old.length) return;
    let through = this.prunedThrough;
    for (const r of old) {
      this.sql.exec(`DELETE FROM deltas WHERE attempt = ?`, r.id);
      this.sql.exec(`DELETE FROM ended WHERE id = ?`, r.id);
      this.sql.exec(`DELETE FROM owned WHERE id = ? AND state = 'ended'`, r.id);
      through = Math.max(through, r.last_seq);
    }
    this.prunedThrough = through;
    this.setMeta("pruned_through", String(through));
  }

  /** When the log next needs the alarm: compaction of the oldest ended attempt, each live attempt's lost time. */
  dueTimes(): number[] {
    const times: number[] = [];
    const ended = this.sql.exec<{ t: number | null }>(`SELECT min(at) AS t FROM ended`).one();
    if (ended.t !== null) times.push(ended.t + RETAIN_MS);
    for (const a of this.live.values()) times.push(Date.parse(a.deadline_at) + LOST_GRACE_MS);
    return times;
  }
}
