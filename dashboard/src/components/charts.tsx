/**
 * Inline-SVG charts: the pass@j / pass^j curve and the counted dot plot of
 * rewards. Each chart carries a text equivalent for screen readers.
 */
import { score } from "../lib/format";
import type { CurveRow } from "../lib/types";

export function CurveChart({ rows, k }: { rows: CurveRow[]; k: number | null }) {
  if (rows.length === 0) return <p class="muted">No pass@j curve yet: it needs tasks with a pass-or-fail score. It is drawn once such attempts finish.</p>;
  const W = 320;
  const H = 164;
  const L = 44;
  const B = 34;
  const n = rows.length;
  const x = (j: number) => L + (n === 1 ? (W - L - 10) / 2 : ((j - 1) / (n - 1)) * (W - L - 10));
  const y = (v: number) => 8 + (1 - v) * (H - B - 8);
  const line = (key: "pass_at_j" | "pass_hat_j") => rows.map((r) => `${x(r.j)},${y(r[key])}`).join(" ");
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`pass@j and pass^j for j = 1 to ${n}`}>
        {[0, 0.5, 1].map((v) => (
          <g key={v}>
            <line x1={L} x2={W - 6} y1={y(v)} y2={y(v)} class="grid" />
            <text x={L - 4} y={y(v) + 4} text-anchor="end" class="axis">
              {v * 100}%
            </text>
          </g>
        ))}
        {rows.map((r) => (
          <text key={r.j} x={x(r.j)} y={H - B + 14} text-anchor="middle" class="axis">
            {n > 12 && r.j % Math.ceil(n / 12) !== 0 && r.j !== 1 ? "" : r.j}
          </text>
        ))}
        <line x1={L} x2={L} y1={y(1)} y2={y(0)} class="axis-line" />
        <line x1={L} x2={W - 6} y1={y(0)} y2={y(0)} class="axis-line" />
        <text x={(L + W) / 2} y={H - 3} text-anchor="middle" class="axis">
          j, attempts per task
        </text>
        <text transform={`translate(10,${(y(0) + y(1)) / 2}) rotate(-90)`} text-anchor="middle" class="axis">
          tasks, %
        </text>
        <polyline points={line("pass_at_j")} class="l-at" />
        <polyline points={line("pass_hat_j")} class="l-hat" />
        {rows.map((r) => (
          <g key={r.j}>
            <circle cx={x(r.j)} cy={y(r.pass_at_j)} r={3} class="p-at">
              <title>
                pass@{r.j} = {score(r.pass_at_j)} ({r.members} tasks)
              </title>
            </circle>
            <rect x={x(r.j) - 3} y={y(r.pass_hat_j) - 3} width={6} height={6} class="p-hat">
              <title>
                pass^{r.j} = {score(r.pass_hat_j)} ({r.members} tasks)
              </title>
            </rect>
          </g>
        ))}
      </svg>
      <figcaption>
        <span class="key-at">● pass@j</span> <span class="key-hat">■ pass^j</span> {k ? <span class="muted">(k = {k})</span> : null}
      </figcaption>
      <table class="sr-only">
        <caption>pass@j and pass^j</caption>
        <thead>
          <tr>
            <th>j</th>
            <th>pass@j</th>
            <th>pass^j</th>
            <th>tasks</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.j}>
              <td>{r.j}</td>
              <td>{score(r.pass_at_j)}</td>
              <td>{score(r.pass_hat_j)}</td>
              <td>{r.members}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/**
 * A counted dot plot: one column per distinct reward with its count and
 * share; each dot is an attempt (or a fixed number of them when there are
 * many), and a click on a value opens one of its attempts.
 */
export function DotPlot({ counts, onPick }: { counts: [value: number, count: number][]; onPick?: (value: number) => void }) {
  const total = counts.reduce((a, [, c]) => a + c, 0);
  if (total === 0) return <p class="muted">No scored attempt yet: a dot appears for each attempt as it finishes.</p>;
  const maxDots = 60;
  const biggest = Math.max(...counts.map(([, c]) => c));
  const per = Math.max(1, Math.ceil(biggest / maxDots));
  const colW = 70;
  const W = Math.max(160, counts.length * colW + 20);
  const perCol = 10;
  const rowsMax = Math.ceil(Math.ceil(biggest / per) / perCol);
  const H = 40 + rowsMax * 7;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`Reward distribution: ${counts.map(([v, c]) => `${score(v)}: ${c}`).join(", ")}`}>
        {counts.map(([v, c], ci) => {
          const dots = Math.ceil(c / per);
          const x0 = 15 + ci * colW;
          const cls = v >= 1 ? "d-pass" : v <= 0 ? "d-fail" : "d-mid";
          return (
            <g key={v} class="dot-col" onClick={() => onPick?.(v)} style={onPick ? { cursor: "pointer" } : undefined}>
              <title>
                reward {score(v)}: {c} attempts ({score(c / total)})
              </title>
              {Array.from({ length: dots }, (_, d) => {
                const cx = x0 + (d % perCol) * 6 + 3;
                const cy = H - 30 - Math.floor(d / perCol) * 7;
                return v <= 0 ? <circle key={d} cx={cx} cy={cy} r={2.4} class={cls} /> : <rect key={d} x={cx - 2.5} y={cy - 2.5} width={5} height={5} class={cls} />;
              })}
              <text x={x0 + 30} y={H - 16} text-anchor="middle" class="axis">
                {score(v)}
              </text>
              <text x={x0 + 30} y={H - 4} text-anchor="middle" class="axis">
                {c} · {score(c / total)}
              </text>
            </g>
          );
        })}
      </svg>
      {per > 1 && <figcaption class="muted">each dot is {per} attempts</figcaption>}
    </figure>
  );
}

