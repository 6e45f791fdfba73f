// The OpenAPI document names every operation (a stable, unique operationId
// and a summary, so SDKs and docs can address it) and carries servers and a
// licence. e2e/api-docs.test.mjs lints it with the pinned Redocly CLI.
import { describe, expect, it } from "vitest";
import { call } from "../../test/http";
import { DOCS_CSP } from "./docs-page";

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

async function document() {
  const r = await call("GET", "/api/openapi.json");
  expect(r.status).toBe(200);
  return r.body as { info: any; servers?: { url: string }[]; paths: Record<string, Record<string, any>> };
}

function operations(doc: Awaited<ReturnType<typeof document>>) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
  );
}

describe("OpenAPI document", () => {
  it("gives every operation an operationId (camelCase verbNoun) and a summary", async () => {
    const ops = operations(await document());
    expect(ops.length).toBeGreaterThan(60);
    // Named so a route added without one says which: create routes with defineRoute (workers/http/router.ts).
    expect(ops.filter((o) => typeof o.op.operationId !== "string").map((o) => o.where)).toEqual([]);
    expect(ops.filter((o) => !/^[a-z]+[A-Z][A-Za-z]*$/.test(o.op.operationId)).map((o) => `${o.where}: ${o.op.operationId}`)).toEqual([]);
    expect(ops.filter((o) => typeof o.op.summary !== "string" || !o.op.summary.trim()).map((o) => o.where)).toEqual([]);
  });

  it("keeps operationIds unique", async () => {
    const seen = new Map<string, string[]>();
    for (const o of operations(await document())) seen.set(o.op.operationId, [...(seen.get(o.op.operationId) ?? []), o.where]);
    expect([...seen].filter(([, where]) => where.length > 1)).toEqual([]);
  });

  it("names the server it is served from and the licence", async () => {
    const doc = await document();
    expect(doc.servers).toEqual([{ url: "http://assay.test", description: "This Assay deployment" }]);
    expect(doc.info.license).toEqual({ name: "Apache-2.0", identifier: "Apache-2.0" });
  });
});

describe("API docs page", () => {
  it("loads only same-origin scripts, under a CSP that allows nothing else", async () => {
    const r = await call("GET", "/api/docs");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-security-policy")).toBe(DOCS_CSP);
    expect(DOCS_CSP).toContain("script-src 'self'");
    const html = r.body as string;
    const sources = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toEqual(["/docs-ui/favicon-32x32.png", "/docs-ui/swagger-ui.css", "/docs-ui/swagger-ui-bundle.js", "/docs-ui/init.js"]);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script>(?!<)/);
    // The test pool does not serve static assets; e2e/api-docs.test.mjs loads these from the real stack.
  });
});
