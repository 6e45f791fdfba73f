/**
 * What a run report shows, independent of its format: the run's metadata
 * (targets, judge, options, timings, datasets, usage), its scores and
 * curves, and the small text helpers Markdown and HTML share. Built from
 * stored forms that hold no key; the renderers still scrub their output.
 * Pure: the generation time is passed in.
 */
import { formatPlain, formatScore } from "../metrics";
import type { CurveSet } from "./curve-set";
import type { RunScores } from "./run-scores";
import type { ScoreRow } from "./score-row";
import type { TargetSlot } from "./member-rows";

export interface ReportTarget {
  slot: TargetSlot;
  label: string;
  kind: "model" | "agent" | "outputs";
  provider: string | null;
  model: string | null;
  base_url: string | null;
  runner_url: string | null;
  profile: string | null;
  /** For recorded outputs: the dataset revision they came from. */
  dataset?: string;
  /** A re-score: the run whose stored outputs were scored again. */
  rescore_of?: string;
  params: Record<string, unknown>;
}

export interface ReportBenchmark {
  benchmark_id: string;
  name: string | null;
  status: string;
  error: string | null;
  k: number | null;
  member_count: number | null;
  dataset_digest: string | null;
  scorer: string | null;
}

export interface ReportUsage {
  target: TargetSlot;
  attempts: number;
  input_tokens: number;
  output_tokens: number;
  cost: number | null;
  mean_latency_ms: number | null;
  /** Attempts answered from the response cache. */
  cached_attempts?: number;
}

export interface ReportInput {
  /** When the report was made (ISO 8601). */
  generated_at: string;
  run: {
    id: string;
    display_name: string | null;
    status: string;
    error: string | null;
    created_at: string;
    started_at: string | null;
    finished_at: string | null;
    options: Record<string, unknown>;
  };
  targets: ReportTarget[];
  judge: { provider: string; model: string; base_url: string } | null;
  benchmarks: ReportBenchmark[];
  scores: RunScores;
  curves: CurveSet[];
  usage: ReportUsage[];
}

/** The report's title: the run's display name, else its id. */
export function reportTitle(input: ReportInput): string {
  return input.run.display_name ? `${input.run.display_name} (${input.run.id})` : input.run.id;
}

/** "3m 12s", "1h 02m", "850 ms"; null without both ends. */
export function formatDuration(from: string | null, to: string | null): string | null {
  if (!from || !to) return null;
  const ms = Date.parse(to) - Date.parse(from);
  if (!Number.isFinite(ms) || ms < 0) return null;
  if (ms < 1000) return `${ms} ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, "0")}m`;
}

export function policySentence(policy: string): string {
  return policy === "as_failure"
    ? "missing rewards counted as failures (as_failure): compare only with runs under the same policy"
    : "missing rewards left unknown, never counted as 0 (unknown): compare only with runs under the same policy";
}

/** The label of a score row's target. */
export function labelOf(input: ReportInput, slot: TargetSlot): string {
  return input.targets.find((t) => t.slot === slot)?.label ?? slot;
}

/** A benchmark's name for headings. */
export function benchmarkName(row: Pick<ScoreRow, "benchmark_id" | "benchmark_name">): string {
  return row.benchmark_name ?? row.benchmark_id;
}

/** A score cell: the display value with its interval and n, or why there is none. */
export function scoreCell(row: ScoreRow): string {
  if (row.status === "failed") return `failed: ${row.error ?? "no reason given"}`;
  if (!row.display) return row.status === "pending" ? "not planned yet" : "n/a";
  return row.display.score_with_ci ?? "n/a (nothing scored)";
}

/**
 * pass@k and pass^k with their actual k, e.g. "100% / 50%"; the one that is
 * the benchmark's headline marked (ARC's pass@2; τ²'s pass^k, followed by
 * its pass^1..pass^k).
 */
export function passKCell(row: ScoreRow): string {
  if (!row.display) return "–";
  const at = row.display.pass_at_k ?? "n/a";
  const hat = row.display.pass_hat_k ?? "n/a";
  const series = row.headline === "pass_hat_k" && row.pass_hat?.length ? ` (pass^1..${row.pass_hat.length}: ${row.pass_hat.map((v) => formatScore(v)).join(" / ")})` : "";
  return `${at}${row.headline === "pass_at_k" ? " (headline)" : ""} / ${hat}${row.headline === "pass_hat_k" ? " (headline)" : ""}${series}`;
}

export function coverageCell(row: ScoreRow): string {
  const c = row.score_counts;
  const errors = errorCountsCell(row.error_counts);
  if (!c) return errors ? `without a reward: ${errors}` : "–";
  return `${c.scored}/${c.total} scored, ${c.complete_members}/${c.total_members} complete${c.invalid ? `, ${c.invalid} invalid` : ""}${errors ? ` (without a reward: ${errors})` : ""}`;
}

/** Attempts without a reward by error kind, most frequent first: "http_401 × 40, timeout × 2"; empty when none. */
export function errorCountsCell(counts: Record<string, number> | null | undefined): string {
  if (!counts) return "";
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([k, n]) => `${k} × ${n}`)
    .join(", ");
}

export function previousCell(row: ScoreRow): string {
  const p = row.previous;
  if (!p) return "–";
  const delta = p.paired?.display.delta ?? p.display_delta ?? "n/a";
  const note = p.comparable ? "" : " (different k or policy)";
  return `${formatScore(p.score) ?? "n/a"} → ${formatScore(row.score) ?? "n/a"}: ${delta} vs ${p.run_id}${note}`;
}

export function usageLine(u: ReportUsage, label: string): string {
  const parts = [`${u.attempts} attempts ended`, `${u.input_tokens.toLocaleString("en-US")} input / ${u.output_tokens.toLocaleString("en-US")} output tokens`];
  if (u.cost !== null) parts.push(`cost ${formatPlain(u.cost)}`);
  if (u.mean_latency_ms !== null) parts.push(`mean latency ${Math.round(u.mean_latency_ms)} ms`);
  if (u.cached_attempts) parts.push(`${u.cached_attempts} from the response cache (no model call)`);
  return `${label}: ${parts.join(", ")}`;
}

/** The run's options as flat `key: value` lines (nested objects as compact JSON). */
export function optionLines(options: Record<string, unknown>): [string, string][] {
  return Object.entries(options)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => [k, typeof v === "object" && v !== null ? JSON.stringify(v) : String(v)]);
}

/** How a target is reached, in one line. */
export function targetLine(t: ReportTarget): string {
  if (t.rescore_of) return `${t.label}: outputs recorded by run ${t.rescore_of}, re-scored (no model was called)`;
  if (t.kind === "outputs") return `${t.label}: outputs recorded in dataset ${t.dataset ?? "?"} (no model was called)`;
  if (t.kind === "agent") return `${t.label}: agent via ${t.runner_url ?? "?"} with profile ${t.profile ?? "?"}`;
  const params = Object.keys(t.params).length ? `, params ${JSON.stringify(t.params)}` : "";
  return `${t.label}: ${t.provider ?? "?"} model ${t.model ?? "?"} at ${t.base_url ?? "?"}${params}`;
}
