/**
 * One benchmark: what it measures, how it works, strengths, limitations,
 * when to use, use cases (built-ins' catalog text), its configuration, and
 * Run evaluation. Custom ones offer Delete while unused, else Archive.
 */
import { useState } from "preact/hooks";
import { client, unwrap } from "../lib/api";
import { executionLabel, int, statusLabel } from "../lib/format";
import { Link, navigate } from "../lib/router";
import { useApi } from "../lib/use-api";
import { ErrorBox, Loading } from "../components/ui";
import { cardFacts, scoringLabel } from "./benchmarks";

/** Catalog sections in reading order; the API's keys may be snake_case or camelCase. */
const SECTIONS: [keys: string[], title: string][] = [
  [["what_it_measures", "measures", "whatItMeasures"], "What it measures"],
  [["how_it_works", "methodology", "howItWorks"], "How it works"],
  [["strengths"], "Strengths"],
  [["limitations"], "Limitations"],
  [["when_to_use", "whenToUse"], "When to use"],
  [["use_cases", "useCases"], "Use cases"],
];

function Text({ value }: { value: unknown }) {
  if (Array.isArray(value)) {
    return (
      <ul>
        {value.map((v, i) => (
          <li key={i}>{String(v)}</li>
        ))}
      </ul>
    );
  }
  if (value && typeof value === "object") return <pre class="wrap">{JSON.stringify(value, null, 2)}</pre>;
  return <p>{String(value)}</p>;
}

export default function BenchmarkDetail({ params }: { params: Record<string, string> }) {
  const { data: b, error, reload } = useApi(`benchmark:${params.id}`, (signal) => unwrap(client.GET("/api/benchmarks/{id}", { params: { path: { id: params.id! } }, signal })));
  const [actionError, setActionError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  if (error) return <ErrorBox error={error} what="The benchmark" />;
  if (!b) return <Loading what="Loading the benchmark" />;

  const act = async (what: "archive" | "restore" | "delete") => {
    if (what === "delete" && !confirm(`Delete ${b.name}? This cannot be undone.`)) return;
    setBusy(true);
    setActionError(null);
    try {
      if (what === "delete") {
        await unwrap(client.DELETE("/api/benchmarks/{id}", { params: { path: { id: b.id } } }));
        navigate("/benchmarks");
        return;
      }
      await unwrap(what === "archive" ? client.POST("/api/benchmarks/{id}/archive", { params: { path: { id: b.id } } }) : client.POST("/api/benchmarks/{id}/restore", { params: { path: { id: b.id } } }));
      reload();
    } catch (e) {
      setActionError(e);
    } finally {
      setBusy(false);
    }
  };

  const catalog = b.catalog ?? {};
  const used = new Set<string>();
  const sections = SECTIONS.flatMap(([keys, title]) => {
    const k = keys.find((x) => catalog[x] !== undefined && catalog[x] !== null && catalog[x] !== "");
    if (!k) return [];
    used.add(k);
    return [[title, catalog[k]] as const];
  });
  const extra = Object.entries(catalog).filter(([k, v]) => !used.has(k) && typeof v === "string" && k !== "category" && k !== "status" && k !== "status_detail");

  return (
    <article class="benchmark-detail">
      <p class="crumbs">
        <Link href="/benchmarks">Benchmarks</Link> / {b.builtin ? b.category : "Custom"}
      </p>
      <div class="page-head">
        <h1>
          {b.name} {b.archived && <span class="tag">archived</span>}
        </h1>
        <div class="actions">
          {!b.archived && b.status !== "unavailable" && (
            <button type="button" class="primary" onClick={() => navigate(`/evaluations/new?benchmarks=${encodeURIComponent(b.id)}`)}>
              Run evaluation
            </button>
          )}
          {!b.builtin && b.archived && (
            <button type="button" disabled={busy} onClick={() => act("restore")}>
              Restore
            </button>
          )}
          {!b.builtin && !b.archived && !b.used && (
            <button type="button" class="danger" disabled={busy} onClick={() => act("delete")}>
              Delete
            </button>
          )}
          {!b.builtin && !b.archived && b.used && (
            <button type="button" disabled={busy} onClick={() => act("archive")} title="A run has used this benchmark, so it can be archived but not deleted">
              Archive
            </button>
          )}
        </div>
      </div>
      {actionError ? <ErrorBox error={actionError} /> : null}
      <p class={`notice status-${b.status}`} role="note" data-status={b.status}>
        <strong>{statusLabel(b.status).replace(/^./, (c) => c.toUpperCase())}.</strong> {b.status_detail}
      </p>
      {cardFacts(b).needs.length > 0 && (
        <p class="toolbar" aria-label="Needs">
          <span class="muted">Needs</span>
          {cardFacts(b).needs.map((n) => (
            <span key={n} class="need">
              {n}
            </span>
          ))}
        </p>
      )}
      {b.description && <p class="lead">{b.description}</p>}
      {sections.map(([title, value]) => (
        <section key={title}>
          <h2>{title}</h2>
          <Text value={value} />
        </section>
      ))}
      {extra.map(([k, v]) => (
        <section key={k}>
          <h2>{k.replace(/_/g, " ")}</h2>
          <Text value={v} />
        </section>
      ))}
      <section>
        <h2>Configuration</h2>
        <dl class="facts">
          <dt>Dataset</dt>
          <dd>{b.dataset ?? "—"}</dd>
          <dt>Split</dt>
          <dd>{b.split ?? "all rows"}</dd>
          <dt>Samples</dt>
          <dd>{int(b.sample_size)}</dd>
          <dt>Prompt</dt>
          <dd>{b.prompt_template ? <pre class="wrap">{b.prompt_template}</pre> : b.prompt_column ? <code>{b.prompt_column}</code> : "—"}</dd>
          <dt>Answer column</dt>
          <dd>{b.answer_column ? <code>{b.answer_column}</code> : "—"}</dd>
          <dt>Scoring</dt>
          <dd>
            {scoringLabel(b.scoring)}
            {b.scoring.pattern ? (
              <>
                {" "}
                <code>{b.scoring.pattern}</code>
              </>
            ) : null}
            {b.scoring.criteria ? <pre class="wrap">{b.scoring.criteria}</pre> : null}
          </dd>
          <dt>Few-shot</dt>
          <dd>{b.few_shot}</dd>
          {b.subsets.length > 0 && (
            <>
              <dt>Subsets</dt>
              <dd>{b.subsets.join(", ")}</dd>
            </>
          )}
          <dt>Where it runs</dt>
          <dd>{executionLabel(b.kind)}</dd>
          <dt>Used by a run</dt>
          <dd>{b.used ? "yes" : "no"}</dd>
        </dl>
      </section>
    </article>
  );
}
