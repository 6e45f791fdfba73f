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

function Spark({ points }: { points: Point[] }) {
  const pts = points.filter((p) => p.score !== null && p.finished_at).sort((a, b) => Date.parse(a.finished_at!) - Date.parse(b.finished_at!));
  if (pts.length < 2) return null;
  const W = 220;
  const H = 48;
  const vals = pts.map((p) => p.score!);
  const unit = vals.every((v) => v >= 0 && v <= 1);
  const lo = unit ? 0 : Math.min(...vals);
  const hi = unit ? 1 : Math.max(...vals);
  const x = (i: number) => 4 + (i / (pts.length - 1)) * (W - 8);
  const y = (v: number) => H - 4 - ((v - lo) / (hi - lo || 1)) * (H - 8);
  return (
    <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Scores over time: ${pts.map((p) => score(p.score)).join(", ")}`} class="spark">
      <polyline points={pts.map((p, i) => `${x(i)},${y(p.score!)}`).join(" ")} class="l-at" />
      {pts.map((p, i) => (
        <circle key={p.run_id} cx={x(i)} cy={y(p.score!)} r={2.5} class="p-at">
          <title>
            {when(p.finished_at)}: {p.display?.score ?? score(p.score)}
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
          <Spark points={pts} />
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
                  <td class="muted">{p.score_counts ? `${p.score_counts.scored}/${p.score_counts.total} scored, ${p.score_counts.complete_members}/${p.score_counts.total_members} members complete` : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </section>
  );
}
