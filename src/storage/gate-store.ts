/**
 * The run gate's SQLite (RunGate, workers/gate/run-gate.ts): its holders,
 * the slots they hold and the attempts they claim (src/domain/run-slots.ts
 * says what they mean), so an evicted or restarted gate resumes them
 * instead of reading its memory's loss as lost work. Synchronous, like the
 * object's SQLite; no I/O beyond it.
 */
import type { ClaimRecord, HolderRecord, SlotStore } from "../domain/run-slots";

/** Durable Object SQLite binds at most 100 parameters per statement. */
const MAX_PARAMS = 100;

function insertRows(sql: SqlStorage, head: string, rows: readonly (readonly SqlStorageValue[])[], tail: string): void {
  if (!rows.length) return;
  const width = rows[0]!.length;
  const per = Math.max(1, Math.floor(MAX_PARAMS / width));
  const tuple = `(${new Array(width).fill("?").join(", ")})`;
  for (let i = 0; i < rows.length; i += per) {
    const part = rows.slice(i, i + per);
    sql.exec(`${head} VALUES ${new Array(part.length).fill(tuple).join(", ")} ${tail}`, ...part.flat());
  }
}

function deleteKeys(sql: SqlStorage, table: string, column: string, keys: readonly SqlStorageValue[]): void {
  for (let i = 0; i < keys.length; i += MAX_PARAMS) {
    const part = keys.slice(i, i + MAX_PARAMS);
    sql.exec(`DELETE FROM ${table} WHERE ${column} IN (${new Array(part.length).fill("?").join(", ")})`, ...part);
  }
}

export class GateStore implements SlotStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS gate_holders (holder TEXT PRIMARY KEY, until INTEGER NOT NULL, boot TEXT NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS gate_slots (slot INTEGER PRIMARY KEY, holder TEXT NOT NULL)`);
    sql.exec(
      `CREATE TABLE IF NOT EXISTS gate_claims (seq INTEGER PRIMARY KEY, holder TEXT, tries INTEGER NOT NULL, limited_since INTEGER, reply_key TEXT)`,
    );
    sql.exec(`CREATE TABLE IF NOT EXISTS gate_settled (grp TEXT PRIMARY KEY, at INTEGER NOT NULL)`);
  }

  /**
   * Records that the count of `group` was taken; false when it already was
   * (a repeat after the answer was cut off). Records older than `keepMs`
   * are dropped as new ones come.
   */
  settleOnce(group: string, now: number, keepMs: number): boolean {
    const seen = this.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM gate_settled WHERE grp = ?`, group).one().n > 0;
    if (seen) return false;
    this.sql.exec(`INSERT INTO gate_settled (grp, at) VALUES (?, ?)`, group, now);
    this.sql.exec(`DELETE FROM gate_settled WHERE at < ?`, now - keepMs);
    return true;
  }

  load(): ReturnType<SlotStore["load"]> {
    const holders = this.sql
      .exec<{ holder: string; until: number; boot: string }>(`SELECT holder, until, boot FROM gate_holders`)
      .toArray()
      .map((r): [string, HolderRecord] => [r.holder, { until: r.until, boot: r.boot }]);
    const slots = this.sql
      .exec<{ slot: number; holder: string }>(`SELECT slot, holder FROM gate_slots`)
      .toArray()
      .map((r): [number, string] => [r.slot, r.holder]);
    const claims = this.sql
      .exec<{ seq: number; holder: string | null; tries: number; limited_since: number | null; reply_key: string | null }>(
        `SELECT seq, holder, tries, limited_since, reply_key FROM gate_claims`,
      )
      .toArray()
      .map((r): [number, ClaimRecord] => [r.seq, { holder: r.holder, tries: r.tries, limited_since: r.limited_since, reply_key: r.reply_key }]);
    return { holders, slots, claims };
  }

  putHolder(id: string, h: HolderRecord): void {
    this.sql.exec(`INSERT INTO gate_holders (holder, until, boot) VALUES (?, ?, ?) ON CONFLICT (holder) DO UPDATE SET until = excluded.until, boot = excluded.boot`, id, h.until, h.boot);
  }

  deleteHolders(ids: readonly string[]): void {
    deleteKeys(this.sql, "gate_holders", "holder", ids);
  }

  putSlots(slots: readonly number[], holder: string): void {
    insertRows(this.sql, `INSERT INTO gate_slots (slot, holder)`, slots.map((s) => [s, holder]), `ON CONFLICT (slot) DO UPDATE SET holder = excluded.holder`);
  }

  deleteSlots(slots: readonly number[]): void {
    deleteKeys(this.sql, "gate_slots", "slot", slots);
  }

  putClaims(claims: readonly (readonly [number, ClaimRecord])[]): void {
    insertRows(
      this.sql,
      `INSERT INTO gate_claims (seq, holder, tries, limited_since, reply_key)`,
      claims.map(([seq, c]) => [seq, c.holder, c.tries, c.limited_since, c.reply_key]),
      `ON CONFLICT (seq) DO UPDATE SET holder = excluded.holder, tries = excluded.tries, limited_since = excluded.limited_since, reply_key = excluded.reply_key`,
    );
  }

  deleteClaims(seqs: readonly number[]): void {
    deleteKeys(this.sql, "gate_claims", "seq", seqs);
  }
}
