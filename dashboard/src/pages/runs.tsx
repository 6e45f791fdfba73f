/**
 * Runs: status, target, benchmarks, score with coverage, start and
 * duration; filters by status and text; each row opens the run.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { allPages, client, unwrap } from "../lib/api";
import { between, when } from "../lib/format";
import { Link, navigate, useLocation } from "../lib/router";
import type { EvalRun, RunScores, RunStatus, Target } from "../lib/types";
import { ACTIVE_RUN } from "../lib/types";
import { Empty, ErrorBox, Loading, StatusBadge } from "../components/ui";
import { ImportForm } from "../components/import-form";

const STATUSES = ["draft", "queued", "running", "completed", "failed", "cancelled"];

export function targetLabel(t: Target | null | undefined): string {
  if (!t) return "—";
  if (t.name) return t.name;
  if (t.kind === "outputs") return `recorded outputs ${t.dataset}`;
  return t.kind === "agent" ? t.profile : t.model;
}

/** Each row's scores, read once per run (again while it is active). */
function ScoreCell({ run }: { run: EvalRun }) {
  const [s, setS] = useState<RunScores | null | "none">(null);
  useEffect(() => {
    if (run.status === "draft" || run.status === "queued") return setS("none");
    let stop = false;
    unwrap(client.GET("/api/eval-runs/{id}/scores", { params: { path: { id: run.id } } })).then(
      (d) => !stop && setS(d),
      () => !stop && setS("none"),
    );
    return () => {
      stop = true;
    };
  }, [run.id, run.status]);
  if (s === null) return <span class="muted">…</span>;
  if (s === "none") return <span class="muted">—</span>;
  const rows = s.scores.filter((r) => r.target === "a");
  if (rows.length === 0) return <span class="muted">—</span>;
  return (
    <ul class="plain score-list">
      {rows.slice(0, 3).map((r) => (
        <li key={r.benchmark_id}>
          {rows.length > 1 && <span class="muted">{r.benchmark_name ?? r.benchmark_id}: </span>}
          {r.status === "failed" ? (
            <span title={r.error ?? undefined}>
              <StatusBadge status="failed" label="benchmark failed" />
            </span>
          ) : (
            <>
              <strong>{r.display?.score ?? "—"}</strong>{" "}
              {r.score_counts && (
                <span class="coverage" title={r.display?.coverage}>
                  {r.score_counts.scored.toLocaleString("en-US")}/{r.score_counts.total.toLocaleString("en-US")} scored
                </span>
              )}
            </>
          )}
        </li>
      ))}
      {rows.length > 3 && <li class="muted">+{rows.length - 3} more</li>}
    </ul>
  );
}

