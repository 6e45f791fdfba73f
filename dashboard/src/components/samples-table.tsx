/**
 * The per-attempt table of one benchmark and target: filters (all, passed,
 * failed, missing, invalid, live), virtualised rows, each opening its
 * trace. Every attempt shows its dispatch time with its elapsed time, its
 * turns and tokens, the expected answer, the scorer's reason and the
 * output; live ones carry a pulsing marker and their phase, and their
 * elapsed time, turns and tokens grow with each delta. The verdict filter
 * is the API's; subset and error kind narrow the rows already read (the
 * samples list takes neither), error kinds as the run's own counts name them.
 */
import { useEffect, useState } from "preact/hooks";
import type { Sample } from "../lib/types";
import type { LiveAttempt } from "../lib/live";
import { clock, duration, int, score } from "../lib/format";
import { phaseLabel } from "../../../src/live/phase-label";
import { cellState } from "./block-bar";
import { StatusBadge } from "./ui";
import { VirtualList } from "./virtual-list";

export const FILTERS = ["", "passed", "failed", "missing", "invalid", "live"] as const;
export type Filter = (typeof FILTERS)[number];
const ROW = 34;

function useNow(active: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

function VerdictCell({ s }: { s: Sample }) {
  const st = cellState(s);
  if (st === "passed") return <StatusBadge status="passed" label={`passed ${score(s.reward)}`} />;
  if (st === "failed") return <StatusBadge status="failed" label={`failed ${score(s.reward)}`} />;
  if (st === "partial") return <span class="badge st-partial">◐ {score(s.reward)}</span>;
  if (st === "invalid") return <StatusBadge status="invalid" label={`invalid (${s.status.replace("_", " ")})`} />;
  return <StatusBadge status={s.status} />;
}

export function SamplesTable({
  items,
  live,
  filter,
  setFilter,
  loading,
  complete,
  onOpen,
  total,
}: {
  items: Sample[];
  live: LiveAttempt[];
  filter: Filter;
  setFilter: (f: Filter) => void;
  loading: boolean;
  complete: boolean;
  onOpen: (attemptId: string) => void;
  total: number | null;
}) {
  // The ticking clock re-renders once a second; Date.now() keeps a row dispatched since the last tick from reading negative.
  const now = Math.max(useNow(live.length > 0), Date.now());
  const liveById = new Map(live.map((a) => [a.id, a]));

  const liveRows: Sample[] =
    filter === "live"
      ? live.map((a) => ({
          id: a.id,
          benchmark_id: a.benchmark_id ?? "",
          target: a.target ?? "a",
          task_key: a.task_key ?? a.id,
          subset: null,
          attempt_index: a.attempt_index ?? 0,
          status: "running",
          reward: null,
          output: null,
          output_truncated: false,
          expected_answer: null,
          reason: null,
          error: null,
          latency_ms: null,
          input_tokens: null,
          output_tokens: null,
          started_at: null,
          finished_at: null,
          turns: null,
          error_kind: null,
          recorded: false,
          // Spread, so this compiles against a generated client with or without the field.
          ...{ cached: false },
        }))
      : [];
  const [subset, setSubset] = useState("");
  const [kind, setKind] = useState("");
  const subsets = new Set<string>();
  const kinds = new Map<string, number>();
  const kindOf = (s: Sample) => s.error_kind ?? null;
  for (const s of items) {
    if (s.subset) subsets.add(s.subset);
    const k = kindOf(s);
    if (k) kinds.set(k, (kinds.get(k) ?? 0) + 1);
  }
  const narrowed = subset || kind ? items.filter((s) => (!subset || s.subset === subset) && (!kind || kindOf(s) === kind)) : items;
  const rows = filter === "live" ? liveRows : narrowed;

  const row = (s: Sample, i: number) => {
    const a = liveById.get(s.id);
    const tokens = s.input_tokens != null || s.output_tokens != null ? (s.input_tokens ?? 0) + (s.output_tokens ?? 0) : null;
    return (
      <div
        role="row"
        tabIndex={0}
        class={`trow${a ? " is-live" : ""}`}
        key={s.id}
        data-attempt={s.id}
        data-live={a ? "true" : undefined}
        style={{ height: `${ROW}px` }}
        onClick={() => onOpen(s.id)}
        onKeyDown={(e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            onOpen(s.id);
          }
        }}
        aria-label={`Open trace of ${s.task_key} attempt ${s.attempt_index + 1}`}
      >
        <span role="cell" class="c-num">
          {a && <span class="live-dot" aria-label="live" />}
          {i + 1}
        </span>
        <span role="cell" class="c-task" title={s.task_key}>
          {s.task_key}
          {s.subset && <span class="muted"> · {s.subset}</span>}
        </span>
        <span role="cell" class="c-att">
          #{s.attempt_index + 1}
          {s.cached && (
            <span class="muted small" data-cached="true" title="The reply came from the response cache: no model call">
              {" "}
              cached
            </span>
          )}
        </span>
        <span role="cell" class="c-status">
          {a ? (
            <>
              <StatusBadge status="running" label="live" /> <span class="phase">{phaseLabel(a.phase, a.execution)}</span>
            </>
          ) : (
            <VerdictCell s={s} />
          )}
        </span>
        <span role="cell" class="c-time">
          {a ? (
            <>
              {clock(a.dispatched_at)} <span class="muted">({duration(a.dispatched_at ? now - a.dispatched_at : null)})</span>
            </>
          ) : s.started_at ? (
            <>
              {clock(s.started_at)} <span class="muted">({s.finished_at ? duration(Date.parse(s.finished_at) - Date.parse(s.started_at)) : duration(now - Date.parse(s.started_at))})</span>
            </>
          ) : s.finished_at ? (
            <span class="muted" title="when it ended; this server does not say when it was dispatched">ended {clock(s.finished_at)}</span>
          ) : (
            ""
          )}
        </span>
        <span role="cell" class="c-turns">{a ? int(a.turns) : s.turns != null ? int(s.turns) : ""}</span>
        <span role="cell" class="c-tokens" title={!a && tokens !== null ? `${int(s.input_tokens ?? 0)} in, ${int(s.output_tokens ?? 0)} out` : undefined}>
          {a ? int(a.tokens) : tokens !== null ? int(tokens) : ""}
        </span>
        <span role="cell" class="c-expected" title={s.expected_answer ?? ""}>
          {s.expected_answer ?? ""}
        </span>
        <span role="cell" class="c-reason" title={s.reason ?? ""}>
          {s.reason ?? ""}
        </span>
        <span role="cell" class="c-out" title={s.error ?? s.output ?? ""}>
          {s.error ? <span class="err">{s.error}</span> : (s.output ?? "").slice(0, 160)}
        </span>
      </div>
    );
  };

  return (
    <div class="samples" data-testid="samples-table">
      <div class="toolbar" role="group" aria-label="Filter attempts">
        {FILTERS.map((f) => (
          <button type="button" key={f || "all"} class={`chip-btn${filter === f ? " on" : ""}`} aria-pressed={filter === f} onClick={() => setFilter(f)}>
            {f === "" ? "All" : f === "live" ? `Live (${live.length})` : f.charAt(0).toUpperCase() + f.slice(1)}
          </button>
        ))}
        {subsets.size > 0 && (
          <label class="small">
            Subset{" "}
            <select value={subset} onChange={(e) => setSubset((e.target as HTMLSelectElement).value)} aria-label="Subset">
              <option value="">all</option>
              {[...subsets].sort().map((x) => (
                <option key={x} value={x}>
                  {x}
                </option>
              ))}
            </select>
          </label>
        )}
        {(kinds.size > 0 || kind) && (
          <label class="small">
            Error kind{" "}
            <select value={kind} onChange={(e) => setKind((e.target as HTMLSelectElement).value)} aria-label="Error kind">
              <option value="">any</option>
              {[...kinds].sort(([, a], [, b]) => b - a).map(([k, n]) => (
                <option key={k} value={k}>
                  {k} ({int(n)})
                </option>
              ))}
            </select>
          </label>
        )}
        <span class="muted small" aria-live="polite">
          {filter === "live" ? `${live.length} live` : subset || kind ? `${int(narrowed.length)} of ${int(items.length)} rows read` : `${int(items.length)}${!complete ? "+" : ""} rows${total !== null && filter === "" ? ` of ${int(total)} expected` : ""}${loading ? ", reading…" : ""}`}
        </span>
      </div>
      <div class="table vt" role="table" aria-label="Attempts" aria-rowcount={rows.length}>
        <div role="row" class="thead">
          <span role="columnheader" class="c-num">#</span>
          <span role="columnheader" class="c-task">Task</span>
          <span role="columnheader" class="c-att">Try</span>
          <span role="columnheader" class="c-status">Verdict / phase</span>
          <span role="columnheader" class="c-time">Dispatched (elapsed)</span>
          <span role="columnheader" class="c-turns">Turns</span>
          <span role="columnheader" class="c-tokens">Tokens</span>
          <span role="columnheader" class="c-expected">Expected</span>
          <span role="columnheader" class="c-reason">Reason</span>
          <span role="columnheader" class="c-out">Output</span>
        </div>
        {rows.length === 0 ? (
          <p class="empty small">{loading ? "Reading attempts…" : filter === "live" ? "No attempt is running now." : filter === "" ? "No attempt yet: they appear here as the run starts them." : "No attempt matches this filter. Choose All to see every attempt."}</p>
        ) : (
          <VirtualList items={rows} rowHeight={ROW} height={420} render={row} label="Attempt rows" />
        )}
      </div>
    </div>
  );
}
