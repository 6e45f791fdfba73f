/**
 * The run report as Markdown, sized for a pull-request comment (GitHub
 * takes 65,536 characters): scores with intervals and coverage, previous
 * run and A/B deltas, then per-subset tables and curves in collapsed
 * sections while they fit, then the run's metadata. Pure.
 */
import { formatScore } from "../metrics";
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

/** Stay under GitHub's comment limit with room for a wrapper. */
export const MAX_MARKDOWN_CHARS = 60_000;
const MAX_TABLE_ROWS = 50;
const MAX_CURVE_ROWS = 20;
const MAX_TASKS = 10;

/** Inline text: no HTML tag of a name or error can take effect in the comment. */
function text(s: string): string {
  return s.replace(/</g, "&lt;").replace(/[\r\n]+/g, " ");
}

/** A table cell: no pipe or newline can break the row. */
function cell(s: string): string {
  return text(s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|"));
}

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(head), `|${head.map(() => "---").join("|")}|`, ...rows.map(line)].join("\n");
}

function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}

function testCell(v: ABView): string {
  const t = v.test;
  const how = t.name === "mcnemar" ? `McNemar (${t.method === "exact_binomial" ? "exact" : "χ²"}), ${t.b01}↑ ${t.b10}↓` : "paired bootstrap";
  return `${how}, n = ${t.n_shared}${t.p_value === null ? ", no p-value" : ""}`;
}

function taskList(keys: string[], total: number): string {
  if (!keys.length) return "none";
  const shown = keys.slice(0, MAX_TASKS).map(code).join(", ");
  return total > MAX_TASKS ? `${shown} and ${total - MAX_TASKS} more` : shown;
}

function header(input: ReportInput): string {
  const { run } = input;
  const duration = formatDuration(run.started_at, run.finished_at);
  const lines = [`**Status:** ${run.status}${duration ? ` · **Duration:** ${duration}` : ""} · **Missing rewards:** ${policySentence(input.scores.missing_policy)}`];
  if (run.error) lines.push(`**Error:** ${text(run.error)}`);
  for (const t of input.targets) lines.push(`**${t.slot === "a" ? "Target" : "Compare target"}:** ${text(targetLine(t))}`);
  lines.push(`**Judge:** ${input.judge ? text(`${input.judge.provider} model ${input.judge.model} at ${input.judge.base_url}`) : "none"}`);
  return `## Assay report: ${text(reportTitle(input))}\n\n${lines.join("  \n")}`;
}

function scoresSection(input: ReportInput): string {
  const rows = input.scores.scores.map((r) => [
    benchmarkName(r),
    labelOf(input, r.target),
    scoreCell(r),
    r.k ? `${passKCell(r)} (k = ${r.k})` : "–",
    coverageCell(r),
    previousCell(r),
  ]);
  const failed = input.scores.scores.some((r) => r.status === "failed");
  const coverage = input.scores.scores.flatMap((r) => (r.display ? [`- ${text(`${benchmarkName(r)} · ${labelOf(input, r.target)}: ${r.display.coverage}`)}`] : []));
  return [
    "### Scores",
    "",
    table(["Benchmark", "Target", "Score (95% CI)", "pass@k / pass^k", "Coverage", "vs previous run"], rows),
    ...(coverage.length ? ["", ...coverage] : []),
    ...(failed ? ["", "_A failed benchmark shows its error and no number: it was not scored 0._"] : []),
  ].join("\n");
}

function abSection(input: ReportInput): string | null {
  const { ab } = input.scores;
  if (!ab.length) return null;
  const first = ab[0]!;
  const rows: string[][] = [];
  const lists: string[] = [];
  for (const b of ab) {
    const name = b.benchmark_name ?? b.benchmark_id;
    rows.push([name, "all", b.overall.display.delta ?? "n/a", testCell(b.overall), String(b.overall.regressions_count), String(b.overall.improvements_count)]);
    for (const s of b.subsets.slice(0, MAX_TABLE_ROWS)) {
      if (b.subsets.length === 1 && s.key === null) continue;
      rows.push([name, s.key ?? "(no subset)", s.display.delta ?? "n/a", testCell(s), String(s.regressions_count), String(s.improvements_count)]);
    }
    lists.push(`- **${text(name)}**: regressed ${taskList(b.overall.regressions, b.overall.regressions_count)}; improved ${taskList(b.overall.improvements, b.overall.improvements_count)}`);
  }
  return [
    `### A/B: ${text(first.b_label)} (B) vs ${text(first.a_label)} (A)`,
    "",
    table(["Benchmark", "Subset", "Δ score (B − A)", "Paired test", "Regressed", "Improved"], rows),
    "",
    ...lists,
  ].join("\n");
}

