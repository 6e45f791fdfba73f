// ATIF: the validator holds Harbor's rules (its golden trajectories, with
// ../shared, are valid; each rule broken is an error naming its path), and
// every trajectory Assay exports passes it.
import { describe, expect, inject, it } from "vitest";
import { miniTrajectory } from "../../test/mini-harbor";
import type { TurnRecord } from "../live/steps";
import { isIsoTimestamp, validateAtif } from "./atif";
import { atifToTurns, turnsToAtif } from "./atif-export";

const meta = { session_id: "att_run1_3", agent: { name: "assay", version: "0.1.0", model_name: "fixture-model" } };

/** A bash-harness trial as committed turns: system + task, a tool call, its result and the final answer. */
const turns: TurnRecord[] = [
  {
    messages: [
      { role: "system", content: "You have a bash tool." },
      { role: "user", content: [{ type: "text", text: "Create /app/hello.txt" }] },
      { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "bash", arguments: '{"command":"echo hi > /app/hello.txt"}' } }] },
    ],
    model: "fixture-model",
    usage: { input_tokens: 100, output_tokens: 12 },
    latency_ms: 40,
    reward: null,
    at: "2026-01-01T00:00:01.000Z",
  },
  {
    messages: [
      { role: "tool", tool_call_id: "call_1", content: "" },
      { role: "tool", tool_call_id: "call_unknown", content: "stray" },
      { role: "assistant", content: "Done.", tool_calls: [{ id: "call_2", type: "function", function: { name: "bash", arguments: "not json" } }] },
    ],
    model: "fixture-model",
    usage: { input_tokens: 130, output_tokens: 3 },
    latency_ms: 30,
    reward: null,
    at: "2026-01-01T00:00:02.000Z",
  },
];

describe("ATIF validation", () => {
  it("accepts a trajectory with every optional part", () => {
    expect(validateAtif(miniTrajectory())).toEqual({ valid: true, errors: [], warnings: [], trajectory: expect.objectContaining({ session_id: "sess-1" }) });
  });

  const base = () => miniTrajectory() as Record<string, any>;
  it.each([
    ["a missing session_id", (t: any) => delete t.session_id, "trajectory.session_id: required field is missing"],
    ["an unknown root field", (t: any) => (t.colour = 1), "trajectory.colour: unexpected field (not part of ATIF schema)"],
    ["an unknown step field", (t: any) => (t.steps[0].mood = "ok"), "trajectory.steps.0.mood: unexpected field (not part of ATIF schema)"],
    ["no steps", (t: any) => (t.steps = []), "trajectory.steps"],
    ["a step_id out of sequence", (t: any) => (t.steps[1].step_id = 5), "trajectory.steps.1.step_id: expected 2 (sequential from 1), got 5"],
    ["an unknown source", (t: any) => (t.steps[0].source = "tool"), "trajectory.steps.0.source"],
    ["tool calls on a user step", (t: any) => (t.steps[1].tool_calls = []), "trajectory.steps.1: field 'tool_calls' is only applicable when source is 'agent', but source is 'user'"],
    ["metrics on a system step", (t: any) => (t.steps[0].metrics = {}), "trajectory.steps.0: field 'metrics' is only applicable when source is 'agent', but source is 'system'"],
    ["a dangling source_call_id", (t: any) => (t.steps[2].observation.results[0].source_call_id = "call_9"), "trajectory.steps.2.observation.results.0.source_call_id: 'call_9' is not a tool_call_id of step 3"],
    ["a bad timestamp", (t: any) => (t.steps[0].timestamp = "yesterday"), "trajectory.steps.0.timestamp: is not an ISO 8601 timestamp"],
    ["string arguments", (t: any) => (t.steps[2].tool_calls[0].arguments = "{}"), "trajectory.steps.2.tool_calls.0.arguments"],
    ["a non-ATIF version", (t: any) => (t.schema_version = "v2"), "trajectory.schema_version: is not an ATIF version (ATIF-v1.N)"],
  ])("refuses %s", (_, mutate, error) => {
    const t = base();
    mutate(t);
    const r = validateAtif(t);
    expect(r.valid).toBe(false);
    expect(r.errors.some((e) => e.startsWith(error))).toBe(true);
  });

  it("collects every error, not just the first", () => {
    const t = base();
    delete t.agent.version;
    t.steps[1].step_id = 9;
    t.steps[0].model_name = "x";
    expect(validateAtif(t).errors).toHaveLength(3);
  });

  it("tolerates a newer ATIF-v1.N with a warning (refused when strict); warns when totals do not add up", () => {
    const t = { ...base(), schema_version: "ATIF-v1.7" };
    expect(validateAtif(t)).toMatchObject({ valid: true, warnings: [expect.stringContaining("ATIF-v1.7")] });
    expect(validateAtif(t, { strictVersion: true }).valid).toBe(false);
    const off = base();
    off.final_metrics.total_prompt_tokens = 1;
    expect(validateAtif(off).warnings).toEqual(["final_metrics.total_prompt_tokens is 1 but the steps sum to 270"]);
  });

  it("reads timestamps as Python's fromisoformat does", () => {
    expect(["2026-01-01", "2026-01-01T10:20:30Z", "2026-01-01 10:20:30.123456+02:00", "20260101T102030", "2026-01-01T10:20"].every(isIsoTimestamp)).toBe(true);
    expect(["2026-13-01", "2026-02-30", "01/02/2026", "2026-01-01T25:00"].some(isIsoTimestamp)).toBe(false);
  });
});

