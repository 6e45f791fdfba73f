/**
 * The Worker's client of the code sandbox (sandbox/server.mjs): signs each
 * execution request like the runner protocol (src/runner/signing.ts) with
 * ASSAY_SANDBOX_SECRET and posts it to ASSAY_SANDBOX_URL. A sandbox that
 * cannot be reached, answers 5xx or answers something unreadable is a
 * transient ProviderError: the attempt is retried and, when the tries run
 * out, ends without a reward (missing), never with a 0. I/O: fetch.
 */
import { z } from "zod";
import { ProviderError } from "../../src/providers";
import { signedHeaders } from "../../src/runner/signing";
import type { Execute, ExecutionRequest, ExecutionVerdict } from "../../src/scorers/execution";

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
}

/** An Execute that calls the sandbox at `settings.url`. */
export function sandboxClient(settings: SandboxSettings, fetcher: typeof fetch = fetch): Execute {
  const endpoint = new URL("/v1/execute", settings.url).toString();
  return async (request: ExecutionRequest): Promise<ExecutionVerdict> => {
    const body = JSON.stringify(request);
    const headers = { "content-type": "application/json", ...(await signedHeaders(settings.secret, Math.floor(Date.now() / 1000), body)) };
    let res: Response;
    try {
      res = await fetcher(endpoint, { method: "POST", body, headers, signal: AbortSignal.timeout(request.timeout_s * 1000 + REQUEST_SLACK_MS) });
    } catch (err) {
      throw new ProviderError("transient", `sandbox unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    if (!res.ok) {
      // 401 and 422 are configuration or contract errors (wrong secret, a program too large): retrying cannot help.
      const kind = res.status >= 500 || res.status === 429 ? "transient" : "permanent";
      throw new ProviderError(kind, `sandbox answered ${res.status}: ${text.slice(0, 300)}`, { status: res.status });
    }
    let parsed;
    try {
      parsed = Verdict.safeParse(JSON.parse(text));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) throw new ProviderError("transient", `sandbox answered an unreadable verdict: ${text.slice(0, 200)}`);
    return parsed.data;
  };
}

/** The sandbox this deployment uses, or null when none is configured (code benchmarks then cannot be scored). */
export function sandboxSettings(env: { ASSAY_SANDBOX_URL?: string; ASSAY_SANDBOX_SECRET?: string }): SandboxSettings | null {
  const url = env.ASSAY_SANDBOX_URL?.trim();
  const secret = env.ASSAY_SANDBOX_SECRET?.trim();
  if (!url || !secret) return null;
  return { url, secret };
}
