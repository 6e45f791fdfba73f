/**
 * The app, for a route that calls the API's own routes (POST /api/imports
 * creates its benchmarks and run through them). buildApp registers itself
 * here so that route need not import app.ts, which imports it: a static
 * import would be a cycle, and an import() makes esbuild wrap every module
 * app.ts reaches in a lazy init, which each Worker start-up pays for
 * (e2e/worker-bundle.test.mjs checks the bundle has none outside the SDKs).
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./router";

let registered: OpenAPIHono<AppEnv> | undefined;

/** Called by buildApp with the app it built; every app it builds routes the same. */
export function registerApp(app: OpenAPIHono<AppEnv>): void {
  registered = app;
}

export function ownApp(): OpenAPIHono<AppEnv> {
  if (!registered) throw new Error("no app registered: buildApp (workers/http/app.ts) has not run");
  return registered;
}
