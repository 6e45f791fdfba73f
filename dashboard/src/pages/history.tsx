/**
 * Score history per benchmark and target across the project's completed
 * runs: for each (benchmark, model), a chart of the score over time with
 * each run's 95% interval, the drift alerts raised on it marked at their
 * run, each point opening its run; then the same runs as a table whose
 * columns line up across every series (fixed layout). Reads the history
 * and the drift alerts.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { niceTicks } from "../../../src/reports/axis-ticks";
import { allPages, client } from "../lib/api";
import { percent, score, when } from "../lib/format";
import { Link, navigate } from "../lib/router";
import type { Benchmark, DriftAlert, ScorePoint as Point } from "../lib/types";
import { Empty, ErrorBox, Loading } from "../components/ui";

/** The alerts raised on a point's run, for this benchmark and target. */
function alertsAt(p: Point, alerts: DriftAlert[]): DriftAlert[] {
  const slot = p.target === "b" ? "compare_target" : "target";
  return alerts.filter((a) => a.run_id === p.run_id && a.benchmark_id === p.benchmark_id && a.target === slot);
}

const ciOf = (p: Point): [number, number] | null => {
  const ci = p.uncertainty?.score_ci95;
  return ci && ci.length === 2 ? [ci[0]!, ci[1]!] : null;
};

/** "2026-12-06 04:07", or only the time when `ref` fell on the same day. */
function whenShort(iso: string, ref: string | null): string {
  const full = when(iso);
  return ref && when(ref).slice(0, 10) === full.slice(0, 10) ? full.slice(11) : full;
}

/**
 * The score over time: x is when each run finished (to scale; runs that
 * finished in the same minute spread evenly), y the score on 0–100% for
 * shares, else nice ticks from 0. Each run is a point with its interval as
 * a bar; an alert is a red marker above its run.
 */
function ScoreChart({ points, alerts }: { points: Point[]; alerts: DriftAlert[] }) {
  const pts = points.filter((p) => p.score !== null && p.finished_at).sort((a, b) => Date.parse(a.finished_at!) - Date.parse(b.finished_at!));
  if (pts.length === 0) return <p class="chart-empty">No run of this benchmark and model has a score yet, so there is nothing to draw.</p>;
  const W = 720;
  const H = 200;
  const L = 52;
  const R = 24;
  const T = 28;
  const B = 40;
  const highs = pts.map((p) => Math.max(p.score!, ciOf(p)?.[1] ?? p.score!));
  const lows = pts.map((p) => Math.min(p.score!, ciOf(p)?.[0] ?? p.score!));
  const unit = lows.every((v) => v >= 0) && highs.every((v) => v <= 1);
  const yt = unit ? { max: 1, values: [0, 0.25, 0.5, 0.75, 1] } : niceTicks(Math.max(...highs));
  const fmt = unit ? (v: number) => percent(v) : (v: number) => score(v);
  const t0 = Date.parse(pts[0]!.finished_at!);
  const t1 = Date.parse(pts[pts.length - 1]!.finished_at!);
  const spread = t1 - t0 < 60_000;
  const x = (p: Point, i: number) => {
    if (pts.length === 1) return (L + W - R) / 2;
    const f = spread ? i / (pts.length - 1) : (Date.parse(p.finished_at!) - t0) / (t1 - t0);
    return L + 16 + f * (W - L - R - 32);
  };
  const y = (v: number) => T + (1 - Math.max(0, v) / yt.max) * (H - T - B);
  const open = (p: Point) => navigate(`/runs/${p.run_id}`);
  const label = (p: Point) => `${when(p.finished_at)}: ${p.display?.score_with_ci ?? p.display?.score ?? score(p.score)}, ${p.run_display_name ?? p.run_id}`;
  return (
    <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="group" aria-label={`Score over time, ${pts.length} ${pts.length === 1 ? "run" : "runs"}`} class="score-chart" data-testid="score-chart">
      <text x={0} y={12}>
        {unit ? "score (%), bars: 95% interval" : "score, bars: 95% interval"}
      </text>
      {yt.values.map((v) => (
        <g key={v}>
          <line x1={L} x2={W - R} y1={y(v)} y2={y(v)} class="grid" />
          <text x={L - 8} y={y(v) + 4} text-anchor="end">
            {fmt(v)}
          </text>
        </g>
      ))}
      <line x1={L} x2={L} y1={T} y2={H - B} class="axis" />
      <line x1={L} x2={W - R} y1={H - B} y2={H - B} class="axis" />
      {pts.length > 1 ? (
        <>
          <text x={x(pts[0]!, 0)} y={H - B + 16} text-anchor="start">
            {when(pts[0]!.finished_at)}
          </text>
          <text x={x(pts[pts.length - 1]!, pts.length - 1)} y={H - B + 16} text-anchor="end">
            {whenShort(pts[pts.length - 1]!.finished_at!, pts[0]!.finished_at)}
          </text>
        </>
      ) : (
        <text x={x(pts[0]!, 0)} y={H - B + 16} text-anchor="middle">
          {when(pts[0]!.finished_at)}
        </text>
      )}
      <text x={(L + W - R) / 2} y={H - 4} text-anchor="middle">
        {spread && pts.length > 1 ? "runs in the order they finished" : "when the run finished"}
      </text>
      {pts.length > 1 && <polyline points={pts.map((p, i) => `${x(p, i)},${y(p.score!)}`).join(" ")} class="line" />}
      {pts.map((p, i) => {
        const ci = ciOf(p);
        const cx = x(p, i);
        const raised = alertsAt(p, alerts);
        return (
          <g key={p.run_id + p.target}>
            {ci && (
              <g data-ci-run={p.run_id}>
                <line x1={cx} x2={cx} y1={y(ci[1])} y2={y(ci[0])} class="ci" />
                <line x1={cx - 4} x2={cx + 4} y1={y(ci[1])} y2={y(ci[1])} class="ci" />
                <line x1={cx - 4} x2={cx + 4} y1={y(ci[0])} y2={y(ci[0])} class="ci" />
              </g>
            )}
            {raised.map((a, k) => (
              <g key={a.id} data-alert={a.id}>
                <line x1={cx} x2={cx} y1={T} y2={H - B} class="alert-rule" />
                <path d={`M${cx - 6 + k * 12},${T - 12} h12 l-6,9 z`} class="alert-mark">
                  <title>
                    Drift alert: {a.summary} ({a.display.delta ?? "—"}){a.acked_at ? ", acknowledged" : ""}
                  </title>
                </path>
              </g>
            ))}
            <circle
              cx={cx}
              cy={y(p.score!)}
              r={5}
              class="point"
              data-run={p.run_id}
              role="link"
              tabIndex={0}
              aria-label={`Open run: ${label(p)}`}
              onClick={() => open(p)}
              onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), open(p))}
            >
              <title>{label(p)}</title>
            </circle>
          </g>
        );
      })}
    </svg>
  );
}

