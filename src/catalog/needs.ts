/**
 * What a catalog card says in one line: the short labels of what a run of
 * a benchmark needs (a judge, the code sandbox, an agent or environment runner, a vision
 * model, service credentials, or a benchmark's own), and a one-line status.
 * Derived from how the benchmark runs, so a card cannot claim less than the
 * scorer needs. Pure.
 */
import { environmentVerifier } from "../environments/verifiers";
import { SCORERS } from "../scorers/registry";
import type { CatalogStatus } from "./types";

/** The labels a derived `needs` uses; a definition may add its own (BenchmarkDefinition.needs). */
export const NEED_LABELS = {
  judge: "judge model",
  sandbox: "code sandbox",
  runner: "agent runner",
  environment: "environment runner",
  images: "vision model",
  credentials: "service credentials",
} as const;

/** What decides the needs of a benchmark, built-in or custom. */
export interface NeedsInput {
  kind: string;
  scoring: Record<string, unknown> | null;
  /** The image column, when prompts carry an image. */
  image_column?: string | null;
  /** Services whose credentials a run supplies (built-ins). */
  credentials?: readonly unknown[];
  /** Labels of its own (a built-in's definition). */
  needs?: readonly string[];
}

/** How the scorer of this spec type works: pure, model (a judge) or sandbox; undefined for a type the registry does not have (a runner's verifier). */
function scorerKind(type: unknown): string | undefined {
  return typeof type === "string" && Object.hasOwn(SCORERS, type) ? SCORERS[type as keyof typeof SCORERS].kind : undefined;
}

/** The short labels of what a run needs, in a fixed order, without repeats. */
export function needsOf(b: NeedsInput): string[] {
  const kind = scorerKind(b.scoring?.type);
  const labels: string[] = [];
  // A task whose verifier needs its own environment runs on an environment runner (a model target's is the deployment's).
  if (b.kind === "runner") labels.push(environmentVerifier(b.scoring) ? NEED_LABELS.environment : NEED_LABELS.runner);
  if (kind === "model") labels.push(NEED_LABELS.judge);
  if (kind === "sandbox") labels.push(NEED_LABELS.sandbox);
  if (b.image_column) labels.push(NEED_LABELS.images);
  if (b.credentials && b.credentials.length > 0) labels.push(NEED_LABELS.credentials);
  for (const extra of b.needs ?? []) if (!labels.includes(extra)) labels.push(extra);
  return labels;
}

/** One line for the card: the status in words, with the task count when it runs here. */
export function statusSummary(b: { status: CatalogStatus; sample_size: number | null; status_summary?: string; builtin: boolean }): string {
  if (b.status_summary) return b.status_summary;
  if (b.status === "needs_runner") return "Runs on an agent runner the run's target provides";
  if (b.status === "unavailable") return "Not runnable yet: its data is not bundled";
  if (!b.builtin) return "Runs on the project's dataset";
  return b.sample_size ? `Runs here on ${b.sample_size.toLocaleString("en-US")} tasks` : "Runs here";
}
