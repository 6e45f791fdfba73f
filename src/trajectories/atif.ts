/**
 * ATIF, Harbor's Agent Trajectory Interchange Format (RFC 0001), and its
 * validator by Harbor's rules (harbor.utils.trajectory_validator, 0.1.x):
 * every object closed (an unknown field is an error), required fields
 * present with their types, at least one step, step_id sequential from 1,
 * `source` one of system | user | agent, the agent-only fields (model_name,
 * reasoning_effort, reasoning_content, tool_calls, metrics) absent on
 * system and user steps, timestamps ISO 8601, and every observation
 * result's source_call_id naming a tool_call_id of its own step. All
 * errors are collected, each naming its path (`trajectory.steps.2.source`).
 *
 * Versions ATIF-v1.0 to v1.5 are Harbor 0.1.x's; a later ATIF-v1.N (other
 * tools cite 1.6–1.8) is accepted with a warning unless `strictVersion`.
 * A checker's extra rule, reported as a warning since Harbor does not
 * enforce it: the steps' token and cost sums equal final_metrics' totals.
 * Pure, no I/O.
 */
import { z } from "zod";

export const ATIF_VERSION = "ATIF-v1.5";
const HARBOR_VERSIONS = ["ATIF-v1.0", "ATIF-v1.1", "ATIF-v1.2", "ATIF-v1.3", "ATIF-v1.4", "ATIF-v1.5"];

/** Python 3.11's datetime.fromisoformat (after "Z" → "+00:00"): extended or basic date, optional time and offset. */
const ISO_8601 = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2})(?::?(\d{2})(?::?(\d{2})(?:[.,]\d+)?)?)?(?:Z|[+-]\d{2}(?::?\d{2}(?::?\d{2}(?:\.\d+)?)?)?)?)?$/;

export function isIsoTimestamp(v: string): boolean {
  const m = ISO_8601.exec(v);
  if (!m) return false;
  const [y, mo, d, h = "0", mi = "0", s = "0"] = m.slice(1).map((x) => x ?? undefined) as string[];
  const days = new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate();
  return Number(mo) >= 1 && Number(mo) <= 12 && Number(d) >= 1 && Number(d) <= days && Number(h) <= 23 && Number(mi) <= 59 && Number(s) <= 59;
}

const Int = z.number().int();
const Extra = z.record(z.string(), z.unknown()).nullable().optional();
const opt = <T extends z.ZodType>(t: T) => t.nullable().optional();

const ToolCall = z.strictObject({ tool_call_id: z.string(), function_name: z.string(), arguments: z.record(z.string(), z.unknown()) });
const SubagentRef = z.strictObject({ session_id: z.string(), trajectory_path: opt(z.string()), extra: Extra });
const ObservationResult = z.strictObject({ source_call_id: opt(z.string()), content: opt(z.string()), subagent_trajectory_ref: opt(z.array(SubagentRef)) });
const Metrics = z.strictObject({
  prompt_tokens: opt(Int),
  completion_tokens: opt(Int),
  cached_tokens: opt(Int),
  cost_usd: opt(z.number()),
  prompt_token_ids: opt(z.array(Int)),
  completion_token_ids: opt(z.array(Int)),
  logprobs: opt(z.array(z.number())),
  extra: Extra,
});

export const AtifStep = z.strictObject({
  step_id: Int.min(1),
  timestamp: opt(z.string().refine(isIsoTimestamp, "is not an ISO 8601 timestamp")),
  source: z.enum(["system", "user", "agent"]),
  model_name: opt(z.string()),
  reasoning_effort: opt(z.union([z.string(), z.number()])),
  message: z.string(),
  reasoning_content: opt(z.string()),
  tool_calls: opt(z.array(ToolCall)),
  observation: opt(z.strictObject({ results: z.array(ObservationResult) })),
  metrics: opt(Metrics),
  is_copied_context: opt(z.boolean()),
  extra: Extra,
});
export type AtifStep = z.infer<typeof AtifStep>;

export const AtifTrajectory = z.strictObject({
  schema_version: z.string().regex(/^ATIF-v1\.\d+$/, "is not an ATIF version (ATIF-v1.N)").default(ATIF_VERSION),
  session_id: z.string(),
  agent: z.strictObject({
    name: z.string(),
    version: z.string(),
    model_name: opt(z.string()),
    tool_definitions: opt(z.array(z.record(z.string(), z.unknown()))),
    extra: Extra,
  }),
  steps: z.array(AtifStep).min(1),
  notes: opt(z.string()),
  final_metrics: opt(
    z.strictObject({
      total_prompt_tokens: opt(Int),
      total_completion_tokens: opt(Int),
      total_cached_tokens: opt(Int),
      total_cost_usd: opt(z.number()),
      total_steps: opt(Int.min(0)),
      extra: Extra,
    }),
  ),
  continued_trajectory_ref: opt(z.string()),
  extra: Extra,
});
export type AtifTrajectory = z.infer<typeof AtifTrajectory>;

