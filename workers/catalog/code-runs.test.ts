/**
 * HumanEval end to end through the API against the fixture model, scored in
 * the code sandbox the test setup starts (test/sandbox-setup.ts): data loaded
 * from the loopback mirror (real or generated), the fixture taught the loaded
 * rows' canonical solutions, right at accuracy=1 and wrong (a function that
 * returns None) at accuracy=0. Also: the sandbox accepts the Worker's
 * signature (src/runner/signing.ts) and a sandbox that cannot be reached is
 * an error the caller retries, never a 0.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { openDb } from "../../src/db/client";
import { benchmarks, type DatasetRevisionRow } from "../../src/db/schema";
import { ProviderError } from "../../src/providers";
import { readRows, type DatasetRow } from "../../src/storage/dataset-rows";
import { loadFromMirror } from "../../test/builtin-data";
import { call, newProject } from "../../test/http";
import { attemptsOf, createRun, waitForRun } from "../../test/runs";
import { sandboxClient, sandboxSettings } from "../sandbox/client";
import { ensureBuiltinRevision } from "./ensure-data";

const db = openDb(env.DB);
const uniq = () => crypto.randomUUID().slice(0, 8);
const TASKS = 4;
let rev: DatasetRevisionRow;
let rows: DatasetRow[];

describe("HumanEval against a model target, scored in the sandbox", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, "bm_humaneval")).get())!;
    rev = (await ensureBuiltinRevision(env, db, bm, loadFromMirror("bm_humaneval")))!;
    rows = await readRows(env.ARTIFACTS, rev, 0, TASKS);
    // Teach the fixture the loaded problems (with ../shared it also knows them from its key files).
    const keys = rows.map((r) => r.data);
    const res = await fetch(`${inject("fixtureUrl")}/_answers`, { method: "POST", body: JSON.stringify(keys) });
    expect(res.ok).toBe(true);
  }, 60_000);

  async function run(model: string) {
    const { key } = await newProject();
    const runId = await createRun(key, ["bm_humaneval"], model, { sample_limit: TASKS });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    const progress = await waitForRun(key, runId, 100_000);
    const scores = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores as any[];
    return { progress, scores, attempts: await attemptsOf(runId) };
  }

  it("a model that writes the canonical solutions scores exactly 1, each program kept with its verdict", async () => {
    const { progress, scores, attempts } = await run(`fixture-${uniq()}:accuracy=1`);
    expect(progress.status).toBe("completed");
    expect(attempts).toHaveLength(TASKS);
    for (const a of attempts) {
      expect([a.status, a.reward, a.reason, a.exit_code]).toEqual(["succeeded", 1, "all tests passed", 0]);
      const execution = JSON.parse(a.structured).execution;
      const row = rows[a.row_index]!.data as Record<string, string>;
      // The isolation that executed it, as the sandbox ran (ASSAY_SANDBOX_ISOLATION=unshare runs this file under unshare).
      expect(execution).toMatchObject({ passed: true, failure: null, isolation: inject("sandboxIsolation") });
      expect(["bwrap", "unshare"]).toContain(execution.isolation);
      expect(execution.program).toBe(`${row.prompt}${row.prompt}${row.canonical_solution}\n${row.test}\ncheck(${row.entry_point})\n`);
    }
    expect(scores[0]).toMatchObject({ benchmark_id: "bm_humaneval", status: "completed", score: 1, pass: 1, member_count: TASKS });
  });

  it("a model whose functions return None scores 0, each with the failing assertion as its reason", async () => {
    const { progress, scores, attempts } = await run(`fixture-${uniq()}:accuracy=0`);
    expect(progress.status).toBe("completed");
    for (const a of attempts) {
      expect([a.status, a.reward]).toEqual(["succeeded", 0]);
      expect(a.reason).toMatch(/^(assertion failed|exception )/);
      expect(a.exit_code).toBe(1);
    }
    expect(scores[0]).toMatchObject({ status: "completed", score: 0, pass: 0 });
  });
});

describe("the sandbox client", () => {
  it("is configured from the bindings, and the sandbox accepts the Worker's signature", async () => {
    const settings = sandboxSettings(env)!;
    expect(settings).toEqual({ url: inject("sandboxUrl"), secret: inject("sandboxSecret") });
    const verdict = await sandboxClient(settings)({ language: "python", program: "assert 2 + 2 == 4\nprint('ok')\n", timeout_s: 5, memory_mb: 256 });
    expect(verdict).toMatchObject({ passed: true, exit_code: 0, stdout: "ok\n", reason: "passed" });
  });

  it("an unreachable sandbox or a 5xx is a transient error (retried, never a 0); a wrong secret is permanent", async () => {
    const request = { language: "python" as const, program: "print(1)", timeout_s: 1, memory_mb: 64 };
    const down = sandboxClient({ url: "http://127.0.0.1:1", secret: "x".repeat(20) });
    await expect(down(request)).rejects.toMatchObject({ name: "ProviderError", kind: "transient" });
    const failing = sandboxClient({ url: "http://sandbox.test", secret: "x".repeat(20) }, async () => new Response("boom", { status: 502 }));
    await expect(failing(request)).rejects.toBeInstanceOf(ProviderError);
    await expect(failing(request)).rejects.toMatchObject({ kind: "transient", status: 502 });
    const wrongSecret = sandboxClient({ url: inject("sandboxUrl"), secret: "not-the-sandbox-secret-0" });
    await expect(wrongSecret(request)).rejects.toMatchObject({ kind: "permanent", status: 401 });
    expect(sandboxSettings({})).toBeNull();
  });
});
