import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../crypto/ids";
import { CreateRunBody, configFromCreate } from "../domain/run-config";
import { seedBenchmark } from "../../test/benchmarks";
import { newProject } from "../../test/http";
import { openDb } from "./client";
import { deleteRun, getRun, insertDraft, markCancelled, markQueued, readRunSecrets, updateDraft } from "./eval-runs";

const SECRET_KEY = "test-secret-key-0123456789abcdef";
const AT = "2026-01-02T03:04:05.000Z";

async function draft(requestId: string | null = null) {
  const db = openDb(env.DB);
  const { project } = await newProject("db");
  const bm = await seedBenchmark(project.id);
  const body = CreateRunBody.parse({
    benchmarks: [bm],
    target: { kind: "model", provider: "openai", base_url: "http://127.0.0.1:9/v1", model: "m", api_key: "sk-db-test" },
  });
  const { config } = configFromCreate(body);
  const ids = { id: newId("run"), projectId: project.id, requestId, copiedFrom: null };
  const { run } = await insertDraft(db, SECRET_KEY, ids, config, AT);
  return { db, run, config, projectId: project.id };
}

describe("eval runs in D1", () => {
  it("inserts a draft with its key sealed", async () => {
    const { run } = await draft();
    expect(run).toMatchObject({ status: "draft", createdAt: AT, updatedAt: AT, queuedAt: null });
    expect(run.secrets).not.toContain("sk-db-test");
    expect(await readRunSecrets(SECRET_KEY, run)).toEqual({ target: "sk-db-test" });
  });

  it("returns the existing run when the request_id is taken, writing nothing new", async () => {
    const { db, run, config, projectId } = await draft("same");
    const second = await insertDraft(db, SECRET_KEY, { id: newId("run"), projectId, requestId: "same", copiedFrom: null }, config, AT);
    expect(second).toEqual({ run, replayed: true });
  });

  it("queues only a draft, and cancels only a queued or running run", async () => {
    const { db, run, projectId } = await draft();
    expect(await markCancelled(db, run, AT)).toBeUndefined();
    const queued = await markQueued(db, run, "2026-01-02T03:04:06.000Z");
    expect(queued).toMatchObject({ status: "queued", queuedAt: "2026-01-02T03:04:06.000Z", updatedAt: "2026-01-02T03:04:06.000Z" });
    expect(await markQueued(db, run, AT)).toBeUndefined();
    expect(await deleteRun(db, queued!)).toBe(false);
    const cancelled = await markCancelled(db, queued!, "2026-01-02T03:04:07.000Z");
    expect(cancelled).toMatchObject({ status: "cancelled", finishedAt: "2026-01-02T03:04:07.000Z" });
    expect(await markCancelled(db, cancelled!, AT)).toBeUndefined();
    expect(await deleteRun(db, cancelled!)).toBe(true);
    expect(await getRun(db, projectId, run.id)).toBeUndefined();
  });

  it("does not edit a run a start got to first", async () => {
    const { db, run, config } = await draft();
    await markQueued(db, run, AT);
    expect(await updateDraft(db, SECRET_KEY, run, { ...config, display_name: "late" }, AT)).toBeUndefined();
  });

  it("finds a run only within its project", async () => {
    const { db, run, projectId } = await draft();
    expect((await getRun(db, projectId, run.id))?.id).toBe(run.id);
    expect(await getRun(db, "prj_other", run.id)).toBeUndefined();
  });
});
