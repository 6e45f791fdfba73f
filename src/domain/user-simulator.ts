/**
 * What a run needs for agent benchmarks whose user is simulated by a model
 * (τ²-bench: the `tau2` scorer's native rule): a user model, which is
 * `options.user_model` or else the run's judge, holding a key where its
 * endpoint is a hosted API that answers nothing without one; and, where
 * the run picks domains (subsets), only domains the benchmark has. Checked
 * when a run is written and again when it starts (a copy has no keys), so
 * a run that cannot play its users is a 422 naming the field before any
 * model is called. Pure, no I/O.
 */
import { TAU2_DOMAINS } from "../agents/tau2/domain";
import type { FieldError } from "./errors";
import type { RunOptions } from "./run-options";
import { needsKey, type StoredJudge, type StoredTarget, type StoredUserModel } from "./run-target";

/** A benchmark as these checks read it (a benchmarks row: its options name its subsets, τ²'s domains). */
export interface SimulatedUserBenchmark {
  id: string;
  name: string;
  scoring: unknown;
  options: Record<string, unknown>;
}

/** Whether attempts of this benchmark talk with a simulated user (τ² runs; τ-bench v1's rule scores imported trajectories only). */
export function simulatesUser(b: Pick<SimulatedUserBenchmark, "scoring">): boolean {
  const s = b.scoring as { type?: unknown; rule?: unknown } | null;
  return s?.type === "tau2" && s.rule !== "tau-bench-v1";
}

const hostOf = (url: string) => URL.parse(url)?.hostname ?? url;

/** The run as these checks read it: its benchmarks, options, target and judge (stored, keys marked only by api_key_set). */
export interface SimulatedUserRun {
  benchmarks: readonly string[];
  options: RunOptions;
  target: StoredTarget;
  judge: StoredJudge | null;
}

/** Domain picks (subsets) of `b` that are not its domains, each named by its field. */
function domainErrors(run: SimulatedUserRun, b: SimulatedUserBenchmark, all: readonly SimulatedUserBenchmark[]): FieldError[] {
  const own = b.options.subsets;
  const domains: readonly string[] = Array.isArray(own) && own.length ? (own as string[]) : TAU2_DOMAINS;
  const per = run.options.per_benchmark[b.id];
  const picks: [string, readonly string[] | undefined][] = [
    [`options.per_benchmark.${b.id}.subsets`, per?.subsets],
    [`options.per_benchmark.${b.id}.select.subsets`, per?.select?.subsets],
  ];
  // The run-wide selection is every benchmark's: read as domains only when every benchmark of the run has them.
  if (all.every(simulatesUser)) picks.push(["options.select.subsets", run.options.select.subsets]);
  return picks.flatMap(([field, list]) =>
    (list ?? []).flatMap((d, i) => (domains.includes(d) ? [] : [{ field: `${field}.${i}`, message: `unknown domain '${d}': ${b.name}'s domains are ${domains.join(", ")}` }])),
  );
}

/** Why the run cannot play the users of its simulated-user benchmarks, each error naming its field; [] when it can. */
export function userSimulatorErrors(run: SimulatedUserRun, found: readonly SimulatedUserBenchmark[]): FieldError[] {
  const mine = run.benchmarks.map((id) => found.find((b) => b.id === id)).filter((b): b is SimulatedUserBenchmark => !!b && simulatesUser(b));
  if (!mine.length) return [];
  const errors = mine.flatMap((b) => domainErrors(run, b, found));
  // Recorded outputs (an import, a re-score) and agent runners call no user model here.
  if (run.target.kind !== "model") return errors;
  const names = mine.map((b) => b.name).join(", ");
  const user = run.options.user_model as StoredUserModel | undefined;
  if (user) {
    if (!user.api_key_set && needsKey(user.base_url)) {
      errors.push({ field: "options.user_model.api_key", message: `${hostOf(user.base_url)} needs an API key: give options.user_model.api_key (write-only, sealed at rest) for ${names}'s user simulator` });
    }
  } else if (run.judge) {
    if (!run.judge.api_key_set && needsKey(run.judge.base_url)) {
      errors.push({ field: "judge.api_key", message: `${names} simulates its users with the judge (no options.user_model is set), and ${hostOf(run.judge.base_url)} needs an API key: give judge.api_key, or set options.user_model` });
    }
  } else {
    errors.push({
      field: "options.user_model",
      message: `${names} simulates its users with a model: set options.user_model {provider, base_url, model, api_key}, or a judge (the user model by default)`,
    });
  }
  return errors;
}
