/**
 * One benchmark on one target: the block bar, the headline tiles (score
 * with its interval, pass, pass@k and pass^k with the actual k, invalid and
 * missing: what the attempts scored; pass@k first where it is the headline,
 * ARC's; pass^k with pass^1..pass^k where it is, τ²'s; tokens, time and
 * cost are the run overview's row, with their distributions), the pass@j curve, the reward
 * distribution, time per phase and the per-subset breakdown. Every number
 * comes from the API's aggregates; the page only lays them out.
 */
import { useMemo } from "preact/hooks";
import type { CurveSet, Sample, ScoreRow } from "../lib/types";
import { cellIndex, seqOf, type BarLayout } from "../lib/layout";
import { errorCountsLine, int, score } from "../lib/format";
import type { LiveAttempt } from "../lib/live";
import type { Counts } from "../lib/run-counts";
import { BlockBar } from "./block-bar";
import { CurveChart, DotPlot, PhaseBar } from "./charts";
import { StatusBadge } from "./ui";
import { Link } from "../lib/router";

function Tile({ label, value, sub, testid, warn }: { label: string; value: string; sub?: string; testid?: string; warn?: boolean }) {
  return (
    <div class={`tile${warn ? " warn" : ""}`} data-testid={testid}>
      <div class="tile-label">{label}</div>
      <div class="tile-value">{value}</div>
      {sub && <div class="tile-sub">{sub}</div>}
    </div>
  );
}

/** "95% CI 6.8% – 77.3%, n = 12": the tile's value is above it, so the sub-line gives only the interval and n. */
function interval(ci: number[] | null | undefined, n: number | undefined): string | undefined {
  if (!ci || ci.length !== 2) return undefined;
  return `95% CI ${score(ci[0])} – ${score(ci[1])}${n === undefined ? "" : `, n = ${int(n)}`}`;
}