export default function Runs() {
  const loc = useLocation();
  const status = loc.query.get("status") ?? "";
  const [q, setQ] = useState(loc.query.get("q") ?? "");
  const [runs, setRuns] = useState<EvalRun[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const [more, setMore] = useState(false);
  /** Runs ticked for Compare, in the order ticked: the first is the baseline. */
  const [picked, setPicked] = useState<string[]>([]);

  const load = async (after: string | null) => {
    const query = { limit: 50, ...(status ? { status: status as RunStatus } : {}), ...(after ? { cursor: after } : {}) };
    const page = await unwrap(client.GET("/api/eval-runs", { params: { query } }));
    setRuns((cur) => (after ? [...(cur ?? []), ...page.items] : page.items));
    setCursor(page.next_cursor);
  };

  useEffect(() => {
    setRuns(null);
    load(null).catch(setError);
  }, [status]);

  // Active runs change status: re-read the first page every few seconds while any is active.
  useEffect(() => {
    if (!runs?.some((r) => ACTIVE_RUN.has(r.status))) return;
    const t = setTimeout(() => load(null).catch(() => {}), 3000);
    return () => clearTimeout(t);
  }, [runs]);

  useEffect(() => {
    allPages((page) => client.GET("/api/benchmarks", { params: { query: { ...page, include_archived: "true" } } }), 5000).then(
      (bs) => setNames(Object.fromEntries(bs.map((b) => [b.id, b.name]))),
      () => {},
    );
  }, []);

  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    if (!needle) return runs ?? [];
    return (runs ?? []).filter((r) =>
      [r.id, r.display_name ?? "", targetLabel(r.target), targetLabel(r.compare_target), ...r.benchmarks.map((b) => names[b] ?? b)].some((s) => s.toLowerCase().includes(needle)),
    );
  }, [runs, q, names]);

  const setStatus = (s: string) => {
    const qs = new URLSearchParams(loc.query);
    if (s) qs.set("status", s);
    else qs.delete("status");
    navigate(`/runs${qs.toString() ? `?${qs}` : ""}`, true);
  };

  const [importing, setImporting] = useState(loc.query.get("import") === "1");
  return (
    <section>
      <div class="page-head">
        <h1>Runs</h1>
        <div class="actions">
          <button type="button" aria-expanded={importing} onClick={() => setImporting(!importing)}>
            Import results
          </button>
          <Link class="button primary" href="/evaluations/new">
            New evaluation
          </Link>
        </div>
      </div>
      {importing && (
        <div class="panel">
          <h2>Import results from promptfoo, Inspect or lm-evaluation-harness</h2>
          <p class="muted">The file's prompts, expected answers and outputs become datasets, its scorer a benchmark, and an outputs run scores them (no model is called). Each benchmark's description states the source's own score, to set beside Assay's.</p>
          <ImportForm />
        </div>
      )}
      <div class="toolbar">
        <label for="runs-status">Status</label>
        <select id="runs-status" value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value)}>
          <option value="">All</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <label for="runs-search" class="sr-only">
          Filter runs
        </label>
        <input id="runs-search" type="search" placeholder="Filter by name, target or benchmark" value={q} onInput={(e) => setQ((e.target as HTMLInputElement).value)} />
        <button
          type="button"
          disabled={picked.length < 2}
          title={picked.length < 2 ? "Tick two or more runs of the same benchmark; the first ticked is the baseline" : undefined}
          onClick={() => navigate(`/compare?runs=${picked.map(encodeURIComponent).join(",")}`)}
        >
          Compare{picked.length ? ` (${picked.length})` : ""}
        </button>
      </div>
      {error ? <ErrorBox error={error} what="Runs" /> : null}
      {!runs && !error && <Loading what="Loading runs" />}
      {runs && shown.length === 0 && (
        <Empty>
          {runs.length === 0 ? (
            <>
              No run yet. <Link href="/evaluations/new">Start an evaluation</Link>.
            </>
          ) : (
            "No run matches the filter. Clear the search or choose another status."
          )}
        </Empty>
      )}
      {shown.length > 0 && (
        <table class="table runs-table">
          <thead>
            <tr>
              <th scope="col">
                <span class="sr-only">Compare</span>
              </th>
              <th scope="col">Status</th>
              <th scope="col">Run</th>
              <th scope="col">Target</th>
              <th scope="col">Benchmarks</th>
              <th scope="col" class="num">
                Score (coverage)
              </th>
              <th scope="col">Started</th>
              <th scope="col" class="num">
                Duration
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.id} class="clickable" onClick={(e) => !(e.target as HTMLElement).closest("a, input") && navigate(`/runs/${r.id}`)}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Compare ${r.display_name ?? r.id}`}
                    checked={picked.includes(r.id)}
                    onChange={(e) => setPicked((cur) => ((e.target as HTMLInputElement).checked ? [...cur, r.id] : cur.filter((x) => x !== r.id)))}
                  />
                </td>
                <td>
                  <StatusBadge status={r.status} />
                </td>
                <td>
                  <Link href={`/runs/${r.id}`}>{r.display_name ?? r.id}</Link>
                  {r.display_name && <div class="muted mono small">{r.id}</div>}
                </td>
                <td>
                  {targetLabel(r.target)}
                  {r.compare_target && <div class="muted">vs {targetLabel(r.compare_target)}</div>}
                </td>
                <td>{r.benchmarks.map((b) => names[b] ?? b).join(", ")}</td>
                <td class="num">
                  <ScoreCell run={r} />
                </td>
                <td class="nowrap">{when(r.started_at)}</td>
                <td class="num">{r.started_at ? between(r.started_at, r.finished_at) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cursor && (
        <div class="actions">
          <button
            type="button"
            disabled={more}
            onClick={async () => {
              setMore(true);
              await load(cursor).catch(setError);
              setMore(false);
            }}
          >
            Load more
          </button>
        </div>
      )}
    </section>
  );
}
