/** The run's RunGate stub. */
import type { Env } from "../env";

export function gateFor(env: Pick<Env, "RUN_GATE">, runId: string) {
  return env.RUN_GATE.get(env.RUN_GATE.idFromName(runId));
}
