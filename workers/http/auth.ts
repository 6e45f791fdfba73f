/**
 * Authentication at the edge: the bootstrap token for operator routes and
 * project API keys (hashed lookup, scopes) for everything else.
 */
import type { MiddlewareHandler, Context } from "hono";
import { AppError } from "../../src/domain/errors";
import { sha256Hex, timingSafeEqual } from "../../src/crypto/hash";
import { findActiveKeyByHash, touchKey } from "../../src/db/projects";
import type { AppEnv } from "./router";

export const SCOPES = ["read", "write", "admin"] as const;
export type Scope = (typeof SCOPES)[number];

/** A key's scopes imply lower ones: admin ⊃ write ⊃ read. */
export function hasScope(scopes: string[], need: Scope): boolean {
  const rank = (s: string) => SCOPES.indexOf(s as Scope);
  return scopes.some((s) => rank(s) >= rank(need));
}

/** Routes that authenticate themselves (bootstrap token, runner token, signed hook, live ticket or key) or are public. */
const SELF_AUTHENTICATED = [/^\/api\/projects(\/|$)/, /^\/api\/_io$/, /^\/api\/openapi\.json$/, /^\/api\/docs$/, /^\/api\/runner\//, /^\/api\/hooks\//, /^\/api\/eval-runs\/[^/]+\/live$/];

/** The scope a request needs: key management is admin, reads read, the rest write. */
export function scopeFor(method: string, path: string): Scope {
  if (path === "/api/keys" || path.startsWith("/api/keys/")) return "admin";
  // A live ticket lets a browser follow a run: reading, though it is a POST.
  if (/^\/api\/eval-runs\/[^/]+\/live-ticket$/.test(path)) return "read";
  return method === "GET" || method === "HEAD" ? "read" : "write";
}

function bearer(c: Context): string | undefined {
  const h = c.req.header("authorization");
  const m = h?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
}

const TOUCH_EVERY_MS = 60_000;

export const requireKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = new URL(c.req.url).pathname;
  if (SELF_AUTHENTICATED.some((r) => r.test(path))) return next();
  const token = bearer(c);
  if (!token) throw new AppError("unauthorized", "an API key is required: Authorization: Bearer ak_...");
  const key = token.startsWith("ak_") ? await findActiveKeyByHash(c.var.db, await sha256Hex(token)) : undefined;
  if (!key) throw new AppError("unauthorized", "the API key is unknown or revoked");
  const need = scopeFor(c.req.method, path);
  if (!hasScope(key.scopes, need)) throw new AppError("forbidden", `this key lacks the '${need}' scope`);
  c.set("auth", { projectId: key.projectId, keyId: key.id, scopes: key.scopes });
  const now = Date.now();
  if (!key.lastUsedAt || now - Date.parse(key.lastUsedAt) > TOUCH_EVERY_MS) {
    c.executionCtx.waitUntil(touchKey(c.var.db, key.id, new Date(now).toISOString()));
  }
  return next();
};

/** Operator routes: the bootstrap token, compared in constant time. */
export function requireBootstrap(c: Context<AppEnv>): void {
  const expected = c.var.config.bootstrapToken;
  const token = bearer(c);
  if (!expected) throw new AppError("forbidden", "no bootstrap token is configured on this deployment");
  if (!token || !timingSafeEqual(token, expected)) throw new AppError("unauthorized", "the bootstrap token is missing or wrong");
}
