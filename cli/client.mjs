// The typed HTTP client of the Assay API the CLI is built on: one table of
// the routes it calls (client.test.mjs checks each against the served
// /api/openapi.json), bearer auth, problem+json errors, retries of reads.
// Network I/O only.
import { ApiError, NetworkError } from "./errors.mjs";

/**
 * @typedef {"get" | "post" | "patch" | "delete"} Method
 * @typedef {object} Route
 * @property {Method} method
 * @property {string} path OpenAPI path, `{name}` for path parameters
 * @property {readonly string[]} [query] Query parameters the client may send
 */

export const ROUTES = /** @type {const} @satisfies {Record<string, Route>} */ ({
  getProject: { method: "get", path: "/api/project" },

  listDatasets: { method: "get", path: "/api/datasets", query: ["cursor", "limit", "name"] },
  getDataset: { method: "get", path: "/api/datasets/{ref}" },
  datasetRows: { method: "get", path: "/api/datasets/{ref}/rows", query: ["cursor", "limit"] },
  uploadDataset: { method: "post", path: "/api/datasets/{name}/revisions", query: ["version"] },

  listBenchmarks: { method: "get", path: "/api/benchmarks", query: ["cursor", "limit", "include_archived", "category", "kind"] },
  getBenchmark: { method: "get", path: "/api/benchmarks/{id}" },
  getBenchmarkSource: { method: "get", path: "/api/benchmarks/{id}/source" },
  createBenchmark: { method: "post", path: "/api/benchmarks" },

  createProfile: { method: "post", path: "/api/profiles" },
  listProfiles: { method: "get", path: "/api/profiles", query: ["cursor", "limit", "name"] },
  getProfile: { method: "get", path: "/api/profiles/{id}" },
  getProfileByRef: { method: "get", path: "/api/profiles/by-ref", query: ["ref"] },

  createRun: { method: "post", path: "/api/eval-runs" },
  estimateRun: { method: "post", path: "/api/eval-runs/estimate" },
  listRuns: { method: "get", path: "/api/eval-runs", query: ["cursor", "limit", "status", "benchmark_id"] },
  getRun: { method: "get", path: "/api/eval-runs/{id}" },
  startRun: { method: "post", path: "/api/eval-runs/{id}/start" },
  stopRun: { method: "post", path: "/api/eval-runs/{id}/stop" },
  copyRun: { method: "post", path: "/api/eval-runs/{id}/copy" },
  rescoreRun: { method: "post", path: "/api/eval-runs/{id}/rescore" },
  createImport: { method: "post", path: "/api/imports" },
  createTaskBenchmark: { method: "post", path: "/api/benchmarks/tasks" },
  resumeRun: { method: "post", path: "/api/eval-runs/{id}/resume" },
  runProgress: { method: "get", path: "/api/eval-runs/{id}/progress" },
  runLogs: { method: "get", path: "/api/eval-runs/{id}/logs", query: ["cursor", "limit"] },

  runScores: { method: "get", path: "/api/eval-runs/{id}/scores" },
  runSamples: { method: "get", path: "/api/eval-runs/{id}/samples", query: ["cursor", "limit", "benchmark_id", "target", "filter"] },
  runExport: { method: "get", path: "/api/eval-runs/{id}/export", query: ["format"] },
  runLive: { method: "get", path: "/api/eval-runs/{id}/live" },

  leaderboard: { method: "get", path: "/api/leaderboard", query: ["cursor", "limit", "benchmark_id", "top"] },
  submitToLeaderboard: { method: "post", path: "/api/leaderboard/entries" },
  listAlerts: { method: "get", path: "/api/alerts", query: ["cursor", "limit", "status", "run_id", "benchmark_id"] },
  ackAlert: { method: "post", path: "/api/alerts/{id}/ack" },
});

/** @typedef {keyof typeof ROUTES} RouteName */

/**
 * @typedef {object} CallOptions
 * @property {Record<string, string>} [params] Path parameters
 * @property {Record<string, string | number | boolean | undefined>} [query]
 * @property {unknown} [body] Sent as JSON
 * @property {ReadableStream<Uint8Array> | Uint8Array | string | FormData} [rawBody] Sent as is (with `contentType`; FormData sets its own)
 * @property {string} [contentType]
 * @property {Record<string, string>} [headers]
 * @property {string} [accept]
 * @property {number | null} [timeoutMs] null: no timeout (streams)
 * @property {AbortSignal} [signal]
 */

/**
 * @typedef {object} Reply
 * @property {number} status
 * @property {Headers} headers
 * @property {any} body Parsed JSON, or text for other media types
 */

/** Per request, unless a call says otherwise. */
const DEFAULT_TIMEOUT_MS = 120_000;
/** Reads are retried on a dropped connection, 429 and 502-504: at most this many times. */
const READ_RETRIES = 3;
const MAX_RETRY_WAIT_MS = 30_000;

