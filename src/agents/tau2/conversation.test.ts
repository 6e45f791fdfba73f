// τ² conversations end to end against the fixture model (fixture/tau2.mjs),
// which plays the agent (the task's gold actions, right or wrong by its
// accuracy knob) and the user simulator (the scenario, then ###STOP###), on
// the generated domains; each conversation then scored by τ²'s rules. The
// loop's limits, its live deltas, a tool error the conversation survives,
// and a malformed tool call that ends the attempt with its reason. With
// ../shared: every airline and retail release task, the fixture making the
// gold actions through the loop over the real databases, each rewarded 1.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { miniDomainFiles, miniTasks } from "../../../test/mini-tau2";
import { sharedTau2Domain, sharedTau2Tasks, sharedText } from "../../../test/tau2-data";
import { runConversation, type ConversationDelta, type ConversationPorts, type TurnRequest } from "./conversation";
import { loadDomain, type Tau2DomainName } from "./domain";
import { evaluateSimulation } from "./evaluate";
import { loadsPy } from "./py/json";
import { toPlain } from "./py/values";
import { readTasks, type Tau2Task } from "./task";
import { TAU2_USER_GUIDELINES } from "../../catalog/benchmarks/tau_bench/source";
import { openAiChatBody, openAiTurn } from "./wire";

const fixture = () => inject("fixtureUrl");
const GUIDELINES = "# User Simulation Guidelines (test)\nPlay the customer. Say ###STOP### when the task is done.";

