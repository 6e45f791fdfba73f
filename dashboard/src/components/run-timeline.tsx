/**
 * The run page's timeline (seed 004's metrics tab): the in-flight limit and
 * calls in flight, throughput and 429/5xx rates, and latency percentiles,
 * one sample every few seconds, from GET /api/eval-runs/{id}/timeline.
 * Polled while the run is active. A run too short for two samples, or a
 * chart with only zeros, says so in words rather than drawing empty axes.
 */
import { runTimeline } from "../lib/timeline";
import { useApi } from "../lib/use-api";
import { TimeChart } from "./charts";
import { ErrorBox } from "./ui";

export function RunTimelinePanel({ runId, active, status }: { runId: string; active: boolean; status: string }) {
  const q = useApi(`timeline:${runId}:${status}`, (signal) => runTimeline(runId, signal), { pollMs: 3000, poll: () => active });
  if (q.error) return <ErrorBox error={q.error} />;
  const t = q.data;
  if (!t) return null;
  const samples = t.samples;
  const at = (f: (s: (typeof samples)[number]) => number | null) => samples.map((s) => [Math.round(s.elapsed_s), f(s)] as [number, number | null]);
  const pct = (v: number) => `${Number((v * 100).toFixed(1))}%`;
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">Execution over time</h2>
      <p class="muted">
        Concurrency {t.adaptive ? `adapts within ${t.concurrency.min}..${t.concurrency.max}` : `pinned at ${t.concurrency.max}`}; a sample every {t.sample_ms / 1000} s
        {samples.length < 2 ? `, and this run has ${samples.length === 0 ? "none yet" : "one"}: too short to draw over time.` : "."}
      </p>
      <div class="charts">
        <TimeChart
          title="Concurrency"
          unit="calls in flight"
          integer
          series={[
            { label: "limit", cls: "tl-limit", points: at((s) => s.limit), step: true },
            { label: "in flight (most)", cls: "tl-inflight", points: at((s) => s.in_flight) },
          ]}
        />
        <TimeChart title="Throughput" unit="answered calls / s" noneSays="No call was answered yet." series={[{ label: "answered per second", cls: "tl-throughput", points: at((s) => s.throughput_per_s) }]} />
        <TimeChart
          title="Refused and failed"
          unit="share of calls"
          format={pct}
          zeroSays="No call was refused (429) or failed (5xx, timeout, dropped connection)."
          series={[
            { label: "429", cls: "tl-429", points: at((s) => (s.calls ? s.rate_429 : null)) },
            { label: "5xx / no answer", cls: "tl-5xx", points: at((s) => (s.calls ? s.rate_5xx : null)) },
          ]}
        />
        <TimeChart
          title="Latency"
          unit="ms"
          integer
          noneSays="No call was answered yet, so there is no latency to show."
          format={(v) => String(Math.round(v))}
          series={[
            { label: "p50", cls: "tl-p50", points: at((s) => s.latency_p50_ms) },
            { label: "p90", cls: "tl-p90", points: at((s) => s.latency_p90_ms) },
            { label: "p99", cls: "tl-p99", points: at((s) => s.latency_p99_ms) },
          ]}
        />
      </div>
    </section>
  );
}
