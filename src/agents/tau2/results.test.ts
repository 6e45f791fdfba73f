// Replaying recorded runs through Assay's environments. With ../shared
// (inject("sharedPresent")): every τ² result file in real-outputs/tau2 and
// τ-bench v1's gpt-4o airline trajectories, each tool result reproduced byte
// for byte, each recorded reward and component reproduced, and the published
// pass^k recomputed from Assay's rewards. Without it: a result file of a
// made-up run on the generated domains (test/mini-tau2.ts).
import { describe, expect, inject, it } from "vitest";
import { miniDomainFiles, miniResultsFile, miniTasks } from "../../../test/mini-tau2";
import { sharedTau2Domain, sharedText } from "../../../test/tau2-data";
import { passCurves } from "../../metrics/curves";
import { loadDomain, type Tau2Domain, type Tau2DomainName } from "./domain";
import { pairedCalls } from "./environment";
import { loadsPy } from "./py/json";
import type { PyValue } from "./py/values";
import { parseTau2Results, replaySimulation, type SimulationReplay } from "./results";
import { readTasks, Tau2FormatError } from "./task";
import { readV1Trajectories, replayable, replayV1Episode, v1Data } from "./v1/replay";

const sharedPresent = inject("sharedPresent");

const shared = sharedText;

/** Mean reward per task over its trials, as pass^j rows (j = 1..trials). */
function passHat(replays: { task: string; reward: number }[]): number[] {
  const byTask = new Map<string, { n: number; c: number }>();
  for (const r of replays) {
    const m = byTask.get(r.task) ?? { n: 0, c: 0 };
    m.n += 1;
    m.c += r.reward === 1 ? 1 : 0;
    byTask.set(r.task, m);
  }
  return passCurves([...byTask.values()]).map((row) => row.pass_hat_j);
}

async function replayFile(domain: Tau2Domain, text: string) {
  const file = parseTau2Results(text);
  const replays: SimulationReplay[] = [];
  let calls = 0;
  const notByteExact: string[] = [];
  for (const sim of file.simulations) {
    replays.push(await replaySimulation(domain, file, sim));
    // Byte for byte, beyond τ²'s own comparison (which parses JSON): every recorded tool result as this environment writes it.
    const env = domain.environment("agent", { soloMode: file.solo });
    const task = file.tasks.get(sim.task_id)!;
    env.setState({ data: task.initial_state?.initialization_data, actions: task.initial_state?.initialization_actions }, []);
    for (const [call, recorded] of pairedCalls(sim.messages)) {
      calls += 1;
      const got = env.getResponse(call);
      if (got.content !== recorded.content || (recorded.error !== null && got.error !== recorded.error)) notByteExact.push(`${sim.id} ${call.name}`);
    }
  }
  return { file, replays, calls, notByteExact };
}

const REAL_FILES: { path: string; domain: Tau2DomainName; simulations: number; calls: number; pass1?: number }[] = [
  { path: "leaderboard_toolorchestra_nvidia/toolorchestra_airline_gpt-5_1trial.json", domain: "airline", simulations: 50, calls: 581, pass1: 0.56 },
  { path: "leaderboard_toolorchestra_nvidia/toolorchestra_retail_gpt-5_1trial.json", domain: "retail", simulations: 114, calls: 873, pass1: 96 / 114 },
  { path: "sierra_gym_2025-08-01/gpt-4.1_airline_default_gpt-4.1_1trials.json", domain: "airline", simulations: 20, calls: 148 },
  { path: "sierra_gym_2025-08-01/gpt-4.1_retail_defautl_gpt-4.1_1trials.json", domain: "retail", simulations: 40, calls: 299 },
  { path: "sierra_gym_2025-08-01/gpt-4.1_telecom_default_gpt-4.1_1trials.json", domain: "telecom", simulations: 40, calls: 689 },
  { path: "sierra_gym_2025-08-01/gpt-4.1_telecom_no-user_gpt-4.1_1trials.json", domain: "telecom", simulations: 40, calls: 626 },
  { path: "sierra_gym_2025-08-01/ft_gpt-4.1-2025-04-14_sierra_tau2-full-sft_BzrYdMNm_airline_default_gpt-4.1_1trials.json", domain: "airline", simulations: 20, calls: 147 },
  { path: "sierra_gym_2025-08-01/ft_gpt-4.1-2025-04-14_sierra_tau2-full-sft_BzrYdMNm_retail_default_gpt-4.1_1trials.json", domain: "retail", simulations: 40, calls: 292 },
  { path: "sierra_gym_2025-08-01/ft_gpt-4.1-2025-04-14_sierra_tau2-full-sft_BzrYdMNm_telecom_default_gpt-4.1_1trials.json", domain: "telecom", simulations: 40, calls: 1076 },
  { path: "sierra_gym_2025-08-01/ft_gpt-4.1-2025-04-14_sierra_tau2-full-sft_BzrYdMNm_telecom_no-user_gpt-4.1_1trials.json", domain: "telecom", simulations: 40, calls: 589 },
];

