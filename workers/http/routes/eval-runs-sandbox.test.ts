// A run whose benchmarks are scored in a sandbox starts only on a
// deployment that has one (issue 40): without one the start is a 422
// naming each benchmark and the settings that would provide it, with a
// half-set configuration a 503 naming the setting; either way the run stays
// a draft and no model is called. The same run starts where the sandbox is
// configured (the test environment's loopback sandbox).
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import worker from "../../index";
import type { Env } from "../../env";
import { call, expectProblem, newProject } from "../../../test/http";
import { arithmeticBenchmark, createRun } from "../../../test/runs";

/** The Worker's fetch with some bindings removed or replaced, as a deployment configured otherwise would see it. */
async function callWith(overrides: Partial<Record<keyof Env, unknown>>, method: string, path: string, key: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://assay.test${path}`, { method, headers: { authorization: `Bearer ${key}` } }), { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: await res.json<any>(), headers: res.headers };
}

const calls = async (model: string) => ((await (await fetch(`${inject("fixtureUrl")}/_stats?model=${encodeURIComponent(model)}`)).json()) as { calls: number }).calls;

describe("starting a run that needs the code sandbox", () => {
  it("without one configured: 422 naming the benchmark and how to provide one; the run stays a draft and no model is called", async () => {
    const { key, project } = await newProject();
    const model = `fixture-nosandbox-${crypto.randomUUID().slice(0, 8)}`;
    const plain = await arithmeticBenchmark(key, project.id);
    const runId = await createRun(key, [plain, "bm_humaneval"], model, { sample_limit: 2 });
    const r = await callWith({ ASSAY_SANDBOX_URL: undefined, ASSAY_SANDBOX_SECRET: undefined }, "POST", `/api/eval-runs/${runId}/start`, key);
    const p = expectProblem(r, 422, "validation_failed");
    expect(p.errors).toEqual([{ field: "benchmarks.1", message: expect.stringMatching(/^HumanEval is scored by running code in a code sandbox, and this deployment has none: set ASSAY_SANDBOX_URL and the secret ASSAY_SANDBOX_SECRET, or deploy with the containers environment/) }]);
    expect((await call("GET", `/api/eval-runs/${runId}`, { key })).body.status).toBe("draft");
    expect((await call("GET", `/api/eval-runs/${runId}/logs`, { key })).body.items).toEqual([]);
    expect(await calls(model)).toBe(0);
  });

  it.each([
    ["a URL without its secret", { ASSAY_SANDBOX_SECRET: undefined }, "ASSAY_SANDBOX_SECRET"],
    ["a secret naming no sandbox", { ASSAY_SANDBOX_URL: undefined }, "ASSAY_SANDBOX_URL"],
  ])("with %s: 503 naming the setting, and the run stays a draft", async (_, overrides, variable) => {
    const { key } = await newProject();
    const runId = await createRun(key, ["bm_humaneval"], `fixture-halfset-${crypto.randomUUID().slice(0, 8)}`, { sample_limit: 1 });
    const r = await callWith(overrides, "POST", `/api/eval-runs/${runId}/start`, key);
    const p = expectProblem(r, 503, "misconfigured");
    expect(p.errors!.map((e) => e.field)).toEqual([variable]);
    expect(p.detail).toContain(variable);
    expect((await call("GET", `/api/eval-runs/${runId}`, { key })).body.status).toBe("draft");
  });

  it("a run needing no sandbox starts on a deployment without one; the same code run starts where one is configured", async () => {
    const { key, project } = await newProject();
    const plain = await arithmeticBenchmark(key, project.id);
    const runId = await createRun(key, [plain], `fixture-${crypto.randomUUID().slice(0, 8)}`);
    expect((await callWith({ ASSAY_SANDBOX_URL: undefined, ASSAY_SANDBOX_SECRET: undefined }, "POST", `/api/eval-runs/${runId}/start`, key)).status).toBe(202);
    const code = await createRun(key, ["bm_humaneval"], `fixture-${crypto.randomUUID().slice(0, 8)}`, { sample_limit: 1 });
    expect((await call("POST", `/api/eval-runs/${code}/start`, { key })).status).toBe(202);
    await call("POST", `/api/eval-runs/${code}/stop`, { key });
  });
});
