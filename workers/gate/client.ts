/** The run's RunGate stub, and its gate shards' (a sharded run: workers/gate/slot-gate.ts). */
import type { Env } from "../env";

export function gateFor(env: Env, runId: string) {
  return env.RUN_GATE.get(env.RUN_GATE.idFromName(runId));
}

/** Shard `index` of the run's gate (RunGateShard). */
export function gateShardFor(env: Env, runId: string, index: number) {
  return env.RUN_GATE_SHARD.get(env.RUN_GATE_SHARD.idFromName(`${runId}#gate${index}`));
}