describe("ATIF export", () => {
  it("turns a bash trial into steps: tool results as observations of the call they answer, usage as metrics", () => {
    const t = turnsToAtif(turns, { ...meta, extra: { reward: 1 } })!;
    expect(validateAtif(t)).toMatchObject({ valid: true, errors: [], warnings: [] });
    expect(t.steps.map((s) => [s.step_id, s.source])).toEqual([
      [1, "system"],
      [2, "user"],
      [3, "agent"],
      [4, "system"],
      [5, "agent"],
    ]);
    expect(t.steps[1]!.message).toBe("Create /app/hello.txt");
    expect(t.steps[2]).toMatchObject({
      model_name: "fixture-model",
      tool_calls: [{ tool_call_id: "call_1", function_name: "bash", arguments: { command: "echo hi > /app/hello.txt" } }],
      observation: { results: [{ source_call_id: "call_1", content: "" }] },
      metrics: { prompt_tokens: 100, completion_tokens: 12 },
    });
    expect(t.steps[3]).toMatchObject({ observation: { results: [{ content: "stray" }] }, extra: { tool_call_id: "call_unknown" } });
    expect(t.steps[4]!.tool_calls![0]!.arguments).toEqual({ input: "not json" });
    expect(t.final_metrics).toEqual({ total_prompt_tokens: 230, total_completion_tokens: 15, total_steps: 5 });
    expect(t.extra).toEqual({ reward: 1 });
  });

  it("has no trajectory without a message; reads an ATIF trajectory back as turns that export to the same steps", () => {
    expect(turnsToAtif([], meta)).toBe(null);
    const original = validateAtif(miniTrajectory()).trajectory!;
    const back = turnsToAtif(atifToTurns(original), { session_id: original.session_id, agent: original.agent })!;
    expect(validateAtif(back).valid).toBe(true);
    expect(back.steps.map((s) => [s.source, s.message, s.tool_calls?.map((c) => c.tool_call_id), s.observation?.results.map((r) => r.source_call_id)])).toEqual(
      original.steps.map((s) => [s.source, s.message, s.tool_calls?.map((c) => c.tool_call_id), s.observation?.results.map((r) => r.source_call_id)]),
    );
  });
});

describe.skipIf(!inject("sharedPresent"))("Harbor's golden trajectories (../shared)", () => {
  const goldens = [
    "openhands/hello-world.trajectory.json",
    "terminus_2/hello-world-context-summarization-linear-history.trajectory.json",
    "terminus_2/hello-world-context-summarization-linear-history.trajectory.cont-1.json",
    "terminus_2/hello-world-invalid-json.trajectory.json",
    "terminus_2/hello-world-timeout.trajectory.json",
  ];
  it.each(goldens)("%s is valid, and survives Assay's round trip through turns", async (name) => {
    const json = (await (await fetch(`${inject("sharedUrl")}/real-outputs/harbor/atif-golden/${name}`)).json()) as Record<string, unknown>;
    const r = validateAtif(json, { strictVersion: true });
    expect(r.errors).toEqual([]);
    expect(r.valid).toBe(true);
    const again = turnsToAtif(atifToTurns(r.trajectory!), { session_id: r.trajectory!.session_id, agent: r.trajectory!.agent });
    expect(validateAtif(again, { strictVersion: true }).errors).toEqual([]);
    expect(again!.steps.filter((s) => s.source === "agent").length).toBe(r.trajectory!.steps.filter((s) => s.source === "agent").length);
  });
});
