// The TypeScript client (sdk/typescript) and the dashboard's types are generated from
// sdk/typescript/openapi.json: this fails when the served document has moved on from it.
import { exports } from "cloudflare:workers";
import { expect, it } from "vitest";
import committed from "../../sdk/typescript/openapi.json";

it("sdk/typescript/openapi.json is the document the API serves (regenerate: node sdk/typescript/generate.mjs URL)", async () => {
  const r = await exports.default.fetch(new Request("http://assay.test/api/openapi.json"));
  expect(r.status).toBe(200);
  const { servers: _servers, ...served } = (await r.json()) as Record<string, unknown>;
  expect(served).toEqual(committed);
});
