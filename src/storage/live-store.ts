/**
 * The live-trace object's SQLite (RunLive, workers/live/run-live.ts):
 * every statement its parts run, over the object's `ctx.storage.sql`, so
 * the schema and its queries can be tested apart from the object. Two
 * stores share the one database:
 *
 * - LiveLogStore: meta values (`meta`), the deltas kept for replay
 *   (`deltas`) and which attempts ended and when (`ended`, for compaction).
 *   Who is live is not stored apart: it is every attempt with deltas and no
 *   end (openDeltas), folded again when the object wakes.
 * - OwnedStore: the agent attempts the object owns (`owned`): dispatch,
 *   deadline, turn and artifact counts, state.
 *
 * Synchronous, like the object's SQLite; no I/O beyond it. What the rows
 * mean (sequencing, compaction, ending attempts) is the callers'.
 */

/** Durable Object SQLite binds at most 100 parameters per statement. */
const MAX_PARAMS = 100;

/**
 * `head VALUES (?, ...), ... tail` for every row, in as few statements as
 * the parameter limit allows. One statement per row costs a trip into the
 * storage engine each (measured: the live object's writes were a tenth of
 * a run's CPU one row at a time).
 */
function insertRows(sql: SqlStorage, head: string, rows: readonly (readonly SqlStorageValue[])[], tail = ""): void {
  if (!rows.length) return;
  const width = rows[0]!.length;
  const per = Math.max(1, Math.floor(MAX_PARAMS / width));
  const tuple = `(${new Array(width).fill("?").join(", ")})`;
  for (let i = 0; i < rows.length; i += per) {
    const part = rows.slice(i, i + per);
    sql.exec(`${head} VALUES ${new Array(part.length).fill(tuple).join(", ")} ${tail}`, ...part.flat());
  }
}

/** `DELETE FROM table WHERE column IN (...)` for every key, in statements of at most MAX_PARAMS keys. */
function deleteKeys(sql: SqlStorage, table: string, column: string, keys: readonly SqlStorageValue[]): void {
  for (let i = 0; i < keys.length; i += MAX_PARAMS) {
    const part = keys.slice(i, i + MAX_PARAMS);
    sql.exec(`DELETE FROM ${table} WHERE ${column} IN (${new Array(part.length).fill("?").join(", ")})`, ...part);
  }
}

/** A delta as stored: its delta_seq, its attempt, its JSON. */
export type DeltaRow = readonly [seq: number, attempt: string, body: string];
/** An attempt's end as stored: when (ms) and the delta_seq of its last delta. */
export type EndedRow = readonly [id: string, at: number, lastSeq: number];

