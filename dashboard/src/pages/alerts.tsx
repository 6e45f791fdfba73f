/** Drift alerts: a re-run of the same benchmark and model that got significantly worse; acknowledge each. */
import { useEffect, useState } from "preact/hooks";
import { allPages, client, unwrap } from "../lib/api";
import { score, when } from "../lib/format";
import { Link, navigate, useLocation } from "../lib/router";
import type { DriftAlert as Alert } from "../lib/types";
import { useApi } from "../lib/use-api";
import { Empty, ErrorBox, Loading, StatusBadge } from "../components/ui";

export default function Alerts() {
  const loc = useLocation();
  const status = loc.query.get("status") ?? "open";
  const { data, error, reload } = useApi(`alerts:${status}`, (signal) =>
    unwrap(client.GET("/api/alerts", { params: { query: { status: status as "open" | "acked" | "all", limit: 100 } }, signal })),
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [ackError, setAckError] = useState<unknown>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    allPages((page) => client.GET("/api/benchmarks", { params: { query: { ...page, include_archived: "true" } } }), 5000).then((bs) => setNames(Object.fromEntries(bs.map((b) => [b.id, b.name]))), () => {});
  }, []);

  const ack = async (a: Alert) => {
    setBusy(a.id);
    setAckError(null);
    try {
      await unwrap(client.POST("/api/alerts/{id}/ack", { params: { path: { id: a.id } } }));
      reload();
    } catch (e) {
      setAckError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section>
      <h1>Drift alerts</h1>
      <div class="toolbar" role="group" aria-label="Which alerts">
        {[
          ["open", "Open"],
          ["acked", "Acknowledged"],
          ["all", "All"],
        ].map(([v, l]) => (
          <button type="button" key={v} class={`chip-btn${status === v ? " on" : ""}`} aria-pressed={status === v} onClick={() => navigate(`/alerts?status=${v}`, true)}>
            {l}
          </button>
        ))}
      </div>
      {error ? <ErrorBox error={error} what="Alerts" /> : null}
      {ackError ? <ErrorBox error={ackError} what="Not acknowledged" /> : null}
      {!data && !error && <Loading what="Loading alerts" />}
      {data && data.items.length === 0 && <Empty>{status === "open" ? "No open alert: no re-run got significantly worse. An alert is raised when a run scores significantly below the last one of the same benchmark and target." : "No alert yet: one is raised when a re-run scores significantly worse."}</Empty>}
      <ul class="plain alerts">
        {data?.items.map((a) => (
          <li key={a.id} class="alert-card" data-alert={a.id}>
            <div class="alert-head">
              <StatusBadge status={a.acked_at ? "acknowledged" : "open"} label={a.acked_at ? `acknowledged ${when(a.acked_at)}` : "open"} />
              <strong>{a.model}</strong> on <Link href={`/benchmarks/${a.benchmark_id}`}>{names[a.benchmark_id] ?? a.benchmark_id}</Link>: <strong class="neg">▼ {a.display.delta ?? "—"}</strong> <span class="muted">({score(a.baseline_score)} → {score(a.score)})</span>
            </div>
            <p>{a.summary}</p>
            <p class="muted small">
              Run <Link href={`/runs/${a.run_id}`}>{a.run_id}</Link> against baseline <Link href={`/runs/${a.baseline_run_id}`}>{a.baseline_run_id}</Link> · {a.shared_tasks} shared tasks · {a.regressed_count} regressed · raised {when(a.created_at)}
            </p>
            {a.regressed_tasks.length > 0 && (
              <details>
                <summary>Regressed tasks</summary>
                <ul class="plain mono small">
                  {a.regressed_tasks.map((t) => (
                    <li key={t.task}>
                      {t.task}: {score(t.baseline)} → {score(t.score)}
                    </li>
                  ))}
                </ul>
              </details>
            )}
            {!a.acked_at && (
              <button type="button" disabled={busy === a.id} onClick={() => ack(a)}>
                Acknowledge
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
