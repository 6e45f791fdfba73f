/**
 * One reward or structured metric of a run's overview: a beeswarm of its
 * attempts over a value axis with a faint box plot behind (box p25–p75,
 * whiskers p10–p90, ticks at min and max), a counted dot plot when it takes
 * few values, or a chip when every attempt shares one. Every dot is an
 * attempt: hover it for its value, click it to open its trace; hovering the
 * pane's background shows the summary. Errored attempts (only there when
 * the filter includes them) read red.
 */
import { memo } from "preact/compat";
import { useState } from "preact/hooks";
import type { Metric, MetricPoint } from "./overview-api";
import { domainOf, linear, num, summaryLine, ticks } from "./overview-scale";

const W = 460;
const L = 16;
const R = 16;
const AXIS = 34;
const RADIUS = 3.2;
const KEYBOARD_DOTS = 100;

function valueText(metric: Metric, v: number): string {
  return metric.source === "reward" && v >= 0 && v <= 1 && !Number.isInteger(v) ? `${num(v * 100)}%` : num(v);
}

/** A dot: its value shows in the pane's line on hover (one line, not a title element per dot: panes hold a thousand). */
function Dot({ p, cx, cy, r, metric, onOpen, setHover }: { p: MetricPoint; cx: number; cy: number; r: number; metric: Metric; onOpen: (id: string) => void; setHover: (s: string | null) => void }) {
  return (
    <circle
      cx={cx}
      cy={cy}
      r={r}
      class={`ov-dot${p.errored ? " errored" : ""}`}
      data-attempt={p.attempt_id}
      // A few dots are tab stops; a thousand would trap the keyboard (the attempts table opens every trace too).
      // Lower-case: on SVG preact sets the attribute as spelled, and SVG knows only "tabindex".
      tabindex={metric.points.length <= KEYBOARD_DOTS ? 0 : -1}
      role="button"
      aria-label={`${p.attempt_id}: ${metric.name} ${valueText(metric, p.value)}${p.errored ? " (errored)" : ""}; open its trace`}
      onMouseEnter={() => setHover(`${p.attempt_id}: ${metric.name} ${valueText(metric, p.value)}${p.errored ? " (errored)" : ""} — click to open its trace`)}
      onMouseLeave={() => setHover(null)}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(p.attempt_id);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          onOpen(p.attempt_id);
        }
      }}
    />
  );
}

/** Dots placed in columns one diameter wide, stacked outwards from the centre line; squeezed when a column outgrows the pane. */
function swarm(points: MetricPoint[], x: (v: number) => number, half: number): { placed: { p: MetricPoint; cx: number; dy: number }[]; step: number } {
  const cols = new Map<number, MetricPoint[]>();
  for (const p of points) {
    const c = Math.round(x(p.value) / (RADIUS * 2));
    let list = cols.get(c);
    if (!list) cols.set(c, (list = []));
    list.push(p);
  }
  const tallest = Math.max(1, ...[...cols.values()].map((l) => l.length));
  const step = Math.min(RADIUS * 2, (half * 2) / tallest);
  const out: { p: MetricPoint; cx: number; dy: number }[] = [];
  for (const list of cols.values()) {
    list.forEach((p, i) => {
      const ring = Math.ceil(i / 2);
      out.push({ p, cx: x(p.value), dy: (i % 2 ? -1 : 1) * ring * step });
    });
  }
  return { placed: out, step };
}

// Memoized: hovering changes only the pane's line, not its thousand dots.
const SwarmPlot = memo(function SwarmPlot({ metric, onOpen, setHover }: { metric: Metric; onOpen: (id: string) => void; setHover: (s: string | null) => void }) {
  const s = metric.summary!;
  const [d0, d1] = domainOf(s.min, s.max, metric.source === "reward");
  const x = linear(d0, d1, L, W - R);
  const H = 150;
  const mid = (H - AXIS) / 2 + 4;
  const half = mid - 8;
  const { placed, step } = swarm(metric.points, x, half);
  // Dots shrink with their spacing when a column is squeezed, so they stay apart.
  const r = Math.max(1.2, Math.min(RADIUS, step / 2));
  const summary = summaryLine(s, (v) => valueText(metric, v));
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`${metric.name}: ${summary}`} class="ov-swarm">
      <rect class="ov-bg" x={0} y={0} width={W} height={H - AXIS + 6} onMouseEnter={() => setHover(summary)} onMouseLeave={() => setHover(null)}>
        <title>{summary}</title>
      </rect>
      <g class="ov-box" aria-hidden="true">
        <line x1={x(s.p10)} x2={x(s.p90)} y1={mid} y2={mid} />
        <line x1={x(s.min)} x2={x(s.min)} y1={mid - 6} y2={mid + 6} />
        <line x1={x(s.max)} x2={x(s.max)} y1={mid - 6} y2={mid + 6} />
        <rect x={x(s.p25)} width={Math.max(1, x(s.p75) - x(s.p25))} y={mid - half * 0.7} height={half * 1.4} />
        <line class="ov-median" x1={x(s.median)} x2={x(s.median)} y1={mid - half * 0.7} y2={mid + half * 0.7} />
      </g>
      {placed.map(({ p, cx, dy }) => (
        <Dot key={p.attempt_id} p={p} cx={cx} cy={mid + dy} r={r} metric={metric} onOpen={onOpen} setHover={setHover} />
      ))}
      <Axis x={x} d0={d0} d1={d1} y={H - AXIS + 8} label={metric.source === "reward" ? "reward (0 to 1)" : `${metric.name} (value)`} metric={metric} />
    </svg>
  );
});

