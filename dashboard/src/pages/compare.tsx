/**
 * Runs compared: /compare?runs=BASELINE,CANDIDATE[,...] (each RUN or RUN:b).
 * Per candidate and benchmark, both scores with their intervals, the paired
 * test and the change counts, subsets below; then the per-task diff of the
 * chosen candidate and benchmark, regressions first, each task's outputs
 * side by side with the words that differ marked, filtered by change. A
 * side is coloured by its verdict (right green, wrong amber, unscored red,
 * as src/reports/palette.ts has them); the word diff is marked neutrally,
 * since a word one answer lacks says what changed, not which one is right.
 */
import { useEffect, useState } from "preact/hooks";
import { client, unwrap } from "../lib/api";
import { wordDiff, type Piece } from "../../../src/reports/word-diff";
import { score, when } from "../lib/format";
import { Link, navigate, useLocation } from "../lib/router";
import type { Compare as CompareView, CompareBenchmark, CompareTask } from "../lib/types";
import { useApi } from "../lib/use-api";
import { Empty, ErrorBox, Loading } from "../components/ui";

type Change = CompareTask["change"];
const CHANGE_LABEL: Record<Change, string> = { regression: "Regressions", improvement: "Improvements", unchanged: "Unchanged", missing: "Missing" };
const PAGE = 25;

function sideName(s: CompareView["baseline"]): string {
  return `${s.display_name ?? s.run_id}${s.target === "b" ? " (compare target)" : ""} · ${s.label}`;
}

function sideRef(s: CompareView["baseline"]): string {
  return s.target === "b" ? `${s.run_id}:b` : s.run_id;
}

function pValue(p: number | null | undefined): string {
  if (p === null || p === undefined) return "—";
  return p < 0.001 ? "< 0.001" : p.toFixed(3);
}

function Pieces({ pieces, side }: { pieces: Piece[]; side: "baseline" | "candidate" }) {
  return (
    <pre class="wrap output">
      {pieces.map((p, i) => (p.changed ? <mark key={i} class={side === "baseline" ? "diff-del" : "diff-ins"}>{p.text}</mark> : p.text))}
    </pre>
  );
}

type Side = NonNullable<CompareTask["baseline"]>;
type Verdict = "correct" | "partial" | "wrong" | "unscored" | "absent";
const VERDICT_LABEL: Record<Verdict, string> = { correct: "✓ right", partial: "◐ partly right", wrong: "✕ wrong", unscored: "! not scored", absent: "not in this run" };

/** The shown attempt's verdict: its reward read as the block bar reads it (1 right, 0 wrong, between partial, none unscored). */
function verdictOf(side: Side | null): Verdict {
  const r = side?.attempts[0]?.reward;
  if (!side) return "absent";
  if (r === null || r === undefined) return "unscored";
  return r >= 1 ? "correct" : r <= 0 ? "wrong" : "partial";
}

function SideView({ which, side, pieces }: { which: "baseline" | "candidate"; side: Side | null; pieces: Piece[] }) {
  const verdict = verdictOf(side);
  const rewards = side ? side.attempts.map((x) => (x.reward === null ? "none" : score(x.reward))).join(", ") || "no attempt ended" : "";
  return (
    <div class="side" data-side={which} data-verdict={verdict}>
      <div class="side-head">
        <strong>{which === "baseline" ? "Baseline" : "Candidate"}</strong>
        <span class={`verdict verdict-${verdict}`}>{VERDICT_LABEL[verdict]}</span>
        {side && <span>rewards {rewards}</span>}
      </div>
      {side ? <Pieces pieces={pieces} side={which} /> : <p class="muted">This task is not in the {which}.</p>}
      {side?.attempts[0]?.reason && <p class="muted small">Reason: {side.attempts[0].reason}</p>}
    </div>
  );
}

