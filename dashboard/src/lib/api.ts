/**
 * The dashboard's only door to the server: same-origin fetches under /api
 * with the signed-in key, problem+json errors turned into ApiError, and
 * downloads of authenticated files. The key lives in sessionStorage only,
 * so closing the tab signs out.
 */

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

/** Called when the server refuses the key, so the app can go back to sign-in. */
let onUnauthorized: (() => void) | null = null;
export function whenUnauthorized(fn: () => void): void {
  onUnauthorized = fn;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Use this key instead of the stored one (sign-in checks a key before keeping it). */
  key?: string;
}

async function problemOf(r: Response): Promise<ApiError> {
  let body: { code?: string; detail?: string; title?: string; errors?: { field: string; message: string }[] } = {};
  try {
    body = await r.json();
  } catch {
    /* not JSON: keep the status */
  }
  return new ApiError(r.status, body.code ?? `http_${r.status}`, body.detail ?? body.title ?? r.statusText, body.errors ?? []);
}

type RouteTable = (method: string, path: string) => boolean;
let routeTable: Promise<RouteTable | null> | null = null;

/**
 * The routes this server documents (GET /api/openapi.json, read once per
 * tab). Parts of the API may not exist on an older or partial server; the
 * dashboard asks the document first, so a missing endpoint shows as
 * "not available" without a failing request in the console.
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

/** Raw authenticated request; throws ApiError on a non-2xx answer. */
export async function request(path: string, opts: CallOptions = {}): Promise<Response> {
  const method = opts.method ?? "GET";
  if (!(await routeExists(method, path))) throw new ApiError(404, "not_found", `no route ${method} ${path.split("?")[0]}`);
  const key = opts.key ?? session.key();
  const headers: Record<string, string> = {};
  if (key) headers.authorization = `Bearer ${key}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  let r: Response;
  try {
    r = await fetch(path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new ApiError(0, "network", "the server did not answer");
  }
  if (!r.ok) {
    const err = await problemOf(r);
    if (r.status === 401 && !opts.key) onUnauthorized?.();
    throw err;
  }
  return r;
}

/** JSON request. */
export async function api<T>(path: string, opts: CallOptions = {}): Promise<T> {
  const r = await request(path, opts);
  if (r.status === 204) return undefined as T;
  return (await r.json()) as T;
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

/** Every page of a cursor-paged list, up to `max` items. */
export async function allPages<T>(path: string, max = 2000, signal?: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const page: { items: T[]; next_cursor: string | null } = await api(`${path}${sep}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { signal });
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor && items.length < max);
  return items;
}

/** Fetches an authenticated file and hands it to the browser as a download. */
export async function download(path: string, fallbackName: string): Promise<string> {
  const r = await request(path);
  const disposition = r.headers.get("content-disposition") ?? "";
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const blob = await r.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** A random id for idempotent creates (request_id). */
export function requestId(): string {
  return crypto.randomUUID();
}
