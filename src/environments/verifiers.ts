/**
 * Which benchmarks run in a task environment on an environment runner
 * (environments/server.mjs): those whose reward comes from a verifier that
 * needs the task's own environment, named in their scoring spec
 * `{type: "verifier", verifier}`: Harbor tasks' tests (Terminal-Bench, a
 * team's own tasks) and SWE-bench's per-instance test runs. With a model
 * target such a benchmark's attempts go to the deployment's environment
 * runner, which drives the model with its bash harness; with an agent
 * target they go to that target's runner as any agent attempt does.
 * Pure, no I/O.
 */

/** Verifiers that need the task's environment, with what each runs. */
export const ENVIRONMENT_VERIFIERS = {
  "task-tests": "the task's tests/test.sh in its environment (Harbor's task format)",
  "swe-bench-tests": "the instance's tests in its evaluation image, graded by SWE-bench's rules",
  "swe-bench-pro-tests": "the instance's tests in its evaluation image, graded by SWE-bench's rules",
} as const;
export type EnvironmentVerifier = keyof typeof ENVIRONMENT_VERIFIERS;

/** The environment verifier a scoring spec names, or null when it needs no environment. */
export function environmentVerifier(scoring: unknown): EnvironmentVerifier | null {
  if (!scoring || typeof scoring !== "object") return null;
  const s = scoring as { type?: unknown; verifier?: unknown };
  return s.type === "verifier" && typeof s.verifier === "string" && s.verifier in ENVIRONMENT_VERIFIERS ? (s.verifier as EnvironmentVerifier) : null;
}
