/** The run's RunGate. */
import type { Env } from "../env";
import type { RunGateRpc } from "./contract";

/**
 * The run's RunGate, each call through a stub made for it: a stub whose
 * object restarted (a deploy, an eviction cutting requests off) fails
 * every call after, so one kept across calls would fail for the rest of
 * the invocation. Making one is a name lookup, no request.
 */
export function gateFor(env: Pick<Env, "RUN_GATE">, runId: string): DurableObjectStub<RunGateRpc> {
  const id = env.RUN_GATE.idFromName(runId);
  return new Proxy({} as DurableObjectStub<RunGateRpc>, {
    get: (_target, method) => (method === "then" ? undefined : (...args: unknown[]) => Reflect.apply(Reflect.get(env.RUN_GATE.get(id), method) as (...a: unknown[]) => unknown, undefined, args)),
  });
}