/**
 * The API's phase names in plain words: "agent" is the target's own time (a
 * model call, or an agent's whole episode), "scoring" the rest of the
 * attempt's wall time (scoring, storage, queueing).
 */
const PHASE_LABEL: Record<string, string> = { agent: "model or agent", scoring: "scoring and the rest" };

/** Mean time per phase as one stacked bar with a legend. */
export function PhaseBar({ phases }: { phases: Record<string, number> }) {
  const entries = Object.entries(phases)
    .filter(([, v]) => v > 0)
    .map(([k, v]): [string, number] => [PHASE_LABEL[k] ?? k, v]);
  const total = entries.reduce((a, [, v]) => a + v, 0);
  if (total === 0) return <p class="muted">No phase timings yet: finished attempts record where their time went.</p>;
  return (
    <div class="phase-bar">
      <div class="phase-track" role="img" aria-label={entries.map(([k, v]) => `${k} ${Math.round(v)} ms`).join(", ")}>
        {entries.map(([k, v], i) => (
          <span key={k} class={`ph ph-${i % 7}`} style={{ width: `${(v / total) * 100}%` }} title={`${k}: ${Math.round(v)} ms`} />
        ))}
      </div>
      <ul class="legend">
        {entries.map(([k, v], i) => (
          <li key={k}>
            <span class={`sw ph-${i % 7}`} /> {k} {v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(1)} s`}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One line of a time chart: its points (seconds, value; null leaves a gap), its name and its CSS class. */
export interface TimeSeries {
  label: string;
  cls: string;
  points: [t: number, v: number | null][];
  /** Drawn as steps (a limit holds until it changes) rather than straight segments. */
  step?: boolean;
}

/** Rounds an axis maximum up to 1, 2 or 5 × a power of ten. */
function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return ([1, 2, 5, 10].find((m) => m * p >= v) ?? 10) * p;
}

/**
 * Lines over a run's elapsed time: x in seconds from its first sample, y in
 * `unit` from 0; a table of the same points for screen readers.
 */
export function TimeChart({ title, unit, series, format = (v) => String(Math.round(v * 10) / 10) }: { title: string; unit: string; series: TimeSeries[]; format?: (v: number) => string }) {
  const W = 360;
  const H = 150;
  const L = 44;
  const B = 28;
  const all = series.flatMap((s) => s.points);
  const tMax = Math.max(1, ...all.map(([t]) => t));
  const vMax = niceMax(Math.max(0, ...all.map(([, v]) => v ?? 0)));
  const x = (t: number) => L + (t / tMax) * (W - L - 10);
  const y = (v: number) => 8 + (1 - v / vMax) * (H - B - 8);
  const path = (s: TimeSeries) => {
    let d = "";
    let prev: [number, number] | null = null;
    for (const [t, v] of s.points) {
      if (v === null) {
        prev = null;
        continue;
      }
      if (!prev) d += `M${x(t)},${y(v)}`;
      else d += s.step ? `H${x(t)}V${y(v)}` : `L${x(t)},${y(v)}`;
      prev = [t, v];
    }
    return d;
  };
  const times = [...new Set(all.map(([t]) => t))].sort((a, b) => a - b);
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`${title} (${unit}) over the run's elapsed seconds`}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={L} x2={W - 6} y1={y(f * vMax)} y2={y(f * vMax)} class="grid" />
            <text x={L - 4} y={y(f * vMax) + 4} text-anchor="end" class="axis">
              {format(f * vMax)}
            </text>
          </g>
        ))}
        {[0, 0.5, 1].map((f) => (
          <text key={f} x={x(f * tMax)} y={H - 14} text-anchor="middle" class="axis">
            {Math.round(f * tMax)}
          </text>
        ))}
        <text x={(L + W) / 2} y={H - 2} text-anchor="middle" class="axis">
          seconds since the first sample
        </text>
        <text x={4} y={10} class="axis">
          {unit}
        </text>
        {series.map((s) => (
          <path key={s.label} d={path(s)} class={`tl ${s.cls}`} fill="none" />
        ))}
      </svg>
      <figcaption>
        {title}:{" "}
        {series.map((s) => (
          <span key={s.label} class={`key ${s.cls}`}>
            — {s.label}{" "}
          </span>
        ))}
      </figcaption>
      <table class="sr-only">
        <caption>
          {title} ({unit})
        </caption>
        <thead>
          <tr>
            <th>seconds</th>
            {series.map((s) => (
              <th key={s.label}>{s.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {times.map((t) => (
            <tr key={t}>
              <td>{t}</td>
              {series.map((s) => {
                const v = s.points.find(([pt]) => pt === t)?.[1];
                return <td key={s.label}>{v === undefined || v === null ? "—" : format(v)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
