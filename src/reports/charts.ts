/**
 * Inline SVG charts for the HTML report: the pass@j / pass^j curve and a
 * per-subset bar chart with 95% interval whiskers, each with labelled axes
 * and their units. Self-contained markup (no script, no external font or
 * stylesheet); every text is escaped; colours come from CHART_CSS, built
 * from the palette the dashboard shares. Pure.
 */
import { formatScore } from "../metrics";
import type { BreakdownRow, CurveRow } from "../metrics";
import { PALETTE } from "./palette";

/** The charts' styles, for the page that embeds them (html.ts inlines it). */
export const CHART_CSS =
  `svg text{font:11px system-ui,sans-serif;fill:${PALETTE.muted}}svg .title{font-weight:600;fill:${PALETTE.fg}}svg .unit{font-style:italic}` +
  `svg .grid{stroke:${PALETTE.grid}}svg .axis{stroke:${PALETTE.line};stroke-width:1}` +
  `svg .at{stroke:${PALETTE.series[0]};fill:${PALETTE.series[0]}}svg .hat{stroke:${PALETTE.series[1]};fill:${PALETTE.series[1]}}svg polyline.line{fill:none;stroke-width:2}svg polyline.hat{stroke-dasharray:4 3}` +
  `svg .bar{fill:${PALETTE.bar}}svg .ci{stroke:${PALETTE.fg};stroke-width:1.5}`;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const r1 = (v: number) => Math.round(v * 10) / 10;

/** Bars drawn at most; the table beside the chart lists every subset. */
export const MAX_BARS = 30;

/** A line chart of pass@j and pass^j against j, on a 0–100% axis. */
export function curveChart(rows: readonly CurveRow[], title: string): string {
  const w = 420;
  const h = 240;
  const left = 52;
  const right = 14;
  const top = 44;
  const bottom = 40;
  const n = rows.length;
  const x = (j: number) => (n <= 1 ? left + (w - left - right) / 2 : left + ((j - 1) / (n - 1)) * (w - left - right));
  const y = (v: number) => top + (1 - v) * (h - top - bottom);
  const grid = [0, 0.25, 0.5, 0.75, 1]
    .map((v) => `<line x1="${left}" x2="${w - right}" y1="${r1(y(v))}" y2="${r1(y(v))}" class="grid"/><text x="${left - 6}" y="${r1(y(v)) + 4}" text-anchor="end">${v * 100}%</text>`)
    .join("");
  const ticks = rows
    .filter((r) => n <= 12 || r.j === 1 || r.j === n || r.j % Math.ceil(n / 10) === 0)
    .map((r) => `<text x="${r1(x(r.j))}" y="${h - bottom + 16}" text-anchor="middle">${r.j}</text>`)
    .join("");
  const series = (key: "pass_at_j" | "pass_hat_j", cls: string, name: string) => {
    const pts = rows.map((r) => `${r1(x(r.j))},${r1(y(r[key]))}`).join(" ");
    const dots = rows
      .map((r) => `<circle cx="${r1(x(r.j))}" cy="${r1(y(r[key]))}" r="3" class="${cls}"><title>${escapeHtml(`${name.replace("j", String(r.j))} = ${formatScore(r[key])} over ${r.members} members`)}</title></circle>`)
      .join("");
    return `<polyline points="${pts}" class="${cls} line"/>${dots}`;
  };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeHtml(title)}">` +
    `<text x="${left}" y="16" class="title">${escapeHtml(title)}</text>${grid}${ticks}` +
    `<line x1="${left}" x2="${left}" y1="${top}" y2="${h - bottom}" class="axis"/><line x1="${left}" x2="${w - right}" y1="${h - bottom}" y2="${h - bottom}" class="axis"/>` +
    `<text x="${(left + w - right) / 2}" y="${h - 6}" text-anchor="middle" class="unit">j, attempts per task</text>` +
    `<text transform="translate(12,${r1((top + h - bottom) / 2)}) rotate(-90)" text-anchor="middle" class="unit">tasks, %</text>` +
    series("pass_at_j", "at", "pass@j") +
    series("pass_hat_j", "hat", "pass^j") +
    `<g transform="translate(${left},${top - 22})"><rect width="10" height="3" y="4" class="at fill"/><text x="14" y="9">pass@j</text>` +
    `<rect x="74" width="10" height="3" y="4" class="hat fill"/><text x="88" y="9">pass^j</text></g>` +
    `</svg>`
  );
}

/** Horizontal bars of each subset's score with its 95% interval over a score axis; scaled to [0, 1] (in %) unless a value lies outside. */
export function subsetChart(rows: readonly BreakdownRow[], title: string): string {
  const shown = rows.filter((r) => r.score !== null).slice(0, MAX_BARS);
  const labelW = 150;
  const w = 460;
  const barH = 16;
  const gap = 6;
  const top = 26;
  const axisY = top + shown.length * (barH + gap) + 2;
  const h = axisY + 34;
  const max = Math.max(1, ...shown.flatMap((r) => [Math.abs(r.score!), ...(r.score_ci95 ?? []).map(Math.abs)]));
  const span = w - labelW - 60;
  const x = (v: number) => labelW + (Math.max(0, v) / max) * span;
  const bars = shown
    .map((r, i) => {
      const yy = top + i * (barH + gap);
      const label = r.key ?? "(no subset)";
      const short = label.length > 22 ? `${label.slice(0, 21)}…` : label;
      const ci = r.score_ci95
        ? `<line x1="${r1(x(r.score_ci95[0]))}" x2="${r1(x(r.score_ci95[1]))}" y1="${yy + barH / 2}" y2="${yy + barH / 2}" class="ci"/>`
        : "";
      return (
        `<text x="${labelW - 6}" y="${yy + barH - 4}" text-anchor="end"><title>${escapeHtml(label)}</title>${escapeHtml(short)}</text>` +
        `<rect x="${labelW}" y="${yy}" width="${r1(x(r.score!) - labelW)}" height="${barH}" class="bar"><title>${escapeHtml(`${label}: ${r.display.coverage}`)}</title></rect>${ci}` +
        `<text x="${r1(x(Math.max(r.score!, r.score_ci95?.[1] ?? r.score!))) + 4}" y="${yy + barH - 4}">${escapeHtml(r.display.score ?? "")}</text>`
      );
    })
    .join("");
  // Scores in [0, 1] read as percentages, as the report's tables show them; a wider scale keeps the reward's own unit.
  const percent = max === 1;
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map((f) => {
      const v = f * max;
      const label = percent ? `${Math.round(v * 100)}%` : String(Math.round(v * 100) / 100);
      return `<line x1="${r1(x(v))}" x2="${r1(x(v))}" y1="${axisY}" y2="${axisY + 4}" class="axis"/><text x="${r1(x(v))}" y="${axisY + 15}" text-anchor="middle">${label}</text>`;
    })
    .join("");
  const axis =
    `<line x1="${labelW}" x2="${labelW + span}" y1="${axisY}" y2="${axisY}" class="axis"/><line x1="${labelW}" x2="${labelW}" y1="${top - 2}" y2="${axisY}" class="axis"/>${ticks}` +
    `<text x="${labelW + span / 2}" y="${h - 4}" text-anchor="middle" class="unit">${percent ? "score (mean reward), %; whiskers: 95% interval" : "score (mean reward); whiskers: 95% interval"}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeHtml(title)}">` +
    `<text x="0" y="16" class="title">${escapeHtml(title)}</text>${bars}${axis}</svg>`
  );
}
