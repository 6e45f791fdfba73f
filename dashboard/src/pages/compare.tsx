/**
 * Runs compared: /compare?runs=BASELINE,CANDIDATE[,...] (each RUN or RUN:b).
 * Per candidate and benchmark, both scores with their intervals, the paired
 * test and the change counts, subsets below; then the per-task diff of the
 * chosen candidate and benchmark, regressions first, each task's outputs
 * side by side with the words that differ marked, filtered by change.
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

function TaskRow({ t }: { t: CompareTask }) {
  const a = t.baseline?.attempts[0]?.output ?? "";
  const b = t.candidate?.attempts[0]?.output ?? "";
  const d = wordDiff(a, b);
  const rewards = (s: CompareTask["baseline"]) => (s ? s.attempts.map((x) => (x.reward === null ? "none" : score(x.reward))).join(", ") || "no attempt ended" : "not in this run");
  return (
    <li class={`compare-task change-${t.change}`} data-change={t.change} data-task={t.task_key}>
      <div class="task-head">
        <strong>{t.task_key}</strong> {t.subset && <span class="tag">{t.subset}</span>} <span class={`tag change-${t.change}`}>{CHANGE_LABEL[t.change].replace(/s$/, "")}</span>
        <span class="muted">
          {" "}
          {score(t.baseline?.score)} → {score(t.candidate?.score)}
        </span>
      </div>
      <div class="side-by-side">
        <div>
          <div class="muted">Baseline · rewards {rewards(t.baseline)}</div>
          {t.baseline ? <Pieces pieces={d.a} side="baseline" /> : <p class="muted">This task is not in the baseline.</p>}
          {t.baseline?.attempts[0]?.reason && <p class="muted">Reason: {t.baseline.attempts[0].reason}</p>}
        </div>
        <div>
          <div class="muted">Candidate · rewards {rewards(t.candidate)}</div>
          {t.candidate ? <Pieces pieces={d.b} side="candidate" /> : <p class="muted">This task is not in the candidate.</p>}
          {t.candidate?.attempts[0]?.reason && <p class="muted">Reason: {t.candidate.attempts[0].reason}</p>}
        </div>
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
      <table class="compare-scores">
        <thead>
          <tr>
            <th>Subset</th>
            <th>Baseline</th>
            <th>Candidate</th>
            <th>Change (95% CI)</th>
            <th>Paired test p</th>
            <th>Regressions / improvements</th>
          </tr>
        </thead>
        <tbody>
          <tr data-testid="compare-overall">
            <td>all</td>
            <td>{bm.baseline.display?.score_with_ci ?? score(bm.baseline.score)}</td>
            <td>{bm.candidate.display?.score_with_ci ?? score(bm.candidate.score)}</td>
            <td>{o?.display.delta ?? "—"}</td>
            <td title={o ? `${o.test.name} (${o.test.method}), ${o.test.n_shared} shared tasks` : undefined}>{pValue(o?.test.p_value)}</td>
            <td>
              {bm.changes.regression} / {bm.changes.improvement}
            </td>
          </tr>
          {bm.subsets
            .filter((s) => s.key !== null)
            .map((s) => (
              <tr key={s.key}>
                <td>{s.key}</td>
                <td>{score(s.a_score)}</td>
                <td>{score(s.b_score)}</td>
                <td>{s.display.delta ?? "—"}</td>
                <td>{pValue(s.test.p_value)}</td>
                <td>
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
