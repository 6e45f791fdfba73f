/**
 * One cell per expected attempt of a benchmark and target, drawn on a
 * canvas so 10,000 cells cost one element: passed filled, failed hollow
 * with a slash, invalid red with a cross, partial rewards filled to their
 * share, the rest empty; live attempts are focusable pulsing outlines laid
 * over the canvas. The share finished beside it and the legend's counts are
 * the scores' (lib/run-counts.ts), as the run's progress line is; the cells
 * fill in from the attempts read so far.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { Sample } from "../lib/types";
import { TERMINAL } from "../lib/types";
import { int, percent } from "../lib/format";
import type { Counts } from "../lib/run-counts";
import { PALETTE } from "../../../src/reports/palette";

export type CellState = "passed" | "failed" | "partial" | "invalid" | "empty";

export function cellState(s: Sample | undefined): CellState {
  if (!s) return "empty";
  if (s.reward !== null && s.reward !== undefined) return s.reward >= 1 ? "passed" : s.reward <= 0 ? "failed" : "partial";
  return TERMINAL.has(s.status) ? "invalid" : "empty";
}

type CellColours = { passed: string; failed: string; invalid: string; empty: string; partial: string };

/** A canvas takes colours, not CSS variables: the values the stylesheet's variables hold here (light or dark), the palette's if unset. */
function cellColours(el: Element): CellColours {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const pass = v("--pass", PALETTE.pass);
  return { passed: pass, failed: v("--fail", PALETTE.fail), invalid: v("--bad", PALETTE.error), empty: v("--empty", PALETTE.empty), partial: pass };
}

function cellSize(total: number): { s: number; gap: number } {
  if (total <= 300) return { s: 12, gap: 2 };
  if (total <= 1500) return { s: 8, gap: 2 };
  if (total <= 5000) return { s: 6, gap: 1 };
  return { s: 4, gap: 1 };
}

