// The TypeScript client: its generated types match the committed OpenAPI document (the workerd test
// workers/http/openapi-snapshot.test.ts checks the document against the served one), they type-check
// right calls and refuse wrong ones, and the client sends the key and builds URLs as the API expects.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { DOC_FILE, generate, SCHEMA_FILE } from "./generate.mjs";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const TSC = join(HERE, "..", "..", "node_modules", ".bin", "tsc");

test("src/schema.ts is what generate.mjs makes of openapi.json (run `node sdk/typescript/generate.mjs --from-file`)", () => {
  assert.equal(readFileSync(SCHEMA_FILE, "utf8"), generate(JSON.parse(readFileSync(DOC_FILE, "utf8"))));
});

test("the generated types accept right calls and refuse wrong ones", () => {
  const r = spawnSync(TSC, ["--noEmit", "-p", "tsconfig.json"], { cwd: HERE, encoding: "utf8" });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const usage = spawnSync(TSC, ["-p", "types-test/tsconfig.json"], { cwd: HERE, encoding: "utf8" });
  assert.equal(usage.status, 0, usage.stdout + usage.stderr);
});

test("the built client sends the key and the parameters", async () => {
  // Built inside the package so openapi-fetch resolves from the repo's node_modules.
  const out = mkdtempSync(join(HERE, "dist-test-"));
  try {
    const b = spawnSync(TSC, ["-p", "tsconfig.json", "--outDir", out], { cwd: HERE, encoding: "utf8" });
    assert.equal(b.status, 0, b.stdout + b.stderr);
    const { createAssayClient } = await import(join(out, "index.js"));
    const seen = [];
    const fetch = async (req) => {
      seen.push({ url: req.url, auth: req.headers.get("authorization") });
      return new Response(JSON.stringify({ items: [], next_cursor: null }), { status: 200, headers: { "content-type": "application/json" } });
    };
    const assay = createAssayClient({ baseUrl: "http://assay.test", apiKey: "ak_t", fetch });
    const { data, error } = await assay.GET("/api/eval-runs/{id}/samples", { params: { path: { id: "run 1" }, query: { limit: 5 } } });
    assert.equal(error, undefined);
    assert.deepEqual(data, { items: [], next_cursor: null });
    assert.deepEqual(seen, [{ url: "http://assay.test/api/eval-runs/run%201/samples?limit=5", auth: "Bearer ak_t" }]);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
