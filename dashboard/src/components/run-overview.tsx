/**
 * The run page's overview (seed 004's overview tab), one benchmark and
 * target at a time: the summary tiles, a pane per reward and structured
 * metric, token usage and timing, from GET /api/eval-runs/{id}/overview.
 * The filter picks the benchmark and target and whether errored attempts
 * join the distributions (then they read red). Re-read after each read of
 * the run's scores (`read` counts them), so its tiles move with the rest of
 * the run page rather than on a clock of their own.
 *
 * The panel is memoized on its props (the run page passes a stable onOpen)
 * and a re-read keeps the objects of unchanged parts, so the run page's own
 * updates (block bar, live table) and equal re-reads draw nothing here.
 */
import { memo } from "preact/compat";
import { useRef, useState } from "preact/hooks";
import { useApi } from "../lib/use-api";
import { MetricPane } from "./beeswarm";
import { keepUnchanged, runOverview, type RunOverview } from "./overview-api";
import { OverviewTiles } from "./overview-tiles";
import { TimingIcicle } from "./timing-icicle";
import { UsagePane } from "./usage-pane";
import { ErrorBox, Loading } from "./ui";
import "./overview.css";

export const RunOverviewPanel = memo(function RunOverviewPanel({ runId, read, onOpen }: { runId: string; read: number; onOpen: (attemptId: string) => void }) {
  const [errored, setErrored] = useState(false);
  const [pick, setPick] = useState<string | null>(null);
  const [allStrips, setAllStrips] = useState(false);
  const last = useRef<RunOverview | undefined>(undefined);
  // Read once the scores are in (read 1), so a page opened mid-run draws both from the same moment.
  const q = useApi(read > 0 ? `overview:${runId}:${read}:${errored}:${allStrips}` : null, (signal) => runOverview(runId, errored, allStrips, signal).then((d) => keepUnchanged(last.current, d)));
  // A changed filter re-reads; the panes keep the previous answer until the new one is in, rather than blinking.
  if (q.data) last.current = q.data;
  const data = q.data ?? (last.current?.id === runId ? last.current : undefined);
  if (q.error) return <ErrorBox error={q.error} what="The overview" />;
  if (!data) return q.loading ? <Loading what="Reading the overview" /> : null;
  const groups = data.groups;
  if (groups.length === 0) return null;
  const keyOf = (g: { benchmark_id: string; target: string }) => `${g.benchmark_id}|${g.target}`;
  const g = groups.find((x) => keyOf(x) === pick) ?? groups[0]!;
  const two = new Set(groups.map((x) => x.target)).size > 1;
  const chips = g.metrics.filter((m) => m.kind === "chip");
  const panes = g.metrics.filter((m) => m.kind !== "chip");
  return (
    <section aria-labelledby="overview-title" class="ov" data-testid="run-overview">
      <h2 id="overview-title">Overview</h2>
      <div class="toolbar">
        {groups.length > 1 && (
          <>
            <label for="overview-group">Benchmark</label>
            <select id="overview-group" value={keyOf(g)} onChange={(e) => setPick((e.target as HTMLSelectElement).value)}>
              {groups.map((x) => (
                <option key={keyOf(x)} value={keyOf(x)}>
                  {x.benchmark_name ?? x.benchmark_id}
                  {two ? ` · ${x.target_label}` : ""}
                </option>
              ))}
            </select>
          </>
        )}
        <label>
          <input type="checkbox" checked={errored} onChange={(e) => setErrored((e.target as HTMLInputElement).checked)} /> Include errored attempts in the distributions
        </label>
      </div>
      <OverviewTiles tiles={g.tiles} execution={g.execution} />
      {g.tiles.attempts === 0 ? (
        <p class="muted">No attempt has finished yet: the panes fill in as attempts finish.</p>
      ) : (
        <>
          <h3>Rewards and metrics</h3>
          {chips.length > 0 && (
            <p class="ov-chips">
              {chips.map((m) => (
                <MetricPane key={m.name} metric={m} onOpen={onOpen} />
              ))}
            </p>
          )}
          {panes.length === 0 && chips.length === 0 && <p class="muted">No attempt has a reward yet{errored ? "" : "; errored attempts are left out (see the filter)"}.</p>}
          <div class="ov-panes">
            {panes.map((m) => (
              <MetricPane key={m.name} metric={m} onOpen={onOpen} />
            ))}
          </div>
          <div class="ov-two">
            <div>
              <h3>Usage</h3>
              <UsagePane usage={g.usage} onOpen={onOpen} />
            </div>
            <div>
              <h3>Timing</h3>
              <TimingIcicle timing={g.timing} onOpen={onOpen} all={allStrips} setAll={setAllStrips} />
            </div>
          </div>
        </>
      )}
    </section>
  );
});
