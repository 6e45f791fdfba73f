/**
 * What the deployed Worker imports as "zod" (wrangler.toml [alias]): zod 4's
 * classic API, the same modules from node_modules/zod, less three parts the
 * Worker never uses. `import { z } from "zod"` and @hono/zod-openapi's
 * `extendZodWithOpenApi(z)` hold the whole `z` namespace, so esbuild keeps
 * every member: `z.locales` / `z.core.locales` would bundle ~40 translations
 * (~40 KB gzipped; error messages stay English, `en`, which zod's schemas
 * import themselves), the ahead-of-time compiler (`compile`, `withParser`,
 * `INVALID`, `ZodCompile*Error`: core/compile.js, which nothing else in zod
 * imports) and `fromJSONSchema` ~13 KB more. Mirrors zod/index.js;
 * e2e/worker-bundle.test.mjs fails when zod's exports and these drift apart. Types come from zod itself
 * (TypeScript does not read the alias). The paths are relative because the
 * alias would rewrite "zod/..." too.
 */
import * as z from "./zod-classic.js";
export * from "./zod-classic.js";
export { z, z as default };
