/**
 * Reaching a run's lanes (workers/lanes/call-lane.ts): the fetch a slot's
 * calls go out on. The caller's timeout travels in a header (the lane cuts
 * the call off there) and the caller's abort ends the wait here, so an SDK's
 * timeout works as it would on a direct fetch.
 */
import { LANE_TIMEOUT_HEADER } from "./call-lane";

/** Slots per lane: Cloudflare's connections per invocation. */
export { CONNECTIONS_PER_INVOCATION as SLOTS_PER_LANE } from "../../src/execution/ports";

/** How long an aborted call waits for its lane to have cut it off too, at most. */
const ABORT_GRACE_MS = 5_000;

/** The lane slot `slot` of a run calls through. */
export function laneOf(slot: number, perLane: number): number {
  return Math.floor(slot / perLane);
}

export function laneName(runId: string, lane: number): string {
  return `${runId}#lane${lane}`;
}

/** A fetch that sends each request through `lane`, carrying `timeoutMs` for it to enforce. */
export function laneFetch(lane: { fetch(input: string, init: RequestInit): Promise<Response> }, timeoutMs: () => number): typeof fetch {
  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    // What an SDK passes (a URL string and an init) goes on as it came, plus the timeout: no Request copied on the way.
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(LANE_TIMEOUT_HEADER, String(Math.max(1, Math.round(timeoutMs()))));
    const body = init.body ?? (input instanceof Request ? input.body : undefined);
    const sent = lane.fetch(url, { method: init.method ?? (input instanceof Request ? input.method : "GET"), headers, ...(body != null && { body }) });
    const signal = init.signal ?? (input instanceof Request ? input.signal : undefined);
    if (!signal) return sent;
    if (signal.aborted) throw signal.reason ?? new DOMException("aborted", "AbortError");
    return new Promise<Response>((resolve, reject) => {
      const abort = () => {
        // The caller gave up (its timeout): the call is over once the lane has cut it off too (the same timeout, there),
        // so the slot's connection is never reused while the old call still holds one upstream.
        const reason = signal.reason ?? new DOMException("aborted", "AbortError");
        const cut = sent.then((r) => r.body?.cancel(), () => {});
        void Promise.race([cut, new Promise((r) => setTimeout(r, ABORT_GRACE_MS))]).then(() => reject(reason));
      };
      signal.addEventListener("abort", abort, { once: true });
      sent.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
    });
  }) as typeof fetch;
}