function subsetsSection(input: ReportInput): string | null {
  const parts: string[] = [];
  for (const r of input.scores.scores) {
    if (r.subsets.length < 2) continue;
    const rows = r.subsets.slice(0, MAX_TABLE_ROWS).map((s) => [
      s.key ?? "(no subset)",
      s.display.score ?? "n/a",
      s.score_ci95 ? `[${formatScore(s.score_ci95[0])}, ${formatScore(s.score_ci95[1])}]` : "–",
      s.display.coverage,
    ]);
    const more = r.subsets.length > MAX_TABLE_ROWS ? `\n\n_${r.subsets.length - MAX_TABLE_ROWS} more subsets in the HTML report._` : "";
    parts.push(`#### ${text(`${benchmarkName(r)} · ${labelOf(input, r.target)}`)}\n\n${table(["Subset", "Score", "95% CI", "Coverage"], rows)}${more}`);
  }
  if (!parts.length) return null;
  return `<details><summary>Per-subset scores</summary>\n\n${parts.join("\n\n")}\n\n</details>`;
}

function curvesSection(input: ReportInput): string | null {
  const parts: string[] = [];
  for (const c of input.curves) {
    if (!c.rows || c.rows.length < 2) continue;
    const row = input.scores.scores.find((s) => s.benchmark_id === c.benchmark_id && s.target === c.target);
    const step = Math.ceil(c.rows.length / MAX_CURVE_ROWS);
    const rows = c.rows
      .filter((r) => r.j === 1 || r.j === c.rows!.length || r.j % step === 0)
      .map((r) => [String(r.j), formatScore(r.pass_at_j)!, formatScore(r.pass_hat_j)!, String(r.members)]);
    const name = row ? benchmarkName(row) : c.benchmark_id;
    parts.push(`#### ${text(`${name} · ${labelOf(input, c.target)}`)}\n\n${table(["j", "pass@j", "pass^j", "members"], rows)}\n\n_${c.note}_`);
  }
  if (!parts.length) return null;
  return `<details><summary>pass@j and pass^j curves</summary>\n\n${parts.join("\n\n")}\n\n</details>`;
}

function metadataSection(input: ReportInput): string {
  const { run } = input;
  const lines = [
    "### Run metadata",
    "",
    `- Run ${code(run.id)}: created ${run.created_at}, started ${run.started_at ?? "–"}, finished ${run.finished_at ?? "–"}`,
    `- Options: ${optionLines(run.options).map(([k, v]) => code(`${k}=${v}`)).join(", ") || "defaults"}`,
  ];
  for (const b of input.benchmarks) {
    const what = [b.scorer ? `scorer ${b.scorer}` : null, b.k ? `k = ${b.k}` : null, b.member_count !== null ? `${b.member_count} tasks` : null].filter(Boolean).join(", ");
    lines.push(`- ${text(b.name ?? b.benchmark_id)} (${code(b.benchmark_id)}): dataset digest ${b.dataset_digest ? code(b.dataset_digest) : "–"}${what ? `; ${what}` : ""}; ${b.status}`);
  }
  for (const u of input.usage) lines.push(`- ${text(usageLine(u, labelOf(input, u.target)))}`);
  return lines.join("\n");
}

/** The report as Markdown; optional sections are dropped when the whole would not fit a PR comment. */
export function renderMarkdown(input: ReportInput): string {
  const footer = `---\n_Generated by Assay at ${input.generated_at}. Scores are mean rewards; values in [0, 1] are shown as percentages; intervals are 95%._`;
  const core = [header(input), scoresSection(input), abSection(input), metadataSection(input), footer].filter((s): s is string => s !== null);
  let out = core.join("\n\n");
  for (const extra of [subsetsSection(input), curvesSection(input)]) {
    if (extra === null) continue;
    const withExtra = [...core.slice(0, -2), extra, ...core.slice(-2)];
    const candidate = withExtra.join("\n\n");
    if (candidate.length <= MAX_MARKDOWN_CHARS) {
      core.splice(core.length - 2, 0, extra);
      out = candidate;
    }
  }
  if (out.length > MAX_MARKDOWN_CHARS) out = `${out.slice(0, MAX_MARKDOWN_CHARS - 80)}\n\n_… cut to fit a comment; the HTML report has everything._\n`;
  return `${out}\n`;
}
