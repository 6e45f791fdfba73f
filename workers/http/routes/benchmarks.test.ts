import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BUILTIN_BENCHMARKS } from "../../../src/catalog";
import { markBenchmarksUsed } from "../../../src/db/benchmarks";
import { openDb } from "../../../src/db/client";
import { benchmarkFirstUsed, seedBenchmark } from "../../../test/benchmarks";
import { seedRevision } from "../../../test/datasets";
import { catalogDetail } from "../../../src/catalog/rows";
import { catalogEntry } from "../../../test/catalog-entries";
import { call, expectProblem, keyWith, newProject } from "../../../test/http";

const COLUMNS = [
  { name: "question", type: "string" },
  { name: "final", type: "string" },
];

/** gsm@1's rows: 120, the first 80 in split test, every third one subset hard, alternating domains. */
const GSM_ROWS = Array.from({ length: 120 }, (_, i) => ({
  question: `What is ${i} + 1?`,
  final: String(i + 1),
  split: i < 80 ? "test" : "train",
  subset: i % 3 === 0 ? "hard" : "easy",
  domain: i % 2 ? "algebra" : "geometry",
}));

/** A project with one revision gsm@1 (GSM_ROWS: splits train/test, subsets easy/hard, a domain column). */
async function setup(name = "bench") {
  const p = await newProject(name);
  const up = await call("POST", "/api/datasets/gsm/revisions", { key: p.key, raw: GSM_ROWS.map((r) => JSON.stringify(r)).join("\n"), type: "application/x-ndjson" });
  if (up.status !== 201) throw new Error(`upload failed: ${up.status} ${JSON.stringify(up.body)}`);
  return { ...p, rev: { ref: "gsm@1" } };
}

const regexBody = (dataset: string, extra: Record<string, unknown> = {}) => ({
  name: "gsm regex",
  description: "grade-school math, final number",
  dataset,
  prompt_template: "Solve the problem. End with '#### <number>'.\n\nQuestion: {question}",
  answer_column: "final",
  scoring: { type: "regex", pattern: "#### (-?[0-9.,]+)" },
  ...extra,
});

