import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { newId } from "../../../src/crypto/ids";
import { openDb } from "../../../src/db/client";
import { readRunSecrets } from "../../../src/db/eval-runs";
import { evalRuns, profiles } from "../../../src/db/schema";
import { benchmarkFirstUsed, seedBenchmark } from "../../../test/benchmarks";
import { BOOTSTRAP, call as rawCall, expectProblem, keyWith, newProject, type CallOptions } from "../../../test/http";

const PLANTED = "sk-acceptance-planted-secret-0451";
const SECRET_KEY = "test-secret-key-0123456789abcdef";
const MODEL = { kind: "model", provider: "openai", base_url: "http://127.0.0.1:9/v1", model: "fixture" } as const;
const AGENT = { kind: "agent", runner_url: "http://127.0.0.1:9/runner", profile: "coder@1" } as const;
const JUDGE = { provider: "anthropic", base_url: "https://judge.example.com", model: "judge-1" } as const;
const DEFAULT_OPTIONS = {
  attempts: 1,
  select: { shuffle: false, seed: 0, skip: 0 },
  temperature: 0,
  max_output_tokens: 1024,
  timeout_s: 120,
  concurrency: 8,
  missing_policy: "unknown",
  per_benchmark: {},
  cache: "off",
  cache_ttl_days: 30,
  batch: false,
};

/** Every call in this file: no response, success or error, may ever carry the planted key. */
async function call(method: string, path: string, opts: CallOptions = {}) {
  const r = await rawCall(method, path, opts);
  expect(JSON.stringify(r.body) ?? "").not.toContain(PLANTED);
  expect(JSON.stringify([...r.headers])).not.toContain(PLANTED);
  return r;
}

async function setup(name = "runs") {
  const { project, key } = await newProject(name);
  const bm = await seedBenchmark(project.id);
  return { projectId: project.id, key, bm };
}

function runBody(bm: string | string[], extra: Record<string, unknown> = {}) {
  return { display_name: "baseline", benchmarks: Array.isArray(bm) ? bm : [bm], target: { ...MODEL, api_key: PLANTED }, ...extra };
}

