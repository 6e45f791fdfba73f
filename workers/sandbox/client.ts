/**
 * The Worker's client of the code sandbox (sandbox/server.mjs): signs each
 * execution request like the runner protocol (src/runner/signing.ts) with
 * ASSAY_SANDBOX_SECRET and posts it to ASSAY_SANDBOX_URL, or, where the
 * deployment binds SANDBOX_CONTAINER (the containers environment), to one
 * of its container instances (workers/sandbox/container.ts). A sandbox that
 * cannot be reached, answers 5xx or answers something unreadable is a
 * transient ProviderError: the attempt is retried and, when the tries run
 * out, ends without a reward (missing), never with a 0. I/O: fetch, or the
 * container's Durable Object.
 */
import { z } from "zod";
import { ProviderError } from "../../src/providers";
import { signedHeaders } from "../../src/runner/signing";
import type { Execute, ExecutionRequest, ExecutionVerdict } from "../../src/scorers/execution";
import { sandboxState } from "../../src/config/sandboxes";
import { SANDBOX_INSTANCES } from "./container";

/** The sandbox's answer, checked before it decides a reward. */
const Verdict = z.object({
  passed: z.boolean(),
  exit_code: z.number().int().nullable(),
  timed_out: z.boolean(),
  stdout: z.string(),
  stderr: z.string(),
  duration_ms: z.number(),
  reason: z.string(),
  failure: z.string().nullable(),
  isolation: z.string(),
});

/** Slack over the program's own timeout for queueing in the sandbox and the round trip. */
const REQUEST_SLACK_MS = 120_000;

export interface SandboxSettings {
  url: string;
  secret: string;
  /** How requests reach it when not by the network (a container's Durable Object). */
  fetcher?: typeof fetch;
}

/** Uploads in flight in this isolate, by sandbox and digest: attempts that find the same database missing at once send it once. */
const UPLOADS = new Map<string, Promise<void>>();

function uploadOnce(key: string, upload: () => Promise<void>): Promise<void> {
  let p = UPLOADS.get(key);
  if (!p) {
    p = upload().finally(() => UPLOADS.delete(key));
    UPLOADS.set(key, p);
  }
  return p;
}

/** The sandbox's 409: the digests of the files it lacks. */
const Missing = z.object({ missing: z.array(z.string()) });

