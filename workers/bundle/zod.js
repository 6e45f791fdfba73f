/**
 * What the deployed Worker imports as "zod" (wrangler.toml [alias]; not in
 * the vitest pool, which loads zod itself): zod 4's classic API, the same
 * modules from node_modules/zod, with a `z` that holds only the members the
 * Worker's code calls. @hono/zod-openapi passes `z` whole to
 * `extendZodWithOpenApi(z)`, and a namespace passed as a value keeps every
 * member in the bundle: zod's locales (~40 translations), its ahead-of-time
 * compiler, `fromJSONSchema`, and the schema kinds and helpers nothing here
 * calls, 63 KB gzipped in all (docs/deploy.md, "The bundle"). An object
 * of the members used lets the bundler drop the others; each member is
 * zod's own function or class, so parsing, errors (English, which zod's
 * schemas import themselves) and `.openapi()` (on ZodType, the one member
 * zod-to-openapi reads) are zod's. e2e/worker-bundle.test.mjs fails, naming
 * the file, when the Worker's code uses a member `z` lacks (add it here) or
 * `z` keeps one nothing uses. Named imports (`import { ZodError } from "zod"`) reach all of zod.
 * Types come from zod itself (TypeScript does not read the alias). The path
 * is relative because "zod/v4/classic/external" is not one zod exports.
 */
import * as zod from "../../node_modules/zod/v4/classic/external.js";

export * from "../../node_modules/zod/v4/classic/external.js";

export const z = {
  array: zod.array,
  boolean: zod.boolean,
  coerce: zod.coerce,
  discriminatedUnion: zod.discriminatedUnion,
  enum: zod.enum,
  lazy: zod.lazy,
  literal: zod.literal,
  NEVER: zod.NEVER,
  null: zod.null,
  number: zod.number,
  object: zod.object,
  preprocess: zod.preprocess,
  record: zod.record,
  strictObject: zod.strictObject,
  string: zod.string,
  toJSONSchema: zod.toJSONSchema,
  tuple: zod.tuple,
  union: zod.union,
  unknown: zod.unknown,
  url: zod.url,
  ZodType: zod.ZodType,
};
export default z;
