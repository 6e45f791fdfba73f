// The API's published contract on the real stack (wrangler dev, so the
// Worker's static assets are served as in production):
// - /api/openapi.json passes `redocly lint` with the recommended rules, no
//   error and no warning, with the Redocly CLI pinned in package.json;
// - /api/docs loads Swagger UI only from the Worker's own origin, and every
//   script and stylesheet it names is there.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { sharedStack } from "../scripts/lib/shared-stack.mjs";
import { freePort, startStack } from "../scripts/lib/stack.mjs";
import { ROOT } from "./lib/harness.mjs";

const REDOCLY = join(ROOT, "node_modules", ".bin", "redocly");

describe("API contract on the local stack", { timeout: 420_000 }, () => {
  let stack;
  let dir;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "assay-api-docs-"));
    // npm test's shared stack when there is one (it only reads documents).
    stack = sharedStack() ?? (await startStack({ port: await freePort(), stateDir: join(dir, "state"), quiet: true, logFile: join(dir, "wrangler.log") }));
  });

  after(async () => {
    await stack?.stop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("serves an OpenAPI document that redocly lints clean with the recommended rules", async () => {
    const r = await fetch(`${stack.url}/api/openapi.json`);
    assert.equal(r.status, 200);
    const file = join(dir, "openapi.json");
    writeFileSync(file, await r.text());
    const config = join(dir, "redocly.yaml");
    writeFileSync(config, "extends:\n  - recommended\n");
    const lint = spawnSync(REDOCLY, ["lint", file, "--config", config, "--format", "stylish"], { encoding: "utf8", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } });
    const out = `${lint.stdout}\n${lint.stderr}`;
    assert.equal(lint.status, 0, out);
    assert.match(out, /Your API description is valid/, out);
    assert.doesNotMatch(out, /warning/i, out);
  });

  it("serves /api/docs with same-origin scripts only, all of which load", async () => {
    const r = await fetch(`${stack.url}/api/docs`);
    assert.equal(r.status, 200);
    assert.match(r.headers.get("content-security-policy") ?? "", /script-src 'self'/);
    const html = await r.text();
    const refs = [...html.matchAll(/<(script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => ({ tag: m[1], url: new URL(m[2], stack.url) }));
    assert.ok(refs.some((x) => x.tag === "script"), html);
    for (const { tag, url } of refs) {
      assert.equal(url.origin, stack.url, `${url} is not same-origin`);
      const asset = await fetch(url);
      assert.equal(asset.status, 200, `${url}`);
      const type = asset.headers.get("content-type") ?? "";
      // A missing asset would come back as the dashboard's index.html (single-page fallback), so check the type.
      if (tag === "script") assert.match(type, /javascript/, `${url}: ${type}`);
      if (url.pathname.endsWith(".css")) assert.match(type, /text\/css/, `${url}: ${type}`);
      await asset.arrayBuffer();
    }
    const bundle = await (await fetch(new URL("/docs-ui/swagger-ui-bundle.js", stack.url))).text();
    assert.match(bundle, /SwaggerUIBundle/);
  });
});
