import { describe, expect, it } from "vitest";
import { BOOTSTRAP, call, expectProblem, keyWith, newProject } from "../../../test/http";

describe("projects and keys: happy path", () => {
  it("creates a project with an admin key shown once, hashed at rest", async () => {
    const r = await call("POST", "/api/projects", { key: BOOTSTRAP, body: { name: "alpha" } });
    expect(r.status).toBe(201);
    expect(r.body.project).toMatchObject({ name: "alpha", plan: "team", evaluations_enabled: true });
    expect(r.body.api_key).toMatch(/^ak_[A-Za-z0-9_-]{40,}$/);
    expect(r.body.key).toMatchObject({ name: "admin", scopes: ["admin"], prefix: r.body.api_key.slice(0, 11) });
    const me = await call("GET", "/api/project", { key: r.body.api_key });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(r.body.project.id);
    const list = await call("GET", "/api/keys", { key: r.body.api_key });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(r.body.api_key);
    expect(list.body.items).toHaveLength(1);
  });

  it("lists keys with a cursor, newest first", async () => {
    const { key } = await newProject();
    for (let i = 0; i < 3; i++) await keyWith(key, ["read"]);
    const first = await call("GET", "/api/keys?limit=2", { key });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.next_cursor).toBeTruthy();
    const second = await call("GET", `/api/keys?limit=2&cursor=${first.body.next_cursor}`, { key });
    expect(second.body.items).toHaveLength(2);
    expect(second.body.next_cursor).toBeNull();
    const ids = [...first.body.items, ...second.body.items].map((k: { id: string }) => k.id);
    expect(new Set(ids).size).toBe(4);
    expect([...ids].sort().reverse()).toEqual(ids);
  });

  it("revokes a key so it stops working at once", async () => {
    const { key } = await newProject();
    const ro = await call("POST", "/api/keys", { key, body: { name: "ci", scopes: ["read"] } });
    expect((await call("GET", "/api/eval-runs", { key: ro.body.api_key })).status).not.toBe(401);
    const del = await call("DELETE", `/api/keys/${ro.body.key.id}`, { key });
    expect(del.status).toBe(200);
    expect(del.body.revoked_at).toBeTruthy();
    expectProblem(await call("GET", "/api/project", { key: ro.body.api_key }), 401, "unauthorized");
  });

  it("lets the operator change a plan and credits", async () => {
    const { project, key } = await newProject();
    const r = await call("PATCH", `/api/projects/${project.id}`, { key: BOOTSTRAP, body: { plan: "free", credits: 0 } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ plan: "free", evaluations_enabled: false, credits: 0 });
    expect((await call("GET", "/api/project", { key })).body.credits).toBe(0);
  });
});

describe("projects and keys: validation", () => {
  it.each([
    [{ name: "" }, "name"],
    [{ name: "x", plan: "gold" }, "plan"],
    [{ name: "x", credits: -1 }, "credits"],
    [{ name: "x", extra: true }, "extra"],
  ])("refuses project body %j naming %s", async (body, field) => {
    const r = expectProblem(await call("POST", "/api/projects", { key: BOOTSTRAP, body }), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain(field);
  });

  it.each([
    [{ name: "k", scopes: [] }, "scopes"],
    [{ name: "k", scopes: ["root"] }, "scopes.0"],
    [{ scopes: ["read"] }, "name"],
  ])("refuses key body %j naming %s", async (body, field) => {
    const { key } = await newProject();
    const r = expectProblem(await call("POST", "/api/keys", { key, body }), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain(field);
  });

  it("answers malformed JSON with 400 and a bad cursor with 400", async () => {
    const { key } = await newProject();
    expectProblem(await call("POST", "/api/keys", { key, raw: "{", type: "application/json" }), 400, "invalid_json");
    expectProblem(await call("GET", "/api/keys?cursor=%25%25%25", { key }), 400);
    const r = await call("GET", "/api/keys?cursor=%%%", { key });
    expect(r.status).toBeLessThan(500);
  });
});

describe("projects and keys: auth", () => {
  it("refuses project creation without the bootstrap token", async () => {
    expectProblem(await call("POST", "/api/projects", { key: "wrong", body: { name: "x" } }), 401);
    expectProblem(await call("POST", "/api/projects", { body: { name: "x" } }), 401);
  });

  it("refuses a missing, unknown or malformed key", async () => {
    expectProblem(await call("GET", "/api/keys"), 401, "unauthorized");
    expectProblem(await call("GET", "/api/keys", { key: "ak_not_a_key" }), 401, "unauthorized");
    expectProblem(await call("GET", "/api/keys", { key: "garbage" }), 401, "unauthorized");
  });

  it("enforces scopes: read < write < admin", async () => {
    const { key } = await newProject();
    const read = await keyWith(key, ["read"]);
    const write = await keyWith(key, ["write"]);
    expect((await call("GET", "/api/project", { key: read })).status).toBe(200);
    expectProblem(await call("POST", "/api/keys", { key: write, body: { name: "x", scopes: ["read"] } }), 403, "forbidden");
    expectProblem(await call("GET", "/api/keys", { key: read }), 403, "forbidden");
  });
});

describe("projects and keys: isolation", () => {
  it("never shows or revokes another project's keys", async () => {
    const a = await newProject("a");
    const b = await newProject("b");
    const aKeys = await call("GET", "/api/keys", { key: a.key });
    const aKeyId = aKeys.body.items[0].id;
    expectProblem(await call("DELETE", `/api/keys/${aKeyId}`, { key: b.key }), 404);
    const bKeys = await call("GET", "/api/keys", { key: b.key });
    expect(JSON.stringify(bKeys.body)).not.toContain(aKeyId);
    expect((await call("GET", "/api/project", { key: a.key })).status).toBe(200);
  });
});
