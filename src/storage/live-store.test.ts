/**
 * The live object's SQLite statements on a real Durable Object SQLite, apart
 * from the object: a RunGate instance lends its (otherwise unused) SQL
 * database, so the tables are created here from nothing.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LiveLogStore, OwnedStore, type DeltaRow } from "./live-store";

/** Runs `fn` against the SQLite of a fresh Durable Object. */
async function withSql<T>(fn: (sql: SqlStorage) => T): Promise<T> {
  const stub = env.RUN_GATE.get(env.RUN_GATE.idFromName(`live_store_test_${crypto.randomUUID()}`));
  return runInDurableObject(stub, async (_o, state) => fn(state.storage.sql));
}

const count = (sql: SqlStorage, table: string) => sql.exec<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).one().n;

describe("LiveLogStore", () => {
  it("writes deltas in multi-row statements past the parameter limit and reads them back by attempt and by position", async () => {
    await withSql((sql) => {
      const store = new LiveLogStore(sql);
      // 250 rows of 3 values: 33 rows per statement under the 100-parameter limit, 8 statements.
      const rows: DeltaRow[] = Array.from({ length: 250 }, (_, i) => [i + 1, i % 2 ? "b" : "a", JSON.stringify({ n: i + 1 })]);
      store.addDeltas(rows);
      expect(count(sql, "deltas")).toBe(250);
      expect(store.bodiesOf("a").map((b) => JSON.parse(b).n)).toEqual(Array.from({ length: 125 }, (_, i) => 2 * i + 1));
      expect(store.deltasAfter(247)).toEqual([
        { seq: 248, body: '{"n":248}' },
        { seq: 249, body: '{"n":249}' },
        { seq: 250, body: '{"n":250}' },
      ]);
      expect(store.deltasAfter(250)).toEqual([]);
    });
  });

  it("keeps one value per meta key, and its tables and rows across a second construction", async () => {
    await withSql((sql) => {
      const store = new LiveLogStore(sql);
      store.setMeta("last_seq", "3");
      store.setMeta("last_seq", "4");
      store.setMeta("origin", "https://x");
      expect(new LiveLogStore(sql).metaValues()).toEqual(
        expect.arrayContaining([
          { k: "last_seq", v: "4" },
          { k: "origin", v: "https://x" },
        ]),
      );
      expect(new LiveLogStore(sql).metaValues()).toHaveLength(2);
    });
  });

  it("gives the deltas of attempts with no recorded end, in order: an end takes an attempt out, a retry's unmarking brings it back", async () => {
    await withSql((sql) => {
      const store = new LiveLogStore(sql);
      store.addDeltas([
        [1, "a", "a1"],
        [2, "b", "b1"],
        [3, "c", "c1"],
        [4, "a", "a2"],
        [5, "b", "b2"],
      ]);
      store.markEnded([
        ["b", 10, 5],
        ["c", 10, 3],
      ]);
      store.unmarkEnded(["c"]);
      expect(store.openDeltas()).toEqual([
        { attempt: "a", body: "a1" },
        { attempt: "c", body: "c1" },
        { attempt: "a", body: "a2" },
      ]);
    });
  });

  it("drops the live table older objects kept", async () => {
    await withSql((sql) => {
      sql.exec(`CREATE TABLE live (id TEXT PRIMARY KEY, summary TEXT NOT NULL)`);
      new LiveLogStore(sql);
      expect(sql.exec(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'live'`).toArray()).toEqual([]);
    });
  });

  it("records ends (a later end replaces the earlier), finds those old enough to compact, and forgets an ended trace with its ended owned row only", async () => {
    await withSql((sql) => {
      const store = new LiveLogStore(sql);
      const owned = new OwnedStore(sql);
      expect(store.firstEnd()).toBeNull();
      store.addDeltas([
        [1, "a", "{}"],
        [2, "b", "{}"],
        [3, "a", "{}"],
      ]);
      store.markEnded([
        ["a", 100, 1],
        ["b", 200, 2],
      ]);
      store.markEnded([["a", 300, 3]]);
      expect(store.firstEnd()).toBe(200);
      expect(store.endedBy(250)).toEqual([{ id: "b", last_seq: 2 }]);
      expect(store.endedBy(300, 1)).toHaveLength(1);
      store.unmarkEnded(["b"]);
      expect(store.endedBy(1_000)).toEqual([{ id: "a", last_seq: 3 }]);

      owned.begin({ id: "a", seq: 0, dispatch: "d1", deadline: 10, info: "{}" });
      owned.begin({ id: "c", seq: 1, dispatch: "d1", deadline: 10, info: "{}" });
      owned.setState("a", "ended");
      store.forget("a");
      store.forget("c");
      expect(store.bodiesOf("a")).toEqual([]);
      expect(store.bodiesOf("b")).toEqual(["{}"]);
      expect(store.firstEnd()).toBeNull();
      expect(owned.get("a")).toBeNull();
      // A live owned attempt is not the ended trace's to take.
      expect(owned.get("c")?.state).toBe("live");
    });
  });

  it("starts a fresh trace: no longer ended, its old deltas kept or dropped as asked", async () => {
    await withSql((sql) => {
      const store = new LiveLogStore(sql);
      store.addDeltas([
        [1, "a", "{}"],
        [2, "b", "{}"],
      ]);
      store.markEnded([
        ["a", 1, 1],
        ["b", 1, 2],
      ]);
      store.freshTrace("a", false);
      store.freshTrace("b", true);
      expect(store.endedBy(10)).toEqual([]);
      expect(store.bodiesOf("a")).toEqual(["{}"]);
      expect(store.bodiesOf("b")).toEqual([]);
    });
  });
});

describe("OwnedStore", () => {
  it("begins a dispatch live with zero counts, and a re-dispatch starts the row over", async () => {
    await withSql((sql) => {
      const owned = new OwnedStore(sql);
      expect(owned.get("a")).toBeNull();
      owned.begin({ id: "a", seq: 7, dispatch: "d1", deadline: 1_000, info: '{"tries":1}' });
      owned.setTurns("a", 3);
      owned.addArtifact("a");
      owned.addArtifact("a");
      owned.setState("a", "ended");
      expect(owned.get("a")).toEqual({ id: "a", seq: 7, state: "ended", dispatch: "d1", deadline: 1_000, turns: 3, artifacts: 2, info: '{"tries":1}' });
      owned.begin({ id: "a", seq: 7, dispatch: "d2", deadline: 2_000, info: '{"tries":2}' });
      expect(owned.get("a")).toEqual({ id: "a", seq: 7, state: "live", dispatch: "d2", deadline: 2_000, turns: 0, artifacts: 0, info: '{"tries":2}' });
    });
  });

  it("finds live attempts, overdue ones (ending ones only past the grace), and the next due time", async () => {
    await withSql((sql) => {
      const owned = new OwnedStore(sql);
      expect(owned.nextDue(50)).toBeNull();
      for (const [id, deadline] of [["live_early", 100], ["live_late", 500], ["ending", 80], ["ended", 10]] as const) {
        owned.begin({ id, seq: 0, dispatch: "d", deadline, info: "{}" });
      }
      owned.setState("ending", "ending");
      owned.setState("ended", "ended");
      expect(owned.live().map((o) => o.id).sort()).toEqual(["live_early", "live_late"]);
      // At 100: live_early is due; "ending" (deadline 80) only at 80 + 50.
      expect(owned.overdue(100, 50).map((o) => o.id)).toEqual(["live_early"]);
      expect(owned.overdue(130, 50).map((o) => o.id).sort()).toEqual(["ending", "live_early"]);
      expect(owned.nextDue(50)).toBe(100);
      owned.setState("live_early", "ended");
      expect(owned.nextDue(50)).toBe(130);
    });
  });
});
