/**
 * The dashboard's only door to the server: the typed client of
 * sdk/typescript (openapi-fetch over the paths generated from the API's
 * OpenAPI document) with the signed-in key, problem+json errors turned into
 * ApiError, and downloads of authenticated files. The key lives in
 * sessionStorage only, so closing the tab signs out. Every call names an
 * operation's path template and its typed parameters, so a call the API
 * does not accept, or an answer read by a field it does not send, fails
 * `tsc` rather than the user.
 */
import { createAssayClient, type AssayClient } from "../../../sdk/typescript/src/index";
import type { Problem } from "./types";

const KEY_SLOT = "assay.api-key";

/** A problem+json answer (RFC 9457), or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: { field: string; message: string }[] = [],
  ) {
    super(detail || `HTTP ${status}`);
  }
}

export const session = {
  key(): string | null {
    try {
      return sessionStorage.getItem(KEY_SLOT);
    } catch {
      return null;
    }
  },
  set(key: string): void {
    sessionStorage.setItem(KEY_SLOT, key);
  },
  clear(): void {
    sessionStorage.removeItem(KEY_SLOT);
  },
};

/** Called when the server refuses the stored key, so the app can go back to sign-in. */
let onUnauthorized: (() => void) | null = null;
export function whenUnauthorized(fn: () => void): void {
  onUnauthorized = fn;
}

/** The authorization header for a key. */
export function bearer(key: string): { authorization: string } {
  return { authorization: `Bearer ${key}` };
}

type RouteTable = (method: string, path: string) => boolean;
let routeTable: Promise<RouteTable | null> | null = null;

/**
 * The routes this server documents (GET /api/openapi.json, read once per
 * tab). Parts of the API may not exist on an older or partial server; the
 * client asks the document first, so a missing endpoint shows as "not
 * available" without a failing request in the console. This read is a plain
 * fetch: the document is not one of the paths it describes, and the
 * client's own middleware waits on it.
 */
export function loadRoutes(): Promise<RouteTable | null> {
  routeTable ??= fetch("/api/openapi.json")
    .then((r) => (r.ok ? r.json() : null))
    .then((doc: { paths?: Record<string, Record<string, unknown>> } | null) => {
      if (!doc?.paths) return null;
      const table = Object.entries(doc.paths).map(([tpl, ops]) => ({
        re: new RegExp(`^${tpl.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
        methods: new Set(Object.keys(ops).map((m) => m.toUpperCase())),
      }));
      return (method: string, path: string) => table.some((t) => t.methods.has(method) && t.re.test(path));
    })
    .catch(() => null);
  return routeTable;
}

/** Whether the server documents `method path` (true when the document cannot be read). */
export async function routeExists(method: string, path: string): Promise<boolean> {
  const table = await loadRoutes();
  return table ? table(method.toUpperCase(), path.split("?")[0]!) : true;
}

/**
 * The typed client every call goes through. Same origin; the stored key is
 * added to each request that does not carry its own (sign-in checks a key
 * before keeping it by passing `headers: bearer(key)`).
 */
export const client: AssayClient = createAssayClient({ baseUrl: "" });
client.use({
  async onRequest({ request }) {
    const path = new URL(request.url).pathname;
    if (!(await routeExists(request.method, path))) throw new ApiError(404, "not_found", `no route ${request.method} ${path}`);
    const key = session.key();
    if (key && !request.headers.has("authorization")) request.headers.set("authorization", bearer(key).authorization);
    return request;
  },
  onResponse({ request, response }) {
    // Only the stored key being refused signs out; a key under test (sign-in) is just wrong.
    const key = session.key();
    if (response.status === 401 && key && request.headers.get("authorization") === bearer(key).authorization) onUnauthorized?.();
    return undefined;
  },
  onError({ error }) {
    if (error instanceof Error && error.name === "AbortError") return error;
    return new ApiError(0, "network", "the server did not answer");
  },
});

/** What a client call resolves to (openapi-fetch's answer, loosely: the data or the parsed error body). */
interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function problemOf(r: Response, body: unknown): ApiError {
  const p = (body && typeof body === "object" ? body : {}) as Partial<Problem>;
  return new ApiError(r.status, p.code ?? `http_${r.status}`, p.detail ?? p.title ?? r.statusText, p.errors ?? []);
}

/**
 * The data of a client call, or its problem+json answer thrown as ApiError:
 *   const run = await unwrap(client.GET("/api/eval-runs/{id}", { params: { path: { id } } }));
 * A 204 resolves to undefined.
 */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  const a = await call;
  if (!a.response.ok) throw problemOf(a.response, a.error);
  return a.data as T;
}

/**
 * The endpoint is not on this server (yet): a route-level 404 ("no route
 * ..."), 405 or 501, as opposed to a missing object.
 */
export function isUnavailable(e: unknown): boolean {
  if (!(e instanceof ApiError)) return false;
  if (e.status === 404 && e.detail.startsWith("no route")) return true;
  return e.status === 405 || e.status === 501;
}

/** The paging query of a cursor-paged list. */
export interface PageQuery {
  limit: number;
  cursor?: string;
}

/**
 * Every page of a cursor-paged list, up to `max` items:
 *   allPages((page, signal) => client.GET("/api/benchmarks", { params: { query: { ...page } }, signal }))
 */
export async function allPages<T>(
  list: (page: PageQuery, signal?: AbortSignal) => Promise<Answer<{ items: T[]; next_cursor: string | null }>>,
  max = 2000,
  signal?: AbortSignal,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: T[]; next_cursor: string | null } = await unwrap(list({ limit: 200, ...(cursor ? { cursor } : {}) }, signal));
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor && items.length < max);
  return items;
}

/**
 * Hands an authenticated file to the browser as a download; `call` is a
 * client GET with `parseAs: "blob"`. Resolves to the file's name.
 */
export async function download(call: Promise<Answer<Blob>>, fallbackName: string): Promise<string> {
  const a = await call;
  if (!a.response.ok) throw problemOf(a.response, a.error);
  const disposition = a.response.headers.get("content-disposition") ?? "";
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(a.data!);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** A random id for idempotent creates (request_id). */
export function requestId(): string {
  return crypto.randomUUID();
}