async function create(key: string, body: unknown) {
  const r = await call("POST", "/api/benchmarks", { key, body });
  if (r.status !== 201) throw new Error(`benchmark create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { id: string; [k: string]: unknown };
}

async function listIds(key: string, query = "") {
  const r = await call("GET", `/api/benchmarks${query}`, { key });
  expect(r.status).toBe(200);
  return (r.body.items as { id: string }[]).map((b) => b.id);
}

async function markUsed(ids: string[], at = "2026-01-01T00:00:00.000Z") {
  const db = openDb(env.DB);
  await db.batch([markBenchmarksUsed(db, ids, at)]);
}

describe("benchmarks: happy path", () => {
  it("creates a templated regex benchmark over a revision and reads it back", async () => {
    const { key, rev } = await setup();
    const r = await call("POST", "/api/benchmarks", { key, body: regexBody(rev.ref) });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^bm_/),
      name: "gsm regex",
      description: "grade-school math, final number",
      category: "custom",
      kind: "inline",
      status: "runnable",
      status_detail: "Runs in Assay on the project's own dataset revision.",
      status_summary: "Runs on the project's dataset",
      needs: [],
      builtin: false,
      dataset: "gsm@1",
      split: null,
      prompt_column: null,
      prompt_template: "Solve the problem. End with '#### <number>'.\n\nQuestion: {question}",
      answer_column: "final",
      scoring: { type: "regex", pattern: "#### (-?[0-9.,]+)" },
      few_shot: 0,
      subsets: [],
      sample_size: 120,
      subset_column: null,
      image_column: null,
      archived: false,
      archived_at: null,
      used: false,
      created_at: expect.any(String),
      catalog: null,
    });
    const got = await call("GET", `/api/benchmarks/${r.body.id}`, { key });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(r.body);
    expect(await listIds(key)).toContain(r.body.id);
  });

  it("stores a column prompt, split, subsets, few-shot and the scoring defaults", async () => {
    const { key, rev } = await setup();
    const b = await create(key, {
      name: "contains",
      dataset: rev.ref,
      split: "test",
      prompt_column: "question",
      answer_column: "final",
      scoring: { type: "contains" },
      few_shot: 3,
      subsets: ["hard"],
    });
    expect(b).toMatchObject({
      description: "",
      split: "test",
      prompt_column: "question",
      prompt_template: null,
      scoring: { type: "contains", ignore_case: true },
      few_shot: 3,
      subsets: ["hard"],
      // The rows it draws from: split test (the first 80) and subset hard (every third).
      sample_size: 27,
    });
    const judge = await create(key, {
      name: "judged",
      dataset: rev.ref,
      prompt_column: "question",
      prompt_template: null,
      split: null,
      answer_column: "final",
      scoring: { type: "llm_judge", criteria: "Correct and concise" },
    });
    expect(judge).toMatchObject({ scoring: { type: "llm_judge", criteria: "Correct and concise" }, split: null, prompt_column: "question", needs: ["judge model"] });
    const exact = await create(key, { name: "exact", dataset: rev.ref, prompt_column: "question", answer_column: "final", scoring: { type: "exact_match" } });
    expect(exact.scoring).toEqual({ type: "exact_match" });
    const numeric = await create(key, { name: "numeric", dataset: rev.ref, prompt_column: "question", answer_column: "final", scoring: { type: "numeric" } });
    expect(numeric.scoring).toEqual({ type: "numeric", mode: "flexible" });
    const choice = await create(key, { name: "mc", dataset: rev.ref, prompt_column: "question", answer_column: "final", scoring: { type: "multiple_choice" } });
    expect(choice.scoring).toEqual({ type: "multiple_choice" });
  });

  it("uses a global dataset revision when the project has none of that name", async () => {
    const { key } = await newProject();
    const name = `shared${crypto.randomUUID().slice(0, 6)}`;
    const rev = await seedRevision(null, { name, version: 2, columns: COLUMNS, rowCount: 7 });
    const b = await create(key, regexBody(rev.ref));
    expect(b).toMatchObject({ dataset: `${name}@2`, sample_size: 7 });
  });

  it("lists own and built-in benchmarks together, newest id first, in cursor pages", async () => {
    const { key, rev } = await setup();
    const builtin = await seedBenchmark(null, { name: "GSM8K", category: "reasoning", catalog: { what_it_measures: "math" } });
    const own: string[] = [];
    for (const name of ["one", "two", "three"]) own.push((await create(key, regexBody(rev.ref, { name }))).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r: { status: number; body: any } = await call("GET", `/api/benchmarks?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { key });
      expect(r.status).toBe(200);
      expect(r.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...r.body.items.map((b: { id: string }) => b.id));
      cursor = r.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...seen].sort().reverse());
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of [builtin, ...own]) expect(seen).toContain(id);
    const one = await call("GET", `/api/benchmarks/${builtin}`, { key });
    expect(one.body).toMatchObject({ id: builtin, builtin: true, category: "reasoning", catalog: { what_it_measures: "math" } });
  });

  it("filters by category and kind", async () => {
    const { key, rev } = await setup();
    const custom = (await create(key, regexBody(rev.ref))).id;
    const agent = await seedBenchmark(null, { kind: "runner", category: "agent" });
    const customs = await listIds(key, "?category=custom");
    expect(customs).toContain(custom);
    expect(customs).not.toContain(agent);
    const runners = await listIds(key, "?kind=runner");
    expect(runners).toContain(agent);
    expect(runners).not.toContain(custom);
  });

  it("archives and restores idempotently; archived ones are listed only on request", async () => {
    const { key, rev } = await setup();
    const id = (await create(key, regexBody(rev.ref))).id;
    const a1 = await call("POST", `/api/benchmarks/${id}/archive`, { key });
    expect(a1.status).toBe(200);
    expect(a1.body).toMatchObject({ id, archived: true, archived_at: expect.any(String) });
    const a2 = await call("POST", `/api/benchmarks/${id}/archive`, { key });
    expect(a2.status).toBe(200);
    expect(a2.body.archived_at).toBe(a1.body.archived_at);
    expect(await listIds(key)).not.toContain(id);
    expect(await listIds(key, "?include_archived=false")).not.toContain(id);
    expect(await listIds(key, "?include_archived=true")).toContain(id);
    expect(await listIds(key, "?include_archived=1")).toContain(id);
    expect((await call("GET", `/api/benchmarks/${id}`, { key })).body.archived).toBe(true);
    for (let i = 0; i < 2; i++) {
      const r = await call("POST", `/api/benchmarks/${id}/restore`, { key });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ id, archived: false, archived_at: null });
    }
    expect(await listIds(key)).toContain(id);
  });

  it("deletes a benchmark no run has used", async () => {
    const { key, rev } = await setup();
    const id = (await create(key, regexBody(rev.ref))).id;
    const r = await call("DELETE", `/api/benchmarks/${id}`, { key });
    expect(r.status).toBe(204);
    expect(r.body).toBeNull();
    expectProblem(await call("GET", `/api/benchmarks/${id}`, { key }), 404, "not_found");
    expect(await listIds(key, "?include_archived=true")).not.toContain(id);
    expectProblem(await call("DELETE", `/api/benchmarks/${id}`, { key }), 404, "not_found");
    // The name is free again once deleted.
    await create(key, regexBody(rev.ref));
  });

  it("refuses to delete a used benchmark, pointing at archive, which still works", async () => {
    const { key, rev } = await setup();
    const id = (await create(key, regexBody(rev.ref))).id;
    await markUsed([id]);
    expect((await call("GET", `/api/benchmarks/${id}`, { key })).body.used).toBe(true);
    const del = expectProblem(await call("DELETE", `/api/benchmarks/${id}`, { key }), 409, "conflict");
    expect(del.detail).toContain(`/api/benchmarks/${id}/archive`);
    expect((await call("GET", `/api/benchmarks/${id}`, { key })).status).toBe(200);
    const archived = await call("POST", `/api/benchmarks/${id}/archive`, { key });
    expect(archived.body).toMatchObject({ archived: true, used: true });
    expectProblem(await call("DELETE", `/api/benchmarks/${id}`, { key }), 409, "conflict");
  });

  it("marks benchmarks used once, keeping the first time, in a batch", async () => {
    const { project } = await newProject();
    const a = await seedBenchmark(project.id);
    const b = await seedBenchmark(project.id, { firstUsedAt: "2025-01-01T00:00:00.000Z" });
    const builtin = await seedBenchmark(null);
    await markUsed([a, b, builtin], "2026-02-02T00:00:00.000Z");
    await markUsed([a], "2026-03-03T00:00:00.000Z");
    expect(await benchmarkFirstUsed(a)).toBe("2026-02-02T00:00:00.000Z");
    expect(await benchmarkFirstUsed(b)).toBe("2025-01-01T00:00:00.000Z");
    expect(await benchmarkFirstUsed(builtin)).toBeNull();
    await markUsed([]);
  });

  it("refuses a duplicate name in the project (case-insensitive, archived included) but not across projects", async () => {
    const { key, rev } = await setup();
    const first = await create(key, regexBody(rev.ref, { name: "Math" }));
    const dup = expectProblem(await call("POST", "/api/benchmarks", { key, body: regexBody(rev.ref, { name: "math" }) }), 409, "conflict");
    expect(dup.detail).toContain("math");
    await call("POST", `/api/benchmarks/${first.id}/archive`, { key });
    expectProblem(await call("POST", "/api/benchmarks", { key, body: regexBody(rev.ref, { name: "Math" }) }), 409, "conflict");
    const other = await setup("other");
    await create(other.key, regexBody(other.rev.ref, { name: "Math" }));
  });
});

