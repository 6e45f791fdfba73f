/**
 * Inline-SVG charts: the pass@j / pass^j curve and the counted dot plot of
 * rewards. Each chart carries a text equivalent for screen readers.
 */
import { niceTicks } from "../../../src/reports/axis-ticks";
import { score } from "../lib/format";
import type { CurveRow } from "../lib/types";

export function CurveChart({ rows, k }: { rows: CurveRow[]; k: number | null }) {
  if (rows.length === 0) return <p class="muted">No pass@j curve yet: it needs tasks with a pass-or-fail score. It is drawn once such attempts finish.</p>;
  if (rows.length === 1) {
    const r = rows[0]!;
    return (
      <figure class="chart" data-empty="true" data-points={1}>
        <p class="chart-empty">
          One attempt per task: pass@1 = pass^1 = {score(r.pass_at_j)} over {r.members} tasks, so there is no curve to draw. Run with k above 1 to see how more attempts help.
        </p>
      </figure>
    );
  }
  const W = 320;
  const H = 164;
  const L = 44;
  const B = 34;
  const n = rows.length;
  const x = (j: number) => L + (n === 1 ? (W - L - 10) / 2 : ((j - 1) / (n - 1)) * (W - L - 10));
  const y = (v: number) => 8 + (1 - v) * (H - B - 8);
  const line = (key: "pass_at_j" | "pass_hat_j") => rows.map((r) => `${x(r.j)},${y(r[key])}`).join(" ");
  return (
    <figure class="chart" data-points={n}>
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`pass@j and pass^j for j = 1 to ${n}`}>
        {[0, 0.5, 1].map((v) => (
          <g key={v}>
            <line x1={L} x2={W - 6} y1={y(v)} y2={y(v)} class="grid" />
            <text x={L - 4} y={y(v) + 4} text-anchor="end" class="axis" data-axis="y">
              {v * 100}%
            </text>
          </g>
        ))}
        {rows.map((r) => (
          <text key={r.j} x={x(r.j)} y={H - B + 14} text-anchor="middle" class="axis" data-axis="x">
            {n > 12 && r.j % Math.ceil(n / 12) !== 0 && r.j !== 1 ? "" : r.j}
          </text>
        ))}
        <line x1={L} x2={L} y1={y(1)} y2={y(0)} class="axis-line" />
        <line x1={L} x2={W - 6} y1={y(0)} y2={y(0)} class="axis-line" />
        <text x={(L + W) / 2} y={H - 3} text-anchor="middle" class="axis-title">
          j, attempts per task
        </text>
        <text transform={`translate(10,${(y(0) + y(1)) / 2}) rotate(-90)`} text-anchor="middle" class="axis-title">
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
  // Room under the dots for two label lines, 14 px apart at the axis font.
  const H = 46 + rowsMax * 7;
  return (
    <figure class="chart" data-points={total}>
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
                const cy = H - 36 - Math.floor(d / perCol) * 7;
                return v <= 0 ? <circle key={d} cx={cx} cy={cy} r={2.4} class={cls} /> : <rect key={d} x={cx - 2.5} y={cy - 2.5} width={5} height={5} class={cls} />;
              })}
              <text x={x0 + 30} y={H - 18} text-anchor="middle" class="axis" data-axis="x">
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

/**
 * Lines over a run's elapsed time: x in seconds from its first sample, y in
 * `unit` from 0, both axes on nice ticks (src/reports/axis-ticks.ts); the
 * unit is titled above the y axis, clear of its tick labels; a table of the
 * same points for screen readers. A chart with nothing to draw says so in
 * words instead of drawing empty axes: fewer than two samples with a value
 * (the one value is given), or, with `zeroSays`, only zeros.
 */
export function TimeChart({
  title,
  unit,
  series,
  format = (v) => String(Math.round(v * 10) / 10),
  integer = false,
  zeroSays,
  noneSays,
}: {
  title: string;
  unit: string;
  series: TimeSeries[];
  format?: (v: number) => string;
  /** Values are counts or whole milliseconds: whole-number ticks. */
  integer?: boolean;
  /** What an all-zero chart says instead of a flat line at 0 ("No call was refused"). */
  zeroSays?: string;
  /** What a chart without any value says ("No call was answered, so no latency"); else "No <unit> recorded yet." */
  noneSays?: string;
}) {
  const all = series.flatMap((s) => s.points);
  const valued = all.filter(([, v]) => v !== null) as [number, number][];
  const times = [...new Set(valued.map(([t]) => t))].sort((a, b) => a - b);
  const empty = times.length < 2 ? (times.length === 0 ? (noneSays ?? `No ${unit} recorded yet.`) : `One sample so far (${series.filter((s) => s.points.some(([, v]) => v !== null)).map((s) => `${s.label} ${format(s.points.find(([, v]) => v !== null)![1]!)}`).join(", ")}): a line needs two.`) : zeroSays && valued.every(([, v]) => v === 0) ? zeroSays : null;
  const caption = (
    <figcaption>
      {title}
      {empty ? "" : ": "}
      {!empty &&
        series.map((s) => (
          <span key={s.label} class={`key ${s.cls}`}>
            — {s.label}{" "}
          </span>
        ))}
    </figcaption>
  );
  if (empty) {
    return (
      <figure class="chart" data-empty="true" data-points={times.length}>
        {caption}
        <p class="chart-empty">{empty}</p>
      </figure>
    );
  }
  const W = 360;
  const H = 168;
  const L = 46;
  const R = 12;
  // Room above the plot for the unit's title, so it never sits on the top tick label.
  const T = 24;
  const B = 34;
  const xt = niceTicks(Math.max(...times), { integer: true });
  const yt = niceTicks(Math.max(0, ...valued.map(([, v]) => v)), { integer });
  const x = (t: number) => L + (t / xt.max) * (W - L - R);
  const y = (v: number) => T + (1 - v / yt.max) * (H - T - B);
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
  return (
    <figure class="chart" data-points={times.length}>
      {caption}
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`${title} (${unit}) over the run's elapsed seconds`}>
        <text x={0} y={12} class="axis-title">
          {unit}
        </text>
        {yt.values.map((v) => (
          <g key={v}>
            <line x1={L} x2={W - R} y1={y(v)} y2={y(v)} class="grid" />
            <text x={L - 6} y={y(v) + 4} text-anchor="end" class="axis" data-axis="y">
              {format(v)}
            </text>
          </g>
        ))}
        {xt.values.map((t) => (
          <text key={t} x={x(t)} y={H - B + 15} text-anchor="middle" class="axis" data-axis="x">
            {t}
          </text>
        ))}
        <line x1={L} x2={L} y1={T} y2={H - B} class="axis-line" />
        <line x1={L} x2={W - R} y1={H - B} y2={H - B} class="axis-line" />
        <text x={(L + W - R) / 2} y={H - 3} text-anchor="middle" class="axis-title">
          seconds since the first sample
        </text>
        {series.map((s) => (
          <path key={s.label} d={path(s)} class={`tl ${s.cls}`} fill="none" />
        ))}
      </svg>
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
