/**
 * How a run ends: the one rule that turns what its attempts produced into
 * the status of each benchmark × target, of each benchmark and of the run.
 * A crashed benchmark must never look like a result (seed 003: "a
 * benchmark that fails is recorded as failed, not as a zero score"), so a
 * benchmark × target whose every attempt ended without a reward is
 * `failed`, its reason the dominant error, with counts by error kind. One
 * with some scored attempts stays `completed` and reports its coverage.
 * A run is `failed` when any of its benchmarks failed: seed 000 says
 * "failed Jobs may still contain valid scored attempts", so the completed
 * benchmarks of a failed run keep their scores. Pure: no binding, no clock.
 */
import { NO_OUTPUT_PREFIX } from "./recorded-outputs";

/** The kind of an attempt's failure, as counted in `error_counts`. */
export type ErrorKind =
  | `http_${number}`
  | "unreachable"
  | "timeout"
  | "rate_limited"
  | "scoring"
  | "internal"
  | "lost"
  | "cancelled"
  | "unscored"
  | "no_output"
  | "other";

/** Counts of attempts without a reward, by error kind. */
export type ErrorCounts = Record<string, number>;

/** What a group of attempts without a reward shares: execution status and error text (any prefix of it). */
export interface UnscoredGroup {
  status: string;
  error: string | null;
  count: number;
}

/** Attempts of one benchmark × target as the run ends. */
export interface CellTally {
  target: "a" | "b";
  /** Attempts requested for this target (members × k). */
  requested: number;
  /** Attempts with a numeric reward. */
  scored: number;
  /** Attempts that ended without a reward. */
  unscored: number;
  /** Those attempts grouped by status and error (possibly not all of them: the rest count as `other`). */
  groups: readonly UnscoredGroup[];
}

/** A run benchmark as the run ends. */
export interface BenchmarkTally {
  benchmark_id: string;
  /** Its name, which the run's error calls it by (a reader knows GSM8K, not bm_1a2b); null: the id stands in. */
  name: string | null;
  /** Its status so far (`failed` when it could not be planned). */
  status: string;
  error: string | null;
  cells: readonly CellTally[];
}

/** The verdict on one benchmark × target. */
export interface CellOutcome {
  status: "completed" | "failed";
  /** Why nothing was scored (the dominant error); null when completed. */
  error: string | null;
  requested: number;
  scored: number;
  error_counts: ErrorCounts;
}

/** The verdict on one run benchmark. */
export interface BenchmarkOutcome {
  benchmark_id: string;
  name: string | null;
  status: "completed" | "failed";
  error: string | null;
  error_counts: ErrorCounts;
  /** Per target slot; empty for a benchmark that failed before it had attempts. */
  targets: Partial<Record<"a" | "b", CellOutcome>>;
}

/** The verdict on a run. */
export interface RunOutcome {
  status: "completed" | "failed";
  error: string | null;
  error_counts: ErrorCounts;
  benchmarks: BenchmarkOutcome[];
}

/** The longest run error kept (the column is shown whole in lists). */
export const MAX_RUN_ERROR = 2000;

const HTTP_REASONS: Record<number, string> = {
  400: "request refused",
  401: "invalid API key",
  402: "payment required",
  403: "access denied",
  404: "model or endpoint not found",
  413: "request too large",
  422: "request refused",
  429: "rate limited",
};

/**
 * The kind of an attempt's failure, from its status and the error text the
 * executor wrote (src/providers/errors.ts, src/execution/failure.ts and
 * the sweeper word them; errors.test.ts pins the wording this reads).
 */
export function errorKindOf(status: string, error: string | null): ErrorKind {
  const e = error ?? "";
  if (status === "cancelled") return "cancelled";
  // The call succeeded but the scorer gave no reward (e.g. the row has no expected answer).
  if (status === "succeeded") return "unscored";
  // Checked first: the error names the task, whose key may read like another kind.
  if (e.startsWith(NO_OUTPUT_PREFIX)) return "no_output";
  const http = /\banswered (\d{3})\b/.exec(e) ?? /^(?:model call|dispatch|runner)[^:]*: (\d{3})\b/.exec(e);
  if (http) {
    const code = Number(http[1]);
    return code === 429 ? "rate_limited" : `http_${code}`;
  }
  if (/could not reach|unreachable|ECONNREFUSED|fetch failed|network/i.test(e)) return "unreachable";
  if (status === "timed_out" && /lost|no progress/i.test(e)) return "lost";
  if (status === "timed_out" || /timed out|timeout|aborted/i.test(e)) return "timeout";
  if (/^scoring:/.test(e)) return "scoring";
  if (/^internal:/.test(e)) return "internal";
  return "other";
}