describe("benchmarks: built-ins", () => {
  it("shows a built-in to every project but lets none archive, restore or delete it", async () => {
    const a = await newProject("a");
    const b = await newProject("b");
    const id = await seedBenchmark(null, { name: "HellaSwag", category: "language", catalog: { strengths: "commonsense" } });
    for (const key of [a.key, b.key]) {
      expect((await call("GET", `/api/benchmarks/${id}`, { key })).body).toMatchObject({ builtin: true, catalog: { strengths: "commonsense" } });
      expect(await listIds(key)).toContain(id);
    }
    for (const [method, path, action] of [
      ["POST", `/api/benchmarks/${id}/archive`, "archived"],
      ["POST", `/api/benchmarks/${id}/restore`, "restored"],
      ["DELETE", `/api/benchmarks/${id}`, "deleted"],
    ] as const) {
      const p = expectProblem(await call(method, path, { key: a.key }), 403, "forbidden");
      expect(p.detail).toContain("built-in");
      expect(p.detail).toContain(action);
    }
    expect((await call("GET", `/api/benchmarks/${id}`, { key: b.key })).body.archived).toBe(false);
  });

  it("states every entry's true status with its reason: the catalog's for built-ins, runnable for a custom inline one", async () => {
    const p = await setup("status");
    const custom = await call("POST", "/api/benchmarks", { key: p.key, body: regexBody(p.rev.ref) });
    expect(custom.status).toBe(201);
    expect(custom.body).toMatchObject({ status: "runnable", status_detail: expect.stringContaining("Runs in Assay") });
    const listed = new Map<string, { status: string; status_detail: string }>();
    let cursor: string | undefined;
    do {
      const r = await call("GET", `/api/benchmarks?limit=100${cursor ? `&cursor=${cursor}` : ""}`, { key: p.key });
      for (const b of r.body.items) listed.set(b.id, b);
      cursor = r.body.next_cursor ?? undefined;
    } while (cursor);
    for (const def of BUILTIN_BENCHMARKS) {
      const { status_detail, status_summary, needs } = catalogDetail(catalogEntry(def.id));
      expect(listed.get(def.id), def.id).toMatchObject({ status: def.status, status_detail, status_summary, needs });
    }
    // Real entries of both kinds a user meets in the catalog: ones that run and ones that cannot yet.
    expect([...new Set([...listed.values()].map((b) => b.status))]).toEqual(expect.arrayContaining(["runnable", "unavailable"]));
  });
});

