// The Worker npm run deploy uploads, run: built as the deploy builds it
// (scripts/lib/worker-build.mjs: the SDK stand-ins, the oxc pass) and
// served as it is by the local stack (`wrangler dev <script> --no-bundle`),
// it answers the API and carries a run through the queue, the gate and the
// scorer to its rewards, with an OpenAI and an Anthropic target against the
// fixture model. The stack the other tests run is wrangler's own bundle of
// the sources; this one is the deployed bytes. Starts processes (the stack,
// the fixture model) and writes a temporary folder.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { buildWorker } from "../scripts/lib/worker-build.mjs";
import { startEnvironment } from "./lib/harness.mjs";

const dir = mkdtempSync(join(tmpdir(), "assay-deploy-run-"));
const ROWS = Array.from({ length: 6 }, (_, i) => ({ id: `q${i + 1}`, question: `What is ${4 + i * 9} + ${3 + i * 11}?`, answer: String(7 + i * 20) }));
let env;
let benchmarkId;

/** The API's answer body; fails the test with the status and text when it is not a 2xx. */
async function ok(call) {
  const r = await call;
  assert.ok(r.status >= 200 && r.status < 300, `${r.status} ${r.text}`);
  return r.body;
}

before(async () => {
  // As npm run deploy builds it: the OpenAPI document it serves goes into the assets (dashboard/dist).
  const { script } = await buildWorker({ outdir: join(dir, "bundle"), intoAssets: true });
  env = await startEnvironment({ projectName: "deploy-run", script });
  const ds = await ok(env.api("POST", "/api/datasets/deploy-math/revisions", ROWS.map((r) => JSON.stringify(r)).join("\n") + "\n", "application/x-ndjson"));
  const bm = await ok(
    env.api("POST", "/api/benchmarks", {
      name: "deploy-math",
      dataset: ds.ref,
      prompt_template: "Solve it and end with '#### <number>'.\n{question}",
      answer_column: "answer",
      scoring: { type: "regex", pattern: "#### (-?[0-9.,]+)" },
    }),
  );
  benchmarkId = bm.id;
});

after(async () => {
  await env?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the deploy bundle, served by the local stack", () => {
  it("serves the OpenAPI document the deploy built, read from its assets, with this deployment's origin", async () => {
    const doc = await ok(env.api("GET", "/api/openapi.json"));
    const built = JSON.parse(readFileSync(join(dir, "bundle", "openapi.json"), "utf8"));
    assert.ok(built.paths["/api/eval-runs"], "the built document has the routes");
    assert.deepEqual(doc, { ...built, servers: [{ url: env.url, description: "This Assay deployment" }] });
  });

  for (const provider of ["openai", "anthropic"]) {
    it(`runs a benchmark against an ${provider} target: every attempt called once and scored`, { timeout: 180_000 }, async () => {
      const model = `fixture-deploy-run-${provider}:accuracy=1`;
      const run = await ok(
        env.api("POST", "/api/eval-runs", {
          benchmarks: [benchmarkId],
          target: { kind: "model", provider, base_url: provider === "openai" ? `${env.fixture.url}/v1` : env.fixture.url, model, api_key: "sk-deploy-run" },
          options: { concurrency: 2, timeout_s: 30 },
        }),
      );
      await ok(env.api("POST", `/api/eval-runs/${run.id}/start`, {}));
      let progress;
      for (const deadline = Date.now() + 150_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
        progress = await ok(env.api("GET", `/api/eval-runs/${run.id}/progress`));
        if (["completed", "failed", "cancelled"].includes(progress.status)) break;
      }
      assert.equal(progress.status, "completed", JSON.stringify(progress));
      assert.equal(progress.scored_attempts, ROWS.length);
      const samples = await ok(env.api("GET", `/api/eval-runs/${run.id}/samples?limit=50`));
      assert.deepEqual(samples.items.map((s) => s.reward), ROWS.map(() => 1));
      assert.equal((await env.fixture.stats(model)).calls, ROWS.length);
    });
  }
});
