/** Test helpers: drive the Worker through its fetch handler, as a client would. */
import { exports } from "cloudflare:workers";

export const BOOTSTRAP = "test-bootstrap-token";

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  raw?: BodyInit;
  type?: string;
  headers?: Record<string, string>;
}

export async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<Reply<T>> {
  const headers = new Headers(opts.headers);
  if (opts.key) headers.set("authorization", `Bearer ${opts.key}`);
  let body: BodyInit | undefined = opts.raw;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set("content-type", "application/json");
  }
  if (opts.type) headers.set("content-type", opts.type);
  const res = await exports.default.fetch(new Request(`http://assay.test${path}`, { method, headers, body }));
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** A fresh project and its admin key. */
export async function newProject(name = "test", extra: Record<string, unknown> = {}) {
  const r = await call("POST", "/api/projects", { key: BOOTSTRAP, body: { name, ...extra } });
  if (r.status !== 201) throw new Error(`project create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return { project: r.body.project as { id: string }, key: r.body.api_key as string };
}

/** A key with the given scopes on the project of `adminKey`. */
export async function keyWith(adminKey: string, scopes: string[]): Promise<string> {
  const r = await call("POST", "/api/keys", { key: adminKey, body: { name: scopes.join("+"), scopes } });
  if (r.status !== 201) throw new Error(`key create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.api_key as string;
}

/** Asserts a problem+json reply with the status and code, returning its body. */
export function expectProblem(r: Reply, status: number, code?: string) {
  const ctype = r.headers.get("content-type") ?? "";
  if (r.status !== status || !ctype.includes("application/problem+json") || (code && r.body?.code !== code)) {
    throw new Error(`expected problem ${status}${code ? ` ${code}` : ""}, got ${r.status} ${ctype} ${JSON.stringify(r.body)}`);
  }
  return r.body as { code: string; detail: string; errors?: { field: string; message: string }[] };
}
