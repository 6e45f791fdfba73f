/**
 * Which runs may use options.batch: a provider batch holds one independent
 * request per attempt, so the run's targets must be model endpoints and its
 * benchmarks ask one single-turn text prompt inline (no agent runner, no
 * later turns, no images, no log-likelihood scoring through /v1/completions).
 * Each refusal names options.batch and why. Pure, no I/O.
 */
import type { FieldError } from "./errors";
import type { RunOptions } from "./run-options";

const FIELD = "options.batch";

interface BatchRunConfig {
  options: RunOptions;
  target: { kind: string };
  compare_target: { kind: string } | null;
}

interface BatchBenchmark {
  id: string;
  name: string;
  kind: string;
  options: Record<string, unknown>;
}

export function batchErrors(config: BatchRunConfig, benchmarks: readonly BatchBenchmark[]): FieldError[] {
  if (!config.options.batch) return [];
  const errors: FieldError[] = [];
  const say = (message: string) => errors.push({ field: FIELD, message });
  for (const [slot, t] of [["target", config.target], ["compare_target", config.compare_target]] as const) {
    if (t && t.kind !== "model") say(`batch submits model calls: ${slot} is an ${t.kind} target, not a model endpoint`);
  }
  const mcMode = (id: string) => (config.options.per_benchmark[id] as { mc_mode?: string } | undefined)?.mc_mode ?? (config.options as { mc_mode?: string }).mc_mode;
  for (const b of benchmarks) {
    if (b.kind !== "inline") say(`batch needs single-turn prompts: benchmark ${b.name} runs on an agent runner`);
    else if (typeof b.options.turns_column === "string") say(`batch needs single-turn prompts: benchmark ${b.name} is multi-turn (each turn waits on the reply before it)`);
    else if (typeof b.options.image_column === "string") say(`batch sends text prompts only: benchmark ${b.name} sends images`);
    else if (mcMode(b.id) === "loglikelihood") say(`batch sends chat calls: benchmark ${b.name} is scored by log-likelihood (mc_mode loglikelihood)`);
  }
  return errors;
}
