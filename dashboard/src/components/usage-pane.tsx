/**
 * The overview's usage pane: each attempt's tokens as one column split into
 * input (below) and output (above), attempts sorted by their total, with a
 * token axis and the mean of each part. A column opens its attempt's trace.
 */
import { memo } from "preact/compat";
import type { OverviewGroup } from "./overview-api";
import { linear, num, ticks } from "./overview-scale";

const MAX_COLUMNS = 280;
/** Columns are tab stops only when this few: hundreds would trap the keyboard (the attempts table opens every trace too). */
const KEYBOARD_COLUMNS = 100;

export const UsagePane = memo(function UsagePane({ usage, onOpen }: { usage: OverviewGroup["usage"]; onOpen: (id: string) => void }) {
  if (usage.points.length === 0) return <p class="muted">No attempt reported its tokens.</p>;
  const sorted = [...usage.points].sort((a, b) => b.input_tokens + b.output_tokens - (a.input_tokens + a.output_tokens));
  // Columns narrower than 2 px draw nothing more: beyond MAX_COLUMNS, every n-th of the sorted attempts stands for its neighbours.
  const step = Math.max(1, Math.ceil(sorted.length / MAX_COLUMNS));
  const pts = step === 1 ? sorted : sorted.filter((_, i) => i % step === 0);
  const W = 620;
  const H = 200;
  const L = 52;
  const B = 36;
  const top = Math.max(1, ...pts.map((p) => p.input_tokens + p.output_tokens));
  const yt = ticks(0, top, 5);
  const yMax = Math.max(top, yt.at(-1) ?? top);
  const y = linear(0, yMax, H - B, 8);
  const colW = (W - L - 8) / pts.length;
  return (
    <figure class="ov-pane ov-usage" data-testid="usage-pane">
      <figcaption>
        <span class="sw ov-in" /> input <span class="sw ov-out" /> output{" "}
        <span class="muted small">
          mean {usage.input ? num(Math.round(usage.input.mean)) : "—"} in, {usage.output ? num(Math.round(usage.output.mean)) : "—"} out per attempt; {usage.total.toLocaleString("en-US")} attempts
          {usage.sampled || step > 1 ? `, ${pts.length.toLocaleString("en-US")} shown (evenly sampled)` : ""}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`Tokens per attempt, input and output, ${pts.length} attempts`}>
        {yt.map((t) => (
          <g key={t} class="ov-axis">
            <line class="ov-grid" x1={L} x2={W - 8} y1={y(t)} y2={y(t)} />
            <text x={L - 4} y={y(t) + 3} text-anchor="end">
              {num(t)}
            </text>
          </g>
        ))}
        {pts.map((p, i) => {
          const x = L + i * colW;
          const w = Math.max(0.6, colW - (colW > 3 ? 1 : 0));
          return (
            <g
              key={p.attempt_id}
              class={`ov-usage-col${p.errored ? " errored" : ""}`}
              data-attempt={p.attempt_id}
              role="button"
              tabindex={pts.length <= KEYBOARD_COLUMNS ? 0 : -1}
              aria-label={`${p.attempt_id}: ${num(p.input_tokens)} input and ${num(p.output_tokens)} output tokens${p.errored ? " (errored)" : ""}; open its trace`}
              onClick={() => onOpen(p.attempt_id)}
              onKeyDown={(e) => {
                if (e.key === "Enter" || e.key === " ") {
                  e.preventDefault();
                  onOpen(p.attempt_id);
                }
              }}
            >
              <title>
                {p.attempt_id}: {num(p.input_tokens)} input + {num(p.output_tokens)} output tokens{p.errored ? " (errored)" : ""}
              </title>
              <rect class="ov-in" x={x} width={w} y={y(p.input_tokens)} height={H - B - y(p.input_tokens)} />
              <rect class="ov-out" x={x} width={w} y={y(p.input_tokens + p.output_tokens)} height={y(p.input_tokens) - y(p.input_tokens + p.output_tokens)} />
            </g>
          );
        })}
        <line class="ov-axis-line" x1={L} x2={W - 8} y1={H - B} y2={H - B} />
        <line class="ov-axis-line" x1={L} x2={L} y1={8} y2={H - B} />
        <text x={12} y={(H - B) / 2} class="ov-axis-text" transform={`rotate(-90 12 ${(H - B) / 2})`} text-anchor="middle">
          tokens
        </text>
        <text x={(L + W) / 2} y={H - 8} text-anchor="middle" class="ov-axis-text">
          attempts, most tokens first ({pts.length.toLocaleString("en-US")})
        </text>
      </svg>
    </figure>
  );
});
