import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../../src/crypto/hash";
import { openDb } from "../../../src/db/client";
import { findProfileByRef, profileDigest, resolveProfileSecrets } from "../../../src/db/profiles";
import { profileContent } from "../../../src/domain/profile";
import { call, expectProblem, keyWith, newProject, type CallOptions, type Reply } from "../../../test/http";

/** A secret planted in requests; no response may ever contain it. */
const PLANT = "sk-planted-profile-secret-7d41c9";

/** call(), remembering every response body so a test can assert none leaked the plant. */
function recorder() {
  const bodies: string[] = [];
  const rec = async (method: string, path: string, opts: CallOptions = {}): Promise<Reply> => {
    const r = await call(method, path, opts);
    bodies.push(JSON.stringify(r.body));
    return r;
  };
  const expectNoLeak = () => {
    expect(bodies.length).toBeGreaterThan(0);
    for (const b of bodies) expect(b).not.toContain(PLANT);
  };
  return { rec, expectNoLeak };
}

const body = (extra: Record<string, unknown> = {}) => ({
  name: "team/eval",
  version: "1",
  params: { model: "gpt-x", temperature: 0.2, stop: ["\n"], extra: { depth: { ok: true } } },
  secret_params: { MODEL_API_KEY: PLANT },
  ...extra,
});

