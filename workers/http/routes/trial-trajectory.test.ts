// GET /api/trials/{id}/trajectory?format=atif: a model trial's transcript and
// a running agent trial's tool calls export as ATIF that Harbor's rules
// accept (src/trajectories/atif.ts); bad input and absent trajectories are
// problems, not 500s.
import { describe, expect, it } from "vitest";
import { attemptId } from "../../../src/domain/attempt-id";
import { validateAtif } from "../../../src/trajectories/atif";
import { call, expectProblem, newProject } from "../../../test/http";
import { agentProfile, createAgentRun } from "../../../test/runner";
import { arithmeticBenchmark, arithmeticRows, createRun, waitForRun } from "../../../test/runs";
import { inject } from "vitest";

async function receivedFor(runId: string): Promise<any[]> {
  const r = await fetch(`${inject("runnerUrl")}/_attempts`).catch(() => null);
  if (!r?.ok) return [];
  return ((await r.json()) as any[]).filter((a) => a.attempt.run_id === runId);
}

/** A model run of one arithmetic question, finished: its key, run and trial id. */
async function finishedModelTrial() {
  const { key, project } = await newProject();
  const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(1));
  const runId = await createRun(key, [bm], `fixture-traj-${crypto.randomUUID().slice(0, 6)}`);
  await call("POST", `/api/eval-runs/${runId}/start`, { key });
  await waitForRun(key, runId);
  return { key, runId, id: attemptId(runId, 0) };
}

describe("trial trajectories in ATIF", { timeout: 120_000 }, () => {
  it("exports a model trial: the prompt as a user step, the reply as an agent step with its usage, Assay's facts in extra", async () => {
    const { key, runId, id } = await finishedModelTrial();
    const r = await call("GET", `/api/trials/${id}/trajectory?format=atif`, { key });
    expect(r.status).toBe(200);
    expect(validateAtif(r.body, { strictVersion: true })).toMatchObject({ valid: true, errors: [], warnings: [] });
    expect(r.body).toMatchObject({ schema_version: "ATIF-v1.5", session_id: id, extra: { assay: { run_id: runId, status: "succeeded", reward: 1, live: false } } });
    expect(r.body.steps.map((s: any) => s.source)).toEqual(["user", "agent"]);
    expect(r.body.steps[0].message).toContain(arithmeticRows(1)[0]!.question);
    expect(r.body.steps[1]).toMatchObject({ message: expect.stringMatching(/#### \d+/), metrics: { prompt_tokens: expect.any(Number) } });
    // format defaults to atif
    expect((await call("GET", `/api/trials/${id}/trajectory`, { key })).body.session_id).toBe(id);
  });

  it("exports a running agent trial's tool calls with their results as observations", async () => {
    const { key, project } = await newProject();
    const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(1));
    const profile = await agentProfile(key, { behaviour: "silent" });
    const runId = await createAgentRun(key, [bm], profile.ref, { concurrency: 1, timeout_s: 120 });
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    let got: any[] = [];
    for (let i = 0; i < 300 && !got.length; i++) {
      got = await receivedFor(runId);
      if (!got.length) await new Promise((r) => setTimeout(r, 100));
    }
    const a = got[0];
    const id = a.attempt.id as string;
    expectProblem(await call("GET", `/api/trials/${id}/trajectory`, { key }), 404, "not_found");
    const turn = {
      kind: "turn",
      messages: [
        { role: "system", content: "You have a bash tool." },
        { role: "user", content: "What is 3 + 2?" },
        { role: "assistant", content: "", tool_calls: [{ id: "c1", type: "function", function: { name: "bash", arguments: '{"command":"echo $((3+2))"}' } }] },
      ],
      model: "fixture-model",
      usage: { input_tokens: 20, output_tokens: 8 },
      latency_ms: 5,
    };
    const next = { kind: "turn", messages: [{ role: "tool", tool_call_id: "c1", content: "5\n" }, { role: "assistant", content: "#### 5" }], model: "fixture-model", usage: { input_tokens: 30, output_tokens: 3 }, latency_ms: 4 };
    const posted = await call("POST", `/api/runner/attempts/${id}/events`, { key: a.token, body: { events: [{ kind: "phase", phase: "agent" }, turn, next] } });
    expect(posted.status).toBeLessThan(300);
    const r = await call("GET", `/api/trials/${id}/trajectory?format=atif`, { key });
    expect(r.status).toBe(200);
    expect(validateAtif(r.body, { strictVersion: true }).errors).toEqual([]);
    expect(r.body.agent).toMatchObject({ name: "reference runner", version: profile.ref, model_name: "fixture-model" });
    expect(r.body.steps.map((s: any) => s.source)).toEqual(["system", "user", "agent", "agent"]);
    expect(r.body.steps[2]).toMatchObject({
      tool_calls: [{ tool_call_id: "c1", function_name: "bash", arguments: { command: "echo $((3+2))" } }],
      observation: { results: [{ source_call_id: "c1", content: "5\n" }] },
      metrics: { prompt_tokens: 20, completion_tokens: 8 },
    });
    expect(r.body.final_metrics).toEqual({ total_prompt_tokens: 50, total_completion_tokens: 11, total_steps: 4 });
    expect(r.body.extra.assay.live).toBe(true);
    await call("POST", `/api/eval-runs/${runId}/stop`, { key });
  });

  it("refuses an unknown format (422 naming it) and another project's or an unknown trial (404)", async () => {
    const { key, runId, id } = await finishedModelTrial();
    const bad = await call("GET", `/api/trials/${id}/trajectory?format=xml`, { key });
    expectProblem(bad, 422);
    expect(JSON.stringify(bad.body)).toContain("format");
    const other = await newProject();
    expectProblem(await call("GET", `/api/trials/${id}/trajectory`, { key: other.key }), 404, "not_found");
    expectProblem(await call("GET", `/api/trials/att_nope.1/trajectory`, { key }), 404, "not_found");
  });
});
