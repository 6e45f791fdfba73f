import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { assertCan, canDo, isTerminal, RUN_STATUSES, type RunAction } from "./run-state";

const TABLE: Record<RunAction, string[]> = {
  edit: ["draft"],
  delete: ["draft", "completed", "failed", "cancelled"],
  start: ["draft"],
  stop: ["queued", "running", "cancelled"],
  exhaust: ["queued", "running"],
  begin: ["queued"],
  finish: ["queued", "running"],
  fail: ["queued", "running"],
  resume: ["completed", "failed", "cancelled"],
};

describe("run state machine", () => {
  it.each(Object.entries(TABLE))("%s is allowed exactly from %j", (action, allowed) => {
    const got = RUN_STATUSES.filter((s) => canDo(action as RunAction, s));
    expect(got).toEqual(allowed);
  });

  it("refuses with a 409 that says what to do", () => {
    let err: unknown;
    try {
      assertCan("edit", "running");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    expect((err as AppError).message).toBe("the run is running: only a draft can be edited; copy it to change its configuration");
    expect(() => assertCan("delete", "queued")).toThrow("stop it before deleting it");
    expect(() => assertCan("start", "draft")).not.toThrow();
    // The resume route's refusal, word for word as before the state machine owned it.
    expect(() => assertCan("resume", "running")).toThrow("the run is running: only a cancelled, failed or completed run can be resumed");
  });

  it("knows the terminal statuses", () => {
    expect(RUN_STATUSES.filter(isTerminal)).toEqual(["completed", "failed", "cancelled"]);
  });
});