export default function History() {
  const [points, setPoints] = useState<Point[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [benchmarks, setBenchmarks] = useState<Benchmark[]>([]);
  const [alerts, setAlerts] = useState<DriftAlert[]>([]);
  const [filter, setFilter] = useState("");

  useEffect(() => {
    setPoints(null);
    allPages((page) => client.GET("/api/eval-runs/history/scores", { params: { query: { ...page, ...(filter ? { benchmark_id: filter } : {}) } } }), 2000).then(setPoints, setError);
  }, [filter]);
  useEffect(() => {
    allPages((page) => client.GET("/api/benchmarks", { params: { query: { ...page, include_archived: "true" } } }), 5000).then(setBenchmarks, () => {});
    // Alerts are marks on the charts: without them the charts still draw.
    allPages((page) => client.GET("/api/alerts", { params: { query: { ...page, status: "all" } } }), 2000).then(setAlerts, () => {});
  }, []);

  const series = useMemo(() => {
    const m = new Map<string, Point[]>();
    for (const p of points ?? []) {
      const k = `${p.benchmark_id}|${p.model ?? p.target_label}`;
      m.set(k, [...(m.get(k) ?? []), p]);
    }
    return [...m.entries()];
  }, [points]);

  return (
    <section>
      <h1>Score history</h1>
      <div class="toolbar">
        <label for="hist-benchmark">Benchmark</label>
        <select id="hist-benchmark" value={filter} onChange={(e) => setFilter((e.target as HTMLSelectElement).value)}>
          <option value="">All</option>
          {benchmarks.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </div>
      {error ? <ErrorBox error={error} what="Score history" /> : null}
      {!points && !error && <Loading what="Loading history" />}
      {points && points.length === 0 && <Empty>No completed run yet. Start an evaluation from New evaluation; each finished run adds a point here.</Empty>}
      {points && points.length > 0 && (
        <p class="history-key">
          <span>Each point is a run; click one to open it.</span>
          <span>Bars: the score's 95% interval.</span>
          <span>
            <svg width="12" height="10" viewBox="0 0 12 10" aria-hidden="true" class="score-chart" style={{ display: "inline", margin: 0 }}>
              <path d="M0,0 h12 l-6,9 z" class="alert-mark" />
            </svg>{" "}
            A drift alert raised on that run.
          </span>
        </p>
      )}
      {series.map(([k, pts]) => (
        <section key={k} class="history-series">
          <h2>
            {pts[0]!.benchmark_name ?? pts[0]!.benchmark_id} <span class="muted">·</span> {pts[0]!.model ?? pts[0]!.target_label}
          </h2>
          <ScoreChart points={pts} alerts={alerts} />
          <table class="table compact fixed">
            <colgroup>
              <col style={{ width: "11rem" }} />
              <col />
              <col style={{ width: "6rem" }} />
              <col style={{ width: "12rem" }} />
              <col style={{ width: "15rem" }} />
              <col style={{ width: "6rem" }} />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Finished</th>
                <th scope="col">Run</th>
                <th scope="col" class="num">
                  Score
                </th>
                <th scope="col" class="num">
                  95% interval
                </th>
                <th scope="col" class="num">
                  Coverage
                </th>
                <th scope="col">Alert</th>
              </tr>
            </thead>
            <tbody>
              {pts.map((p) => {
                const ci = ciOf(p);
                const raised = alertsAt(p, alerts);
                return (
                  <tr key={p.run_id + p.target}>
                    <td>{when(p.finished_at)}</td>
                    <td>
                      <Link href={`/runs/${p.run_id}`}>{p.run_display_name ?? p.run_id}</Link>
                    </td>
                    <td class="num">
                      <strong>{p.display?.score ?? "—"}</strong>
                    </td>
                    <td class="num muted">{ci ? `${score(ci[0])} – ${score(ci[1])}` : "—"}</td>
                    <td class="num muted">{p.score_counts ? `${p.score_counts.scored}/${p.score_counts.total} scored` : "—"}</td>
                    <td>{raised.length ? <Link href={`/alerts?status=all`}>{raised.length === 1 ? "drift" : `${raised.length} alerts`}</Link> : <span class="muted">none</span>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ))}
    </section>
  );
}