async function chat(model: string, req: TurnRequest) {
  const r = await fetch(`${fixture()}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(openAiChatBody(model, req, { temperature: 0 })) });
  if (!r.ok) throw new Error(`fixture ${r.status}: ${await r.text()}`);
  return openAiTurn(await r.json());
}

function ports(agentModel: string, deltas: ConversationDelta[] = []): ConversationPorts {
  return { agent: (req) => chat(agentModel, req), user: (req) => chat("fixture-tau2-user", req), emit: (d) => deltas.push(d) };
}

const domains = Object.fromEntries((["airline", "retail", "telecom"] as const).map((d) => [d, loadDomain(d, miniDomainFiles(d))]));
const tasksOf = (d: Tau2DomainName): Tau2Task[] => readTasks(loadsPy(JSON.stringify(miniTasks(d))));

async function runAndScore(d: Tau2DomainName, task: Tau2Task, agentModel: string, opts: { solo?: boolean; limits?: { max_steps?: number } } = {}) {
  const deltas: ConversationDelta[] = [];
  const run = await runConversation({ domain: domains[d]!, task, userGuidelines: GUIDELINES, ...opts }, ports(agentModel, deltas));
  const reward = await evaluateSimulation({
    task,
    messages: run.messages,
    termination: run.termination_reason === "timeout" ? "max_steps" : run.termination_reason,
    environment: (role) => domains[d]!.environment(role, { soloMode: role === "agent" && opts.solo === true }),
    nl: { kind: "recorded", verdicts: null },
  });
  return { run, reward, deltas };
}

/**
 * Two telecom tasks with one scenario (as most of τ²'s telecom tasks share
 * theirs), differing in their gold actions: the second one given is the one
 * the fixture's user plays, naming it as a case reference for the agent.
 */
function twins(): Tau2TaskRow[] {
  const base = miniTasks("telecom")[0] as Tau2TaskRow;
  const scenario = { ...base.user_scenario, instructions: { ...(base.user_scenario.instructions as object), reason_for_call: "My data stopped working this morning." } };
  const refuel = (gb: number) => ({ action_id: `refuel_${gb}`, requestor: "assistant", name: "refuel_data", arguments: { customer_id: "C9001", line_id: "L9001", gb_amount: gb }, info: null, compare_args: null });
  const criteria = (gb: number) => ({ ...(base.evaluation_criteria as object), actions: [refuel(gb)], env_assertions: [{ env_type: "assistant", func_name: "assert_data_refueling_amount", arguments: { customer_id: "C9001", line_id: "L9001", expected_amount: gb }, assert_value: true, message: null }] });
  return [
    { ...base, id: "twin_a", ticket: "twin a", user_scenario: scenario, evaluation_criteria: criteria(2.0) },
    { ...base, id: "twin_b", ticket: "twin b", user_scenario: scenario, evaluation_criteria: criteria(1.0) },
  ];
}
type Tau2TaskRow = { id: string; ticket: string; user_scenario: { instructions: unknown }; evaluation_criteria: unknown };

describe("τ² conversations with the fixture playing agent and user", () => {
  beforeAll(async () => {
    const rows = [...(["airline", "retail", "telecom"] as const).flatMap((d) => miniTasks(d)), ...twins()];
    const r = await fetch(`${fixture()}/_answers`, { method: "POST", body: JSON.stringify(rows) });
    expect(r.ok).toBe(true);
  });

  it.each([
    ["airline", 0],
    ["airline", 1],
    ["retail", 0],
    ["retail", 1],
    ["telecom", 0],
  ] as const)("%s task %s: the agent's gold actions, the user's stop, reward 1", async (d, i) => {
    const { run, reward, deltas } = await runAndScore(d, tasksOf(d)[i]!, "fixture-tau2-agent");
    expect(run.termination_reason).toBe("user_stop");
    expect(run.errors).toBe(0);
    expect(reward.reward).toBe(1);
    // One delta per agent turn, tool result and user turn, after the setup and agent phases.
    expect(deltas.slice(0, 2)).toEqual([{ kind: "phase", phase: "setup" }, { kind: "phase", phase: "agent" }]);
    expect(deltas.filter((x) => x.kind === "turn")).toHaveLength(run.messages.length);
    const roles = deltas.flatMap((x) => (x.kind === "turn" ? x.messages.map((m) => m.role) : []));
    expect(roles).toEqual(run.messages.map((m) => m.role));
  });

  it("telecom: the user acts on the phone with its own tools when the agent asks", async () => {
    const { run } = await runAndScore("telecom", tasksOf("telecom")[0]!, "fixture-tau2-agent");
    const userCalls = run.messages.flatMap((m) => (m.role === "user" && m.tool_calls ? m.tool_calls.map((c) => c.name) : []));
    expect(userCalls).toEqual(["toggle_airplane_mode"]);
    const trace = run.messages.find((m) => m.role === "tool" && m.requestor === "user");
    expect(trace).toMatchObject({ content: expect.stringMatching(/^Airplane Mode is now OFF\./) });
  });

  it("a wrong argument gets the tool's error and the conversation goes on; the reward is 0", async () => {
    const { run, reward } = await runAndScore("airline", tasksOf("airline")[0]!, "fixture-tau2-agent:accuracy=0,seed=3");
    expect(run.termination_reason).toBe("user_stop");
    expect(run.errors).toBeGreaterThan(0);
    const errored = run.messages.find((m) => m.role === "tool" && m.error);
    expect(errored).toMatchObject({ content: expect.stringMatching(/^Error: Reservation ABC901X not found$/) });
    expect(reward.reward).toBe(0);
    expect(reward.db_check).toEqual({ db_match: false, db_reward: 0 });
  });

  it("with vary, a task's conversations are trials drawn afresh, each carried through its own turns; a reset starts again at trial 0", async () => {
    const model = "fixture-tau2-agent:accuracy=0.5,seed=11,vary=1";
    const reset = () => fetch(`${fixture()}/_reset?model=${encodeURIComponent(model)}`, { method: "POST" });
    expect((await reset()).ok).toBe(true);
    const task = tasksOf("airline")[0]!;
    const trials = async () => {
      const out: { trial: string[]; args: string[]; reward: number | null }[] = [];
      for (let i = 0; i < 6; i++) {
        const { run, reward } = await runAndScore("airline", task, model);
        const calls = run.messages.flatMap((m) => (m.role === "assistant" && m.tool_calls ? m.tool_calls : []));
        out.push({ trial: calls.map((c) => c.id.replace(/^.*-t/, "")), args: calls.map((c) => JSON.stringify(c.arguments)), reward: reward.reward });
      }
      return out;
    };
    const first = await trials();
    // Every call of conversation n is marked trial n, so its later turns draw as its first did.
    first.forEach((c, n) => expect(new Set(c.trial)).toEqual(new Set([String(n)])));
    // Six trials at accuracy 0.5 do not all play the same: some right, some wrong.
    expect(new Set(first.map((c) => c.reward))).toEqual(new Set([0, 1]));
    expect((await reset()).ok).toBe(true);
    expect((await trials()).map((c) => c.args)).toEqual(first.map((c) => c.args));
  });

  it("a malformed tool call ends the attempt with agent_error and the reason, never a crash", async () => {
    const { run, reward } = await runAndScore("retail", tasksOf("retail")[0]!, "fixture-tau2-agent:malformed=1");
    expect(run.termination_reason).toBe("agent_error");
    expect(run.note).toMatch(/^malformed tool call 1 \(find_user_id_by_email\): its arguments are not JSON/);
    expect(reward).toMatchObject({ reward: 0, note: "Simulation terminated prematurely. Termination reason: agent_error" });
  });

  it("stops at max_steps, scored 0 as τ² does", async () => {
    const { run, reward } = await runAndScore("airline", tasksOf("airline")[0]!, "fixture-tau2-agent", { limits: { max_steps: 3 } });
    expect(run).toMatchObject({ termination_reason: "max_steps", steps: 3 });
    expect(reward.reward).toBe(0);
  });

  it("a solo agent works the ticket with the user's tools too, and ends by calling done", async () => {
    const { run, reward } = await runAndScore("telecom", tasksOf("telecom")[0]!, "fixture-tau2-agent", { solo: true });
    expect(run.termination_reason).toBe("agent_stop");
    expect(run.messages.filter((m) => m.role === "user")).toEqual([]);
    expect(run.messages.flatMap((m) => (m.role === "assistant" && m.tool_calls ? m.tool_calls.map((c) => c.name) : []))).toEqual(["toggle_airplane_mode", "refuel_data"]);
    expect(reward.reward).toBe(1);
  });

  it("tasks sharing a scenario: the user names the one it plays as a case reference, and the agent works that one", async () => {
    const [, b] = twins();
    const task = readTasks(loadsPy(JSON.stringify([b])))[0]!;
    const { run, reward } = await runAndScore("telecom", task, "fixture-tau2-agent");
    expect(run.messages[1]).toMatchObject({ role: "user", content: "My data stopped working this morning. (case reference: twin_b)" });
    expect(run.messages.flatMap((m) => (m.role === "assistant" && m.tool_calls ? m.tool_calls.map((c) => toPlain(c.arguments)) : []))).toEqual([{ customer_id: "C9001", line_id: "L9001", gb_amount: 1.0 }]);
    expect(reward.reward).toBe(1);
  });
});

describe.runIf(inject("sharedPresent"))("τ²'s release tasks (../shared/datasets/tau2_bench) with the fixture playing both sides", () => {
  it.each(["airline", "retail"] as const)("%s: every task's gold actions through the loop and the real database, reward 1 each", async (d) => {
    const domain = await sharedTau2Domain(d);
    const guidelines = await sharedText(`datasets/${TAU2_USER_GUIDELINES[0]!.path}`);
    const tasks = readTasks(loadsPy(await sharedTau2Tasks(d)));
    const missed: string[] = [];
    for (const task of tasks) {
      const run = await runConversation({ domain, task, userGuidelines: guidelines }, ports("fixture-tau2-agent"));
      const reward = await evaluateSimulation({ task, messages: run.messages, termination: run.termination_reason === "timeout" ? "max_steps" : run.termination_reason, environment: (role) => domain.environment(role), nl: { kind: "recorded", verdicts: null } });
      if (run.termination_reason !== "user_stop" || reward.reward !== 1) missed.push(`${task.id}: ${run.termination_reason} ${reward.reward}`);
    }
    expect(tasks.length).toBe(d === "airline" ? 50 : 114);
    expect(missed).toEqual([]);
  });
});

