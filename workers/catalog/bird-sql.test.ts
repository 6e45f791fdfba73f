/**
 * Text-to-SQL (BIRD) end to end on the test mirror's made-up files (BIRD's
 * layout; the real archive is pinned by path only): the questions and the
 * databases they name load into a revision, each database streamed into
 * storage and its schema read back by range into BIRD's prompt (sqlite_master
 * order, sqlite_sequence kept, a quoted keyword table, statements longer than
 * a page); the loader's refusals in words (no mirror, a database without a
 * table BIRD lists, a count that is not 500 where no digest pins the file);
 * runs where the fixture answers with the gold SQL (every attempt 1) or with
 * SQL returning nothing (every attempt 0, the sets named); and the start of a
 * run refused (422) on a deployment without a sandbox.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { BIRD_MINI_DEV_DATA, BIRD_TABLES } from "../../src/catalog/benchmarks/bird_sql/source";
import { birdLoader, birdPrompt } from "../../src/catalog/benchmarks/bird_sql/normalise";
import { sqliteSchema } from "../../src/catalog/sqlite-schema";
import { openDb } from "../../src/db/client";
import { benchmarks } from "../../src/db/schema";
import { rowAt } from "../../src/storage/row-cache";
import { loadFromMirror, testPinned } from "../../test/builtin-data";
import { call, expectProblem, newProject } from "../../test/http";
import { attemptsOf, createRun, waitForRun } from "../../test/runs";
import worker from "../index";
import type { Env } from "../env";
import { BuiltinDataError, ensureBuiltinRevision, ensurePinnedRevision } from "./ensure-data";

const db = openDb(env.DB);
const bird = async () => (await db.select().from(benchmarks).where(eq(benchmarks.id, "bm_bird_sql")).get())!;
const mirror = inject("datasetsUrl");
const bytesOf = async (path: string) => new Uint8Array(await (await fetch(`${mirror}/${path}`)).arrayBuffer());

const FINANCIAL_SCHEMA = [
  "CREATE TABLE client (client_id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT)",
  "CREATE TABLE trans (trans_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES client(client_id), amount REAL, status TEXT)",
  "CREATE TABLE district (district_id INTEGER PRIMARY KEY, A2 TEXT)",
  "CREATE TABLE account (account_id INTEGER PRIMARY KEY AUTOINCREMENT, district_id INTEGER)",
  "CREATE TABLE sqlite_sequence(name,seq)",
  "CREATE TABLE disp (disp_id INTEGER PRIMARY KEY, client_id INTEGER, account_id INTEGER)",
  "CREATE TABLE card (card_id INTEGER PRIMARY KEY, disp_id INTEGER)",
  "CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, account_id INTEGER, amount INTEGER)",
  'CREATE TABLE "order" (order_id INTEGER PRIMARY KEY, account_id INTEGER, "k_symbol" TEXT)',
].join("\n\n");

describe("Text-to-SQL (BIRD)", { timeout: 300_000 }, () => {
  it("refuses to load without a mirror, saying where BIRD's archive is and how to unpack it", async () => {
    // A name of its own: another test may have loaded the built-in's revision from the mirror already.
    const data = { ...BIRD_MINI_DEV_DATA, name: "test.bird-no-mirror" };
    const err = await ensurePinnedRevision(env, db, data, birdLoader, { baseUrl: null }, "Text-to-SQL (BIRD)").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BuiltinDataError);
    expect((err as Error).message).toMatch(
      /^the data of Text-to-SQL \(BIRD\) cannot be downloaded file by file: BIRD publishes mini-dev's questions and SQLite databases only inside one archive, https:\/\/bird-bench\.oss-cn-beijing\.aliyuncs\.com\/minidev\.zip .* set ASSAY_DATASET_BASE_URL to the mirror/,
    );
  });

  it("refuses a database without a table BIRD lists for it, and a questions file of another count where no digest pins it", async () => {
    const data = { ...testPinned("bm_bird_sql"), name: "test.bird-tables", version: 1 };
    const lacking = { ...birdLoader, tables: { ...BIRD_TABLES, financial: [...BIRD_TABLES.financial!, "bank"] } };
    await expect(ensurePinnedRevision(env, db, data, lacking, { baseUrl: mirror }, "BIRD")).rejects.toThrow(
      `${mirror}/bird_sql/dev_databases/financial/financial.sqlite lacks the table bank that ${data.repository}@${data.commit} lists for 'financial'; refusing it`,
    );
    // The catalog's own pin (no digest: BIRD states none) against the mirror's six questions.
    const unpinned = { ...BIRD_MINI_DEV_DATA, name: "test.bird-count" };
    await expect(ensurePinnedRevision(env, db, unpinned, birdLoader, { baseUrl: mirror }, "BIRD")).rejects.toThrow(
      `${mirror}/bird_sql/mini_dev_sqlite.json holds 6 questions, not the 500 ${unpinned.repository}@${unpinned.commit} publishes; refusing it`,
    );
  });

  it("reads a schema whose statements overflow their pages under an interior page, in sqlite_master's order", async () => {
    const bytes = await bytesOf("bird_sql/dev_databases/codebase_community/codebase_community.sqlite");
    const pageSize = new DataView(bytes.buffer).getUint16(16);
    expect(bytes[100]).toBe(0x05);
    const schema = await sqliteSchema(bytes.subarray(0, 100), async (n) => bytes.slice((n - 1) * pageSize, n * pageSize));
    expect(schema.map((e) => e.name)).toEqual(BIRD_TABLES.codebase_community);
    for (const e of schema) {
      expect(e.sql).toBe(`CREATE TABLE "${e.name}" (${Array.from({ length: 300 }, (_, i) => `column_${i}_of_${e.name} TEXT`).join(", ")})`);
    }
  });

  it("loads each question with BIRD's prompt and its database, stored once by content", async () => {
    const rev = (await ensureBuiltinRevision(env, db, await bird(), loadFromMirror("bm_bird_sql")))!;
    expect(rev.rowCount).toBe(6);
    expect(rev.subsets.sort()).toEqual(["challenging", "moderate", "simple"]);
    const first = (await rowAt(env.ARTIFACTS, rev, 1)).data as Record<string, unknown>;
    const financial = await bytesOf("bird_sql/dev_databases/financial/financial.sqlite");
    const sha = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", financial)), (b) => b.toString(16).padStart(2, "0")).join("");
    expect(first).toMatchObject({ id: "1", db_id: "financial", difficulty: "moderate", subset: "moderate", database: { file: "databases/financial.sqlite", sha256: sha, bytes: financial.byteLength } });
    expect(first.prompt).toBe(birdPrompt(FINANCIAL_SCHEMA, "What is the total amount of the transactions of Ada?", ""));
    const withEvidence = (await rowAt(env.ARTIFACTS, rev, 0)).data as Record<string, unknown>;
    expect(withEvidence.prompt).toContain("-- Using valid SQLite and understanding External Knowledge, answer the following questions for the tables provided above.\n-- Which cities do clients with a paid transaction live in?\n-- External Knowledge: paid refers to status = 'paid'\n\n\nGenerate the SQLite");
    const source = JSON.parse(rev.source!) as { files: { path: string; sha256: string }[] };
    expect(source.files.map((f) => f.path)).toEqual(["bird_sql/mini_dev_sqlite.json", "bird_sql/dev_databases/financial/financial.sqlite", "bird_sql/dev_databases/student_club/student_club.sqlite"]);
  });

  it.each([
    ["the gold SQL", 1, 1, /^the result sets match/],
    ["SQL returning nothing", 0, 0, /^the result sets differ: 0 distinct rows predicted \(\[\]\)/],
  ])("a run answered with %s scores every attempt %s", async (_, accuracy, reward, reason) => {
    await ensureBuiltinRevision(env, db, await bird(), loadFromMirror("bm_bird_sql"));
    const { key } = await newProject();
    const runId = await createRun(key, ["bm_bird_sql"], `fixture-bird-${crypto.randomUUID().slice(0, 8)}:accuracy=${accuracy}`, { sample_limit: 6 });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    await waitForRun(key, runId, 240_000);
    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(6);
    for (const a of attempts) {
      expect([a.status, a.reward], a.reason ?? a.error ?? "").toEqual(["succeeded", reward]);
      expect(a.reason).toMatch(reason);
    }
  });

  it("a run of it does not start on a deployment without a sandbox: 422 naming it", async () => {
    const { key } = await newProject();
    const runId = await createRun(key, ["bm_bird_sql"], `fixture-bird-${crypto.randomUUID().slice(0, 8)}`, { sample_limit: 1 });
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`http://assay.test/api/eval-runs/${runId}/start`, { method: "POST", headers: { authorization: `Bearer ${key}` } }),
      { ...env, ASSAY_SANDBOX_URL: undefined, ASSAY_SANDBOX_SECRET: undefined } as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const p = expectProblem({ status: res.status, body: await res.json<any>(), headers: res.headers }, 422, "validation_failed");
    expect(p.errors).toEqual([{ field: "benchmarks.0", message: expect.stringMatching(/^Text-to-SQL \(BIRD\) is scored by running code in a code sandbox, and this deployment has none/) }]);
  });
});