/** An Execute that calls the sandbox at `settings.url`; files the sandbox lacks are uploaded from their `open` once, then the program is sent again. */
export function sandboxClient(settings: SandboxSettings, fetcher: typeof fetch = settings.fetcher ?? fetch): Execute {
  const endpoint = new URL("/v1/execute", settings.url).toString();
  const post = async (request: ExecutionRequest): Promise<{ status: number; text: string }> => {
    // Only what the sandbox reads: a file's name and digest (its size and opener stay here).
    const wire = { ...request, ...(request.files && { files: request.files.map((f) => ({ name: f.name, sha256: f.sha256 })) }) };
    const body = JSON.stringify(wire);
    const headers = { "content-type": "application/json", ...(await signedHeaders(settings.secret, Math.floor(Date.now() / 1000), body)) };
    try {
      const res = await fetcher(endpoint, { method: "POST", body, headers, signal: AbortSignal.timeout(request.timeout_s * 1000 + REQUEST_SLACK_MS) });
      return { status: res.status, text: await res.text() };
    } catch (err) {
      throw new ProviderError("transient", `sandbox unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return async (request: ExecutionRequest): Promise<ExecutionVerdict> => {
    let { status, text } = await post(request);
    if (status === 409 && request.files?.length) {
      const missing = parseJson(text, Missing)?.missing ?? [];
      for (const sha256 of missing) {
        const file = request.files.find((f) => f.sha256 === sha256);
        if (!file?.open) throw new ProviderError("permanent", `the sandbox lacks the file ${file?.name ?? sha256} (sha256 ${sha256}) and it cannot be uploaded from here`, { status });
        await uploadOnce(`${settings.url} ${sha256}`, async () => uploadSandboxFile(settings, { sha256, bytes: file.bytes }, await file.open!(), fetcher));
      }
      ({ status, text } = await post(request));
    }
    if (status < 200 || status >= 300) {
      // 401 and 422 are configuration or contract errors (wrong secret, a program too large): retrying cannot help.
      const kind = status >= 500 || status === 429 ? "transient" : "permanent";
      throw new ProviderError(kind, `sandbox answered ${status}: ${text.slice(0, 300)}`, { status });
    }
    const parsed = parseJson(text, Verdict);
    if (!parsed) throw new ProviderError("transient", `sandbox answered an unreadable verdict: ${text.slice(0, 200)}`);
    return parsed;
  };
}

function parseJson<T>(text: string, schema: z.ZodType<T>): T | null {
  try {
    const r = schema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * Hands the sandbox a file executions name by content (PUT /v1/files/<sha256>, signed over
 * "file:<sha256>:<size>"); the sandbox checks the bytes against both. A 507 (its store is full) and 5xx are
 * transient; a 422 (the bytes are not that file) is permanent.
 */
export async function uploadSandboxFile(settings: SandboxSettings, file: { sha256: string; bytes: number }, body: ReadableStream<Uint8Array> | Uint8Array, fetcher: typeof fetch = settings.fetcher ?? fetch): Promise<void> {
  const headers = {
    "content-type": "application/octet-stream",
    "x-assay-file-bytes": String(file.bytes),
    ...(await signedHeaders(settings.secret, Math.floor(Date.now() / 1000), `file:${file.sha256}:${file.bytes}`)),
  };
  let res: Response;
  try {
    res = await fetcher(new URL(`/v1/files/${file.sha256}`, settings.url).toString(), { method: "PUT", body, headers });
  } catch (err) {
    throw new ProviderError("transient", `sandbox unreachable while uploading ${file.sha256}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const text = await res.text();
  if (!res.ok) {
    const kind = res.status >= 500 || res.status === 429 ? "transient" : "permanent";
    throw new ProviderError(kind, `sandbox refused the file ${file.sha256} (${file.bytes} bytes): ${res.status} ${text.slice(0, 300)}`, { status: res.status });
  }
}

/** The origin requests to a sandbox container carry (the Durable Object routes them, not DNS). */
const CONTAINER_ORIGIN = "http://sandbox.container";

/**
 * What picks a container instance for a request: a file upload and every execution naming that file (BIRD's
 * databases) by the file's sha256, so the instance that stored it runs them; any other program by its text,
 * spread so one busy instance does not queue every execution.
 */
export function instanceKey(pathname: string, body: string): string {
  const upload = /^\/v1\/files\/([0-9a-f]{64})$/.exec(pathname);
  if (upload) return upload[1]!;
  const named = /"files":\[\{"name":"(?:[^"\\]|\\.)*","sha256":"([0-9a-f]{64})"/.exec(body);
  return named ? named[1]! : body;
}

/** A container instance per request, by instanceKey's hash. */
export function containerFetcher(ns: DurableObjectNamespace): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const pathname = new URL(request.url).pathname;
    // An upload's body (a database of hundreds of megabytes) is never read here: its path names it.
    const key = instanceKey(pathname, pathname.startsWith("/v1/files/") ? "" : await request.clone().text());
    let h = 0;
    for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
    const stub = ns.get(ns.idFromName(`sandbox-${(h >>> 0) % SANDBOX_INSTANCES}`));
    return stub.fetch(request);
  }) as typeof fetch;
}

/** The sandbox this deployment uses (src/config/sandboxes.ts), or null when it has none or its settings are half set (a start is refused then). */
export function sandboxSettings(env: { ASSAY_SANDBOX_URL?: string; ASSAY_SANDBOX_SECRET?: string; SANDBOX_CONTAINER?: DurableObjectNamespace }): SandboxSettings | null {
  const s = sandboxState(env as Record<string, unknown>, "code");
  if (s.state === "url") return { url: s.url, secret: s.secret };
  if (s.state === "container") return { url: CONTAINER_ORIGIN, secret: s.secret, fetcher: containerFetcher(env.SANDBOX_CONTAINER!) };
  return null;
}