export class LiveLogStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS deltas (seq INTEGER PRIMARY KEY, attempt TEXT NOT NULL, body TEXT NOT NULL)`);
    sql.exec(`CREATE INDEX IF NOT EXISTS deltas_by_attempt ON deltas (attempt, seq)`);
    // Who was live used to be a table of its own, written on each arrival and departure (two rows per attempt).
    sql.exec(`DROP TABLE IF EXISTS live`);
    sql.exec(`CREATE TABLE IF NOT EXISTS ended (id TEXT PRIMARY KEY, at INTEGER NOT NULL, last_seq INTEGER NOT NULL)`);
  }

  /** Every meta value. */
  metaValues(): { k: string; v: string }[] {
    return this.sql.exec<{ k: string; v: string }>(`SELECT k, v FROM meta`).toArray();
  }

  setMeta(k: string, v: string): void {
    this.sql.exec(`INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v`, k, v);
  }

  /**
   * The deltas of every attempt not recorded as ended, in delta_seq order:
   * what the live set is folded from when the object wakes (an end marks an
   * attempt ended, a retry's header unmarks it).
   */
  openDeltas(): { attempt: string; body: string }[] {
    return this.sql
      .exec<{ attempt: string; body: string }>(`SELECT attempt, body FROM deltas WHERE attempt NOT IN (SELECT id FROM ended) ORDER BY seq`)
      .toArray();
  }

  addDeltas(rows: readonly DeltaRow[]): void {
    insertRows(this.sql, `INSERT INTO deltas (seq, attempt, body)`, rows);
  }

  /** One attempt's deltas (JSON), in delta_seq order. */
  bodiesOf(attempt: string): string[] {
    return this.sql
      .exec<{ body: string }>(`SELECT body FROM deltas WHERE attempt = ? ORDER BY seq`, attempt)
      .toArray()
      .map((r) => r.body);
  }

  /** Every delta after position `after`, in order. */
  deltasAfter(after: number): { seq: number; body: string }[] {
    return this.sql.exec<{ seq: number; body: string }>(`SELECT seq, body FROM deltas WHERE seq > ? ORDER BY seq`, after).toArray();
  }

  /** Attempts ended (or ended again: the later end replaces the earlier). */
  markEnded(rows: readonly EndedRow[]): void {
    insertRows(this.sql, `INSERT INTO ended (id, at, last_seq)`, rows, `ON CONFLICT (id) DO UPDATE SET at = excluded.at, last_seq = excluded.last_seq`);
  }

  /** Attempts no longer ended (a retry made them live again). */
  unmarkEnded(ids: readonly string[]): void {
    deleteKeys(this.sql, "ended", "id", ids);
  }

  /** A fresh trace of an attempt: not ended, and with `dropDeltas` none of its old deltas. */
  freshTrace(id: string, dropDeltas: boolean): void {
    this.sql.exec(`DELETE FROM ended WHERE id = ?`, id);
    if (dropDeltas) this.sql.exec(`DELETE FROM deltas WHERE attempt = ?`, id);
  }

  /** Attempts that ended at or before `at` (ms), at most `limit` of them. */
  endedBy(at: number, limit = 5000): { id: string; last_seq: number }[] {
    return this.sql.exec<{ id: string; last_seq: number }>(`SELECT id, last_seq FROM ended WHERE at <= ? LIMIT ?`, at, limit).toArray();
  }

  /** When the earliest recorded end was (ms), if any. */
  firstEnd(): number | null {
    return this.sql.exec<{ t: number | null }>(`SELECT min(at) AS t FROM ended`).one().t;
  }

  /**
   * An ended attempt's trace gone: its deltas, its end, and its `owned` row
   * if this object owned it and it ended (an ended row goes with the trace
   * it described; the table is OwnedStore's, created with it).
   */
  forget(id: string): void {
    this.sql.exec(`DELETE FROM deltas WHERE attempt = ?`, id);
    this.sql.exec(`DELETE FROM ended WHERE id = ?`, id);
    this.sql.exec(`DELETE FROM owned WHERE id = ? AND state = 'ended'`, id);
  }
}

/** An owned agent attempt: live, ending (its end being written) or ended. */
export type OwnedState = "live" | "ending" | "ended";

/** What a live object keeps of an agent attempt it owns (a row of `owned`). */
export interface Owned {
  id: string;
  seq: number;
  state: OwnedState;
  dispatch: string;
  /** ms */
  deadline: number;
  turns: number;
  artifacts: number;
  /** JSON the owner writes the attempt's row from (workers/live/agent-end.ts OwnedInfo). */
  info: string;
}

type OwnedRow = Owned & Record<string, string | number>;

export class OwnedStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(
      `CREATE TABLE IF NOT EXISTS owned (id TEXT PRIMARY KEY, seq INTEGER NOT NULL, state TEXT NOT NULL, dispatch TEXT NOT NULL,
         deadline INTEGER NOT NULL, turns INTEGER NOT NULL, artifacts INTEGER NOT NULL, info TEXT NOT NULL)`,
    );
  }

  get(id: string): Owned | null {
    return this.sql.exec<OwnedRow>(`SELECT * FROM owned WHERE id = ?`, id).toArray()[0] ?? null;
  }

  /** A dispatch of an attempt: live from now, counts from zero (a re-dispatch replaces the row). */
  begin(o: { id: string; seq: number; dispatch: string; deadline: number; info: string }): void {
    this.sql.exec(
      `INSERT INTO owned (id, seq, state, dispatch, deadline, turns, artifacts, info) VALUES (?, ?, 'live', ?, ?, 0, 0, ?)
       ON CONFLICT (id) DO UPDATE SET state = 'live', dispatch = excluded.dispatch, deadline = excluded.deadline, turns = 0, artifacts = 0, info = excluded.info`,
      o.id,
      o.seq,
      o.dispatch,
      o.deadline,
      o.info,
    );
  }

  setState(id: string, state: OwnedState): void {
    this.sql.exec(`UPDATE owned SET state = ? WHERE id = ?`, state, id);
  }

  setTurns(id: string, turns: number): void {
    this.sql.exec(`UPDATE owned SET turns = ? WHERE id = ?`, turns, id);
  }

  addArtifact(id: string): void {
    this.sql.exec(`UPDATE owned SET artifacts = artifacts + 1 WHERE id = ?`, id);
  }

  /** Every attempt still live. */
  live(): Owned[] {
    return this.sql.exec<OwnedRow>(`SELECT * FROM owned WHERE state = 'live'`).toArray();
  }

  /** Live attempts at or past their deadline, and ending ones `graceMs` past it. */
  overdue(now: number, graceMs: number): Owned[] {
    return this.sql
      .exec<OwnedRow>(`SELECT * FROM owned WHERE (state = 'live' AND deadline <= ?) OR (state = 'ending' AND deadline + ? <= ?)`, now, graceMs, now)
      .toArray();
  }

  /** The next time overdue() would find one: a live attempt's deadline, an ending one's plus `graceMs`. */
  nextDue(graceMs: number): number | null {
    return this.sql.exec<{ t: number | null }>(`SELECT min(CASE WHEN state = 'live' THEN deadline ELSE deadline + ? END) AS t FROM owned WHERE state IN ('live', 'ending')`, graceMs).one().t;
  }
}
