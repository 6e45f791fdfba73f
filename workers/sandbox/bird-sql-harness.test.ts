/**
 * BIRD's execution accuracy (src/scorers/bird-sql.ts) in the code sandbox
 * the test setup starts, on the made-up financial database of the test
 * mirror (python3's sqlite3 built it: src/catalog/benchmarks/bird_sql/mini.ts):
 * the database is uploaded by the client the first time the sandbox lacks
 * it, then BIRD's set comparison decides (row order ignored, duplicate rows
 * once, columns and values counted), a failing query and a query past the
 * time limit are 0 with their reason, and a write is refused.
 */
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { sha256Hex } from "../../src/crypto/hash";
import { scoreBirdSql } from "../../src/scorers/bird-sql";
import { ScoringSpec } from "../../src/scorers/spec";
import { sandboxClient, sandboxSettings } from "./client";

const execute = sandboxClient(sandboxSettings(env)!);
const SPEC = ScoringSpec.parse({ type: "bird_sql", timeout_s: 5, memory_mb: 512 }) as never;
const url = `${inject("datasetsUrl")}/bird_sql/dev_databases/financial/financial.sqlite`;

async function database() {
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  return { bytes, ref: { file: "databases/financial.sqlite", sha256: await sha256Hex(bytes), bytes: bytes.byteLength } };
}

async function grade(predicted: string, gold: string, opened?: { count: number }) {
  const { bytes, ref } = await database();
  const open = async () => {
    if (opened) opened.count++;
    return new Blob([bytes]).stream();
  };
  return scoreBirdSql({ output: `\`\`\`sql\n${predicted}\n\`\`\``, expected: null, spec: SPEC, row: { db_id: "financial", database: ref, SQL: gold } }, { execute, openRevisionFile: open });
}

// The sandbox hands files only to isolated executions (docs/sandbox.md); a machine without user namespaces cannot run these.
describe.runIf(inject("sandboxIsolation") !== "none")("BIRD's execution accuracy in the sandbox", { timeout: 120_000 }, () => {
  it("uploads the database once, when the sandbox lacks it", async () => {
    const opened = { count: 0 };
    const first = await grade("SELECT name FROM client", "SELECT name FROM client", opened);
    const again = await grade("SELECT name FROM client", "SELECT name FROM client", opened);
    expect([first.reward, again.reward]).toEqual([1, 1]);
    // The store may have held it from an earlier test file's run, never twice here.
    expect(opened.count).toBeLessThanOrEqual(1);
  });

  it("attempts that find the database missing at once upload it once", async () => {
    // A database of its own (a byte appended changes its digest, SQLite ignores it), so the store cannot hold it yet.
    const { bytes } = await database();
    const own = new Uint8Array([...bytes, 0]);
    const ref = { file: "databases/financial.sqlite", sha256: await sha256Hex(own), bytes: own.byteLength };
    // The upload starts only once all three were told the sandbox lacks the file, so the test does not depend on timing.
    let missing = 0;
    let allMissing: () => void;
    const told = new Promise<void>((resolve) => (allMissing = resolve));
    const counting: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (res.status === 409 && ++missing === 3) allMissing();
      return res;
    };
    const viaCounting = sandboxClient(sandboxSettings(env)!, counting);
    const opened = { count: 0 };
    const open = async () => {
      opened.count++;
      await told;
      return new Blob([own]).stream();
    };
    const one = () =>
      scoreBirdSql({ output: "SELECT COUNT(*) FROM client", expected: null, spec: SPEC, row: { db_id: "financial", database: ref, SQL: "SELECT 4" } }, { execute: viaCounting, openRevisionFile: open });
    const results = await Promise.all([one(), one(), one()]);
    expect(results.map((r) => r.reward)).toEqual([1, 1, 1]);
    expect(opened.count).toBe(1);
  });

  it.each([
    ["row order is ignored", "SELECT name FROM client ORDER BY name DESC", "SELECT name FROM client ORDER BY client_id", 1],
    ["duplicate rows count once (a set)", "SELECT client_id FROM trans WHERE status = 'paid'", "SELECT DISTINCT client_id FROM trans WHERE status = 'paid'", 1],
    ["a missing row is a mismatch", "SELECT name FROM client WHERE city = 'Paris'", "SELECT name FROM client", 0],
    ["column order counts (rows are tuples)", "SELECT city, name FROM client", "SELECT name, city FROM client", 0],
    ["an extra column is a mismatch", "SELECT name, client_id FROM client", "SELECT name FROM client", 0],
    ["numbers compare as Python does (51 == 51.0)", "SELECT 51", "SELECT SUM(amount) FROM trans WHERE client_id = 1", 1],
    ["NULL is a value like any other", "SELECT city FROM client WHERE name = 'Dev'", "SELECT NULL", 1],
    ["two empty results match", "SELECT name FROM client WHERE client_id > 99", "SELECT city FROM client WHERE 0", 1],
  ])("%s", async (_, predicted, gold, reward) => {
    const r = await grade(predicted, gold);
    expect(r.reward, r.reason).toBe(reward);
  });

  it("a predicted query that fails is 0, with SQLite's error", async () => {
    const r = await grade("SELECT nam FROM client", "SELECT name FROM client");
    expect(r.reward).toBe(0);
    expect(r.reason).toBe("the predicted SQL failed: OperationalError: no such column: nam");
  });

  it("a write is refused: the database is read-only", async () => {
    const r = await grade("DELETE FROM trans", "SELECT 1");
    expect(r.reward).toBe(0);
    expect(r.reason).toMatch(/^the predicted SQL failed: OperationalError: attempt to write a readonly database/);
  });

  it("a query past BIRD's limit (5 s here) is 0, a timeout", async () => {
    const slow = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT COUNT(*) FROM n";
    const r = await grade(slow, "SELECT 1");
    expect(r.reward).toBe(0);
    expect(r.reason).toBe("timeout: the queries passed BIRD's 5 s limit during the predicted SQL");
  });
});