describe("benchmarks: validation", () => {
  const bad: [string, (ref: string) => unknown, string][] = [
    ["a numeric name", () => ({ name: 5 }), "name"],
    ["no name", (ref) => ({ ...regexBody(ref), name: undefined }), "name"],
    ["a blank name", (ref) => regexBody(ref, { name: "  " }), "name"],
    ["a long name", (ref) => regexBody(ref, { name: "x".repeat(101) }), "name"],
    ["a long description", (ref) => regexBody(ref, { description: "x".repeat(2001) }), "description"],
    ["an unknown field", (ref) => regexBody(ref, { judge_model: "gpt" }), "judge_model"],
    ["an unknown dataset", () => regexBody("nope@1"), "dataset"],
    ["a dataset ref without version", () => regexBody("gsm"), "dataset"],
    ["an unknown dataset version", () => regexBody("gsm@2"), "dataset"],
    ["both prompt sources", (ref) => regexBody(ref, { prompt_column: "question" }), "prompt_column"],
    ["neither prompt source", (ref) => regexBody(ref, { prompt_template: undefined }), "prompt_template"],
    ["an unknown placeholder", (ref) => regexBody(ref, { prompt_template: "{nope}" }), "prompt_template"],
    ["an unclosed placeholder", (ref) => regexBody(ref, { prompt_template: "{question" }), "prompt_template"],
    ["an unknown prompt column", (ref) => regexBody(ref, { prompt_template: undefined, prompt_column: "prompt" }), "prompt_column"],
    ["an unknown answer column", (ref) => regexBody(ref, { answer_column: "answer" }), "answer_column"],
    ["an unknown split", (ref) => regexBody(ref, { split: "dev" }), "split"],
    ["an unknown subset", (ref) => regexBody(ref, { subsets: ["easy", "medium"] }), "subsets.1"],
    ["no scoring", (ref) => regexBody(ref, { scoring: undefined }), "scoring"],
    ["an unknown numeric mode", (ref) => regexBody(ref, { scoring: { type: "numeric", mode: "loose" } }), "scoring.mode"],
    ["an unknown scoring type", (ref) => regexBody(ref, { scoring: { type: "bleu" } }), "scoring.type"],
    ["an invalid regex", (ref) => regexBody(ref, { scoring: { type: "regex", pattern: "([0-9]" } }), "scoring.pattern"],
    ["a regex without pattern", (ref) => regexBody(ref, { scoring: { type: "regex" } }), "scoring.pattern"],
    ["a judge without criteria", (ref) => regexBody(ref, { scoring: { type: "llm_judge" } }), "scoring.criteria"],
    ["a judge model field", (ref) => regexBody(ref, { scoring: { type: "llm_judge", criteria: "c", model: "x" } }), "scoring.model"],
    ["too many few-shot examples", (ref) => regexBody(ref, { few_shot: 21 }), "few_shot"],
    ["a fractional few-shot", (ref) => regexBody(ref, { few_shot: 1.5 }), "few_shot"],
    ["subsets not a list", (ref) => regexBody(ref, { subsets: "easy" }), "subsets"],
  ];

  it.each(bad)("refuses %s with 422 naming the field, writing nothing", async (_, body, field) => {
    const { key, rev } = await setup();
    const before = await call("GET", "/api/benchmarks?include_archived=true", { key });
    const p = expectProblem(await call("POST", "/api/benchmarks", { key, body: body(rev.ref) }), 422, "validation_failed");
    expect(p.errors?.map((e) => e.field)).toContain(field);
    expect(await call("GET", "/api/benchmarks?include_archived=true", { key })).toMatchObject({ status: 200, body: before.body });
  });

  it("says what is wrong with a bad value, not only where", async () => {
    const { key, rev } = await setup();
    const p = expectProblem(await call("POST", "/api/benchmarks", { key, body: regexBody(rev.ref, { scoring: { type: "bleu" } }) }), 422);
    const expected = "expected one of contains, exact_match, regex, numeric, multiple_choice, llm_judge, code_execution; got 'bleu'";
    expect(p.detail).toBe(`invalid body: scoring.type: ${expected}`);
    expect(p.errors).toEqual([{ field: "scoring.type", message: expected }]);
    const q = expectProblem(await call("POST", "/api/benchmarks", { key, body: regexBody(rev.ref, { few_shot: "3" }) }), 422);
    expect(q.detail).toBe("invalid body: few_shot: expected a number; got a string");
  });

  it("names the unknown placeholder's column in the detail", async () => {
    const { key, rev } = await setup();
    const p = expectProblem(await call("POST", "/api/benchmarks", { key, body: regexBody(rev.ref, { prompt_template: "{question} {nope}" }) }), 422);
    expect(p.detail).toContain("nope");
    expect(p.errors).toEqual([{ field: "prompt_template", message: expect.stringContaining("'nope'") }]);
  });

  it("answers malformed JSON with 400", async () => {
    const { key } = await setup();
    expectProblem(await call("POST", "/api/benchmarks", { key, raw: "{", type: "application/json" }), 400, "invalid_json");
    expectProblem(await call("POST", "/api/benchmarks", { key, raw: "[]", type: "application/json" }), 422, "validation_failed");
  });

  it.each([
    ["?include_archived=yes", "include_archived"],
    ["?kind=batch", "kind"],
    ["?limit=0", "limit"],
    ["?limit=201", "limit"],
    ["?category=", "category"],
    ["?sort=name", "sort"],
  ])("refuses list query %s naming %s", async (query, field) => {
    const { key } = await setup();
    const p = expectProblem(await call("GET", `/api/benchmarks${query}`, { key }), 422, "validation_failed");
    expect(p.errors?.map((e) => e.field)).toContain(field);
  });

  it("refuses a cursor it did not issue with 400", async () => {
    const { key } = await setup();
    expectProblem(await call("GET", "/api/benchmarks?cursor=%25%25%25", { key }), 400, "bad_request");
  });

  it.each([
    ["GET", "/api/benchmarks/bm_nope"],
    ["POST", "/api/benchmarks/bm_nope/archive"],
    ["POST", "/api/benchmarks/bm_nope/restore"],
    ["DELETE", "/api/benchmarks/bm_nope"],
  ])("answers %s %s with 404", async (method, path) => {
    const { key } = await setup();
    expectProblem(await call(method, path, { key }), 404, "not_found");
  });
});

