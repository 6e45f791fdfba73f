/**
 * One run: status and actions (start, edit, stop, copy, resume, delete,
 * export, submit to the leaderboard), progress, a panel per benchmark and
 * target, the overview (tiles, distributions, usage, timing), A/B deltas,
 * and the per-attempt table whose rows open the trace viewer
 * (/runs/:id/attempts/:attempt). Live attempts come from the run's
 * live stream while it is active. Every count on the page (the progress
 * line and bar, each block bar's share and legend, the tiles) comes from
 * one read of the scores (lib/run-counts.ts), and the overview is read
 * again right after each, so the page never contradicts itself mid-run.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { client, download, unwrap } from "../lib/api";
import { between, int, percent, pValue, when } from "../lib/format";
import { basesOf, type BarLayout } from "../lib/layout";
import { LiveRun, type LiveAttempt } from "../lib/live";
import { Link, navigate } from "../lib/router";
import { SampleStore } from "../lib/samples";
import type { EvalRun, Submission } from "../lib/types";
import { ACTIVE_RUN } from "../lib/types";
import { useApi } from "../lib/use-api";
import { BenchmarkPanel } from "../components/benchmark-panel";
import { SamplesTable, type Filter } from "../components/samples-table";
import { TraceViewer } from "../components/trace-viewer";
import { RescoreForm } from "../components/rescore-form";
import { RecordedFrom } from "../components/import-form";
import { RunTimelinePanel } from "../components/run-timeline";
import { RunOverviewPanel } from "../components/run-overview";
import { ErrorBox, Loading, StatusBadge } from "../components/ui";
import { deltaVerdict, verdictText } from "../../../src/metrics/significance";
import { targetLabel } from "./runs";
import { budgetText, spentOf, type RunBudget } from "../lib/budget";
import { namedError, rowCounts, runCounts } from "../lib/run-counts";

/** Why a run stopped when its budget ran out, plainly: the limit, what was spent, and that what was not sent is missing. */
function BudgetStop({ run }: { run: EvalRun }) {
  const budget = run.options.budget;
  if (run.stop_reason !== "budget_exhausted" || !run.budget_report) {
    return budget ? <p class="muted">Budget: {budgetText(budget)}.</p> : null;
  }
  const r = run.budget_report;
  return (
    <div class="notice warn" role="status">
      <strong>Stopped: budget exhausted.</strong> The next call would have passed {r.exhausted_by.replace(/_/g, " ")} (
      {spentOf(r, r.exhausted_by)}). Calls already sent finished; attempts not sent count as missing, not as 0.
      {Object.keys(r.limits).length > 1 && (
        <span class="muted">
          {" "}
          Spent: {(Object.keys(r.limits) as (keyof RunBudget)[]).map((k) => spentOf(r, k)).join("; ")}.
        </span>
      )}
    </div>
  );
}

/** Re-renders whenever `store` says it changed. */
function useStore(store: { subscribe: (fn: () => void) => () => void; version: number } | null): number {
  const [, set] = useState(0);
  useEffect(() => store?.subscribe(() => set((v) => v + 1)), [store]);
  return store?.version ?? 0;
}