export function BlockBar({
  total,
  counts,
  items,
  version,
  live,
  label,
  onOpen,
}: {
  total: number;
  /** The scores' counts for this benchmark and target: the share finished and the legend. */
  counts: Counts;
  /** The attempt in each cell (index = member × k + attempt), undefined where none has finished or been read. */
  items: (Sample | undefined)[];
  version: number;
  /** Live attempts and the cell each sits in. */
  live: { index: number; id: string; label: string }[];
  label: string;
  onOpen: (attemptId: string) => void;
}) {
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(600);
  const { s, gap } = cellSize(total);
  const step = s + gap;
  const perRow = Math.max(1, Math.floor((width + gap) / step));
  const rows = Math.max(1, Math.ceil(total / perRow));

  useLayoutEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.max(120, el.clientWidth - 8)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // What each cell shows now; a redraw paints only the cells whose code changed.
  const drawn = useRef<{ w: number; h: number; dpr: number; codes: Float32Array; colours: CellColours } | null>(null);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const dpr = window.devicePixelRatio || 1;
    const w = perRow * step;
    const h = rows * step;
    const g = c.getContext("2d")!;
    const COLORS = cellColours(c);
    let prev = drawn.current;
    // A new size, or a switch between light and dark, repaints every cell.
    if (!prev || prev.w !== w || prev.h !== h || prev.dpr !== dpr || prev.codes.length !== total || prev.colours.passed !== COLORS.passed) {
      c.width = Math.ceil(w * dpr);
      c.height = Math.ceil(h * dpr);
      c.style.width = `${w}px`;
      c.style.height = `${h}px`;
      g.setTransform(dpr, 0, 0, dpr, 0, 0);
      g.clearRect(0, 0, w, h);
      prev = drawn.current = { w, h, dpr, codes: new Float32Array(total).fill(-1), colours: COLORS };
    }
    g.lineWidth = 1;
    const codes = prev.codes;
    let read = 0;
    for (let i = 0; i < total; i++) {
      const item = items[i];
      const st = cellState(item);
      const code = st === "passed" ? 1 : st === "failed" ? 2 : st === "invalid" ? 3 : st === "partial" ? 4 + item!.reward! : 0;
      if (code !== 0) read++;
      if (codes[i] === code) continue;
      codes[i] = code;
      const x = (i % perRow) * step;
      const y = Math.floor(i / perRow) * step;
      g.clearRect(x, y, s, s);
      if (st === "passed") {
        g.fillStyle = COLORS.passed;
        g.fillRect(x, y, s, s);
      } else if (st === "partial") {
        const r = Math.max(0.15, Math.min(0.85, item!.reward!));
        g.strokeStyle = COLORS.partial;
        g.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
        g.fillStyle = COLORS.partial;
        g.fillRect(x, y + s * (1 - r), s, s * r);
      } else if (st === "failed") {
        g.strokeStyle = COLORS.failed;
        g.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
        g.beginPath();
        g.moveTo(x + 0.5, y + s - 0.5);
        g.lineTo(x + s - 0.5, y + 0.5);
        g.stroke();
      } else if (st === "invalid") {
        g.fillStyle = COLORS.invalid;
        g.fillRect(x, y, s, s);
        if (s >= 6) {
          g.strokeStyle = "#fff";
          g.beginPath();
          g.moveTo(x + 2, y + 2);
          g.lineTo(x + s - 2, y + s - 2);
          g.moveTo(x + s - 2, y + 2);
          g.lineTo(x + 2, y + s - 2);
          g.stroke();
        }
      } else {
        g.strokeStyle = COLORS.empty;
        g.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
      }
    }
    // How many cells show an ended attempt, for a reader (or a bench) to know the drawing caught up with the counts.
    wrap.current?.setAttribute("data-cells", String(read));
  }, [version, total, perRow, rows, s, step, items]);

  const { finished, passed, invalid } = counts;
  const failed = passed === null ? null : counts.scored - passed;

  const onClick = (e: MouseEvent) => {
    const rect = canvas.current!.getBoundingClientRect();
    const col = Math.floor((e.clientX - rect.left) / step);
    const row = Math.floor((e.clientY - rect.top) / step);
    const i = row * perRow + col;
    const it = items[i];
    if (col < perRow && it) onOpen(it.id);
  };

  return (
    <div class="block-bar" ref={wrap} data-testid="block-bar">
      <div class="bar-canvas" style={{ position: "relative", width: `${perRow * step}px` }}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${label}: ${total} expected attempts, ${passed === null ? `${counts.scored} scored` : `${passed} passed, ${failed} failed`}, ${invalid} invalid, ${live.length} live, ${Math.max(0, total - finished - live.length)} not finished`}
          onClick={onClick}
        />
        {live.map(({ index: i, id, label: what }) => (
          <button
            type="button"
            key={id}
            class="live-cell"
            data-live-cell={id}
            style={{ left: `${(i % perRow) * step - 1}px`, top: `${Math.floor(i / perRow) * step - 1}px`, width: `${s + 2}px`, height: `${s + 2}px` }}
            aria-label={`Follow live attempt ${what}`}
            onClick={() => onOpen(id)}
          />
        ))}
      </div>
      <div class="bar-side">
        <strong data-testid="bar-percent">{total ? percent(finished / total) : "—"}</strong> <span class="muted">finished</span>
      </div>
      <ul class="legend" aria-hidden="true">
        {passed === null ? (
          <li>
            <span class="sw sw-passed" /> scored {int(counts.scored)}
          </li>
        ) : (
          <>
            <li>
              <span class="sw sw-passed" /> passed {int(passed)}
            </li>
            <li>
              <span class="sw sw-failed" /> failed {int(failed)}
            </li>
          </>
        )}
        <li>
          <span class="sw sw-invalid" /> invalid {int(invalid)}
        </li>
        <li>
          <span class="sw sw-live" /> live {live.length}
        </li>
        <li>
          <span class="sw sw-empty" /> not finished
        </li>
      </ul>
    </div>
  );
}
