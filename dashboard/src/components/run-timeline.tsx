/**
 * The run page's timeline (seed 004's metrics tab): the in-flight limit and
 * calls in flight, throughput and 429/5xx rates, and latency percentiles,
 * one sample every few seconds, from GET /api/eval-runs/{id}/timeline.
 * Polled while the run is active.
 */
import { runTimeline } from "../lib/timeline";
import { useApi } from "../lib/use-api";
import { TimeChart } from "./charts";
import { ErrorBox } from "./ui";

export function RunTimelinePanel({ runId, active, status }: { runId: string; active: boolean; status: string }) {
  const q = useApi(`timeline:${runId}:${status}`, (signal) => runTimeline(runId, signal), { pollMs: 3000, poll: () => active });
  if (q.error) return <ErrorBox error={q.error} />;
  const t = q.data;
  if (!t || t.samples.length === 0) return null;
  const samples = t.samples;
  const at = (f: (s: (typeof samples)[number]) => number | null) => samples.map((s) => [Math.round(s.elapsed_s), f(s)] as [number, number | null]);
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">Execution over time</h2>
      <p class="muted">
        Concurrency {t.adaptive ? `adapts within ${t.concurrency.min}..${t.concurrency.max}` : `pinned at ${t.concurrency.max}`}; a sample every {t.sample_ms / 1000} s.
      </p>
      <div class="charts">
        <TimeChart
          title="Concurrency"
          unit="calls in flight"
          series={[
            { label: "limit", cls: "tl-limit", points: at((s) => s.limit), step: true },
            { label: "in flight (most)", cls: "tl-inflight", points: at((s) => s.in_flight) },
          ]}
        />
        <TimeChart title="Throughput" unit="answered calls / s" series={[{ label: "answered per second", cls: "tl-throughput", points: at((s) => s.throughput_per_s) }]} />
        <TimeChart
          title="Refused and failed"
          unit="share of calls"
          format={pct}
          series={[
            { label: "429", cls: "tl-429", points: at((s) => (s.calls ? s.rate_429 : null)) },
            { label: "5xx / no answer", cls: "tl-5xx", points: at((s) => (s.calls ? s.rate_5xx : null)) },
          ]}
        />
        <TimeChart
          title="Latency"
          unit="ms"
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