async function create(key: string, b: unknown) {
  const r = await call("POST", "/api/profiles", { key, body: b });
  if (r.status !== 201) throw new Error(`profile create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { id: string; ref: string; content_digest: string };
}

describe("profiles: happy path", () => {
  it("publishes a profile, showing secret names only, and reads it by id and by ref", async () => {
    const { key } = await newProject();
    const { rec, expectNoLeak } = recorder();
    const r = await rec("POST", "/api/profiles", { key, body: body() });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^prof_/),
      name: "team/eval",
      version: "1",
      ref: "team/eval@1",
      params: { model: "gpt-x", temperature: 0.2, stop: ["\n"], extra: { depth: { ok: true } } },
      secret_params: { MODEL_API_KEY: { set: true } },
      content_digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      created_at: expect.any(String),
    });
    for (const path of [
      `/api/profiles/${r.body.id}`,
      `/api/profiles/${encodeURIComponent("team/eval@1")}`,
      `/api/profiles/by-ref?ref=${encodeURIComponent("team/eval@1")}`,
    ]) {
      const got = await rec("GET", path, { key });
      expect(got.status).toBe(200);
      expect(got.body).toEqual(r.body);
    }
    const list = await rec("GET", "/api/profiles", { key });
    expect(list.body).toEqual({ items: [r.body], next_cursor: null });
    expectNoLeak();
  });

  it("returns the existing profile for the same content and refuses other content with 409", async () => {
    const { key } = await newProject();
    const { rec, expectNoLeak } = recorder();
    const first = await create(key, body());
    const reordered = {
      secret_params: { MODEL_API_KEY: PLANT },
      params: { extra: { depth: { ok: true } }, stop: ["\n"], temperature: 0.2, model: "gpt-x" },
      version: "1",
      name: "team/eval",
    };
    const again = await rec("POST", "/api/profiles", { key, body: reordered });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first);
    for (const other of [
      body({ params: { model: "gpt-y" } }),
      body({ secret_params: { MODEL_API_KEY: `${PLANT}-rotated` } }),
      body({ secret_params: {} }),
    ]) {
      const p = expectProblem(await rec("POST", "/api/profiles", { key, body: other }), 409, "conflict");
      expect(p.detail).toContain("team/eval@1");
    }
    const list = await rec("GET", "/api/profiles", { key });
    expect(list.body.items).toEqual([first]);
    const next = await rec("POST", "/api/profiles", { key, body: body({ version: "2", params: { model: "gpt-y" } }) });
    expect(next.status).toBe(201);
    expectNoLeak();
  });

  it("defaults params and secret params to empty", async () => {
    const { key } = await newProject();
    const p = await call("POST", "/api/profiles", { key, body: { name: "bare", version: "0.1" } });
    expect(p.status).toBe(201);
    expect(p.body).toMatchObject({ params: {}, secret_params: {} });
  });

  it("lists newest first in cursor pages, optionally one name's versions", async () => {
    const { key } = await newProject();
    const ids: string[] = [];
    for (const [name, version] of [["a", "1"], ["b", "1"], ["a", "2"], ["a", "3"]] as const) {
      ids.push((await create(key, { name, version, params: { n: version } })).id);
    }
    const first = await call("GET", "/api/profiles?limit=3", { key });
    expect(first.body.items).toHaveLength(3);
    const second = await call("GET", `/api/profiles?limit=3&cursor=${first.body.next_cursor}`, { key });
    expect(second.body.next_cursor).toBeNull();
    expect([...first.body.items, ...second.body.items].map((p: { id: string }) => p.id)).toEqual([...ids].reverse());
    const onlyA = await call("GET", "/api/profiles?name=a", { key });
    expect(onlyA.body.items.map((p: { ref: string }) => p.ref)).toEqual(["a@3", "a@2", "a@1"]);
  });

  it("keeps secrets sealed at rest and gives them back only through resolveProfileSecrets", async () => {
    const { key, project } = await newProject();
    const created = await create(key, body());
    const db = openDb(env.DB);
    const row = await findProfileByRef(db, project.id, "team/eval@1");
    expect(row?.id).toBe(created.id);
    expect(JSON.stringify(row)).not.toContain(PLANT);
    expect(row!.secretNames).toEqual(["MODEL_API_KEY"]);
    expect(await resolveProfileSecrets(env.ASSAY_SECRET_KEY!, row!)).toEqual({ MODEL_API_KEY: PLANT });
    expect(await findProfileByRef(db, project.id, "team/eval@2")).toBeUndefined();
    expect(await findProfileByRef(db, project.id, "not a ref")).toBeUndefined();
    const bare = await create(key, { name: "bare", version: "1" });
    const bareRow = await findProfileByRef(db, project.id, "bare@1");
    expect(bareRow?.id).toBe(bare.id);
    expect(await resolveProfileSecrets(env.ASSAY_SECRET_KEY!, bareRow!)).toEqual({});
  });

  it("digests content with a keyed MAC, so a secret cannot be guessed from the digest", async () => {
    const { key } = await newProject();
    const b = body();
    const created = await create(key, b);
    expect(created.content_digest).toBe(await profileDigest(env.ASSAY_SECRET_KEY!, b.params, b.secret_params));
    expect(created.content_digest).not.toBe(await sha256Hex(profileContent(b.params, b.secret_params)));
  });
});

describe("profiles: validation", () => {
  it.each([
    ["params not an object", { params: "not-an-object" }, "params"],
    ["params a list", { params: [1, 2] }, "params"],
    ["params null", { params: null }, "params"],
    ["a param name with a space", { params: { "bad name": 1 } }, "params"],
    ["too large params", { params: { big: "x".repeat(70 * 1024) } }, "params"],
    ["an uppercase name", { name: "Team/eval" }, "name"],
    ["an empty name", { name: "" }, "name"],
    ["a name starting with '/'", { name: "/eval" }, "name"],
    ["a name with '@'", { name: "a@b" }, "name"],
    ["a long name", { name: "a".repeat(101) }, "name"],
    ["no name", { name: undefined }, "name"],
    ["an empty version", { version: "" }, "version"],
    ["a numeric version", { version: 1 }, "version"],
    ["a version with a space", { version: "1 0" }, "version"],
    ["a long version", { version: "1".repeat(51) }, "version"],
    ["secret params not an object", { secret_params: PLANT }, "secret_params"],
    ["a non-string secret", { secret_params: { K: 5 } }, "secret_params.K"],
    ["a too long secret", { secret_params: { K: PLANT.repeat(1000) } }, "secret_params.K"],
    ["too many secrets", { secret_params: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`S${i}`, PLANT])) }, "secret_params"],
    ["a secret also in params", { params: { MODEL_API_KEY: "x" } }, "secret_params.MODEL_API_KEY"],
    ["an unknown field", { schema_version: "v2" }, "schema_version"],
  ])("refuses %s with 422 naming the field, writing nothing, echoing no secret", async (_, patch, field) => {
    const { key } = await newProject();
    const p = expectProblem(await call("POST", "/api/profiles", { key, body: body(patch) }), 422, "validation_failed");
    expect(p.errors?.map((e) => e.field).some((f) => f === field || f.startsWith(`${field}.`))).toBe(true);
    expect(JSON.stringify(p)).not.toContain(PLANT);
    expect((await call("GET", "/api/profiles", { key })).body).toEqual({ items: [], next_cursor: null });
  });

  it("answers malformed JSON with 400 and a non-object body with 422", async () => {
    const { key } = await newProject();
    expectProblem(await call("POST", "/api/profiles", { key, raw: "{", type: "application/json" }), 400, "invalid_json");
    expectProblem(await call("POST", "/api/profiles", { key, raw: "[]", type: "application/json" }), 422, "validation_failed");
  });

  it.each([
    ["?name=", "name"],
    ["?limit=0", "limit"],
    ["?owner=me", "owner"],
  ])("refuses list query %s naming %s", async (query, field) => {
    const { key } = await newProject();
    const p = expectProblem(await call("GET", `/api/profiles${query}`, { key }), 422, "validation_failed");
    expect(p.errors?.map((e) => e.field)).toContain(field);
  });

  it.each([
    "/api/profiles/prof_nope",
    `/api/profiles/${encodeURIComponent("team/eval@9")}`,
    "/api/profiles/by-ref?ref=nope",
    "/api/profiles/by-ref?ref=nope%401",
  ])("answers GET %s with 404", async (path) => {
    const { key } = await newProject();
    await create(key, body());
    expectProblem(await call("GET", path, { key }), 404, "not_found");
  });

  it("refuses by-ref without a ref", async () => {
    const { key } = await newProject();
    const p = expectProblem(await call("GET", "/api/profiles/by-ref", { key }), 422, "validation_failed");
    expect(p.errors?.map((e) => e.field)).toContain("ref");
  });
});

describe("profiles: auth", () => {
  it("refuses a missing or revoked key, and writes with a read key", async () => {
    const { key } = await newProject();
    const created = await create(key, body());
    const gone = await call("POST", "/api/keys", { key, body: { name: "gone", scopes: ["write"] } });
    await call("DELETE", `/api/keys/${gone.body.key.id}`, { key });
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/profiles"],
      ["GET", `/api/profiles/${created.id}`],
      ["GET", "/api/profiles/by-ref?ref=team%2Feval%401"],
      ["POST", "/api/profiles", body({ version: "2" })],
    ];
    for (const [method, path, b] of routes) {
      expectProblem(await call(method, path, { body: b }), 401, "unauthorized");
      expectProblem(await call(method, path, { body: b, key: gone.body.api_key }), 401, "unauthorized");
    }
    const read = await keyWith(key, ["read"]);
    expect((await call("GET", `/api/profiles/${created.id}`, { key: read })).status).toBe(200);
    expectProblem(await call("POST", "/api/profiles", { key: read, body: body({ version: "2" }) }), 403, "forbidden");
    expect((await call("GET", "/api/profiles", { key })).body.items).toHaveLength(1);
  });
});

describe("profiles: isolation", () => {
  it("hides a project's profiles from another, which has its own name space", async () => {
    const a = await newProject("a");
    const b = await newProject("b");
    const { rec, expectNoLeak } = recorder();
    const created = await create(a.key, body());
    for (const path of [
      `/api/profiles/${created.id}`,
      `/api/profiles/${encodeURIComponent("team/eval@1")}`,
      "/api/profiles/by-ref?ref=team%2Feval%401",
    ]) {
      expectProblem(await rec("GET", path, { key: b.key }), 404, "not_found");
    }
    const list = await rec("GET", "/api/profiles?name=team%2Feval", { key: b.key });
    expect(list.body).toEqual({ items: [], next_cursor: null });
    const mine = await rec("POST", "/api/profiles", { key: b.key, body: body({ params: { model: "other" } }) });
    expect(mine.status).toBe(201);
    expect(mine.body.id).not.toBe(created.id);
    expect((await rec("GET", `/api/profiles/${created.id}`, { key: a.key })).body.params.model).toBe("gpt-x");
    expectNoLeak();
  });
});

describe("profiles: OpenAPI", () => {
  it("documents every profile route", async () => {
    const r = await call("GET", "/api/openapi.json");
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.paths)).toEqual(expect.arrayContaining(["/api/profiles", "/api/profiles/{id}", "/api/profiles/by-ref"]));
    expect(r.body.components.schemas.Profile.properties.secret_params).toBeTruthy();
  });
});