export default function RunDetail({ params }: { params: Record<string, string> }) {
  const id = params.id!;
  const openAttempt = params.attempt ?? null;
  const active = (r?: { status: string }) => !r || ACTIVE_RUN.has(r.status);
  const path = { params: { path: { id } } };
  const runQ = useApi(`run:${id}`, (signal) => unwrap(client.GET("/api/eval-runs/{id}", { ...path, signal })), { pollMs: 2000, poll: active });
  const run = runQ.data;
  const isActive = run ? ACTIVE_RUN.has(run.status) : false;
  const started = run && run.status !== "draft";
  const progressQ = useApi(started ? `progress:${id}` : null, (signal) => unwrap(client.GET("/api/eval-runs/{id}/progress", { ...path, signal })), { pollMs: 1000, poll: active });
  const isActiveRef = useRef(isActive);
  isActiveRef.current = isActive;
  // The page's one source of counts while the run is active (see the header).
  const scoresQ = useApi(started ? `scores:${id}` : null, (signal) => unwrap(client.GET("/api/eval-runs/{id}/scores", { ...path, signal })), { pollMs: 2000, poll: () => isActiveRef.current });
  // The pass@j curves, read once and again as the scores move (below).
  const metricsQ = useApi(started ? `metrics:${id}` : null, (signal) => unwrap(client.GET("/api/eval-runs/{id}/metrics", { ...path, signal })));
  // Counts each read of the scores, so the overview and the curves re-read with them rather than on clocks of their own.
  const scoresRead = useRef({ data: undefined as unknown, n: 0 });
  if (scoresQ.data && scoresQ.data !== scoresRead.current.data) scoresRead.current = { data: scoresQ.data, n: scoresRead.current.n + 1 };
  const { reload: reloadScores } = scoresQ;
  const { reload: reloadMetrics } = metricsQ;
  useEffect(() => {
    if (isActiveRef.current && scoresRead.current.n > 1) reloadMetrics();
  }, [scoresRead.current.n]);
  // A changed status (running → completed) reads the scores and curves once more: the last poll may have come just before the end.
  const seenStatus = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (seenStatus.current !== undefined && started) {
      reloadScores();
      reloadMetrics();
    }
    seenStatus.current = run?.status;
  }, [run?.status]);

  const [actionError, setActionError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submission, setSubmission] = useState<Submission | null>(null);

  // The table's benchmark, target and filter.
  const [sel, setSel] = useState<{ benchmark: string | null; target: "a" | "b"; filter: Filter }>({ benchmark: null, target: "a", filter: "" });
  const scoreRows = scoresQ.data?.scores ?? [];
  const benchmarkIds = run?.benchmarks ?? [];
  const selBenchmark = sel.benchmark ?? scoreRows[0]?.benchmark_id ?? benchmarkIds[0] ?? null;

  // One store per (benchmark, target, filter) seen; bars use the unfiltered ones.
  const stores = useRef(new Map<string, SampleStore>());
  const storeFor = (benchmarkId: string, target: "a" | "b", filter: string): SampleStore => {
    const k = `${benchmarkId}|${target}|${filter}`;
    let s = stores.current.get(k);
    if (!s) {
      s = new SampleStore({ runId: id, benchmarkId, target, filter });
      stores.current.set(k, s);
      void s.loadAll();
    }
    return s;
  };
  useEffect(() => () => stores.current.forEach((s) => s.stop()), []);

  const planned = run && run.status !== "draft" && scoreRows.length > 0;
  const selPlanned = !!selBenchmark && ((scoreRows.find((r) => r.benchmark_id === selBenchmark)?.score_counts?.total ?? 0) > 0 || (progressQ.data?.benchmarks.find((x) => x.benchmark_id === selBenchmark)?.attempts ?? 0) > 0);
  const tableStore = planned && selBenchmark && selPlanned && sel.filter !== "live" ? storeFor(selBenchmark, sel.target, sel.filter) : null;
  const tableVersion = useStore(tableStore);
  const expectedAttempts = (benchmarkId: string): number => {
    const b = progressQ.data?.benchmarks.find((x) => x.benchmark_id === benchmarkId);
    return b?.attempts ?? 0;
  };
  // A benchmark's rows are read once it is planned (its attempts are known).
  // A failed benchmark's attempts are read too: its bar shows them ended without a reward.
  const barStores = planned ? scoreRows.filter((r) => (r.score_counts?.total ?? 0) > 0 || expectedAttempts(r.benchmark_id) > 0).map((r) => storeFor(r.benchmark_id, r.target, "")) : [];
  const [barTick, setBarTick] = useState(0);
  useEffect(() => {
    const offs = barStores.map((s) => s.subscribe(() => setBarTick((t) => t + 1)));
    return () => offs.forEach((o) => o());
  }, [barStores.map((s) => s.key.benchmarkId + s.key.target).join(",")]);

  // While the run is active, re-read the pages that still hold open attempts.
  useEffect(() => {
    if (!isActive) {
      // Finished: one last pass so the final verdicts show.
      stores.current.forEach((s) => void s.refresh());
      return;
    }
    const t = setInterval(() => stores.current.forEach((s) => void s.refresh()), 2000);
    return () => clearInterval(t);
  }, [isActive]);

  // Live attempts.
  const [live, setLive] = useState<LiveRun | null>(null);
  useEffect(() => {
    if (!isActive) return;
    const l = new LiveRun(id);
    setLive(l);
    void l.start();
    // Landings change pages: re-read them at most once a second, however many land.
    let pending: ReturnType<typeof setTimeout> | null = null;
    const off = l.onLanded(() => {
      pending ??= setTimeout(() => {
        pending = null;
        stores.current.forEach((s) => void s.refresh());
      }, 1000);
    });
    return () => {
      off();
      if (pending) clearTimeout(pending);
      l.stop();
      setLive(null);
    };
  }, [id, isActive]);
  useStore(live);
  const liveList: LiveAttempt[] = live ? [...live.attempts.values()] : [];

  const layoutFor = useMemo(() => {
    const bases = progressQ.data ? basesOf(progressQ.data.benchmarks) : null;
    const targets: 1 | 2 = run?.compare_target ? 2 : 1;
    return (benchmarkId: string, target: "a" | "b", k: number | null, total: number): BarLayout | null => {
      const base = bases?.get(benchmarkId);
      if (base === undefined || !k) return null;
      return { base, k, targets, target: target === "b" ? 1 : 0, total };
    };
  }, [progressQ.data, run?.compare_target]);

  // One function per run: the memoized overview re-renders only when its own data changes, not on every page update.
  const openTrace = useCallback((attemptId: string) => navigate(`/runs/${id}/attempts/${attemptId}`), [id]);
  if (runQ.error) return <ErrorBox error={runQ.error} what="The run" />;
  if (!run) return <Loading what="Loading the run" />;

  const act = async (what: string, fn: () => Promise<void>) => {
    setBusy(what);
    setActionError(null);
    setNotice(null);
    try {
      await fn();
    } catch (e) {
      setActionError(e);
    } finally {
      setBusy(null);
    }
  };

  const stop = () => act("stop", async () => void (await unwrap(client.POST("/api/eval-runs/{id}/stop", path)), runQ.reload()));
  const start = () => act("start", async () => void (await unwrap(client.POST("/api/eval-runs/{id}/start", path)), runQ.reload()));
  const resume = () => act("resume", async () => void (await unwrap(client.POST("/api/eval-runs/{id}/resume", path)), runQ.reload()));
  const copy = () =>
    act("copy", async () => {
      const c = await unwrap(client.POST("/api/eval-runs/{id}/copy", path));
      navigate(`/evaluations/new?run=${c.id}`);
    });
  const remove = () =>
    act("delete", async () => {
      if (!confirm(`Delete run ${run.display_name ?? run.id}?`)) return;
      await unwrap(client.DELETE("/api/eval-runs/{id}", path));
      navigate("/runs");
    });
  const exportAs = (format: "md" | "html") =>
    act(`export-${format}`, async () => {
      const name = await download(client.GET("/api/eval-runs/{id}/export", { params: { path: { id }, query: { format } }, parseAs: "blob" }), `${id}.${format}`);
      setNotice(`Downloaded ${name}.`);
    });
  const submit = () =>
    act("submit", async () => {
      const r = await unwrap(client.POST("/api/leaderboard/entries", { body: { run_id: id } }));
      setSubmission(r);
    });

  /** A benchmark's attempts per target, from progress (known once it is planned). */
  const expectedOf = (benchmarkId: string): number | null => {
    const b = progressQ.data?.benchmarks.find((x) => x.benchmark_id === benchmarkId);
    return b?.attempts ? b.attempts / (run.compare_target ? 2 : 1) : null;
  };
  const closeTrace = () => navigate(`/runs/${id}`);
  const finished = ["completed", "failed", "cancelled"].includes(run.status);
  const p = progressQ.data;
  /** options.batch: the provider batches the run's calls wait on. */
  const batchWait = p?.batch ?? null;
  const ab = scoresQ.data?.ab ?? [];
  const curves = metricsQ.data?.curves ?? [];
  const selRow = scoreRows.find((r) => r.benchmark_id === selBenchmark && r.target === sel.target);
  const liveForTable = liveList.filter((a) => (!a.benchmark_id || a.benchmark_id === selBenchmark) && (!a.target || a.target === sel.target));
  const counts = runCounts(scoreRows);

  return (
    <div class={`run-detail${openAttempt ? " with-trace" : ""}`}>
      <article>
        <p class="crumbs">
          <Link href="/runs">Runs</Link> / {run.id}
        </p>
        <div class="page-head">
          <h1>
            {run.display_name ?? run.id} <StatusBadge status={run.status} />
          </h1>
          <div class="actions" role="toolbar" aria-label="Run actions">
            {run.status === "draft" && (
              <>
                <button type="button" class="primary" disabled={!!busy} onClick={start}>
                  Start
                </button>
                <Link class="button" href={`/evaluations/new?run=${run.id}`}>
                  Edit
                </Link>
              </>
            )}
            {isActive && (
              <button type="button" class="danger" disabled={!!busy} onClick={stop}>
                Stop
              </button>
            )}
            <button type="button" disabled={!!busy} onClick={copy}>
              Copy
            </button>
            {finished && (
              <button type="button" disabled={!!busy} onClick={resume} title="Run again only the attempts without a reward">
                Resume
              </button>
            )}
            {finished && (
              <>
                <button type="button" disabled={!!busy} onClick={() => exportAs("md")}>
                  Export Markdown
                </button>
                <button type="button" disabled={!!busy} onClick={() => exportAs("html")}>
                  Export HTML
                </button>
                <button type="button" disabled={!!busy} onClick={submit}>
                  Submit to leaderboard
                </button>
              </>
            )}
            {(run.status === "draft" || finished) && (
              <button type="button" class="danger subtle" disabled={!!busy} onClick={remove}>
                Delete
              </button>
            )}
          </div>
        </div>
        {actionError ? <ErrorBox error={actionError} what="That did not work" /> : null}
        {notice && (
          <p class="notice ok" role="status">
            {notice}
          </p>
        )}
        {finished && run.target.kind !== "agent" && run.compare_target?.kind !== "agent" && (
          <RescoreForm run={run} names={Object.fromEntries(scoreRows.map((r) => [r.benchmark_id, r.benchmark_name ?? r.benchmark_id]))} />
        )}
        {submission && (
          <div class="notice ok" role="status" data-testid="submission">
            Submitted to the leaderboard:{" "}
            {submission.entries.map((e) => (
              <span key={e.board_id + e.target}>
                rank {e.rank} on <Link href={`/leaderboard?board=${e.board_id}`}>{e.benchmark_id}</Link> ({e.display.score ?? "—"}){" "}
              </span>
            ))}
            {submission.skipped.map((s) => (
              <span key={s.benchmark_id} class="muted">
                {s.benchmark_id} skipped: {s.reason}{" "}
              </span>
            ))}
          </div>
        )}
        <dl class="facts summary">
          <dt>Target</dt>
          <dd>
            {targetLabel(run.target)}
            {run.target.kind === "model" ? <span class="muted"> ({run.target.provider}, {run.target.base_url})</span> : null}
            {run.target.kind === "outputs" ? <span class="muted"> (column {run.target.output_column}; no model is called)</span> : null}
            {run.target.kind === "outputs" ? <RecordedFrom dataset={run.target.dataset} /> : null}
          </dd>
          {run.source_run_id && (
            <>
              <dt>Re-scores</dt>
              <dd>
                <Link href={`/runs/${run.source_run_id}`}>{run.source_run_id}</Link> <span class="muted">(its stored outputs, scored again; no model is called)</span>
              </dd>
            </>
          )}
          {run.compare_target && (
            <>
              <dt>Compare</dt>
              <dd>{targetLabel(run.compare_target)}</dd>
            </>
          )}
          {run.judge && (
            <>
              <dt>Judge</dt>
              <dd>
                {run.judge.model} <span class="muted">{run.judge.api_key?.set ? "(key set)" : "(no key)"}</span>
              </dd>
            </>
          )}
          <dt>Attempts (k)</dt>
          <dd>{run.options.attempts ?? 1}</dd>
          <dt>Started</dt>
          <dd>{when(run.started_at)}</dd>
          <dt>Duration</dt>
          <dd>{run.started_at ? between(run.started_at, run.finished_at) : "—"}</dd>
          {run.copied_from && (
            <>
              <dt>Copied from</dt>
              <dd>
                <Link href={`/runs/${run.copied_from}`}>{run.copied_from}</Link>
              </dd>
            </>
          )}
        </dl>
        {run.error && (
          <div class="notice error" role="alert" data-testid="run-error">
            {namedError(run.error, scoreRows)}
          </div>
        )}
        <BudgetStop run={run} />
        {scoresQ.data && counts.total > 0 && (
          <div class="progress" data-testid="progress">
            <progress max={counts.total} value={counts.finished} aria-label="Attempts finished" />{" "}
            <span>
              {int(counts.finished)}/{int(counts.total)}
              {p && p.total_attempts === null ? "+" : ""} attempts finished ({percent(counts.finished / counts.total)}) · {int(counts.scored)} scored
              {isActive && p ? ` · ${int(p.in_flight)} in flight` : ""}
              {isActive && live && live.available !== false && liveList.length > 0 ? ` · ${liveList.length} live` : ""}
            </span>
            {isActive && live && live.available === false && <span class="muted small"> (live traces are not available from this server; the table refreshes every 2 s)</span>}
          </div>
        )}
        {isActive && scoresQ.data && counts.total === 0 && <p class="muted">Planning the run: its attempts are being laid out.</p>}
        {isActive && batchWait && batchWait.batches > 0 && (
          <div class="notice" data-testid="batch-wait">
            Waiting on {int(batchWait.batches)} provider batch{batchWait.batches === 1 ? "" : "es"} holding {int(batchWait.calls)} model calls: the cron polls them
            every minute and scores each reply when its batch ends (a batch can take up to 24 hours).
          </div>
        )}
        {run.status === "draft" && <p class="muted">This run is a draft: start it to see results.</p>}
        {scoresQ.error ? <ErrorBox error={scoresQ.error} what="Scores" /> : null}
        {run.status !== "draft" && !scoresQ.data && !scoresQ.error && <Loading what="Reading scores" />}
        {scoreRows.map((r) => {
          const store = barStores.find((s) => s.key.benchmarkId === r.benchmark_id && s.key.target === r.target);
          return (
            <BenchmarkPanel
              key={`${r.benchmark_id}|${r.target}`}
              runId={run.id}
              row={r}
              layout={layoutFor(r.benchmark_id, r.target, r.k ?? run.options.attempts ?? null, rowCounts(r).total || (expectedOf(r.benchmark_id) ?? 0))}
              counts={rowCounts(r)}
              expected={expectedOf(r.benchmark_id)}
              runK={run.options.attempts}
              items={store?.items ?? []}
              version={(store?.version ?? 0) + barTick * 0}
              live={liveList.filter((a) => (a.benchmark_id ?? r.benchmark_id) === r.benchmark_id && (a.target ?? "a") === r.target)}
              curve={curves.find((c) => c.benchmark_id === r.benchmark_id && c.target === r.target)}
              onOpen={openTrace}
            />
          );
        })}
        {started && <RunOverviewPanel runId={id} read={scoresRead.current.n} onOpen={openTrace} />}
        {started && <RunTimelinePanel runId={id} active={isActive} status={run.status} />}
        {ab.length > 0 && (
          <section class="ab" aria-labelledby="ab-title">
            <h2 id="ab-title">A/B comparison</h2>
            {ab.map((b) => (
              <div key={b.benchmark_id} class="ab-block">
                <h3>
                  {b.benchmark_name ?? b.benchmark_id}: {b.b_label} vs {b.a_label}{" "}
                  <Link class="small" href={`/compare?runs=${run.id}:a,${run.id}:b`}>
                    Compare sample by sample
                  </Link>
                </h3>
                <p>
                  {b.overall ? (
                    <>
                      Overall <Delta delta={b.overall.delta} p={b.overall.test.p_value} text={b.overall.display.delta} /> <span class="muted">({b.overall.test.name.replace("_", " ")}, {b.overall.test.n_shared} shared tasks, {pValue(b.overall.test.p_value)})</span>
                    </>
                  ) : (
                    <span class="muted">No overall comparison yet: no task has a reward from both targets.</span>
                  )}
                </p>
                <table class="table compact">
                  <thead>
                    <tr>
                      <th scope="col">Subset</th>
                      <th scope="col" class="num">
                        {b.a_label}
                      </th>
                      <th scope="col" class="num">
                        {b.b_label}
                      </th>
                      <th scope="col" class="num">
                        Delta (B − A)
                      </th>
                      <th scope="col" class="num">
                        p
                      </th>
                      <th scope="col" class="num">
                        Regressed
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {b.subsets.map((s) => (
                      <tr key={s.key ?? "(none)"} class={deltaVerdict(s.delta, s.test.p_value) === "worse" ? "neg" : ""}>
                        <td>{s.key ?? <span class="muted">(none)</span>}</td>
                        <td class="num">{s.a_score === null ? "—" : percentOrPlain(s.a_score)}</td>
                        <td class="num">{s.b_score === null ? "—" : percentOrPlain(s.b_score)}</td>
                        <td class="num">
                          <Delta delta={s.delta} p={s.test.p_value} text={s.display.delta} />
                        </td>
                        <td class="num">{pValue(s.test.p_value)}</td>
                        <td class="num">{s.regressions_count ?? s.regressions.length}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {b.overall && b.overall.regressions.length > 0 && (
                  <details>
                    <summary>
                      Regressed tasks ({b.overall.regressions_count ?? b.overall.regressions.length})
                    </summary>
                    <ul class="plain mono small">
                      {b.overall.regressions.map((t) => (
                        <li key={t}>{t}</li>
                      ))}
                    </ul>
                  </details>
                )}
              </div>
            ))}
          </section>
        )}
        {planned && (
          <section aria-labelledby="samples-title">
            <h2 id="samples-title">Attempts</h2>
            <div class="toolbar">
              <label for="samples-benchmark">Benchmark</label>
              <select id="samples-benchmark" value={selBenchmark ?? ""} onChange={(e) => setSel({ ...sel, benchmark: (e.target as HTMLSelectElement).value })}>
                {[...new Map(scoreRows.map((r) => [r.benchmark_id, r.benchmark_name ?? r.benchmark_id])).entries()].map(([bid, name]) => (
                  <option key={bid} value={bid}>
                    {name}
                  </option>
                ))}
              </select>
              {run.compare_target && (
                <>
                  <label for="samples-target">Target</label>
                  <select id="samples-target" value={sel.target} onChange={(e) => setSel({ ...sel, target: (e.target as HTMLSelectElement).value as "a" | "b" })}>
                    <option value="a">{targetLabel(run.target)}</option>
                    <option value="b">{targetLabel(run.compare_target)}</option>
                  </select>
                </>
              )}
            </div>
            {tableStore?.error ? <ErrorBox error={tableStore.error} what="Attempts" /> : null}
            <SamplesTable
              key={`${selBenchmark}|${sel.target}|${tableVersion > 0 ? "" : ""}`}
              items={tableStore?.items ?? []}
              live={liveForTable}
              filter={sel.filter}
              setFilter={(f) => setSel({ ...sel, filter: f })}
              loading={!!tableStore && !tableStore.complete}
              complete={tableStore?.complete ?? true}
              onOpen={openTrace}
              total={selRow?.score_counts?.total ?? null}
            />
          </section>
        )}
      </article>
      {openAttempt && <TraceViewer attemptId={openAttempt} live={live} onClose={closeTrace} />}
    </div>
  );
}

function percentOrPlain(v: number): string {
  return v >= 0 && v <= 1 ? percent(v) : String(Number(v.toFixed(3)));
}

/**
 * An A/B delta: arrow and colour only when the paired test calls it a
 * change (p < 0.05); otherwise it says "no significant difference".
 */
function Delta({ delta, p, text }: { delta: number | null; p: number | null; text: string | null | undefined }) {
  const verdict = deltaVerdict(delta, p);
  if (verdict === "worse") return <strong class="neg" data-verdict={verdict}>▼ {text ?? "—"}</strong>;
  if (verdict === "better") return <strong class="pos" data-verdict={verdict}>▲ {text ?? "—"}</strong>;
  return (
    <span data-verdict={verdict}>
      <strong>{text ?? "—"}</strong> <span class="muted">({verdictText(verdict)})</span>
    </span>
  );
}