function TaskRow({ t }: { t: CompareTask }) {
  const a = t.baseline?.attempts[0]?.output ?? "";
  const b = t.candidate?.attempts[0]?.output ?? "";
  const d = wordDiff(a, b);
  return (
    <li class={`compare-task change-${t.change}`} data-change={t.change} data-task={t.task_key}>
      <div class="task-head">
        <strong>{t.task_key}</strong> {t.subset && <span class="tag">{t.subset}</span>} <span class={`tag change-${t.change}`}>{CHANGE_LABEL[t.change].replace(/s$/, "")}</span>
        <span class="muted num">
          {score(t.baseline?.score)} → {score(t.candidate?.score)}
        </span>
      </div>
      <div class="side-by-side">
        <SideView which="baseline" side={t.baseline} pieces={d.a} />
        <SideView which="candidate" side={t.candidate} pieces={d.b} />
      </div>
    </li>
  );
}

function TaskDiff({ baseline, candidate, bm }: { baseline: string; candidate: string; bm: CompareBenchmark }) {
  const [change, setChange] = useState<Change | null>(bm.changes.regression > 0 ? "regression" : null);
  const [items, setItems] = useState<CompareTask[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = async (after: string | null, replace: boolean) => {
    try {
      const r = await unwrap(
        client.GET("/api/compare/tasks", {
          params: { query: { baseline, candidate, benchmark_id: bm.benchmark_id, limit: PAGE, ...(change ? { change } : {}), ...(after ? { cursor: after } : {}) } },
        }),
      );
      setItems((cur) => (replace ? r.items : [...(cur ?? []), ...r.items]));
      setCursor(r.next_cursor);
      setError(null);
    } catch (e) {
      setError(e);
    }
  };
  useEffect(() => {
    setItems(null);
    void load(null, true);
  }, [baseline, candidate, bm.benchmark_id, change]);

  const filters: [Change | null, string, number][] = [
    ["regression", "Regressions", bm.changes.regression],
    ["improvement", "Improvements", bm.changes.improvement],
    ["unchanged", "Unchanged", bm.changes.unchanged],
    ["missing", "Missing", bm.changes.missing],
    [null, "All", bm.changes.regression + bm.changes.improvement + bm.changes.unchanged + bm.changes.missing],
  ];
  return (
    <section aria-labelledby="diff-title" class="task-diff">
      <h3 id="diff-title">Sample by sample: {bm.benchmark_name ?? bm.benchmark_id}</h3>
      <div class="toolbar" role="group" aria-label="Show tasks">
        {filters.map(([c, label, n]) => (
          <button key={label} type="button" class={`small${change === c ? " primary" : ""}`} aria-pressed={change === c} onClick={() => setChange(c)}>
            {label} ({n})
          </button>
        ))}
      </div>
      {error ? <ErrorBox error={error} what="The per-task diff" /> : null}
      {!items && !error && <Loading what="Loading tasks" />}
      {items && items.length === 0 && <Empty>{change ? `No ${CHANGE_LABEL[change].toLowerCase()}: pick another filter.` : "Neither run has a finished task of this benchmark yet: the diff fills in as their attempts finish."}</Empty>}
      {items && items.length > 0 && (
        <ol class="compare-tasks">
          {items.map((t) => (
            <TaskRow key={t.task_key} t={t} />
          ))}
        </ol>
      )}
      {cursor && (
        <button type="button" onClick={() => load(cursor, false)}>
          Show more
        </button>
      )}
    </section>
  );
}

function BenchmarkTable({ bm }: { bm: CompareBenchmark }) {
  const o = bm.overall;
  return (
    <div class="compare-benchmark" data-benchmark={bm.benchmark_id}>
      <table class="table compact compare-scores">
        <thead>
          <tr>
            <th scope="col">Subset</th>
            <th scope="col" class="num">
              Baseline
            </th>
            <th scope="col" class="num">
              Candidate
            </th>
            <th scope="col" class="num">
              Change (95% CI)
            </th>
            <th scope="col" class="num">
              Paired test p
            </th>
            <th scope="col" class="num">
              Regressions / improvements
            </th>
          </tr>
        </thead>
        <tbody>
          <tr data-testid="compare-overall">
            <td>all</td>
            <td class="num">{bm.baseline.display?.score_with_ci ?? score(bm.baseline.score)}</td>
            <td class="num">{bm.candidate.display?.score_with_ci ?? score(bm.candidate.score)}</td>
            <td class="num">{o?.display.delta ?? "—"}</td>
            <td class="num" title={o ? `${o.test.name} (${o.test.method}), ${o.test.n_shared} shared tasks` : undefined}>
              {pValue(o?.test.p_value)}
            </td>
            <td class="num">
              {bm.changes.regression} / {bm.changes.improvement}
            </td>
          </tr>
          {bm.subsets
            .filter((s) => s.key !== null)
            .map((s) => (
              <tr key={s.key}>
                <td>{s.key}</td>
                <td class="num">{score(s.a_score)}</td>
                <td class="num">{score(s.b_score)}</td>
                <td class="num">{s.display.delta ?? "—"}</td>
                <td class="num">{pValue(s.test.p_value)}</td>
                <td class="num">
                  {s.regressions_count} / {s.improvements_count}
                </td>
              </tr>
            ))}
        </tbody>
      </table>
      {!bm.comparable && (
        <div class="notice" role="note">
          Not like for like: {bm.notes.join("; ")}.
        </div>
      )}
    </div>
  );
}

export default function Compare() {
  const loc = useLocation();
  const runs = loc.query.get("runs") ?? "";
  const q = useApi(runs ? `compare:${runs}` : null, (signal) => unwrap(client.GET("/api/compare", { params: { query: { runs } }, signal })));
  const [pick, setPick] = useState<{ candidate: number; benchmark: string } | null>(null);

  if (!runs) {
    return (
      <section>
        <h1>Compare runs</h1>
        <Empty>
          Pick two or more runs of the same benchmark on the <Link href="/runs">runs list</Link> and press Compare, or open Compare from a run's previous-run line or its A/B section.
        </Empty>
      </section>
    );
  }
  if (q.error) return <ErrorBox error={q.error} what="The comparison" />;
  if (!q.data) return <Loading what="Comparing" />;
  const view = q.data;
  const candidate = view.candidates[pick?.candidate ?? 0]!;
  const bm = candidate.benchmarks.find((b) => b.benchmark_id === pick?.benchmark) ?? candidate.benchmarks[0]!;

  return (
    <section class="compare">
      <h1>Compare runs</h1>
      <p>
        Baseline: <Link href={`/runs/${view.baseline.run_id}`}>{sideName(view.baseline)}</Link> <span class="muted">finished {when(view.baseline.finished_at)}</span>
      </p>
      {view.candidates.map((c, ci) => (
        <section key={sideRef(c.side)} aria-label={`Candidate ${sideName(c.side)}`}>
          <h2>
            Candidate: <Link href={`/runs/${c.side.run_id}`}>{sideName(c.side)}</Link> <span class="muted">finished {when(c.side.finished_at)}</span>
          </h2>
          {c.benchmarks.map((b) => (
            <div key={b.benchmark_id}>
              <h3>
                {b.benchmark_name ?? b.benchmark_id}{" "}
                <button type="button" class="small" onClick={() => setPick({ candidate: ci, benchmark: b.benchmark_id })} disabled={candidate === c && bm === b}>
                  {candidate === c && bm === b ? "Shown below" : "Show sample by sample"}
                </button>
              </h3>
              <BenchmarkTable bm={b} />
            </div>
          ))}
        </section>
      ))}
      <TaskDiff baseline={sideRef(view.baseline)} candidate={sideRef(candidate.side)} bm={bm} />
      <p class="muted">
        <button type="button" class="link" onClick={() => navigate("/runs")}>
          Back to runs
        </button>
      </p>
    </section>
  );
}
