// Scorer tau2 on the generated retail domain: the conversation replayed from
// its trajectory document, DB and NL assertions over the task's basis (NL by
// the injected judge, or recorded verdicts), runs not ended by a stop at 0,
// an unreadable judge verdict unscored (never 0), missing data unscored.
import { describe, expect, it } from "vitest";
import { miniDomainFiles, miniTasks } from "../../test/mini-tau2";
import { loadDomain } from "../agents/tau2/domain";
import { dumpsPy, loadsPy } from "../agents/tau2/py/json";
import type { PyValue } from "../agents/tau2/py/values";
import { trajectoryText } from "../agents/tau2/record";
import type { Tau2Message } from "../agents/tau2/messages";
import type { TerminationReason } from "../agents/tau2/evaluate";
import { needsJudge, scoreAttempt } from "./registry";
import { ScoringSpec } from "./spec";

const domain = loadDomain("retail", miniDomainFiles("retail"));
const NL = "The agent confirms the swap before making it.";
// The first mini retail task, its basis widened to NL assertions.
const task = { ...(miniTasks("retail")[0] as Record<string, any>) };
task.evaluation_criteria = { ...task.evaluation_criteria, nl_assertions: [NL], reward_basis: ["DB", "NL_ASSERTION"] };
const row = { domain: "retail", task: JSON.stringify(task) };

function trajectory(doSwap: boolean, termination: TerminationReason = "user_stop"): string {
  const env = domain.environment("agent");
  const call = (id: string, name: string, args: string) => ({ id, name, arguments: loadsPy(args) as Map<string, PyValue>, requestor: "assistant" as const });
  const messages: Tau2Message[] = [
    { role: "assistant", content: "Hi! How can I help you today?", tool_calls: null },
    { role: "user", content: "Swap my red shirt for the blue one.", tool_calls: null },
  ];
  if (doSwap) {
    const c = call("c1", "modify_pending_order_items", '{"order_id": "#W9000001", "item_ids": ["8000000001"], "new_item_ids": ["8000000002"], "payment_method_id": "gift_card_2001"}');
    messages.push({ role: "assistant", content: null, tool_calls: [c] }, env.getResponse(c));
  }
  messages.push({ role: "assistant", content: "Done.", tool_calls: null }, { role: "user", content: "###STOP###", tool_calls: null });
  return trajectoryText({ termination_reason: termination, messages, solo: false, nl_verdicts: [{ nl_assertion: NL, met: true, justification: "recorded" }], recorded_reward: 1 });
}

const judging = (met: unknown) => async () => ({ text: JSON.stringify({ results: [{ expectedOutcome: NL, reasoning: "It asked first.", metExpectation: met }] }) });
const spec = (over: object = {}) => ScoringSpec.parse({ type: "tau2", ...over });
const deps = (judge?: () => Promise<{ text: string }>) => ({ tau2Domain: async () => domain, ...(judge ? { judge } : {}) });

describe("scorer tau2", () => {
  it("scores the swap 1 when the judge finds the NL assertion met, with every component in the result", async () => {
    const r = await scoreAttempt({ output: trajectory(true), expected: null, spec: spec(), row }, deps(judging(true)));
    expect(r.reward).toBe(1);
    expect(r.reason).toBe("τ² reward 1: DB 1, NL_ASSERTION 1; NL verdicts by the run's judge; the source recorded 1");
    expect(r.structured?.dimensions).toEqual({ DB: 1, ACTION: 0, NL_ASSERTION: 1, "source:reward": 1 });
    expect(r.structured?.report).toMatchObject({ db_check: { db_match: true }, nl_source: "judge", reward_basis: ["DB", "NL_ASSERTION"] });
  });

  it.each([
    [false, true, 0, "DB 0"],
    [true, false, 0, "NL_ASSERTION 0"],
  ])("swap %s, NL met %s: reward %s (%s)", async (swap, met, reward, part) => {
    const r = await scoreAttempt({ output: trajectory(swap), expected: null, spec: spec(), row }, deps(judging(met)));
    expect(r.reward).toBe(reward);
    expect(r.reason).toContain(part);
  });

  it("leaves the attempt unscored, not 0, when the judge's verdict is unreadable", async () => {
    const r = await scoreAttempt({ output: trajectory(true), expected: null, spec: spec(), row }, deps(judging("yes")));
    expect(r.reward).toBeNull();
    expect(r.reason).toContain("NL_ASSERTION unscored");
  });

  it("takes recorded NL verdicts for an import, and needs no judge then", async () => {
    const s = spec({ nl: "recorded" });
    expect(needsJudge(s)).toBe(false);
    expect(needsJudge(spec())).toBe(true);
    const r = await scoreAttempt({ output: trajectory(true), expected: null, spec: s, row }, deps());
    expect(r).toMatchObject({ reward: 1, reason: expect.stringContaining("NL verdicts as the source recorded them") });
  });

  it("scores 0 a conversation cut off at max_steps, as τ² does", async () => {
    const r = await scoreAttempt({ output: trajectory(true, "max_steps"), expected: null, spec: spec(), row }, deps(judging(true)));
    expect(r).toMatchObject({ reward: 0, reason: "Simulation terminated prematurely. Termination reason: max_steps" });
  });

  it.each([
    [{ ...row, domain: "banking" }, deps(), /names no τ² domain/],
    [row, {}, /no data for the retail domain/],
    [{ domain: "retail" }, deps(), /holds no τ² task/],
  ])("leaves it unscored when data is missing (%#)", async (r0, d, reason) => {
    const r = await scoreAttempt({ output: trajectory(true), expected: null, spec: spec(), row: r0 }, d);
    expect(r.reward).toBeNull();
    expect(r.reason).toMatch(reason);
  });

  it("leaves an output that is not a trajectory document unscored, naming why", async () => {
    const r = await scoreAttempt({ output: dumpsPy(new Map([["format", "other"]])), expected: null, spec: spec(), row }, deps());
    expect(r).toMatchObject({ reward: null, reason: "cannot read the attempt: output is not a tau2-trajectory document" });
  });
});
