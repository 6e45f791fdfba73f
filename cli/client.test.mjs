// The client without a server: URLs, problems as one line, retries of
// reads, network failures. (cli/e2e.test.mjs checks ROUTES against the
// served OpenAPI document.)
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Client, ROUTES } from "./client.mjs";
import { ApiError, EXIT, NetworkError, problemLine } from "./errors.mjs";

/** A client whose fetch answers from `replies` in turn and records requests. */
function fake(replies) {
  const calls = [];
  const sleeps = [];
  const client = new Client({
    url: "http://api.test/",
    apiKey: "ak_test",
    fetch: async (url, init) => {
      calls.push({ url, method: init.method, headers: init.headers, body: init.body });
      const next = replies.shift();
      if (next instanceof Error) throw next;
      return next;
    },
    sleep: async (ms) => void sleeps.push(ms),
  });
  return { client, calls, sleeps };
}

const problem = (status, body, headers = {}) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/problem+json", ...headers } });
const ok = (body, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const refused = () => Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) });

describe("ROUTES", () => {
  test("every route has a method and an /api path; names are unique by method and path", () => {
    const seen = new Set();
    for (const [name, r] of Object.entries(ROUTES)) {
      assert.match(r.method, /^(get|post|patch|delete)$/, name);
      assert.match(r.path, /^\/api\//, name);
      const key = `${r.method} ${r.path}`;
      assert.ok(!seen.has(key), `${name} repeats ${key}`);
      seen.add(key);
    }
  });
});

describe("urlOf", () => {
  test("fills and encodes path parameters, sends only declared query parameters", () => {
    const { client } = fake([]);
    assert.equal(client.urlOf("getDataset", { params: { ref: "team/x@1" } }), "http://api.test/api/datasets/team%2Fx%401");
    assert.equal(client.urlOf("listRuns", { query: { status: "running", limit: 5, cursor: undefined } }), "http://api.test/api/eval-runs?status=running&limit=5");
    assert.throws(() => client.urlOf("getRun", {}), /path parameter id missing/);
    assert.throws(() => client.urlOf("getRun", { params: { id: "x" }, query: { bogus: 1 } }), /query parameter bogus/);
  });
});

describe("send", () => {
  test("bearer key, JSON body, parsed answer", async () => {
    const { client, calls } = fake([ok({ id: "run_1" }, 201)]);
    const reply = await client.call("createRun", { body: { benchmarks: ["bm_1"] } });
    assert.deepEqual([reply.status, reply.body], [201, { id: "run_1" }]);
    assert.equal(calls[0].method, "POST");
    assert.equal(calls[0].headers.authorization, "Bearer ak_test");
    assert.equal(calls[0].headers["content-type"], "application/json");
    assert.equal(calls[0].body, '{"benchmarks":["bm_1"]}');
  });

  test("a problem becomes ApiError with the fields at fault on one line", async () => {
    const body = {
      type: "urn:assay:problem:validation_failed",
      title: "Validation failed",
      status: 422,
      detail: "invalid body: options.attempts, target.base_url",
      code: "validation_failed",
      errors: [
        { field: "options.attempts", message: "Too big: expected number to be <=100" },
        { field: "target.base_url", message: "must be an http or\nhttps URL" },
      ],
    };
    const { client } = fake([problem(422, body)]);
    const err = await client.call("createRun", { body: {} }).catch((e) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(err.exitCode, EXIT.API);
    assert.equal(err.message, "options.attempts: Too big: expected number to be <=100; target.base_url: must be an http or https URL (422 validation_failed)");
  });

  test("problem lines without fields, and answers that are not problems", () => {
    assert.equal(problemLine(404, { detail: "no eval run run_x", code: "not_found" }, "GET /x"), "no eval run run_x (404 not_found)");
    assert.equal(problemLine(502, { detail: "Bad gateway" }, "GET /x"), "Bad gateway (HTTP 502)");
    assert.equal(problemLine(500, null, "GET /api/x"), "GET /api/x failed (HTTP 500)");
  });

  test("reads retry on 429 (honouring retry-after), 503 and dropped connections, then give up", async () => {
    const { client, calls, sleeps } = fake([problem(429, { code: "rate_limited", detail: "slow down" }, { "retry-after": "2" }), refused(), problem(503, {}), ok({ items: [] })]);
    assert.deepEqual(await client.json("listRuns"), { items: [] });
    assert.equal(calls.length, 4);
    assert.deepEqual(sleeps, [2000, 1000, 2000]);

    const again = fake([refused(), refused(), refused(), refused()]);
    const err = await again.client.json("listRuns").catch((e) => e);
    assert.ok(err instanceof NetworkError);
    assert.equal(err.exitCode, EXIT.NETWORK);
    assert.match(err.message, /cannot reach http:\/\/api\.test \(ECONNREFUSED\)/);
    assert.equal(again.calls.length, 4);
  });

  test("writes are never retried", async () => {
    const { client, calls } = fake([problem(503, { detail: "busy" }), ok({})]);
    const err = await client.call("startRun", { params: { id: "run_1" } }).catch((e) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(calls.length, 1);
  });

  test("items follows next_cursor across pages", async () => {
    const { client, calls } = fake([ok({ items: [1, 2], next_cursor: "c1" }), ok({ items: [3], next_cursor: null })]);
    const all = [];
    for await (const x of client.items("listRuns", { query: { limit: 2 } })) all.push(x);
    assert.deepEqual(all, [1, 2, 3]);
    assert.equal(calls[1].url, "http://api.test/api/eval-runs?limit=2&cursor=c1");
  });
});