describe("benchmarks: auth", () => {
  it("refuses a missing or revoked key on every route", async () => {
    const { key, rev } = await setup();
    const id = (await create(key, regexBody(rev.ref))).id;
    const gone = await call("POST", "/api/keys", { key, body: { name: "gone", scopes: ["write"] } });
    await call("DELETE", `/api/keys/${gone.body.key.id}`, { key });
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/benchmarks"],
      ["GET", `/api/benchmarks/${id}`],
      ["POST", "/api/benchmarks", regexBody(rev.ref, { name: "x" })],
      ["POST", `/api/benchmarks/${id}/archive`],
      ["POST", `/api/benchmarks/${id}/restore`],
      ["DELETE", `/api/benchmarks/${id}`],
    ];
    for (const [method, path, body] of routes) {
      expectProblem(await call(method, path, { body }), 401, "unauthorized");
      expectProblem(await call(method, path, { body, key: gone.body.api_key }), 401, "unauthorized");
    }
    expect(await listIds(key)).toEqual(expect.arrayContaining([id]));
  });

  it("lets a read key read but not create, archive, restore or delete", async () => {
    const { key, rev } = await setup();
    const id = (await create(key, regexBody(rev.ref))).id;
    const read = await keyWith(key, ["read"]);
    expect((await call("GET", "/api/benchmarks", { key: read })).status).toBe(200);
    expect((await call("GET", `/api/benchmarks/${id}`, { key: read })).status).toBe(200);
    expectProblem(await call("POST", "/api/benchmarks", { key: read, body: regexBody(rev.ref, { name: "r" }) }), 403, "forbidden");
    expectProblem(await call("POST", `/api/benchmarks/${id}/archive`, { key: read }), 403, "forbidden");
    expectProblem(await call("POST", `/api/benchmarks/${id}/restore`, { key: read }), 403, "forbidden");
    expectProblem(await call("DELETE", `/api/benchmarks/${id}`, { key: read }), 403, "forbidden");
    const write = await keyWith(key, ["write"]);
    expect((await call("POST", `/api/benchmarks/${id}/archive`, { key: write })).status).toBe(200);
    expect((await call("GET", `/api/benchmarks/${id}`, { key })).body.archived).toBe(true);
  });
});