/** A sentence for an error kind: what a user reads as the reason nothing was scored. */
export function errorKindReason(kind: string): string {
  const http = /^http_(\d{3})$/.exec(kind);
  if (http) {
    const code = Number(http[1]);
    return `${code} from the target: ${HTTP_REASONS[code] ?? (code >= 500 ? "server error" : "request refused")}`;
  }
  switch (kind) {
    case "unreachable":
      return "the target could not be reached";
    case "timeout":
      return "the target did not answer in time";
    case "rate_limited":
      return "429 from the target: rate limited until the attempts gave up";
    case "scoring":
      return "the scorer failed on every output";
    case "internal":
      return "internal error while running the attempts";
    case "lost":
      return "the attempts' work was lost";
    case "cancelled":
      return "cancelled";
    case "unscored":
      return "the scorer gave no reward";
    case "no_output":
      return "no recorded output for the tasks";
    default:
      return "the attempts failed";
  }
}

/** Adds counts into `into`. */
function addCounts(into: ErrorCounts, from: ErrorCounts): ErrorCounts {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
  return into;
}

/** Counts by kind, most frequent first (ties by name), as a plain object in that order. */
function sorted(counts: ErrorCounts): ErrorCounts {
  return Object.fromEntries(Object.entries(counts).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
}

/** Counts of attempts without a reward, by kind; attempts missing from the groups (more error texts than read) count as `other`. */
export function errorCountsOf(unscored: readonly UnscoredGroup[], total?: number): ErrorCounts {
  const counts: ErrorCounts = {};
  let seen = 0;
  for (const g of unscored) {
    const kind = errorKindOf(g.status, g.error);
    counts[kind] = (counts[kind] ?? 0) + g.count;
    seen += g.count;
  }
  if (total !== undefined && total > seen) counts.other = (counts.other ?? 0) + (total - seen);
  return sorted(counts);
}

/** "401 from the target: invalid API key (40 of 40 attempts)", or with several kinds "…; also the target did not answer in time (2)". */
export function failureReason(counts: ErrorCounts, requested: number): string {
  const entries = Object.entries(counts);
  if (!entries.length) return `no attempt produced a result (0 of ${requested} attempts ended)`;
  const [[top, n], ...rest] = entries as [[string, number], ...[string, number][]];
  const also = rest.slice(0, 3).map(([k, m]) => `${errorKindReason(k)} (${m})`);
  return `${errorKindReason(top)} (${n} of ${requested} attempts)${also.length ? `; also ${also.join(", ")}` : ""}`;
}

/** The verdict on one benchmark × target: failed when attempts were requested and none has a reward. */
export function cellOutcome(cell: CellTally): CellOutcome {
  const error_counts = errorCountsOf(cell.groups, cell.unscored);
  const failed = cell.requested > 0 && cell.scored === 0;
  return { status: failed ? "failed" : "completed", error: failed ? failureReason(error_counts, cell.requested) : null, requested: cell.requested, scored: cell.scored, error_counts };
}

/**
 * The verdict on a finished run. A benchmark already failed (it could not
 * be planned) keeps its error. Else it fails when any of its targets
 * scored nothing; with a compare target the reason names which target.
 * The run fails when any benchmark failed, its error naming each by its
 * name (the ids stay beside it in `benchmarks`, for machines).
 */
export function runOutcome(benchmarks: readonly BenchmarkTally[]): RunOutcome {
  const two = benchmarks.some((b) => b.cells.length > 1);
  const out = benchmarks.map((b): BenchmarkOutcome => {
    const targets: BenchmarkOutcome["targets"] = {};
    for (const c of b.cells) targets[c.target] = cellOutcome(c);
    const error_counts = sorted(Object.values(targets).reduce((acc, c) => addCounts(acc, c.error_counts), {} as ErrorCounts));
    const who = { benchmark_id: b.benchmark_id, name: b.name };
    if (b.status === "failed") return { ...who, status: "failed", error: b.error ?? "failed", error_counts, targets };
    const failedCells = b.cells.filter((c) => targets[c.target]!.status === "failed");
    if (!failedCells.length) return { ...who, status: "completed", error: null, error_counts, targets };
    const reasons = failedCells.map((c) => (two ? `target ${c.target.toUpperCase()}: ${targets[c.target]!.error}` : targets[c.target]!.error!));
    return { ...who, status: "failed", error: reasons.join("; "), error_counts, targets };
  });
  const failed = out.filter((b) => b.status === "failed");
  const error_counts = sorted(out.reduce((acc, b) => addCounts(acc, b.error_counts), {} as ErrorCounts));
  const error = failed.length
    ? (failed.length === out.length && out.length > 1 ? "every benchmark failed: " : "") + failed.map((b) => `${b.name ?? b.benchmark_id}: ${b.error}`).join("; ")
    : null;
  return { status: failed.length ? "failed" : "completed", error: error && error.slice(0, MAX_RUN_ERROR), error_counts, benchmarks: out };
}