describe.runIf(sharedPresent)("the real τ² result files (../shared/real-outputs/tau2)", () => {
  const domains = new Map<Tau2DomainName, Promise<Tau2Domain>>();
  const domain = (name: Tau2DomainName) => domains.get(name) ?? (domains.set(name, sharedTau2Domain(name)), domains.get(name)!);

  it.each(REAL_FILES)("$path: every tool result byte for byte, every reward and component as recorded", async ({ path, domain: name, simulations, calls, pass1 }) => {
    const { file, replays, calls: replayed, notByteExact } = await replayFile(await domain(name), await shared(`real-outputs/tau2/${path}`));
    expect(file.domain).toBe(name);
    expect(file.simulations).toHaveLength(simulations);
    expect(replayed).toBe(calls);
    expect(notByteExact).toEqual([]);
    expect(replays.filter((r) => r.differing.length).map((r) => ({ id: r.simulation.id, differing: r.differing }))).toEqual([]);
    expect(replays.every((r) => r.assay.replay_mismatches.length === 0)).toBe(true);
    // DB components: on every simulation that ended by a stop, the DB verdict is the recorded one.
    const stopped = replays.filter((r) => r.simulation.termination_reason === "user_stop" || r.simulation.termination_reason === "agent_stop");
    expect(stopped.every((r) => r.assay.db_check?.db_match === r.simulation.recorded.db_match)).toBe(true);
    if (pass1 !== undefined) expect(passHat(replays.map((r) => ({ task: r.simulation.task_id, reward: r.assay.reward! })))[0]).toBeCloseTo(pass1, 10);
  }, 120_000);

  it("matches the ToolOrchestra simulations to the tasks their recorded evaluations name (their task ids are another task's)", async () => {
    const airline = parseTau2Results(await shared(`real-outputs/tau2/${REAL_FILES[0]!.path}`));
    const retail = parseTau2Results(await shared(`real-outputs/tau2/${REAL_FILES[1]!.path}`));
    expect(airline.simulations.filter((s) => s.labelled_task_id !== null)).toHaveLength(49);
    expect(retail.simulations.filter((s) => s.labelled_task_id !== null)).toHaveLength(113);
    // Each task evaluated once, as a one-trial run should.
    expect(new Set(retail.simulations.map((s) => s.task_id)).size).toBe(114);
  }, 60_000);

  it("reproduces τ-bench v1's gpt-4o airline run: 200 rewards, every recorded gold hash, pass^1..4 0.420/0.273/0.220/0.200", async () => {
    const base = v1Data({
      flights: await shared("datasets/tau_bench/airline/data/flights.json"),
      reservations: await shared("datasets/tau_bench/airline/data/reservations.json"),
      users: await shared("real-outputs/tau_bench_v1/airline_users_pre_2025-01-16.json"),
    });
    const episodes = readV1Trajectories(loadsPy(await shared("real-outputs/tau_bench_v1/historical_trajectories/gpt-4o-airline.json")));
    expect(episodes).toHaveLength(200);
    const out: { task: string; reward: number }[] = [];
    let hashes = 0;
    for (const [i, ep] of episodes.entries()) {
      // The 5 MB hashes on a sample: the reward itself compares what either copy touched.
      const r = await replayV1Episode(base, replayable(ep), { hashes: i % 10 === 0 });
      expect(r.replay_mismatches).toEqual([]);
      expect(r.reward).toBe(ep.reward);
      const recorded = ep.reward_info?.info?.get("gt_data_hash");
      if (r.gt_data_hash !== null && typeof recorded === "string") {
        expect(r.gt_data_hash).toBe(recorded);
        hashes += 1;
      }
      out.push({ task: String(ep.task_id), reward: r.reward });
    }
    expect(hashes).toBeGreaterThan(10);
    const [p1, p2, p3, p4] = passHat(out);
    expect([p1, p2, p3, p4].map((x) => Number(x!.toFixed(3)))).toEqual([0.42, 0.273, 0.22, 0.2]);
  }, 180_000);
});

