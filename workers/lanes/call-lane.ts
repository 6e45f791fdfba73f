/**
 * CallLane: the connections of six slots of a run. Slot s of a run makes
 * its model calls (target, judge, user simulator, sandbox) through lane
 * ⌊s/6⌋ (`<run>#lane<i>`), so each lane carries at most six calls at once
 * and a run at concurrency C spreads over ⌈C/6⌉ lanes: Cloudflare allows an
 * invocation six connections waiting for their answer (a Durable Object's
 * requests share one), and a seventh would wait in a queue with its
 * caller's timeout already running. A consumer invocation itself then holds
 * no model call open, however many slots it drives.
 *
 * A lane is a forwarder with no state: `fetch` sends the request on to
 * where it was addressed, cut off at the deadline its caller put in
 * LANE_TIMEOUT_HEADER (so a connection is freed even if the caller's abort
 * does not travel), and holds a seventh call until one of six is answered,
 * as Cloudflare would. I/O: the outbound fetch.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { CONNECTIONS_PER_INVOCATION } from "../../src/execution/ports";
import { edgeFetch, limitsOn, objectInvocation, type Invocation } from "../edge/limits";

/** The caller's timeout for the call, in ms: the lane aborts the call after it. */
export const LANE_TIMEOUT_HEADER = "x-assay-lane-timeout-ms";

export class CallLane extends DurableObject<Env> {
  private readonly invocation: Invocation;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // A Durable Object's requests share one I/O context: its connections are counted together.
    this.invocation = objectInvocation(`lane:${ctx.id.toString()}`, limitsOn(env), CONNECTIONS_PER_INVOCATION);
  }

  override async fetch(request: Request): Promise<Response> {
    const timeout = Number(request.headers.get(LANE_TIMEOUT_HEADER));
    const headers = new Headers(request.headers);
    headers.delete(LANE_TIMEOUT_HEADER);
    const signal = Number.isFinite(timeout) && timeout > 0 ? AbortSignal.timeout(timeout) : undefined;
    return edgeFetch(this.invocation, request.url, { method: request.method, headers, body: request.body, ...(signal && { signal }) });
  }
}
