/**
 * The run report as one self-contained HTML file: inline CSS, charts as
 * inline SVG (pass@j curves, per-subset bars) with axes and units, colours
 * from the palette the dashboard shares (palette.ts), no script and no external
 * resource, every text escaped. Same content as the Markdown report, with
 * every subset and every curve row. Pure.
 */
import { deltaVerdict, verdictText } from "../metrics/significance";
import { formatScore } from "../metrics";
import { CHART_CSS, curveChart, escapeHtml as e, subsetChart } from "./charts";
import { PALETTE as P } from "./palette";
import {
  benchmarkName,
  coverageCell,
  formatDuration,
  labelOf,
  optionLines,
  passKCell,
  policySentence,
  previousCell,
  reportTitle,
  scoreCell,
  targetLine,
  usageLine,
  type ReportInput,
} from "./report";
import type { ABView } from "./ab-view";

/** The page's styles, coloured from the palette the dashboard shares, then the charts' own. */
const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:${P.fg};margin:0;background:${P.panel}}
main{max-width:1100px;margin:0 auto;padding:24px 28px 48px;background:${P.bg}}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid ${P.line};padding-bottom:4px}
h3{font-size:14px;margin:18px 0 6px}
.meta{color:${P.muted};margin:2px 0}.note{color:${P.muted};font-size:12px}
table{border-collapse:collapse;width:100%;margin:6px 0 10px;font-size:13px}
th,td{border:1px solid ${P.line};padding:4px 8px;text-align:left;vertical-align:top}th{background:${P.panel}}
td.num{font-variant-numeric:tabular-nums;white-space:nowrap}
.failed{color:${P.error};font-weight:600}.up{color:${P.pass}}.down{color:${P.error}}.muted{color:${P.muted}}
code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;background:${P.panel};padding:1px 4px;border-radius:3px}
.charts{display:flex;flex-wrap:wrap;gap:18px;margin:8px 0}
${CHART_CSS}
`;

function tableHtml(head: string[], rows: string[][], numeric: number[] = []): string {
  const th = head.map((h) => `<th>${e(h)}</th>`).join("");
  const tr = rows.map((r) => `<tr>${r.map((c, i) => `<td${numeric.includes(i) ? ' class="num"' : ""}>${c}</td>`).join("")}</tr>`).join("");
  return `<table><thead><tr>${th}</tr></thead><tbody>${tr}</tbody></table>`;
}

function tasks(keys: string[], total: number): string {
  if (!keys.length) return "none";
  const shown = keys.map((k) => `<code>${e(k)}</code>`).join(" ");
  return total > keys.length ? `${shown} and ${total - keys.length} more` : shown;
}

function testText(v: ABView): string {
  const t = v.test;
  const how = t.name === "mcnemar" ? `McNemar (${t.method === "exact_binomial" ? "exact" : "χ²"}), ${t.b01}↑ ${t.b10}↓` : "paired bootstrap";
  return `${how}, n = ${t.n_shared}${t.p_value === null ? ", no p-value" : ""}`;
}

/** A delta is coloured only when its paired test calls it a change; otherwise it says there is none. */
function deltaCell(v: ABView): string {
  const verdict = deltaVerdict(v.delta, v.test.p_value);
  const text = e(v.display.delta ?? "n/a");
  if (verdict === "better") return `<span class="up">▲ ${text}</span>`;
  if (verdict === "worse") return `<span class="down">▼ ${text}</span>`;
  return `${text} <span class="muted">(${e(verdictText(verdict))})</span>`;
}

/** The report as a standalone HTML document. */
export function renderHtml(input: ReportInput): string {
  const { run, scores } = input;
  const title = reportTitle(input);
  const duration = formatDuration(run.started_at, run.finished_at);
  const out: string[] = [];
  out.push(`<h1>Assay report: ${e(title)}</h1>`);
  out.push(`<p class="meta"><b>Status:</b> ${e(run.status)}${duration ? ` · <b>Duration:</b> ${e(duration)}` : ""}</p>`);
  if (run.error) out.push(`<p class="meta failed">${e(run.error)}</p>`);
  out.push(`<p class="meta"><b>Missing rewards:</b> ${e(policySentence(scores.missing_policy))}</p>`);
  for (const t of input.targets) out.push(`<p class="meta"><b>${t.slot === "a" ? "Target" : "Compare target"}:</b> ${e(targetLine(t))}</p>`);
  out.push(`<p class="meta"><b>Judge:</b> ${input.judge ? e(`${input.judge.provider} model ${input.judge.model} at ${input.judge.base_url}`) : "none"}</p>`);

  out.push(`<h2>Scores</h2>`);
  out.push(
    tableHtml(
      ["Benchmark", "Target", "Score (95% CI)", "pass@k / pass^k", "Coverage", "vs previous run"],
      scores.scores.map((r) => [
        e(benchmarkName(r)),
        e(labelOf(input, r.target)),
        r.status === "failed" ? `<span class="failed">${e(scoreCell(r))}</span>` : e(scoreCell(r)),
        r.k ? e(`${passKCell(r)} (k = ${r.k})`) : "–",
        e(coverageCell(r)),
        e(previousCell(r)),
      ]),
      [2, 3],
    ),
  );
  if (scores.scores.some((r) => r.status === "failed")) out.push(`<p class="note">A failed benchmark shows its error and no number: it was not scored 0.</p>`);
  out.push(`<p class="note">Coverage: ${scores.scores.map((r) => (r.display ? e(`${benchmarkName(r)} · ${labelOf(input, r.target)}: ${r.display.coverage}`) : "")).filter(Boolean).join("; ")}</p>`);

  if (scores.ab.length) {
    const first = scores.ab[0]!;
    out.push(`<h2>A/B: ${e(first.b_label)} (B) vs ${e(first.a_label)} (A)</h2>`);
    for (const b of scores.ab) {
      const views: [string, ABView][] = [["all", b.overall], ...b.subsets.filter((s) => !(b.subsets.length === 1 && s.key === null)).map((s): [string, ABView] => [s.key ?? "(no subset)", s])];
      const rows = views.map(([label, v]) => [
        e(label),
        deltaCell(v),
        e(testText(v)),
        String(v.regressions_count),
        String(v.improvements_count),
      ]);
      out.push(`<h3>${e(b.benchmark_name ?? b.benchmark_id)}</h3>`);
      out.push(tableHtml(["Subset", "Δ score (B − A)", "Paired test", "Regressed", "Improved"], rows, [1]));
      out.push(`<p><b>Regressed</b> (worse on B): ${tasks(b.overall.regressions, b.overall.regressions_count)}</p>`);
      out.push(`<p><b>Improved</b> (better on B): ${tasks(b.overall.improvements, b.overall.improvements_count)}</p>`);
    }
  }

  const detail = scores.scores.filter((r) => r.subsets.length > 1 || input.curves.some((c) => c.benchmark_id === r.benchmark_id && c.target === r.target && c.rows && c.rows.length > 1));
  if (detail.length) out.push(`<h2>Per subset and pass@j</h2>`);
  for (const r of detail) {
    const name = `${benchmarkName(r)} · ${labelOf(input, r.target)}`;
    const curve = input.curves.find((c) => c.benchmark_id === r.benchmark_id && c.target === r.target);
    out.push(`<h3>${e(name)}</h3><div class="charts">`);
    if (curve?.rows && curve.rows.length > 1) out.push(curveChart(curve.rows, `pass@j and pass^j, ${name}`));
    if (r.subsets.length > 1) out.push(subsetChart(r.subsets, `Score per subset, ${name}`));
    out.push(`</div>`);
    if (r.subsets.length > 1) {
      out.push(
        tableHtml(
          ["Subset", "Score", "95% CI", "pass@k / pass^k", "Coverage"],
          r.subsets.map((s) => [
            e(s.key ?? "(no subset)"),
            e(s.display.score ?? "n/a"),
            s.score_ci95 ? e(`[${formatScore(s.score_ci95[0])}, ${formatScore(s.score_ci95[1])}]`) : "–",
            e(`${formatScore(s.pass_at_k) ?? "n/a"} / ${formatScore(s.pass_hat_k) ?? "n/a"}`),
            e(s.display.coverage),
          ]),
          [1, 2, 3],
        ),
      );
    }
    if (curve?.rows && curve.rows.length > 1) {
      out.push(
        tableHtml(
          ["j", "pass@j", "pass^j", "members"],
          curve.rows.map((c) => [String(c.j), e(formatScore(c.pass_at_j)!), e(formatScore(c.pass_hat_j)!), String(c.members)]),
          [0, 1, 2, 3],
        ),
      );
      out.push(`<p class="note">${e(curve.note)}</p>`);
    }
  }

  out.push(`<h2>Run metadata</h2><ul>`);
  out.push(`<li>Run <code>${e(run.id)}</code>: created ${e(run.created_at)}, started ${e(run.started_at ?? "–")}, finished ${e(run.finished_at ?? "–")}</li>`);
  out.push(`<li>Options: ${optionLines(run.options).map(([k, v]) => `<code>${e(`${k}=${v}`)}</code>`).join(" ") || "defaults"}</li>`);
  for (const b of input.benchmarks) {
    const what = [b.scorer ? `scorer ${b.scorer}` : null, b.k ? `k = ${b.k}` : null, b.member_count !== null ? `${b.member_count} tasks` : null].filter(Boolean).join(", ");
    out.push(`<li>${e(b.name ?? b.benchmark_id)} (<code>${e(b.benchmark_id)}</code>): dataset digest ${b.dataset_digest ? `<code>${e(b.dataset_digest)}</code>` : "–"}${what ? `; ${e(what)}` : ""}; ${e(b.status)}</li>`);
  }
  for (const u of input.usage) out.push(`<li>${e(usageLine(u, labelOf(input, u.target)))}</li>`);
  out.push(`</ul><p class="note">Generated by Assay at ${e(input.generated_at)}. Scores are mean rewards; values in [0, 1] are shown as percentages; intervals are 95%.</p>`);

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(`Assay report: ${title}`)}</title><style>${CSS}</style></head>
<body><main>
${out.join("\n")}
</main></body></html>
`;
}
