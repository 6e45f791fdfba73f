/**
 * The overview's timing pane: a legend, an icicle bar of the mean split of
 * an attempt's wall time over phases (boot, setup, model, harness,
 * finalize, scoring, other), and below it one strip per attempt on a shared
 * millisecond axis (40 by default, all on request). Hovering a phase, in the
 * legend or any bar, highlights it across the pane. Phases the attempts do
 * not record are listed as such rather than drawn as guesses.
 */
import { memo } from "preact/compat";
import { useState } from "preact/hooks";
import { duration } from "../lib/format";
import { PHASES, type OverviewGroup, type Phase } from "./overview-api";
import { linear, ms, ticks } from "./overview-scale";

export const DEFAULT_STRIPS = 40;

const PHASE_TEXT: Record<Phase, string> = {
  boot: "boot",
  setup: "setup",
  model: "model",
  harness: "harness",
  finalize: "finalize",
  scoring: "scoring",
  other: "other (not split further)",
};

function Segments({ phases, total, x0, width, y, h, hover, setHover }: { phases: Record<Phase, number>; total: number; x0: number; width: number; y: number; h: number; hover: Phase | null; setHover: (p: Phase | null) => void }) {
  let x = x0;
  return (
    <>
      {PHASES.map((p) => {
        const w = total > 0 ? (phases[p] / total) * width : 0;
        if (w <= 0) return null;
        const seg = (
          <rect key={p} x={x} y={y} width={w} height={h} class={`ov-ph ov-ph-${p}${hover && hover !== p ? " dim" : ""}${hover === p ? " lit" : ""}`} data-phase={p} onMouseEnter={() => setHover(p)} onMouseLeave={() => setHover(null)}>
            <title>
              {PHASE_TEXT[p]}: {duration(phases[p])}
            </title>
          </rect>
        );
        x += w;
        return seg;
      })}
    </>
  );
}

/** `all`/`setAll`: whether the overview was read with every strip (the parent re-reads it on "Show all"). */
export const TimingIcicle = memo(function TimingIcicle({ timing, onOpen, all, setAll }: { timing: OverviewGroup["timing"]; onOpen: (id: string) => void; all: boolean; setAll: (all: boolean) => void }) {
  const [hover, setHover] = useState<Phase | null>(null);
  if (!timing.mean || timing.strips.length === 0) return <p class="muted">No attempt has both a dispatch and an end time yet.</p>;
  const mean = timing.mean;
  const meanTotal = PHASES.reduce((a, p) => a + mean[p], 0);
  const shown = all ? timing.strips : timing.strips.slice(0, DEFAULT_STRIPS);
  const W = 620;
  const L = 8;
  const R = 12;
  const plotW = W - L - R;
  // Strips share one axis, up to the longest shown, so their lengths compare.
  const longest = Math.max(1, ...shown.map((s) => s.wall_ms));
  const xt = ticks(0, longest, 6);
  const xMax = Math.max(longest, xt.at(-1) ?? longest);
  const x = linear(0, xMax, L, L + plotW);
  const stripH = 7;
  const gap = 2;
  const H = shown.length * (stripH + gap) + 40;
  const meanTicks = ticks(0, meanTotal, 6);
  const mx = linear(0, meanTotal || 1, L, L + plotW);
  const recorded = new Set(timing.recorded);
  return (
    <figure class="ov-pane ov-timing" data-testid="timing-pane">
      <ul class="legend ov-legend" aria-label="Phases">
        {PHASES.map((p) => (
          <li key={p} class={hover && hover !== p ? "dim" : ""} onMouseEnter={() => setHover(p)} onMouseLeave={() => setHover(null)} data-phase={p}>
            <span class={`sw ov-ph-${p}`} /> {PHASE_TEXT[p]} {recorded.has(p) ? <span class="muted">{duration(mean[p])}</span> : <span class="muted">not recorded</span>}
          </li>
        ))}
      </ul>
      <svg viewBox={`0 0 ${W} 56`} width={W} height={56} role="img" aria-label={`Mean split of ${duration(meanTotal)}: ${PHASES.filter((p) => mean[p] > 0).map((p) => `${p} ${duration(mean[p])}`).join(", ")}`} data-testid="icicle">
        <Segments phases={mean} total={meanTotal} x0={L} width={plotW} y={4} h={18} hover={hover} setHover={setHover} />
        <g class="ov-axis">
          <line x1={L} x2={L + plotW} y1={26} y2={26} />
          {meanTicks.map((t) => (
            <g key={t}>
              <line x1={mx(t)} x2={mx(t)} y1={26} y2={30} />
              <text x={mx(t)} y={40} text-anchor="middle">
                {ms(t)}
              </text>
            </g>
          ))}
          <text x={L + plotW / 2} y={53} text-anchor="middle">
            mean attempt, dispatch to verdict ({duration(meanTotal)})
          </text>
        </g>
      </svg>
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`One strip per attempt, ${shown.length} of ${timing.total}`} data-testid="timing-strips">
        {shown.map((s, i) => (
          <g
            key={s.attempt_id}
            class={`ov-strip${s.errored ? " errored" : ""}`}
            data-attempt={s.attempt_id}
            role="button"
            // Strips are tab stops only when few ("Show all" draws up to a thousand).
            tabindex={shown.length <= DEFAULT_STRIPS ? 0 : -1}
            aria-label={`${s.attempt_id}: ${duration(s.wall_ms)}${s.errored ? " (errored)" : ""}; open its trace`}
            onClick={() => onOpen(s.attempt_id)}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                onOpen(s.attempt_id);
              }
            }}
          >
            <Segments phases={s.phases} total={s.wall_ms} x0={L} width={x(s.wall_ms) - L} y={i * (stripH + gap)} h={stripH} hover={hover} setHover={setHover} />
          </g>
        ))}
        <g class="ov-axis">
          <line x1={L} x2={L + plotW} y1={H - 36} y2={H - 36} />
          {xt.map((t) => (
            <g key={t}>
              <line x1={x(t)} x2={x(t)} y1={H - 36} y2={H - 32} />
              <text x={x(t)} y={H - 22} text-anchor="middle">
                {ms(t)}
              </text>
            </g>
          ))}
          <text x={L + plotW / 2} y={H - 6} text-anchor="middle">
            time per attempt (one strip each)
          </text>
        </g>
      </svg>
      <p class="small muted" data-testid="strips-shown">
        {shown.length.toLocaleString("en-US")} of {timing.total.toLocaleString("en-US")} attempts
        {timing.sampled ? " (evenly sampled)" : ""}.{" "}
        {(all || timing.total > shown.length) && (
          <button type="button" class="link" onClick={() => setAll(!all)}>
            {all ? `Show the first ${DEFAULT_STRIPS}` : "Show all"}
          </button>
        )}
      </p>
    </figure>
  );
});
