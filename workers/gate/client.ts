/** The run's RunGate stub. */
import type { Env } from "../env";

export function gateFor(env: Env, runId: string) {
  return env.RUN_GATE.get(env.RUN_GATE.idFromName(runId));
}