describe("benchmarks: isolation", () => {
  it("hides a project's benchmark from another: 404 everywhere, absent from lists", async () => {
    const a = await setup("a");
    const b = await setup("b");
    const id = (await create(a.key, regexBody(a.rev.ref))).id;
    await call("POST", `/api/benchmarks/${(await create(a.key, regexBody(a.rev.ref, { name: "archived" }))).id}/archive`, { key: a.key });
    for (const [method, path] of [
      ["GET", `/api/benchmarks/${id}`],
      ["POST", `/api/benchmarks/${id}/archive`],
      ["POST", `/api/benchmarks/${id}/restore`],
      ["DELETE", `/api/benchmarks/${id}`],
    ] as const) {
      expectProblem(await call(method, path, { key: b.key }), 404, "not_found");
    }
    const bList = await call("GET", "/api/benchmarks?include_archived=true", { key: b.key });
    expect(bList.body.items.every((x: { builtin: boolean }) => x.builtin)).toBe(true);
    expect(JSON.stringify(bList.body)).not.toContain(id);
    expect(await call("GET", `/api/benchmarks/${id}`, { key: a.key })).toMatchObject({ status: 200, body: { archived: false } });
  });

  it("refuses another project's id in ?project_id and another project's dataset", async () => {
    const a = await setup("a");
    const b = await newProject("b");
    expectProblem(await call("GET", `/api/benchmarks?project_id=${a.project.id}`, { key: b.key }), 404, "not_found");
    expect((await call("GET", `/api/benchmarks?project_id=${b.project.id}`, { key: b.key })).status).toBe(200);
    const p = expectProblem(await call("POST", "/api/benchmarks", { key: b.key, body: regexBody(a.rev.ref) }), 422, "validation_failed");
    expect(p.errors?.map((e) => e.field)).toEqual(["dataset"]);
  });
});

describe("benchmarks: OpenAPI", () => {
  it("documents every benchmark route with its schemas", async () => {
    const r = await call("GET", "/api/openapi.json");
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining(["/api/benchmarks", "/api/benchmarks/{id}", "/api/benchmarks/{id}/archive", "/api/benchmarks/{id}/restore"]),
    );
    expect(Object.keys(r.body.paths["/api/benchmarks"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(r.body.components.schemas.CreateBenchmark.properties.scoring).toBeTruthy();
  });
});