const AGENT_ONLY = ["model_name", "reasoning_effort", "reasoning_content", "tool_calls", "metrics"] as const;

export interface AtifValidation {
  valid: boolean;
  /** Every violation of Harbor's rules, `trajectory.<path>: <what>`. */
  errors: string[];
  /** What Harbor accepts but a reader should know (a newer version, totals that do not add up). */
  warnings: string[];
  /** The parsed trajectory when valid. */
  trajectory: AtifTrajectory | null;
}

/** Validates a parsed JSON value as an ATIF trajectory. */
export function validateAtif(value: unknown, opts: { strictVersion?: boolean } = {}): AtifValidation {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { valid: false, errors: ["trajectory: must be a JSON object"], warnings, trajectory: null };
  const parsed = AtifTrajectory.safeParse(value, { reportInput: true });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const at = ["trajectory", ...issue.path.map(String)].join(".");
      if (issue.code === "unrecognized_keys") for (const k of issue.keys) errors.push(`${at}.${k}: unexpected field (not part of ATIF schema)`);
      else errors.push(`${at}: ${issue.code === "invalid_type" && issue.input === undefined ? "required field is missing" : issue.message}`);
    }
  }
  // The cross-field rules, checked on what is there even when fields above failed (all errors are collected).
  const raw = value as { schema_version?: unknown; steps?: unknown };
  const version = typeof raw.schema_version === "string" ? raw.schema_version : ATIF_VERSION;
  if (/^ATIF-v1\.\d+$/.test(version) && !HARBOR_VERSIONS.includes(version)) {
    if (opts.strictVersion) errors.push(`trajectory.schema_version: '${version}' is not one of Harbor's (${HARBOR_VERSIONS.join(", ")})`);
    else warnings.push(`schema_version ${version} is newer than Harbor 0.1's ATIF-v1.5; read as v1.5`);
  }
  const steps = Array.isArray(raw.steps) ? raw.steps : [];
  steps.forEach((s: unknown, i) => {
    if (typeof s !== "object" || s === null) return;
    const step = s as Record<string, unknown>;
    if (step.step_id !== i + 1) errors.push(`trajectory.steps.${i}.step_id: expected ${i + 1} (sequential from 1), got ${JSON.stringify(step.step_id)}`);
    if (step.source !== "agent" && typeof step.source === "string") {
      for (const f of AGENT_ONLY) if (step[f] !== undefined && step[f] !== null) errors.push(`trajectory.steps.${i}: field '${f}' is only applicable when source is 'agent', but source is '${step.source}'`);
    }
    const results = (step.observation as { results?: unknown } | null | undefined)?.results;
    if (Array.isArray(results)) {
      const ids = new Set(Array.isArray(step.tool_calls) ? step.tool_calls.map((t: { tool_call_id?: unknown }) => t?.tool_call_id) : []);
      results.forEach((r: { source_call_id?: unknown }, j) => {
        if (typeof r?.source_call_id === "string" && !ids.has(r.source_call_id)) {
          errors.push(`trajectory.steps.${i}.observation.results.${j}.source_call_id: '${r.source_call_id}' is not a tool_call_id of step ${i + 1}`);
        }
      });
    }
  });
  if (!errors.length && parsed.success) warnings.push(...metricWarnings(parsed.data));
  return { valid: errors.length === 0, errors, warnings, trajectory: errors.length === 0 && parsed.success ? parsed.data : null };
}

/** Steps' sums against final_metrics' totals, where both are stated. */
function metricWarnings(t: AtifTrajectory): string[] {
  const fm = t.final_metrics;
  if (!fm) return [];
  const out: string[] = [];
  const sum = (k: "prompt_tokens" | "completion_tokens" | "cached_tokens" | "cost_usd") => {
    const vals = t.steps.map((s) => s.metrics?.[k]).filter((v): v is number => typeof v === "number");
    return vals.length ? vals.reduce((a, b) => a + b, 0) : null;
  };
  const pairs = [
    ["total_prompt_tokens", sum("prompt_tokens")],
    ["total_completion_tokens", sum("completion_tokens")],
    ["total_cached_tokens", sum("cached_tokens")],
    ["total_cost_usd", sum("cost_usd")],
  ] as const;
  for (const [k, s] of pairs) {
    const total = fm[k];
    if (typeof total === "number" && s !== null && Math.abs(total - s) > 1e-6 * Math.max(1, Math.abs(total))) out.push(`final_metrics.${k} is ${total} but the steps sum to ${s}`);
  }
  if (typeof fm.total_steps === "number" && fm.total_steps !== t.steps.length && !t.notes) out.push(`final_metrics.total_steps is ${fm.total_steps} for ${t.steps.length} steps, and notes do not say why`);
  return out;
}