export class Client {
  /**
   * @param {{url: string, apiKey?: string, fetch?: typeof fetch, sleep?: (ms: number) => Promise<void>}} opts
   */
  constructor({ url, apiKey, fetch: fetchImpl = globalThis.fetch, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) }) {
    this.url = url.replace(/\/+$/, "");
    this.apiKey = apiKey;
    this.fetch = fetchImpl;
    this.sleep = sleep;
  }

  /**
   * The URL of a route with its parameters filled in.
   * @param {RouteName} name
   * @param {CallOptions} [opts]
   */
  urlOf(name, { params = {}, query = {} } = {}) {
    const route = /** @type {Route} */ (ROUTES[name]);
    const path = route.path.replace(/\{(\w+)\}/g, (_, key) => {
      const value = params[key];
      if (value === undefined) throw new Error(`${name}: path parameter ${key} missing`);
      return encodeURIComponent(value);
    });
    const u = new URL(this.url + path);
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) continue;
      if (!route.query?.includes(key)) throw new Error(`${name}: query parameter ${key} is not in ROUTES`);
      u.searchParams.set(key, String(value));
    }
    return u.toString();
  }

  /**
   * Sends one request; an error status becomes ApiError, a failed connection
   * NetworkError. Returns the Response unread.
   * @param {RouteName} name
   * @param {CallOptions} [opts]
   * @returns {Promise<Response>}
   */
  async send(name, opts = {}) {
    const route = /** @type {Route} */ (ROUTES[name]);
    const url = this.urlOf(name, opts);
    /** @type {Record<string, string>} */
    const headers = { "user-agent": "assay-cli", ...opts.headers };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    if (opts.accept) headers.accept = opts.accept;
    /** @type {RequestInit & {duplex?: string}} */
    const init = { method: route.method.toUpperCase(), headers };
    if (opts.body !== undefined) {
      headers["content-type"] = "application/json";
      init.body = JSON.stringify(opts.body);
    } else if (opts.rawBody !== undefined) {
      if (opts.contentType) headers["content-type"] = opts.contentType;
      init.body = opts.rawBody;
      if (opts.rawBody instanceof ReadableStream) init.duplex = "half";
    }
    const where = `${init.method} ${new URL(url).pathname}`;
    const retries = route.method === "get" ? READ_RETRIES : 0;
    for (let attempt = 0; ; attempt++) {
      const timeoutMs = opts.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : opts.timeoutMs;
      const signals = [opts.signal, timeoutMs === null ? undefined : AbortSignal.timeout(timeoutMs)].filter(Boolean);
      init.signal = signals.length ? AbortSignal.any(/** @type {AbortSignal[]} */ (signals)) : undefined;
      let res;
      try {
        res = await this.fetch(url, init);
      } catch (err) {
        if (opts.signal?.aborted) throw err;
        if (attempt < retries) {
          await this.sleep(backoff(attempt));
          continue;
        }
        throw networkError(err, this.url, timeoutMs);
      }
      if (res.ok) return res;
      if (attempt < retries && [429, 502, 503, 504].includes(res.status)) {
        await res.body?.cancel().catch(() => {});
        await this.sleep(retryWait(res.headers, attempt));
        continue;
      }
      throw new ApiError(res.status, await problemOf(res), where);
    }
  }

  /**
   * Sends a request and reads the answer (JSON parsed, anything else as text).
   * @param {RouteName} name
   * @param {CallOptions} [opts]
   * @returns {Promise<Reply>}
   */
  async call(name, opts = {}) {
    const res = await this.send(name, opts);
    const type = res.headers.get("content-type") ?? "";
    let body;
    try {
      body = res.status === 204 ? null : /json/.test(type) ? await res.json() : await res.text();
    } catch (err) {
      throw networkError(err, this.url, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    }
    return { status: res.status, headers: res.headers, body };
  }

  /**
   * The parsed body of a request.
   * @param {RouteName} name
   * @param {CallOptions} [opts]
   */
  async json(name, opts = {}) {
    return (await this.call(name, opts)).body;
  }

  /**
   * Every item of a cursor-paged list, following next_cursor.
   * @param {RouteName} name
   * @param {CallOptions} [opts]
   * @returns {AsyncGenerator<any>}
   */
  async *items(name, opts = {}) {
    let cursor;
    do {
      const page = await this.json(name, { ...opts, query: { ...opts.query, cursor } });
      yield* page.items ?? [];
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }
}

function backoff(attempt) {
  return 500 * 2 ** attempt;
}

/** Honours retry-after (seconds or an HTTP date), capped. */
function retryWait(headers, attempt) {
  const value = headers.get("retry-after");
  if (value) {
    const seconds = Number(value);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
    if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_RETRY_WAIT_MS);
  }
  return backoff(attempt);
}

/** The problem+json body of an error answer, or a stand-in built from its text. */
async function problemOf(res) {
  const text = await res.text().catch(() => "");
  try {
    const body = JSON.parse(text);
    if (body && typeof body === "object") return body;
  } catch {
    /* not JSON */
  }
  const detail = text.trim().slice(0, 200);
  return detail ? { detail } : null;
}

function networkError(err, url, timeoutMs) {
  if (err?.name === "TimeoutError") return new NetworkError(`no answer from ${url} within ${Math.round(timeoutMs / 1000)} s`);
  const cause = err?.cause;
  const reason = cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? err?.message ?? "connection failed";
  return new NetworkError(`cannot reach ${url} (${reason}); is the server running? Set ASSAY_URL or pass --url`);
}
