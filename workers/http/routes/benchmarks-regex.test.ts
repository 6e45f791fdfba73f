// Custom regex benchmarks run on a linear-time engine: any RE2 pattern is
// accepted (exponential ones included, they cannot stall scoring), what only
// a backtracking engine can run is a 422 saying so, and nothing is stored.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedRevision } from "../../../test/datasets";
import { call, expectProblem, newProject } from "../../../test/http";

async function setup() {
  const p = await newProject("regex");
  const rev = await seedRevision(p.project.id, {
    name: "words",
    version: 1,
    columns: [
      { name: "question", type: "string" },
      { name: "final", type: "string" },
    ],
    rowCount: 3,
  });
  return { ...p, rev };
}

const body = (dataset: string, pattern: string, extra: Record<string, unknown> = {}) => ({
  name: `re-${crypto.randomUUID().slice(0, 6)}`,
  dataset,
  prompt_template: "{question}",
  answer_column: "final",
  scoring: { type: "regex", pattern, ...extra },
});

async function count(projectId: string) {
  return (await env.DB.prepare(`SELECT COUNT(*) AS n FROM benchmarks WHERE project_id = ?1`).bind(projectId).first<{ n: number }>())!.n;
}

describe("regex benchmarks: happy path", () => {
  it("accepts ^(a+)+$, which a linear-time engine runs safely", async () => {
    const { key, rev } = await setup();
    const r = await call("POST", "/api/benchmarks", { key, body: body(rev.ref, "^(a+)+$") });
    expect(r.status).toBe(201);
    expect(r.body.scoring).toEqual({ type: "regex", pattern: "^(a+)+$" });
  });

  it("accepts named groups and flags", async () => {
    const { key, rev } = await setup();
    expect((await call("POST", "/api/benchmarks", { key, body: body(rev.ref, "answer: (?<n>\\d+)", { flags: "is" }) })).status).toBe(201);
  });
});

describe("regex benchmarks: validation", () => {
  it.each([
    ["a lookahead", "(\\d+)(?= apples)"],
    ["a lookbehind", "(?<=answer: )\\d+"],
    ["a backreference", "(a)\\1"],
  ])("refuses %s with a 422 naming scoring.pattern, storing nothing", async (_what, pattern) => {
    const { key, project, rev } = await setup();
    const p = expectProblem(await call("POST", "/api/benchmarks", { key, body: body(rev.ref, pattern) }), 422, "validation_failed");
    const err = p.errors!.find((e) => e.field === "scoring.pattern");
    expect(err?.message).toMatch(/linear-time engine, RE2 syntax: no lookahead, lookbehind or backreferences/);
    expect(await count(project.id)).toBe(0);
  });
});
