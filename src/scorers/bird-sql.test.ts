// BIRD's execution accuracy, pure part: the SQL taken from a reply, the
// request the sandbox gets (the database named by content, BIRD's 30 s),
// verdicts read into rewards and reasons, and the refusals: no sandbox, a row
// without its database. The queries themselves run in the sandbox in
// workers/sandbox/bird-sql-harness.test.ts.
import { describe, expect, it } from "vitest";
import { BIRD_MARK, BIRD_TIMEOUT_S, extractBirdSql, scoreBirdSql } from "./bird-sql";
import type { ExecutionRequest, ExecutionVerdict } from "./execution";
import { needsSandbox } from "./registry";
import { ScoringSpec } from "./spec";

const SPEC = ScoringSpec.parse({ type: "bird_sql" }) as never;
const REF = { file: "databases/toy_shop.sqlite", sha256: "a".repeat(64), bytes: 4096 };
const ROW = { db_id: "toy_shop", database: REF, SQL: "SELECT name FROM customers" };

const verdict = (stdout: string, o: Partial<ExecutionVerdict> = {}): ExecutionVerdict => ({
  passed: true, exit_code: 0, timed_out: false, stdout, stderr: "", duration_ms: 40, reason: "passed", failure: null, isolation: "bwrap", ...o,
});

describe("the SQL in a reply", () => {
  it.each([
    ["a ```sql block", "Here it is:\n```sql\nSELECT 1;\n```\nDone.", "SELECT 1;"],
    ["the last of two blocks", "```sql\nSELECT 1\n```\nbetter:\n```sqlite\nSELECT 2\n```", "SELECT 2"],
    ["a bare fence", "```\nSELECT 3\n```", "SELECT 3"],
    ["no fence: the whole reply, as BIRD sends it", "  SELECT name FROM t\n", "SELECT name FROM t"],
  ])("%s", (_, reply, sql) => expect(extractBirdSql(reply)).toBe(sql));
});

describe("BIRD's execution accuracy, scored from the sandbox's verdict", () => {
  it("asks for both queries on the row's database, named by content, within BIRD's 30 s", async () => {
    const seen: ExecutionRequest[] = [];
    const execute = async (r: ExecutionRequest) => {
      seen.push(r);
      return verdict(`${BIRD_MARK} ${JSON.stringify({ status: "ok", match: true, predicted_rows: 4, gold_rows: 4, predicted_distinct: 4, gold_distinct: 4, predicted_head: "", gold_head: "" })}\n`);
    };
    const r = await scoreBirdSql({ output: "```sql\nSELECT name FROM customers ORDER BY 1\n```", expected: null, spec: SPEC, row: ROW }, { execute });
    expect([r.reward, r.reason]).toEqual([1, "the result sets match (4 distinct rows)"]);
    expect(BIRD_TIMEOUT_S).toBe(30);
    expect(seen[0]!.files).toEqual([{ name: "toy_shop.sqlite", sha256: REF.sha256, bytes: REF.bytes }]);
    expect(seen[0]!.program).toContain('DEADLINE = time.monotonic() + 30');
    expect(seen[0]!.program).toContain("set(predicted) == set(gold)");
  });

  it.each([
    [{ status: "ok", match: false, predicted_rows: 2, gold_rows: 1, predicted_distinct: 2, gold_distinct: 1, predicted_head: "[('a',), ('b',)]", gold_head: "[('a',)]" }, 0,
      "the result sets differ: 2 distinct rows predicted ([('a',), ('b',)]), 1 in the gold result ([('a',)])"],
    [{ status: "predicted_error", error: "OperationalError: no such table: x" }, 0, "the predicted SQL failed: OperationalError: no such table: x"],
    [{ status: "gold_error", error: "OperationalError: database is locked" }, 0, "the gold SQL failed: OperationalError: database is locked"],
    [{ status: "timeout", error: "the queries passed BIRD's 30 s limit during the gold SQL" }, 0, "timeout: the queries passed BIRD's 30 s limit during the gold SQL"],
  ])("%j is %s", async (v, reward, reason) => {
    const execute = async () => verdict(`${BIRD_MARK} ${JSON.stringify(v)}\n`);
    const r = await scoreBirdSql({ output: "SELECT 1", expected: null, spec: SPEC, row: ROW }, { execute });
    expect([r.reward, r.reason]).toEqual([reward, reason]);
  });

  it("a program killed before its verdict is 0, a timeout when the limits ended it", async () => {
    const execute = async () => verdict("", { passed: false, timed_out: true, failure: "timeout", exit_code: null, reason: "timeout: 40 s of CPU" });
    const r = await scoreBirdSql({ output: "SELECT 1", expected: null, spec: SPEC, row: ROW }, { execute });
    expect([r.reward, r.reason]).toEqual([0, "timeout: timeout: 40 s of CPU"]);
  });

  it("a reply without SQL is 0 and runs nothing", async () => {
    const execute = async (): Promise<ExecutionVerdict> => {
      throw new Error("not called");
    };
    expect(await scoreBirdSql({ output: "```sql\n\n```", expected: null, spec: SPEC, row: ROW }, { execute })).toMatchObject({ reward: 0, reason: "the reply holds no SQL" });
  });

  it("refuses in words without a sandbox, and leaves a row without its database unscored", async () => {
    expect(needsSandbox(ScoringSpec.parse({ type: "bird_sql" }))).toBe(true);
    await expect(scoreBirdSql({ output: "SELECT 1", expected: null, spec: SPEC, row: ROW }, {})).rejects.toThrow(
      "Text-to-SQL (BIRD) needs the code sandbox: set ASSAY_SANDBOX_URL and ASSAY_SANDBOX_SECRET",
    );
    const execute = async () => verdict("");
    expect(await scoreBirdSql({ output: "SELECT 1", expected: null, spec: SPEC, row: { db_id: "toy_shop", SQL: "SELECT 1" } }, { execute })).toMatchObject({ reward: null });
    expect(await scoreBirdSql({ output: "SELECT 1", expected: null, spec: SPEC, row: { db_id: "../etc", database: REF, SQL: "SELECT 1" } }, { execute })).toMatchObject({ reward: null });
  });
});
