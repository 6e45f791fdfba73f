/**
 * Score history per benchmark and target across the project's completed
 * runs: a small line per (benchmark, model) with each point's score and
 * coverage, newest runs first in the table.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { allPages, client } from "../lib/api";
import { score, when } from "../lib/format";
import { Link } from "../lib/router";
import type { Benchmark, ScorePoint as Point } from "../lib/types";
import { Empty, ErrorBox, Loading } from "../components/ui";

/** Ticks of the y axis: 0–100% for shares, else five even steps over the values' range. */
function yTicks(lo: number, hi: number, unit: boolean): number[] {
  if (unit) return [0, 0.25, 0.5, 0.75, 1];
  const step = (hi - lo) / 4 || 1;
  return [0, 1, 2, 3, 4].map((i) => lo + i * step);
}

/**
 * A run's score over time: x is when each run finished (to scale, first and
 * last dates labelled), y the score (0–100% for shares, the values' own range
 * otherwise), each point hoverable.
 */
function ScoreChart({ points }: { points: Point[] }) {
  const pts = points.filter((p) => p.score !== null && p.finished_at).sort((a, b) => Date.parse(a.finished_at!) - Date.parse(b.finished_at!));
  if (pts.length < 2) return null;
  const W = 560;
  const H = 150;
  const L = 46;
  const R = 12;
  const T = 10;
  const B = 34;
  const vals = pts.map((p) => p.score!);
  const unit = vals.every((v) => v >= 0 && v <= 1);
  const lo = unit ? 0 : Math.min(...vals);
  const hi = unit ? 1 : Math.max(...vals);
  const t0 = Date.parse(pts[0]!.finished_at!);
  const t1 = Date.parse(pts[pts.length - 1]!.finished_at!);
  // Runs finished at the same instant spread evenly instead of stacking.
  const x = (p: Point, i: number) => L + (t1 > t0 ? (Date.parse(p.finished_at!) - t0) / (t1 - t0) : i / (pts.length - 1)) * (W - L - R);
  const y = (v: number) => T + (1 - (v - lo) / (hi - lo || 1)) * (H - T - B);
  const ticks = yTicks(lo, hi, unit);
  return (
    <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Score over time, ${pts.length} runs: ${pts.map((p) => score(p.score)).join(", ")}`} class="score-chart" data-testid="score-chart">
      {ticks.map((v) => (
        <g key={v} class="tick">
          <line x1={L} x2={W - R} y1={y(v)} y2={y(v)} class="grid" />
          <text x={L - 6} y={y(v) + 4} text-anchor="end">
            {score(v)}
          </text>
        </g>
      ))}
      <line x1={L} x2={L} y1={T} y2={H - B} class="axis" />
      <line x1={L} x2={W - R} y1={H - B} y2={H - B} class="axis" />
      <text x={L} y={H - B + 16} text-anchor="start" class="axis-label">
        {when(pts[0]!.finished_at)}
      </text>
      <text x={W - R} y={H - B + 16} text-anchor="end" class="axis-label">
        {when(pts[pts.length - 1]!.finished_at)}
      </text>
      <text x={(L + W - R) / 2} y={H - 4} text-anchor="middle" class="axis-label">
        run finished (time)
      </text>
      <text x={12} y={(T + H - B) / 2} text-anchor="middle" class="axis-label" transform={`rotate(-90 12 ${(T + H - B) / 2})`}>
        {unit ? "score (%)" : "score"}
      </text>
      <polyline points={pts.map((p, i) => `${x(p, i)},${y(p.score!)}`).join(" ")} class="l-at" />
      {pts.map((p, i) => (
        <circle key={p.run_id + p.target} cx={x(p, i)} cy={y(p.score!)} r={3.5} class="p-at">
          <title>
            {when(p.finished_at)}: {p.display?.score ?? score(p.score)} ({p.run_display_name ?? p.run_id})
          </title>
        </circle>
      ))}
    </svg>
  );
}

export default function History() {
  const [points, setPoints] = useState<Point[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [benchmarks, setBenchmarks] = useState<Benchmark[]>([]);
  const [filter, setFilter] = useState("");

  useEffect(() => {
    setPoints(null);
    allPages((page) => client.GET("/api/eval-runs/history/scores", { params: { query: { ...page, ...(filter ? { benchmark_id: filter } : {}) } } }), 2000).then(setPoints, setError);
  }, [filter]);
  useEffect(() => {
    allPages((page) => client.GET("/api/benchmarks", { params: { query: { ...page, include_archived: "true" } } }), 5000).then(setBenchmarks, () => {});
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
      {series.map(([k, pts]) => (
        <section key={k} class="history-series">
          <h2>
            {pts[0]!.benchmark_name ?? pts[0]!.benchmark_id} <span class="muted">·</span> {pts[0]!.model ?? pts[0]!.target_label}
          </h2>
          <ScoreChart points={pts} />
          <table class="table compact">
            <thead>
              <tr>
                <th scope="col">Finished</th>
                <th scope="col">Run</th>
                <th scope="col">Score</th>
                <th scope="col">Coverage</th>
              </tr>
            </thead>
            <tbody>
              {pts.map((p) => (
                <tr key={p.run_id + p.target}>
                  <td>{when(p.finished_at)}</td>
                  <td>
                    <Link href={`/runs/${p.run_id}`}>{p.run_display_name ?? p.run_id}</Link>
                  </td>
                  <td>
                    <strong>{p.display?.score ?? "—"}</strong>
                  </td>
                  <td class="muted">{p.score_counts ? `${p.score_counts.scored}/${p.score_counts.total} scored, ${p.score_counts.complete_members}/${p.score_counts.total_members} tasks complete` : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </section>
  );
}