describe("a result file of a made-up run on the generated domains", () => {
  it.each(["airline", "retail", "telecom"] as const)("%s: the gold simulation scores 1, the idle and the cut-off ones as recorded", async (name) => {
    const domain = loadDomain(name, miniDomainFiles(name));
    const tasks = new Map(readTasks(loadsPy(JSON.stringify(miniTasks(name)))).map((t) => [t.id, t]));
    const text = JSON.stringify(
      miniResultsFile(name, (taskId, calls) => {
        const env = domain.environment("agent");
        env.setState({ actions: tasks.get(taskId)!.initial_state?.initialization_actions }, []);
        return calls.map((c) => {
          const r = env.getResponse({ ...c, arguments: loadsPy(JSON.stringify(c.arguments)) as Map<string, PyValue> });
          return { content: r.content, error: r.error === true };
        });
      }),
    );
    const { file, replays, notByteExact } = await replayFile(domain, text);
    expect(notByteExact).toEqual([]);
    expect(replays.filter((r) => r.differing.length)).toEqual([]);
    expect(replays.map((r) => [r.simulation.id.split("-").at(-1), r.assay.reward])).toEqual(file.simulations.map((s) => [s.id.split("-").at(-1), s.recorded.reward]));
    expect(replays.filter((r) => r.simulation.id.endsWith("gold")).every((r) => r.assay.reward === 1)).toBe(true);
    expect(replays.filter((r) => r.simulation.id.endsWith("cut")).map((r) => r.assay.note)).toEqual(replays.filter((r) => r.simulation.id.endsWith("cut")).map(() => "Simulation terminated prematurely. Termination reason: max_steps"));
  });

  it("reports a recorded reward Assay does not reproduce, naming the component", async () => {
    const domain = loadDomain("airline", miniDomainFiles("airline"));
    const doc = miniResultsFile("airline", (_t, calls) => calls.map(() => ({ content: "", error: false }))) as { simulations: { id: string; reward_info: { reward: number; db_check: { db_match: boolean } | null } }[] };
    const idle = doc.simulations.find((s) => s.id === "sim-0-idle")!;
    idle.reward_info.reward = 1.0;
    idle.reward_info.db_check = { db_match: true } as never;
    const file = parseTau2Results(JSON.stringify(doc));
    const r = await replaySimulation(domain, file, file.simulations.find((s) => s.id === "sim-0-idle")!);
    expect(r.differing).toEqual(["reward", "DB"]);
  });

  it.each([
    ["[]", "file", /is a list/],
    ['{"info": {}}', "tasks", /is required/],
    ['{"info": {"environment_info": {"domain_name": "banking"}}, "tasks": [], "simulations": []}', "info.environment_info.domain_name", /unknown domain 'banking'/],
    ['{"info": {"environment_info": {"domain_name": "airline"}}, "tasks": [], "simulations": [{"id": "s", "task_id": "9"}]}', "simulations[0].task_id", /names task '9'/],
    ["{nope", "file", /is not JSON/],
  ])("refuses %s naming %s", (text, field, message) => {
    try {
      parseTau2Results(text);
      throw new Error("no error");
    } catch (e) {
      expect(e).toBeInstanceOf(Tau2FormatError);
      expect((e as Tau2FormatError).field).toBe(field);
      expect((e as Error).message).toMatch(message);
    }
  });
});
