/**
 * What @hono/zod-openapi imports as `@asteasolutions/zod-to-openapi` in the
 * Worker `npm run deploy` uploads (scripts/lib/worker-build.mjs puts this
 * module there). The deployed Worker serves the OpenAPI document built at
 * deploy time (the plain build's own, as a static asset: workers/http/app.ts),
 * so it never generates one: the registry and the zod extension stay (every
 * route registers its schemas, and `.openapi()` is called on them), the
 * document generators (~5 KB gzipped) do not. Each generator refuses use,
 * naming this file. e2e/deploy-build.test.mjs serves the document from this
 * build and compares it with the plain build's.
 */
export { OpenAPIRegistry, extendZodWithOpenApi, getOpenApiMetadata } from "@asteasolutions/zod-to-openapi";

function leftOut(name) {
  return class {
    constructor() {
      throw new Error(`zod-to-openapi's ${name} is not in Assay's Worker build (workers/bundle/zod-to-openapi.js): the deployed Worker serves the OpenAPI document built at deploy time`);
    }
  };
}

export const OpenApiGeneratorV3 = leftOut("OpenApiGeneratorV3");
export const OpenApiGeneratorV31 = leftOut("OpenApiGeneratorV31");
