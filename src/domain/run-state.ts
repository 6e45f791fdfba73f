/**
 * The eval run lifecycle: draft → queued → running → completed | failed |
 * cancelled, and which actions each status allows. Refusals are 409
 * conflicts whose detail says what to do instead. No I/O.
 */
import { AppError } from "./errors";

export const RUN_STATUSES = ["draft", "queued", "running", "completed", "failed", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const TERMINAL_STATUSES: readonly RunStatus[] = ["completed", "failed", "cancelled"];
/** Statuses in which work is planned or in flight. */
export const ACTIVE_STATUSES: readonly RunStatus[] = ["queued", "running"];

/**
 * What a user or the engine does to a run. `begin`, `finish`, `fail` and
 * `exhaust` are the engine's, not a user's: the first attempts went out
 * (queued → running), the last one landed (→ completed | failed), planning
 * cannot go on (→ failed), the budget ran out (→ cancelled,
 * src/domain/run-budget.ts). `resume` re-arms an ended run (→ queued).
 */
export type RunAction = "edit" | "delete" | "start" | "stop" | "exhaust" | "begin" | "finish" | "fail" | "resume";

/** Why a cancelled run stopped when not by a user's stop: its budget ran out. */
export const STOP_REASONS = ["budget_exhausted"] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/** The statuses an action may start from (stop on a cancelled run is a no-op, allowed). */
export const ALLOWED_FROM: Record<RunAction, readonly RunStatus[]> = {
  edit: ["draft"],
  delete: ["draft", ...TERMINAL_STATUSES],
  start: ["draft"],
  stop: [...ACTIVE_STATUSES, "cancelled"],
  exhaust: ACTIVE_STATUSES,
  begin: ["queued"],
  finish: ACTIVE_STATUSES,
  fail: ACTIVE_STATUSES,
  resume: TERMINAL_STATUSES,
};

const REFUSAL: Record<RunAction, (s: string) => string> = {
  edit: (s) => `the run is ${s}: only a draft can be edited; copy it to change its configuration`,
  delete: (s) => `the run is ${s}: stop it before deleting it`,
  start: (s) => `the run is ${s}: only a draft can be started; copy it to run it again`,
  stop: (s) => `the run is ${s}: only a queued or running run can be stopped`,
  exhaust: (s) => `the run is ${s}: only a queued or running run can run out of budget`,
  begin: (s) => `the run is ${s}: only a queued run can begin running`,
  finish: (s) => `the run is ${s}: only a queued or running run can finish`,
  fail: (s) => `the run is ${s}: only a queued or running run can fail`,
  resume: (s) => `the run is ${s}: only a cancelled, failed or completed run can be resumed`,
};

export function isTerminal(status: string): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

export function canDo(action: RunAction, status: string): boolean {
  return (ALLOWED_FROM[action] as readonly string[]).includes(status);
}

/** The 409 for an action refused in `status`. */
export function refusal(action: RunAction, status: string): AppError {
  return new AppError("conflict", REFUSAL[action](status));
}

/** Throws the 409 for an action the run's status forbids. */
export function assertCan(action: RunAction, status: string): void {
  if (!canDo(action, status)) throw refusal(action, status);
}
