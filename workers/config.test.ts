import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "./index";
import { describeProblems, parseWorkerVars } from "../src/config/worker-config";
import type { Env } from "./env";

async function fetchWith(vars: Partial<Record<keyof Env, string>>, path = "/api/openapi.json") {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(new Request(`http://assay.test${path}`) as never, { ...env, ...vars } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("configuration: the shared schema", () => {
  it("accepts a sound configuration, empty meaning unset", () => {
    const r = parseWorkerVars({ ASSAY_SECRET_KEY: "k".repeat(16), ASSAY_BOOTSTRAP_TOKEN: "", ASSAY_DEFAULT_CREDITS: "5", ASSAY_PUBLIC_URL: "https://assay.example.com" });
    expect(r).toEqual({ ok: true, vars: { ASSAY_SECRET_KEY: "k".repeat(16), ASSAY_DEFAULT_CREDITS: 5, ASSAY_PUBLIC_URL: "https://assay.example.com" } });
  });

  it.each([
    [{ ASSAY_BOOTSTRAP_TOKEN: "tok" }, "ASSAY_BOOTSTRAP_TOKEN must be at least 8 characters"],
    [{ ASSAY_SECRET_KEY: "" }, "ASSAY_SECRET_KEY must be set (key material for sealing stored secrets)"],
    [{ ASSAY_SECRET_KEY: "short" }, "ASSAY_SECRET_KEY must be at least 16 characters"],
    [{ ASSAY_DEFAULT_CREDITS: "-1" }, "ASSAY_DEFAULT_CREDITS must be at least 0"],
    [{ ASSAY_DEFAULT_CREDITS: "lots" }, "ASSAY_DEFAULT_CREDITS must be a whole number"],
    [{ ASSAY_IO_METRICS: "yes" }, "ASSAY_IO_METRICS must be 0 or 1"],
    [{ ASSAY_PUBLIC_URL: "assay.example.com" }, "ASSAY_PUBLIC_URL must be an http(s) URL"],
    [{ ASSAY_LIVE_SHARD_ATTEMPTS: "0" }, "ASSAY_LIVE_SHARD_ATTEMPTS must be at least 1"],
  ])("refuses %j: %s", (vars, message) => {
    const r = parseWorkerVars({ ASSAY_SECRET_KEY: "k".repeat(16), ...vars });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(describeProblems(r.problems)).toBe(message);
  });
});

describe("configuration: the Worker", () => {
  it("answers 503 problem+json naming the variable and its rule, never 500, and never shows the value", async () => {
    const res = await fetchWith({ ASSAY_BOOTSTRAP_TOKEN: "tok" });
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const body = (await res.json()) as { code: string; detail: string; errors: unknown[] };
    expect(body).toMatchObject({
      code: "misconfigured",
      detail: "the server's configuration is invalid: ASSAY_BOOTSTRAP_TOKEN must be at least 8 characters; fix it and restart",
      errors: [{ field: "ASSAY_BOOTSTRAP_TOKEN", message: "must be at least 8 characters" }],
    });
    expect(JSON.stringify(body)).not.toContain('"tok"');
    // Every route, authenticated or not.
    expect((await fetchWith({ ASSAY_BOOTSTRAP_TOKEN: "tok" }, "/api/benchmarks")).status).toBe(503);
  });

  it("serves normally with the test configuration", async () => {
    expect((await fetchWith({})).status).toBe(200);
  });
});
