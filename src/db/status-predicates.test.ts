import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { ACTIVE_STATUSES, RUN_STATUSES } from "../domain/run-state";
import { ACTIVE_RUN_SQL, activeRunSql, ENDED_ATTEMPT_SQL, ENDED_ATTEMPT_STATUSES, endedAttemptSql } from "./status-predicates";

describe("status predicates", () => {
  it("render the statements' texts as they were written by hand before", () => {
    expect(ENDED_ATTEMPT_SQL).toBe(`(status = 'succeeded' OR status = 'failed' OR status = 'cancelled' OR status = 'timed_out')`);
    expect(ACTIVE_RUN_SQL).toBe(`status IN ('queued', 'running')`);
    expect(activeRunSql("run.status")).toBe(`run.status IN ('queued', 'running')`);
    expect(endedAttemptSql("a.status")).toBe(`(a.status = 'succeeded' OR a.status = 'failed' OR a.status = 'cancelled' OR a.status = 'timed_out')`);
  });

  it("agree with the TypeScript lists on every status, in SQLite itself", async () => {
    const attemptStatuses = [...ENDED_ATTEMPT_STATUSES, "running", "queued", "pending"];
    for (const s of attemptStatuses) {
      const r = await env.DB.prepare(`SELECT ${ENDED_ATTEMPT_SQL} AS ended FROM (SELECT ?1 AS status)`).bind(s).first<{ ended: number }>();
      expect([s, r!.ended === 1]).toEqual([s, (ENDED_ATTEMPT_STATUSES as readonly string[]).includes(s)]);
    }
    for (const s of RUN_STATUSES) {
      const r = await env.DB.prepare(`SELECT ${ACTIVE_RUN_SQL} AS active FROM (SELECT ?1 AS status)`).bind(s).first<{ active: number }>();
      expect([s, r!.active === 1]).toEqual([s, ACTIVE_STATUSES.includes(s)]);
    }
  });

  it("let the active-run scan use the partial index eval_runs_active", async () => {
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN SELECT id FROM eval_runs WHERE ${ACTIVE_RUN_SQL} ORDER BY id LIMIT 5`).all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join("\n")).toContain("eval_runs_active");
  });
});