async function create(key: string, body: unknown) {
  const r = await call("POST", "/api/eval-runs", { key, body });
  if (r.status !== 201) throw new Error(`create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function seedProfile(projectId: string, name: string, version: string) {
  await openDb(env.DB)
    .insert(profiles)
    .values({
      id: newId("prof"),
      projectId,
      name,
      version,
      params: {},
      secretNames: [],
      secretParams: null,
      contentDigest: "0".repeat(64),
      createdAt: new Date().toISOString(),
    });
}

async function setStatus(id: string, status: string) {
  await openDb(env.DB).update(evalRuns).set({ status }).where(eq(evalRuns.id, id));
}

async function listIds(key: string, query = "") {
  const r = await call("GET", `/api/eval-runs${query}`, { key });
  expect(r.status).toBe(200);
  return r.body.items.map((x: { id: string }) => x.id) as string[];
}

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

describe("eval runs: happy path", () => {
  it("creates a draft with defaults filled, the key shown only as set, and marks the benchmark used", async () => {
    const { key, bm } = await setup();
    const r = await call("POST", "/api/eval-runs", { key, body: runBody(bm) });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^run_/),
      display_name: "baseline",
      status: "draft",
      benchmarks: [bm],
      target: { ...MODEL, params: {}, api_key: { set: true } },
      compare_target: null,
      judge: null,
      options: DEFAULT_OPTIONS,
      request_id: null,
      copied_from: null,
      source_run_id: null,
      rescore_scoring: null,
      recorded: false,
      error: null,
      error_counts: null,
      stop_reason: null,
      budget_report: null,
      created_at: ISO,
      updated_at: r.body.created_at,
      queued_at: null,
      started_at: null,
      finished_at: null,
    });
    expect(await benchmarkFirstUsed(bm)).toBe(r.body.created_at);
    const got = await call("GET", `/api/eval-runs/${r.body.id}`, { key });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(r.body);
  });

  it("takes a compare target, a judge, options and several benchmarks (deduplicated, in order)", async () => {
    const { projectId, key, bm } = await setup();
    const builtIn = await seedBenchmark(null);
    await seedProfile(projectId, "coder", "1");
    const options = {
      attempts: 3,
      sample_limit: 20,
      select: { split: "test", subsets: ["algebra"], include: ["t1", "t2"], exclude: ["t3"], shuffle: true, seed: 42, skip: 1, limit: 10 },
      few_shot: 2,
      temperature: 0.5,
      top_p: 0.9,
      max_output_tokens: 256,
      timeout_s: 30,
      concurrency: 2,
      missing_policy: "as_failure",
      per_benchmark: { [builtIn]: { sample_limit: 5, few_shot: 0, subsets: ["geometry"] } },
    };
    const run = await create(key, {
      benchmarks: [builtIn, bm, builtIn],
      target: { ...MODEL, provider: "anthropic", params: { reasoning_effort: "high" }, price: { input_per_mtok: 3, output_per_mtok: 15 }, name: "claude" },
      compare_target: { ...AGENT, params: { max_turns: 30 } },
      judge: { ...JUDGE, api_key: PLANTED },
      options,
      request_id: "req-full",
    });
    expect(run).toMatchObject({
      display_name: null,
      benchmarks: [builtIn, bm],
      target: { ...MODEL, provider: "anthropic", params: { reasoning_effort: "high" }, price: { input_per_mtok: 3, output_per_mtok: 15 }, name: "claude" },
      compare_target: { ...AGENT, params: { max_turns: 30 } },
      judge: { ...JUDGE, api_key: { set: true } },
      options,
      request_id: "req-full",
    });
    expect(run.target.api_key).toBeUndefined();
    // Built-ins are never marked used: the flag is global and would tell other projects.
    expect(await benchmarkFirstUsed(builtIn)).toBeNull();
  });

  it("seals keys at rest and gives them back only through readRunSecrets", async () => {
    const { key, bm } = await setup();
    const run = await create(key, runBody(bm, { judge: { ...JUDGE, api_key: "sk-judge-1" }, compare_target: { ...MODEL, api_key: "sk-cmp-1" } }));
    const row = await openDb(env.DB).select().from(evalRuns).where(eq(evalRuns.id, run.id)).get();
    expect(JSON.stringify(row)).not.toContain(PLANTED);
    expect(JSON.stringify(row)).not.toContain("sk-judge-1");
    expect(row!.secrets).toMatch(/^v1\./);
    expect(await readRunSecrets(SECRET_KEY, row!)).toEqual({ target: PLANTED, compare_target: "sk-cmp-1", judge: "sk-judge-1" });
    const plain = await create(key, { benchmarks: [bm], target: MODEL });
    const plainRow = await openDb(env.DB).select().from(evalRuns).where(eq(evalRuns.id, plain.id)).get();
    expect(plainRow!.secrets).toBeNull();
    expect(await readRunSecrets(SECRET_KEY, plainRow!)).toEqual({});
    expect(plain.target).toEqual({ ...MODEL, params: {} });
  });

  it("lists newest first with a cursor and filters by status", async () => {
    const { key, bm } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(key, runBody(bm))).id);
    const first = await call("GET", "/api/eval-runs?limit=2", { key });
    expect(first.body.items.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.items[0].target.api_key).toEqual({ set: true });
    const second = await call("GET", `/api/eval-runs?limit=2&cursor=${first.body.next_cursor}`, { key });
    expect(second.body).toEqual({ items: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    expect((await call("POST", `/api/eval-runs/${ids[1]}/start`, { key })).status).toBe(202);
    expect(await listIds(key, "?status=queued")).toEqual([ids[1]]);
    expect(await listIds(key, "?status=draft")).toEqual([ids[2], ids[0]]);
  });

  it("filters the list by a benchmark the runs include", async () => {
    const { key, bm } = await setup();
    const withBm = (await create(key, runBody(bm))).id;
    const builtin = (await create(key, runBody("bm_gsm8k"))).id;
    const both = (await create(key, runBody([bm, "bm_gsm8k"]))).id;
    expect(await listIds(key, `?benchmark_id=${bm}`)).toEqual([both, withBm]);
    expect(await listIds(key, "?benchmark_id=bm_gsm8k")).toEqual([both, builtin]);
    expect(await listIds(key, "?benchmark_id=bm_none")).toEqual([]);
  });

  it("edits a draft: name, options by top-level key, compare target and judge cleared with null", async () => {
    const { key, bm } = await setup();
    const run = await create(key, runBody(bm, { options: { attempts: 4, sample_limit: 9 }, judge: { ...JUDGE, api_key: "sk-j" }, compare_target: MODEL }));
    const r = await call("PATCH", `/api/eval-runs/${run.id}`, {
      key,
      body: { display_name: "renamed", options: { temperature: 1, sample_limit: null }, compare_target: null, judge: null },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ...run,
      display_name: "renamed",
      options: { ...DEFAULT_OPTIONS, attempts: 4, temperature: 1 },
      compare_target: null,
      judge: null,
      updated_at: ISO,
    });
    expect(await call("GET", `/api/eval-runs/${run.id}`, { key })).toMatchObject({ body: r.body });
    const row = await openDb(env.DB).select().from(evalRuns).where(eq(evalRuns.id, run.id)).get();
    expect(await readRunSecrets(SECRET_KEY, row!)).toEqual({ target: PLANTED });
  });

  it("keeps the sealed key when a same-kind target omits it, clears it on null", async () => {
    const { key, bm } = await setup();
    const run = await create(key, runBody(bm));
    const kept = await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: { target: { ...MODEL, model: "other", base_url: "http://127.0.0.1:9/v2" } } });
    expect(kept.status).toBe(200);
    expect(kept.body.target).toEqual({ ...MODEL, model: "other", base_url: "http://127.0.0.1:9/v2", params: {}, api_key: { set: true } });
    const cleared = await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: { target: { ...MODEL, api_key: null } } });
    expect(cleared.body.target).toEqual({ ...MODEL, params: {} });
    const row = await openDb(env.DB).select().from(evalRuns).where(eq(evalRuns.id, run.id)).get();
    expect(row!.secrets).toBeNull();
  });

  it("switching the target's kind clears the other kind's fields and its key", async () => {
    const { projectId, key, bm } = await setup();
    await seedProfile(projectId, "coder", "1");
    const run = await create(key, runBody(bm, { target: { ...MODEL, api_key: PLANTED, params: { reasoning_effort: "low" }, name: "m" } }));
    const toAgent = await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: { target: AGENT } });
    expect(toAgent.status).toBe(200);
    expect(toAgent.body.target).toEqual({ ...AGENT, params: {} });
    const row = await openDb(env.DB).select().from(evalRuns).where(eq(evalRuns.id, run.id)).get();
    expect(await readRunSecrets(SECRET_KEY, row!)).toEqual({});
    const back = await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: { target: MODEL } });
    expect(back.body.target).toEqual({ ...MODEL, params: {} });
  });

  it("copies a run into a new draft without any key", async () => {
    const { key, bm } = await setup();
    const source = await create(key, runBody(bm, { request_id: "r-copy", judge: { ...JUDGE, api_key: "sk-j" }, compare_target: { ...MODEL, api_key: "sk-c" }, options: { attempts: 2 } }));
    await call("POST", `/api/eval-runs/${source.id}/start`, { key });
    const r = await call("POST", `/api/eval-runs/${source.id}/copy`, { key });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      ...source,
      id: expect.stringMatching(/^run_/),
      status: "draft",
      target: { ...MODEL, params: {} },
      compare_target: { ...MODEL, params: {} },
      judge: JUDGE,
      request_id: null,
      copied_from: source.id,
      created_at: ISO,
      updated_at: ISO,
    });
    expect(r.body.id).not.toBe(source.id);
    const row = await openDb(env.DB).select().from(evalRuns).where(eq(evalRuns.id, r.body.id)).get();
    expect(row!.secrets).toBeNull();
    expect((await call("GET", `/api/eval-runs/${source.id}`, { key })).body.target.api_key).toEqual({ set: true });
  });

  it("starts a draft (202, queued), stops it (cancelled), then deletes it", async () => {
    const { key, bm } = await setup();
    const run = await create(key, runBody(bm));
    const started = await call("POST", `/api/eval-runs/${run.id}/start`, { key });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ ...run, status: "queued", queued_at: ISO, updated_at: started.body.queued_at });
    const stopped = await call("POST", `/api/eval-runs/${run.id}/stop`, { key });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toEqual({ ...started.body, status: "cancelled", finished_at: ISO, updated_at: stopped.body.finished_at });
    const again = await call("POST", `/api/eval-runs/${run.id}/stop`, { key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(stopped.body);
    const del = await call("DELETE", `/api/eval-runs/${run.id}`, { key });
    expect(del.status).toBe(204);
    expectProblem(await call("GET", `/api/eval-runs/${run.id}`, { key }), 404, "not_found");
    expect(await listIds(key)).toEqual([]);
  });

  it("documents every route in the OpenAPI document", async () => {
    const r = await call("GET", "/api/openapi.json");
    expect(r.status).toBe(200);
    const paths = r.body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths["/api/eval-runs"]!).sort()).toEqual(["get", "post"]);
    expect(Object.keys(paths["/api/eval-runs/{id}"]!).sort()).toEqual(["delete", "get", "patch"]);
    for (const action of ["copy", "start", "stop"]) expect(Object.keys(paths[`/api/eval-runs/{id}/${action}`]!)).toEqual(["post"]);
  });

  it("deletes a draft", async () => {
    const { key, bm } = await setup();
    const run = await create(key, runBody(bm));
    expect((await call("DELETE", `/api/eval-runs/${run.id}`, { key })).status).toBe(204);
    expect(await listIds(key)).toEqual([]);
  });
});

describe("eval runs: lifecycle conflicts", () => {
  it("refuses edit, start and delete once queued; stop on a draft", async () => {
    const { key, bm } = await setup();
    const draft = await create(key, runBody(bm));
    expect(expectProblem(await call("POST", `/api/eval-runs/${draft.id}/stop`, { key }), 409, "conflict").detail).toContain("draft");
    const run = await create(key, runBody(bm));
    await call("POST", `/api/eval-runs/${run.id}/start`, { key });
    const edit = expectProblem(await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: { display_name: "x" } }), 409, "conflict");
    expect(edit.detail).toContain("queued");
    expectProblem(await call("POST", `/api/eval-runs/${run.id}/start`, { key }), 409, "conflict");
    expect(expectProblem(await call("DELETE", `/api/eval-runs/${run.id}`, { key }), 409, "conflict").detail).toContain("stop it");
    expect((await call("GET", `/api/eval-runs/${run.id}`, { key })).body.status).toBe("queued");
  });

  it.each([
    ["running", { edit: 409, start: 409, stop: 200, delete: 409 }],
    ["completed", { edit: 409, start: 409, stop: 409, delete: 204 }],
    ["failed", { edit: 409, start: 409, stop: 409, delete: 204 }],
    ["cancelled", { edit: 409, start: 409, stop: 200, delete: 204 }],
  ] as const)("a %s run answers %j", async (status, expected) => {
    const { key, bm } = await setup();
    const run = await create(key, runBody(bm));
    const doomed = await create(key, runBody(bm));
    await setStatus(run.id, status);
    await setStatus(doomed.id, status);
    expect((await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: { display_name: "x" } })).status).toBe(expected.edit);
    expect((await call("POST", `/api/eval-runs/${run.id}/start`, { key })).status).toBe(expected.start);
    const stop = await call("POST", `/api/eval-runs/${run.id}/stop`, { key });
    expect(stop.status).toBe(expected.stop);
    if (stop.status === 200) expect(stop.body.status).toBe("cancelled");
    else expect(stop.body.code).toBe("conflict");
    expect((await call("DELETE", `/api/eval-runs/${doomed.id}`, { key })).status).toBe(expected.delete);
    expect((await call("GET", `/api/eval-runs/${doomed.id}`, { key })).status).toBe(expected.delete === 204 ? 404 : 200);
  });
});

describe("eval runs: request_id", () => {
  it("returns the same run with 200 and Idempotent-Replayed, never a duplicate", async () => {
    const { key, bm } = await setup();
    const first = await call("POST", "/api/eval-runs", { key, body: runBody(bm, { request_id: "req-1" }) });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await call("POST", "/api/eval-runs", { key, body: runBody(bm, { request_id: "req-1" }) });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    // Defaults written out are the same body as defaults left out.
    const explicit = await call("POST", "/api/eval-runs", { key, body: runBody(bm, { request_id: "req-1", options: { attempts: 1 } }) });
    expect(explicit.status).toBe(200);
    expect(explicit.body.id).toBe(first.body.id);
    expect(await listIds(key)).toEqual([first.body.id]);
  });

  it("answers 409 idempotency_key_reused naming the fields when the body differs, and writes nothing", async () => {
    const { key, bm } = await setup();
    const first = await create(key, runBody(bm, { request_id: "req-2" }));
    const body = runBody(bm, { request_id: "req-2", display_name: "other", options: { attempts: 3 } });
    const p = expectProblem(await call("POST", "/api/eval-runs", { key, body }), 409, "idempotency_key_reused");
    expect(p.detail).toContain("differing: display_name, options");
    expect(p.detail).toContain(first.id);
    expect(p.errors?.map((e) => e.field)).toEqual(["display_name", "options"]);
    // Another key for the target is another body too, though the key is never shown.
    const rekeyed = runBody(bm, { request_id: "req-2", target: { ...MODEL, api_key: "sk-another" } });
    expect(expectProblem(await call("POST", "/api/eval-runs", { key, body: rekeyed }), 409, "idempotency_key_reused").errors).toEqual([
      { field: "target", message: "differs from the request that created the run" },
    ]);
    expect(await listIds(key)).toEqual([first.id]);
  });

  it("treats a benchmark's name and its id as the same body", async () => {
    const { projectId, key } = await setup();
    const bm = await seedBenchmark(projectId, { name: `named-${crypto.randomUUID().slice(0, 6)}` });
    const name = (await call("GET", `/api/benchmarks/${bm}`, { key })).body.name as string;
    const first = await create(key, runBody(name, { request_id: "req-name" }));
    const again = await call("POST", "/api/eval-runs", { key, body: runBody(bm, { request_id: "req-name" }) });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.id);
  });

  it("gives one run for two concurrent creates with the same request_id", async () => {
    const { key, bm } = await setup();
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => call("POST", "/api/eval-runs", { key, body: runBody(bm, { request_id: "req-race" }) })),
    );
    const ids = new Set(replies.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(await listIds(key)).toEqual([...ids]);
  });

  it("is scoped to the project: another project's request_id makes its own run", async () => {
    const a = await setup("a");
    const b = await setup("b");
    const ra = await create(a.key, runBody(a.bm, { request_id: "shared" }));
    const rb = await call("POST", "/api/eval-runs", { key: b.key, body: runBody(b.bm, { request_id: "shared" }) });
    expect(rb.status).toBe(201);
    expect(rb.body.id).not.toBe(ra.id);
  });
});

describe("eval runs: benchmarks by name", () => {
  it("accepts a name (any case) or an id, and stores ids", async () => {
    const { projectId, key, bm } = await setup();
    const name = `arith-${crypto.randomUUID().slice(0, 6)}`;
    const named = await seedBenchmark(projectId, { name });
    const run = await create(key, runBody([name.toUpperCase(), bm], { options: { per_benchmark: { [name]: { sample_limit: 2 } } } }));
    expect(run.benchmarks).toEqual([named, bm]);
    expect(run.options.per_benchmark).toEqual({ [named]: { sample_limit: 2 } });
    const edited = await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: { benchmarks: [name] } });
    expect(edited.status).toBe(200);
    expect(edited.body.benchmarks).toEqual([named]);
  });

  it("resolves a built-in by name, the project's own winning over a built-in of the same name", async () => {
    const { projectId, key } = await setup();
    const name = `shared-${crypto.randomUUID().slice(0, 6)}`;
    const builtin = await seedBenchmark(null, { name });
    expect((await create(key, runBody(name))).benchmarks).toEqual([builtin]);
    const own = await seedBenchmark(projectId, { name });
    expect((await create(key, runBody(name))).benchmarks).toEqual([own]);
  });

  it("refuses an unknown or ambiguous name with 422 naming it, writing nothing", async () => {
    const { key } = await setup();
    const name = `twice-${crypto.randomUUID().slice(0, 6)}`;
    const a = await seedBenchmark(null, { name });
    const b = await seedBenchmark(null, { name: name.toUpperCase() });
    const mixed = `T${name.slice(1)}`;
    const p = expectProblem(await call("POST", "/api/eval-runs", { key, body: runBody([`${name}x`, mixed]) }), 422, "validation_failed");
    expect(p.errors).toEqual([
      { field: "benchmarks.1", message: `'${mixed}' names 2 benchmarks (${[a, b].sort().join(", ")}); give the id` },
      { field: "benchmarks.0", message: `no benchmark with id or name '${name}x' in this project or the built-ins` },
    ]);
    // The exact spelling is not ambiguous.
    expect((await create(key, runBody(name))).benchmarks).toEqual([a]);
  });
});

describe("eval runs: validation", () => {
  it.each([
    [{ benchmarks: undefined }, "benchmarks"],
    [{ target: undefined }, "target"],
    [{ options: { val_bogus: 1 } }, "options.val_bogus"],
    [{ options: { select: { bogus: 1 } } }, "options.select.bogus"],
    [{ options: { attempts: 0 } }, "options.attempts"],
    [{ options: { attempts: 101 } }, "options.attempts"],
    [{ options: { temperature: 3 } }, "options.temperature"],
    [{ options: { missing_policy: "zero" } }, "options.missing_policy"],
    [{ options: { per_benchmark: { bm_x: { bogus: 1 } } } }, "options.per_benchmark.bm_x.bogus"],
    [{ benchmarks: [] }, "benchmarks"],
    [{ benchmarks: Array.from({ length: 21 }, (_, i) => `bm_${i}`) }, "benchmarks"],
    [{ benchmarks: [""] }, "benchmarks.0"],
    [{ target: { ...MODEL, kind: "robot" } }, "target.kind"],
    [{ target: { ...MODEL, provider: "gemini" } }, "target.provider"],
    [{ target: { ...MODEL, base_url: "ftp://x/v1" } }, "target.base_url"],
    [{ target: { ...MODEL, base_url: PLANTED } }, "target.base_url"],
    [{ target: { ...MODEL, model: "" } }, "target.model"],
    [{ target: { ...MODEL, extra: 1 } }, "target.extra"],
    [{ target: { ...MODEL, params: { api_key: PLANTED } } }, "target.params"],
    [{ target: { ...AGENT, profile: "nope" } }, "target.profile"],
    [{ compare_target: { kind: "model" } }, "compare_target.provider"],
    [{ judge: { ...JUDGE, model: undefined } }, "judge.model"],
    [{ judge: { ...JUDGE, api_key: PLANTED, bogus: true } }, "judge.bogus"],
    [{ request_id: "" }, "request_id"],
    [{ request_id: "x".repeat(201) }, "request_id"],
    [{ display_name: "" }, "display_name"],
    [{ surprise: true }, "surprise"],
  ])("refuses %j naming %s, writing nothing", async (patch, field) => {
    const { key, bm } = await setup();
    const body = { ...runBody(bm), ...patch };
    const p = expectProblem(await call("POST", "/api/eval-runs", { key, body }), 422, "validation_failed");
    expect(p.errors?.map((e) => e.field)).toContain(field);
    expect(await listIds(key)).toEqual([]);
    expect(await benchmarkFirstUsed(bm)).toBeNull();
  });

  it("names benchmarks the project cannot use, by index, and writes nothing", async () => {
    const { projectId, key, bm } = await setup();
    const other = await setup("other");
    const archived = await seedBenchmark(projectId, { archivedAt: new Date().toISOString() });
    const p = expectProblem(
      await call("POST", "/api/eval-runs", { key, body: runBody([bm, "bm_missing", other.bm, archived]) }),
      422,
      "validation_failed",
    );
    expect(p.errors).toEqual([
      { field: "benchmarks.1", message: "no benchmark with id or name 'bm_missing' in this project or the built-ins" },
      { field: "benchmarks.2", message: `no benchmark with id or name '${other.bm}' in this project or the built-ins` },
      { field: "benchmarks.3", message: "archived: restore it to use it in a new run" },
    ]);
    expect(await listIds(key)).toEqual([]);
    expect(await benchmarkFirstUsed(bm)).toBeNull();
    expect(await benchmarkFirstUsed(other.bm)).toBeNull();
  });

  it("names per_benchmark entries for benchmarks the run does not have", async () => {
    const { key, bm } = await setup();
    const body = runBody(bm, { options: { per_benchmark: { bm_elsewhere: { few_shot: 1 } } } });
    const p = expectProblem(await call("POST", "/api/eval-runs", { key, body }), 422, "validation_failed");
    expect(p.errors?.map((e) => e.field)).toEqual(["options.per_benchmark.bm_elsewhere"]);
    expect(p.detail).toContain("options.per_benchmark.bm_elsewhere");
  });

  it("names an agent profile the project does not have", async () => {
    const { projectId, key, bm } = await setup();
    const other = await setup("other");
    await seedProfile(other.projectId, "coder", "1");
    await seedProfile(projectId, "coder", "2");
    const body = runBody(bm, { target: AGENT, compare_target: { ...AGENT, profile: "coder@2" } });
    const p = expectProblem(await call("POST", "/api/eval-runs", { key, body }), 422, "validation_failed");
    expect(p.errors?.map((e) => e.field)).toEqual(["target.profile"]);
    const swapped = runBody(bm, { target: { ...AGENT, profile: "coder@2" }, compare_target: AGENT });
    const q = expectProblem(await call("POST", "/api/eval-runs", { key, body: swapped }), 422, "validation_failed");
    expect(q.errors?.map((e) => e.field)).toEqual(["compare_target.profile"]);
    expect(await listIds(key)).toEqual([]);
  });

  it("answers malformed bodies and queries without a 5xx", async () => {
    const { key } = await setup();
    expectProblem(await call("POST", "/api/eval-runs", { key, raw: "{", type: "application/json" }), 400, "invalid_json");
    expectProblem(await call("POST", "/api/eval-runs", { key, raw: "[]", type: "application/json" }), 422, "validation_failed");
    expectProblem(await call("GET", "/api/eval-runs?cursor=%25%25%25", { key }), 400, "bad_request");
    expect((await call("GET", "/api/eval-runs?cursor=%%%", { key })).status).toBeLessThan(500);
    const status = expectProblem(await call("GET", "/api/eval-runs?status=bogus", { key }), 422, "validation_failed");
    expect(status.errors?.map((e) => e.field)).toEqual(["status"]);
    const extra = expectProblem(await call("GET", "/api/eval-runs?sort=asc", { key }), 422, "validation_failed");
    expect(extra.errors?.map((e) => e.field)).toEqual(["sort"]);
    expectProblem(await call("GET", "/api/eval-runs/run_does_not_exist", { key }), 404, "not_found");
    expectProblem(await call("POST", "/api/eval-runs/run_does_not_exist/start", { key }), 404, "not_found");
  });

  it.each([
    [{ surprise: 1 }, "surprise"],
    [{ options: { val_bogus: 1 } }, "options.val_bogus"],
    [{ target: { ...MODEL, base_url: "https://elsewhere.example.org/v1" } }, "target.api_key"],
    [{ target: { ...MODEL, provider: "anthropic" } }, "target.api_key"],
    [{ benchmarks: ["bm_missing"] }, "benchmarks.0"],
    [{ options: { per_benchmark: { bm_elsewhere: {} } } }, "options.per_benchmark.bm_elsewhere"],
    [{ target: AGENT }, "target.profile"],
    [{ display_name: 5 }, "display_name"],
  ])("refuses the edit %j naming %s and leaves the run as it was", async (patch, field) => {
    const { key, bm } = await setup();
    const run = await create(key, runBody(bm));
    const p = expectProblem(await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: patch }), 422, "validation_failed");
    expect(p.errors?.map((e) => e.field)).toContain(field);
    expect((await call("GET", `/api/eval-runs/${run.id}`, { key })).body).toEqual(run);
  });

  it("lets a draft keep a benchmark archived after it was added, but not add one", async () => {
    const { projectId, key, bm } = await setup();
    const run = await create(key, runBody(bm));
    const later = await seedBenchmark(projectId, { archivedAt: new Date().toISOString() });
    await openDb(env.DB).run(`UPDATE benchmarks SET archived_at = '2026-01-01T00:00:00.000Z' WHERE id = '${bm}'`);
    expect((await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: { benchmarks: [bm], display_name: "kept" } })).status).toBe(200);
    const p = expectProblem(await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: { benchmarks: [bm, later] } }), 422);
    expect(p.errors?.map((e) => e.field)).toEqual(["benchmarks.1"]);
    expect(await benchmarkFirstUsed(later)).toBeNull();
  });

  it("marks a benchmark added by an edit as used", async () => {
    const { projectId, key, bm } = await setup();
    const run = await create(key, runBody(bm));
    const added = await seedBenchmark(projectId);
    const r = await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: { benchmarks: [added, bm] } });
    expect(r.body.benchmarks).toEqual([added, bm]);
    expect(await benchmarkFirstUsed(added)).toBe(r.body.updated_at);
  });
});

describe("eval runs: plans and credits", () => {
  it("refuses to create or copy with 402 when the plan lacks evaluations, writing nothing", async () => {
    const { projectId, key, bm } = await setup();
    const run = await create(key, runBody(bm));
    await call("PATCH", `/api/projects/${projectId}`, { key: BOOTSTRAP, body: { evaluations_enabled: false } });
    const fresh = await seedBenchmark(projectId);
    const p = expectProblem(await call("POST", "/api/eval-runs", { key, body: runBody(fresh) }), 402, "payment_required");
    expect(p.detail).toContain("evaluations");
    expectProblem(await call("POST", `/api/eval-runs/${run.id}/copy`, { key }), 402, "payment_required");
    expectProblem(await call("POST", `/api/eval-runs/${run.id}/start`, { key }), 402, "payment_required");
    expect(await listIds(key)).toEqual([run.id]);
    expect(await benchmarkFirstUsed(fresh)).toBeNull();
    expect((await call("GET", `/api/eval-runs/${run.id}`, { key })).body.status).toBe("draft");
  });

  it("refuses a free-plan project from the start", async () => {
    const { project, key } = await newProject("free", { plan: "free" });
    const bm = await seedBenchmark(project.id);
    expectProblem(await call("POST", "/api/eval-runs", { key, body: runBody(bm) }), 402, "payment_required");
  });

  it("refuses to start with 402 when credits are out, and starts once they are back", async () => {
    const { projectId, key, bm } = await setup();
    await call("PATCH", `/api/projects/${projectId}`, { key: BOOTSTRAP, body: { credits: 0 } });
    const run = await create(key, runBody(bm));
    const p = expectProblem(await call("POST", `/api/eval-runs/${run.id}/start`, { key }), 402, "payment_required");
    expect(p.detail).toContain("credits");
    expect((await call("GET", `/api/eval-runs/${run.id}`, { key })).body.status).toBe("draft");
    await call("PATCH", `/api/projects/${projectId}`, { key: BOOTSTRAP, body: { credits: 5 } });
    expect((await call("POST", `/api/eval-runs/${run.id}/start`, { key })).status).toBe(202);
  });

  it("replays a request_id even after the plan changed", async () => {
    const { projectId, key, bm } = await setup();
    const run = await create(key, runBody(bm, { request_id: "before" }));
    await call("PATCH", `/api/projects/${projectId}`, { key: BOOTSTRAP, body: { plan: "free" } });
    const again = await call("POST", "/api/eval-runs", { key, body: runBody(bm, { request_id: "before" }) });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(run.id);
  });
});

describe("eval runs: secrets", () => {
  it("never returns, logs or echoes a planted key from any route", async () => {
    const logged: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))),
    );
    try {
      const { key, bm } = await setup();
      const body = runBody(bm, { compare_target: { ...MODEL, api_key: PLANTED }, judge: { ...JUDGE, api_key: PLANTED }, request_id: "sec" });
      const run = await create(key, body);
      // Every route, and every refusal, goes through the scanning `call`.
      await call("POST", "/api/eval-runs", { key, body });
      await call("POST", "/api/eval-runs", { key, body: { ...body, request_id: "sec-2", target: { ...MODEL, api_key: PLANTED, base_url: PLANTED } } });
      await call("POST", "/api/eval-runs", { key, body: { ...body, request_id: "sec-4", judge: { ...JUDGE, api_key: 5 } } });
      await call("POST", "/api/eval-runs", { key, raw: `{"target": {"api_key": "${PLANTED}"`, type: "application/json" });
      await call("GET", "/api/eval-runs", { key });
      await call("GET", `/api/eval-runs/${run.id}`, { key });
      await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: { display_name: "x" } });
      await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: { target: { ...MODEL, api_key: PLANTED, model: "" } } });
      await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: { target: { ...MODEL, base_url: "https://other.example.org" } } });
      const copy = await call("POST", `/api/eval-runs/${run.id}/copy`, { key });
      expect(JSON.stringify(copy.body)).not.toContain('"set"');
      await call("POST", `/api/eval-runs/${run.id}/start`, { key });
      await call("PATCH", `/api/eval-runs/${run.id}`, { key, body: { target: { ...MODEL, api_key: PLANTED } } });
      await call("POST", `/api/eval-runs/${run.id}/stop`, { key });
      await call("DELETE", `/api/eval-runs/${run.id}`, { key });
      await call("GET", "/api/openapi.json");
    } finally {
      for (const s of spies) s.mockRestore();
    }
    expect(logged.join("\n")).not.toContain(PLANTED);
  });
});

describe("eval runs: auth", () => {
  it("needs a key, and a write-scoped one to change anything", async () => {
    const { key, bm } = await setup();
    const run = await create(key, runBody(bm));
    expectProblem(await call("GET", "/api/eval-runs"), 401, "unauthorized");
    expectProblem(await call("POST", "/api/eval-runs", { key: "ak_not_a_key", body: runBody(bm) }), 401, "unauthorized");
    const read = await keyWith(key, ["read"]);
    expect((await call("GET", `/api/eval-runs/${run.id}`, { key: read })).status).toBe(200);
    expect(await listIds(read)).toEqual([run.id]);
    expectProblem(await call("POST", "/api/eval-runs", { key: read, body: runBody(bm) }), 403, "forbidden");
    expectProblem(await call("PATCH", `/api/eval-runs/${run.id}`, { key: read, body: { display_name: "x" } }), 403, "forbidden");
    expectProblem(await call("POST", `/api/eval-runs/${run.id}/start`, { key: read }), 403, "forbidden");
    expectProblem(await call("DELETE", `/api/eval-runs/${run.id}`, { key: read }), 403, "forbidden");
    const write = await keyWith(key, ["write"]);
    expect((await call("POST", "/api/eval-runs", { key: write, body: runBody(bm) })).status).toBe(201);
    expect(await listIds(key)).toHaveLength(2);
  });

  it("stops honouring a revoked key", async () => {
    const { key, bm } = await setup();
    const made = await call("POST", "/api/keys", { key, body: { name: "ci", scopes: ["write"] } });
    await call("DELETE", `/api/keys/${made.body.key.id}`, { key });
    expectProblem(await call("POST", "/api/eval-runs", { key: made.body.api_key, body: runBody(bm) }), 401, "unauthorized");
  });
});

describe("eval runs: isolation", () => {
  it("hides a run from another project: 404 on every route, absent from its list, unchanged", async () => {
    const a = await setup("a");
    const b = await setup("b");
    const run = await create(a.key, runBody(a.bm));
    const bRun = await create(b.key, runBody(b.bm));
    const id = run.id;
    for (const [method, path, body] of [
      ["GET", `/api/eval-runs/${id}`, undefined],
      ["PATCH", `/api/eval-runs/${id}`, { display_name: "hijack" }],
      ["DELETE", `/api/eval-runs/${id}`, undefined],
      ["POST", `/api/eval-runs/${id}/copy`, undefined],
      ["POST", `/api/eval-runs/${id}/start`, undefined],
      ["POST", `/api/eval-runs/${id}/stop`, undefined],
    ] as const) {
      expectProblem(await call(method, path, { key: b.key, body }), 404, "not_found");
    }
    expect(await listIds(b.key)).toEqual([bRun.id]);
    expect((await call("GET", `/api/eval-runs/${id}`, { key: a.key })).body).toEqual(run);
    expect(await listIds(a.key)).toEqual([id]);
  });

  it("cannot use another project's benchmark or profile", async () => {
    const a = await setup("a");
    const b = await setup("b");
    await seedProfile(a.projectId, "coder", "1");
    const p = expectProblem(
      await call("POST", "/api/eval-runs", { key: b.key, body: runBody(a.bm, { target: AGENT }) }),
      422,
      "validation_failed",
    );
    expect(p.errors?.map((e) => e.field)).toEqual(["benchmarks.0", "target.profile"]);
    expect(await benchmarkFirstUsed(a.bm)).toBeNull();
  });
});