function Axis({ x, d0, d1, y, label, metric }: { x: (v: number) => number; d0: number; d1: number; y: number; label: string; metric: Metric }) {
  return (
    <g class="ov-axis">
      <line x1={x(d0)} x2={x(d1)} y1={y} y2={y} />
      {ticks(d0, d1, 6).map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={y} y2={y + 4} />
          <text x={x(t)} y={y + 14} text-anchor="middle">
            {num(t)}
          </text>
        </g>
      ))}
      <text x={(x(d0) + x(d1)) / 2} y={y + 26} text-anchor="middle">
        {label}
      </text>
    </g>
  );
}

/** Few values: a column of dots per value, each dot an attempt, with the value's count and share under it. */
const CountsPlot = memo(function CountsPlot({ metric, onOpen, setHover }: { metric: Metric; onOpen: (id: string) => void; setHover: (s: string | null) => void }) {
  const counts = metric.counts!;
  const perCol = 12;
  const biggest = Math.max(...counts.map((c) => metric.points.filter((p) => p.value === c.value).length), 1);
  // Dots per column row beyond this stack many attempts per dot; keep the pane readable.
  const per = Math.max(1, Math.ceil(biggest / (perCol * 12)));
  const rows = Math.ceil(Math.ceil(biggest / per) / perCol);
  const colW = perCol * 8 + 24;
  const width = Math.max(W, counts.length * colW + 2 * L);
  const H = rows * 8 + 16 + AXIS + 10;
  const base = H - AXIS - 4;
  const summary = metric.summary ? summaryLine(metric.summary, (v) => valueText(metric, v)) : "";
  // A sampled pane's points each stand for several attempts already.
  const perDot = Math.round(per * (metric.points.length ? metric.total / metric.points.length : 1));
  return (
    <svg viewBox={`0 0 ${width} ${H}`} width={width} height={H} role="img" aria-label={`${metric.name}: ${counts.map((c) => `${valueText(metric, c.value)}: ${c.count} (${num(c.share * 100)}%)`).join(", ")}`} class="ov-counts">
      <rect class="ov-bg" x={0} y={0} width={width} height={H} onMouseEnter={() => setHover(summary)} onMouseLeave={() => setHover(null)}>
        <title>{summary}</title>
      </rect>
      <line class="ov-axis-line" x1={L} x2={width - R} y1={base + 4} y2={base + 4} />
      {counts.map((c, ci) => {
        const x0 = L + ci * colW + 12;
        const pts = metric.points.filter((p) => p.value === c.value);
        const dots = pts.filter((_, i) => i % per === 0);
        return (
          <g key={c.value} class="ov-count-col" data-value={c.value}>
            {dots.map((p, d) => (
              <Dot key={p.attempt_id} p={p} cx={x0 + (d % perCol) * 8 + 4} cy={base - Math.floor(d / perCol) * 8} r={RADIUS} metric={metric} onOpen={onOpen} setHover={setHover} />
            ))}
            <text x={x0 + (perCol * 8) / 2} y={base + 18} text-anchor="middle" class="ov-axis-text">
              {valueText(metric, c.value)}
            </text>
            <text x={x0 + (perCol * 8) / 2} y={base + 30} text-anchor="middle" class="ov-axis-text" data-testid="count-label">
              {c.count.toLocaleString("en-US")} · {num(c.share * 100)}%
            </text>
          </g>
        );
      })}
      {perDot > 1 && (
        <text x={width - R} y={12} text-anchor="end" class="ov-axis-text">
          each dot is about {perDot.toLocaleString("en-US")} attempts
        </text>
      )}
    </svg>
  );
});

export const MetricPane = memo(function MetricPane({ metric, onOpen }: { metric: Metric; onOpen: (id: string) => void }) {
  const [hover, setHover] = useState<string | null>(null);
  if (metric.kind === "chip") {
    const v = metric.counts?.[0]?.value ?? metric.points[0]?.value;
    return (
      <span class="ov-chip" data-testid={`metric-${metric.name}`} data-kind="chip">
        {metric.name} = {v === undefined ? "—" : valueText(metric, v)} <span class="muted">(every one of {metric.total.toLocaleString("en-US")} attempts)</span>
      </span>
    );
  }
  return (
    <figure class="ov-pane" data-testid={`metric-${metric.name}`} data-kind={metric.kind}>
      <figcaption>
        <strong>{metric.name}</strong> <span class="muted">{metric.source === "dimension" ? "structured metric" : ""}</span>{" "}
        <span class="muted small">
          {metric.total.toLocaleString("en-US")} attempts{metric.sampled ? `, ${metric.points.length.toLocaleString("en-US")} shown (evenly sampled)` : ""}
        </span>
      </figcaption>
      {metric.kind === "swarm" ? <SwarmPlot metric={metric} onOpen={onOpen} setHover={setHover} /> : <CountsPlot metric={metric} onOpen={onOpen} setHover={setHover} />}
      <p class="ov-summary small muted" data-testid="pane-summary" aria-live="polite">
        {hover ?? (metric.summary ? "Hover the pane for its summary; click a dot to open its trace." : "")}
      </p>
    </figure>
  );
});
