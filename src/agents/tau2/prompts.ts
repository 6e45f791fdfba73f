/**
 * What the agent and the user simulator are told. The agent: Assay's own
 * short instruction (one step at a time: a message to the user or a tool
 * call), then the domain's policy, as τ²'s agent gets its policy; in solo
 * mode, the ticket to work and a `done` tool to end with. The user
 * simulator: τ²'s guidelines (pinned upstream data: with tools when the
 * domain gives the user tools) followed by the task's scenario, rendered as
 * τ² renders it. Pure, no I/O.
 */
import { scenarioText, type Tau2Task } from "./task";
import type { ToolDefinition } from "./toolkit";

const AGENT_INSTRUCTION = [
  "You are a customer service agent. Help the user while following the <policy> below exactly.",
  "Each turn, do one thing: either send the user a message, or make tool calls. Do not do both in one turn.",
  "Tool arguments must be valid JSON matching the tool's parameters.",
].join("\n");

const SOLO_INSTRUCTION = [
  "You are a customer service agent working a ticket alone, following the <policy> below exactly.",
  "You cannot talk to the user: every turn, make tool calls that move the ticket forward.",
  "When the ticket is resolved, call the `done` tool on its own.",
  "Tool arguments must be valid JSON matching the tool's parameters.",
].join("\n");

/** The tool a solo agent ends its ticket with (τ²'s LLMSoloAgent's stop tool). */
export const DONE_TOOL: ToolDefinition = { name: "done", description: "Call this, alone, when the ticket is resolved.", parameters: { type: "object", properties: {}, required: [], additionalProperties: false } };

export function agentSystemPrompt(policy: string, solo: { ticket: string } | null = null): string {
  if (solo) return `<instructions>\n${SOLO_INSTRUCTION}\n</instructions>\n<policy>\n${policy}\n</policy>\n<ticket>\n${solo.ticket}\n</ticket>`;
  return `<instructions>\n${AGENT_INSTRUCTION}\n</instructions>\n<policy>\n${policy}\n</policy>`;
}

/** τ²'s user simulator system prompt: its guidelines, then the scenario. */
export function userSystemPrompt(guidelines: string, task: Tau2Task): string {
  return `${guidelines}\n\n<scenario>\n${scenarioText(task.user_scenario)}\n</scenario>`;
}
