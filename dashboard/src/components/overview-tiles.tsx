/**
 * The overview's summary row for one benchmark and target: how the attempts
 * went, beside the benchmark panel's row of what they scored (score and
 * pass@k live there only, so no number shows twice): the error and
 * truncation rates (yellow past 10%, red past 50%), mean turns (the
 * target model's replies, an agent's as its runner or τ²'s loop counted
 * them: the note that they are in the trace only when none did), mean attempt
 * time and tokens, and the total cost when known. Hovering (or focusing) a tile shows its distribution: a small
 * histogram with its axis and the five-number summary.
 */
import type { ComponentChildren } from "preact";
import { memo } from "preact/compat";
import { duration, money, percent } from "../lib/format";
import type { Distribution, Tiles } from "./overview-api";
import { linear, num, summaryLine } from "./overview-scale";

/** Error and truncation rates: yellow past 10%, red past 50% (seed 004). */
export function rateLevel(rate: number | null): "ok" | "warn" | "bad" {
  if (rate === null) return "ok";
  return rate > 0.5 ? "bad" : rate > 0.1 ? "warn" : "ok";
}

function MiniHistogram({ d, unit, fmt }: { d: Distribution; unit: string; fmt: (v: number) => string }) {
  const h = d.histogram;
  if (!h || !d.summary) return <p class="muted small">No values.</p>;
  const W = 220;
  const H = 90;
  const B = 30;
  const top = Math.max(...h.counts);
  const x = linear(0, h.counts.length, 6, W - 6);
  const y = linear(0, top, H - B, 6);
  return (
    <div>
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`distribution of ${unit}: ${summaryLine(d.summary, fmt)}`}>
        {h.counts.map((c, i) => (
          <rect key={i} class="ov-hist" x={x(i) + 0.5} width={Math.max(1, x(1) - x(0) - 1)} y={y(c)} height={H - B - y(c)}>
            <title>{c} attempts</title>
          </rect>
        ))}
        <line class="ov-axis-line" x1={6} x2={W - 6} y1={H - B} y2={H - B} />
        <text x={6} y={H - B + 12} class="ov-axis-text">
          {fmt(h.lo)}
        </text>
        <text x={W - 6} y={H - B + 12} text-anchor="end" class="ov-axis-text">
          {fmt(h.hi)}
        </text>
        <text x={W / 2} y={H - 4} text-anchor="middle" class="ov-axis-text">
          {unit}
        </text>
      </svg>
      <p class="small">
        {summaryLine(d.summary, fmt)}; bars count attempts (tallest {top}).
      </p>
    </div>
  );
}

function Tile({ label, value, testid, level = "ok", children }: { label: string; value: string; testid: string; level?: "ok" | "warn" | "bad"; children?: ComponentChildren }) {
  return (
    <div class={`ov-tile ${level}`} data-testid={testid} data-level={level} tabIndex={children ? 0 : undefined}>
      <div class="ov-tile-label">{label}</div>
      <div class="ov-tile-value">{value}</div>
      {children && (
        <div class="ov-pop" role="tooltip">
          {children}
        </div>
      )}
    </div>
  );
}

const share = (v: number | null) => (v === null ? "—" : percent(v));

export const OverviewTiles = memo(function OverviewTiles({ tiles: t, execution }: { tiles: Tiles; execution: string }) {
  const k = t.k ?? 1;
  const kinds = Object.entries(t.error_kinds).sort((a, b) => b[1] - a[1]);
  return (
    <div class="ov-tiles" role="group" aria-label="Summary">
      <Tile testid="tile-errors" label="Error rate" value={share(t.error_rate)} level={rateLevel(t.error_rate)}>
        <p class="small">
          {t.errored.toLocaleString("en-US")} of {t.attempts.toLocaleString("en-US")} attempts ended without a reward.
        </p>
        {kinds.length > 0 && (
          <ul class="plain small">
            {kinds.map(([kind, n]) => (
              <li key={kind}>
                {kind.replace(/_/g, " ")}: {n.toLocaleString("en-US")}
              </li>
            ))}
          </ul>
        )}
      </Tile>
      <Tile testid="tile-truncation" label="Truncation rate" value={t.truncation_rate === null ? "not recorded" : share(t.truncation_rate)} level={rateLevel(t.truncation_rate)}>
        <p class="small">{t.truncation_rate === null ? "Attempts do not record why a reply ended, so cut replies cannot be counted." : "Replies cut by the token limit."}</p>
      </Tile>
      <Tile testid="tile-turns" label="Mean turns" value={t.mean_turns === null ? "—" : num(t.mean_turns)}>
        {t.mean_turns === null ? (
          <p class="small">{execution === "agent" ? "No attempt's runner reported its turns: an agent's turns are in its trace." : "Recorded outputs made no model call here."}</p>
        ) : (
          <MiniHistogram d={t.distributions.turns} unit="model turns" fmt={num} />
        )}
      </Tile>
      <Tile testid="tile-time" label="Mean attempt time" value={duration(t.mean_wall_ms)}>
        <MiniHistogram d={t.distributions.wall_ms} unit="dispatch to verdict" fmt={(v) => duration(v)} />
      </Tile>
      <Tile testid="tile-tokens" label="Mean tokens" value={t.mean_tokens === null ? "—" : num(Math.round(t.mean_tokens))}>
        <MiniHistogram d={t.distributions.tokens} unit="input + output tokens" fmt={num} />
      </Tile>
      {t.total_cost !== null && (
        <Tile testid="tile-cost" label="Total cost" value={money(t.total_cost)}>
          <MiniHistogram d={t.distributions.cost} unit="USD per attempt" fmt={(v) => money(v)} />
        </Tile>
      )}
    </div>
  );
});
