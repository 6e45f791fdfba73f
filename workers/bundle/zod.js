/**
 * What the deployed Worker imports as "zod" (wrangler.toml [alias]): zod 4's
 * classic API, the same modules from node_modules/zod, less its locales.
 * `import { z } from "zod"` and @hono/zod-openapi's `extendZodWithOpenApi(z)`
 * hold the whole `z` namespace, so esbuild keeps every member, and
 * `z.locales` / `z.core.locales` bundle ~40 translations (~40 KB gzipped) the
 * Worker never loads: error messages stay English (`en`, which zod's schemas
 * import themselves). Mirrors zod/index.js; e2e/worker-bundle.test.mjs
 * fails when zod's exports and these drift apart. Types come from zod itself
 * (TypeScript does not read the alias). The paths are relative because the
 * alias would rewrite "zod/..." too.
 */
import * as z from "./zod-classic.js";
export * from "./zod-classic.js";
export { z, z as default };
