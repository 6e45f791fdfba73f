/**
 * A live attempt's phase in the words a reader needs: what is happening,
 * not the engine's step name. "agent" is the target's own time, which for
 * an inline attempt is one model call and for a runner's attempt the
 * agent's episode. cli/watch.mjs keeps a copy for the CLI (plain
 * JavaScript under any node); cli/watch.test.mjs holds the two equal.
 * Pure, no I/O.
 */
import type { Phase } from "./deltas";

/** The label of each phase; `agent` depends on where the attempt runs. */
export const PHASE_LABELS: Record<Exclude<Phase, "agent">, string> & { agent: { inline: string; agent: string } } = {
  boot: "booting",
  setup: "setting up",
  agent: { inline: "model call", agent: "agent" },
  verify: "verifying",
  finalize: "finalizing",
  scoring: "scoring",
};

/** "model call" for an inline attempt's agent phase, "agent" for a runner's; the other phases as they are named; a phase this version does not know, as it is. */
export function phaseLabel(phase: Phase | (string & {}), execution: "inline" | "agent" | null | undefined): string {
  if (phase === "agent") return execution === "agent" ? PHASE_LABELS.agent.agent : execution === "inline" ? PHASE_LABELS.agent.inline : "running";
  const label = (PHASE_LABELS as Record<string, unknown>)[phase];
  return typeof label === "string" ? label : phase;
}