export function BenchmarkPanel({
  row,
  counts,
  layout: layoutIn,
  items,
  version,
  live,
  curve,
  onOpen,
  expected,
  runK,
  runId,
}: {
  /** The run shown, for the Compare link beside its previous run. */
  runId?: string;
  /** Expected attempts of this benchmark and target from the run's progress, until the scores count them. */
  expected?: number | null;
  /** The run's requested attempts per task, until the scores report k. */
  runK?: number;
  row: ScoreRow;
  /** This row's counts (lib/run-counts.ts), the same the run's progress line adds up. */
  counts: Counts;
  layout: BarLayout | null;
  items: Sample[];
  version: number;
  live: LiveAttempt[];
  curve: CurveSet | undefined;
  onOpen: (attemptId: string) => void;
}) {
  const total = counts.total || (expected ?? 0);
  // Keep one layout object while its numbers hold, so the cells are placed once per data change, not per render.
  const layout = useMemo(() => layoutIn, [layoutIn?.base, layoutIn?.k, layoutIn?.targets, layoutIn?.target, layoutIn?.total]);
  const cells = useMemo(() => {
    const out: (Sample | undefined)[] = new Array(total);
    items.forEach((s, i) => {
      const seq = s.seq ?? seqOf(s.id);
      const at = layout && seq !== null ? cellIndex(seq, layout) : i;
      if (at !== null && at < total) out[at] = s;
    });
    return out;
  }, [version, total, layout]);

  const liveCells = useMemo(
    () =>
      live.flatMap((a) => {
        const at = layout && a.seq !== null ? cellIndex(a.seq, layout) : null;
        return at === null ? [] : [{ index: at, id: a.id, label: `${a.task_key ?? a.id}${a.attempt_index !== null ? ` #${a.attempt_index + 1}` : ""}` }];
      }),
    [live, layout],
  );

  const d = row.display;
  const c = row.score_counts;
  const k = row.k ?? runK ?? 1;
  const labelAt = d?.labels.pass_at_k ?? `pass@${k}`;
  const labelHat = d?.labels.pass_hat_k ?? `pass^${k}`;

  // Binary rewards: the counted dot plot reads pass × scored from the aggregate.
  const dist: [number, number][] = useMemo(() => {
    if (c && row.pass !== null) {
      const passed = Math.round(row.pass * c.scored);
      return [
        [0, c.scored - passed],
        [1, passed],
      ];
    }
    const counts = new Map<number, number>();
    for (const s of items) if (s.reward !== null) counts.set(s.reward, (counts.get(s.reward) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => a[0] - b[0]);
  }, [row, version]);

  const pickReward = (v: number) => {
    const s = items.find((x) => x.reward === v);
    if (s) onOpen(s.id);
  };

  const invalidShare = c && c.total ? c.invalid / c.total : 0;
  const title = `${row.benchmark_name ?? row.benchmark_id} · ${row.target_label}`;
  const passAtK = (
    <Tile
      label={row.headline === "pass_at_k" ? `${labelAt} (headline)` : labelAt}
      value={d?.pass_at_k ?? "—"}
      sub={c ? `${int(c.complete_members)}/${int(c.total_members)} tasks complete` : undefined}
      testid="tile-pass-at-k"
    />
  );
  // τ²-bench leads with reliability: pass^k, with pass^1..pass^k under it.
  const reliable = row.headline === "pass_hat_k";
  const series = row.pass_hat?.length ? `pass^1..${row.pass_hat.length}: ${row.pass_hat.map((v) => score(v)).join(" / ")}` : undefined;
  const passHatK = <Tile label={reliable ? `${labelHat} (headline)` : labelHat} value={d?.pass_hat_k ?? "—"} sub={reliable ? series : undefined} testid="tile-pass-hat-k" />;

  return (
    <section class="bench-panel" aria-labelledby={`bp-${row.benchmark_id}-${row.target}`} data-testid="benchmark-panel">
      <h2 id={`bp-${row.benchmark_id}-${row.target}`}>
        {row.benchmark_name ?? row.benchmark_id} <span class="muted">on</span> {row.target_label} <StatusBadge status={row.status} />
      </h2>
      {row.status === "failed" && (
        <div class="notice error" role="alert">
          This benchmark failed and has no score (not a zero): {row.error ?? "no reason given"}
          {errorCountsLine(row.error_counts) && <div class="muted">Attempts without a reward: {errorCountsLine(row.error_counts)}</div>}
        </div>
      )}
      {row.status !== "failed" && errorCountsLine(row.error_counts) && (
        <div class="notice" data-testid="error-counts">
          Attempts without a reward: {errorCountsLine(row.error_counts)}
        </div>
      )}
      {total > 0 && <BlockBar total={total} counts={counts} items={cells} version={version} live={liveCells} label={title} onOpen={onOpen} />}
      {row.status !== "failed" && (
        <>
          <div class="tiles">
            {/* A benchmark whose rule counts a task solved by any of its k attempts (ARC's pass@2) leads with pass@k. */}
            {row.headline === "pass_at_k" && passAtK}
            {reliable && passHatK}
            <Tile label={row.headline !== "score" ? "Mean over attempts" : "Score"} value={d?.score ?? "—"} sub={interval(row.uncertainty?.score_ci95, c?.scored) ?? d?.score_with_ci ?? undefined} testid="tile-score" />
            <Tile
              label="Pass"
              value={d?.pass ?? "—"}
              sub={interval(row.uncertainty?.pass_ci95, c?.scored) ?? d?.pass_with_ci ?? (row.pass === null && row.score !== null ? "rewards are not all 0/1" : c && c.scored === 0 ? "no attempt scored" : undefined)}
            />
            {row.headline !== "pass_at_k" && passAtK}
            {!reliable && passHatK}
            <Tile label="Invalid" value={int(c?.invalid)} sub="finished without a reward" warn={invalidShare > 0.1} />
            <Tile label="Missing" value={int(c?.missing)} sub={c ? `${int(c.scored)}/${int(c.total)} scored` : undefined} testid="tile-missing" />
          </div>
          {d && (
            <p class="coverage-line" data-testid="coverage">
              {d.coverage}
              {row.missing_policy === "as_failure" ? " (missing counted as failures)" : ""}
            </p>
          )}
          <div class="charts">
            <div>
              <h3>{reliable ? "pass^j (headline) and pass@j" : "pass@j"}</h3>
              {curve?.rows ? <CurveChart rows={curve.rows} k={curve.k} /> : <p class="muted">{curve?.note || "No pass@j curve for this benchmark yet: it is drawn from finished attempts with a pass-or-fail score."}</p>}
            </div>
            <div>
              <h3>Reward distribution</h3>
              <DotPlot counts={dist} onPick={pickReward} />
            </div>
            <div>
              <h3>Time per phase</h3>
              {row.phases ? <PhaseBar phases={row.phases} /> : <p class="muted">The server does not report phase timings for this benchmark.</p>}
            </div>
            {row.dimensions && Object.keys(row.dimensions).some((k) => !k.includes("/")) && (
              <div>
                <h3>Dimensions</h3>
                {/* The scorer's pooled dimensions: IFEval's and IFBench's four numbers, a judge's criteria; per-type ones are in the API. */}
                <table class="table compact">
                  <tbody>
                    {Object.entries(row.dimensions)
                      .filter(([k]) => !k.includes("/"))
                      .map(([k, d]) => (
                        <tr key={k}>
                          <th scope="row">{k.replaceAll("_", " ")}</th>
                          <td class="num">{score(d.mean)}</td>
                          <td class="muted">{d.weight === d.attempts ? `${d.attempts} attempts` : `${d.weight} over ${d.attempts} attempts`}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
          {row.subsets.length > 1 && (
            <details class="subsets">
              <summary>By subset ({row.subsets.length})</summary>
              <table class="table compact">
                <thead>
                  <tr>
                    <th scope="col">Subset</th>
                    <th scope="col" class="num">
                      Score
                    </th>
                    {reliable && (
                      <th scope="col" class="num">
                        {labelHat}
                      </th>
                    )}
                    {reliable && <th scope="col">pass^1..{k}</th>}
                    <th scope="col" class="num">
                      Coverage
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {row.subsets.map((s) => (
                    <tr key={s.key ?? "(none)"}>
                      <td>{s.key ?? <span class="muted">(none)</span>}</td>
                      <td class="num">{s.display.score ?? score(s.score)}</td>
                      {reliable && <td class="num">{score(s.pass_hat_k)}</td>}
                      {reliable && <td data-testid="subset-pass-hat">{s.pass_hat?.map((v) => score(v)).join(" / ") ?? "—"}</td>}
                      <td class="num muted">
                        {int(s.score_counts?.scored ?? 0)}/{int(s.score_counts?.total ?? 0)} scored
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          )}
          {row.previous && (
            <p class="muted">
              Previous run <Link href={`/runs/${row.previous.run_id}`}>{row.previous.run_id}</Link>: {row.previous.display.score ?? "—"} ({row.previous.display.coverage})
              {row.previous.display_delta ? `, change ${row.previous.display_delta}` : ""}
              {!row.previous.comparable ? " — not comparable (different k or missing policy)" : ""}{" "}
              {runId && <Link href={`/compare?runs=${row.previous.run_id}${row.previous.target === "b" ? ":b" : ""},${runId}${row.target === "b" ? ":b" : ""}`}>Compare sample by sample</Link>}
            </p>
          )}
        </>
      )}
    </section>
  );
}
