/**
 * The catalog: built-ins grouped by category and the project's custom
 * benchmarks beside them, with search; archived ones appear (with Restore)
 * only after "Show archived". A card holds short facts only (what the entry
 * needs as chips, its status in one line); the long status text is on the
 * benchmark's page.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { allPages, client, unwrap } from "../lib/api";
import { Link, navigate } from "../lib/router";
import type { Benchmark } from "../lib/types";
import { Empty, ErrorBox, Loading } from "../components/ui";
import { int, statusLabel, statusRank } from "../lib/format";

/** Category display order; anything else follows alphabetically, custom first. */
const ORDER = ["custom", "reasoning", "language", "knowledge", "coding", "safety", "chat", "instruction", "agent", "vision"];

function categoryLabel(c: string): string {
  return c === "custom" ? "Custom benchmarks" : c.charAt(0).toUpperCase() + c.slice(1);
}

export function scoringLabel(s: Benchmark["scoring"]): string {
  const t = typeof s.type === "string" ? s.type : "?";
  return (
    {
      contains: "Contains",
      exact_match: "Exact match",
      regex: "Regex",
      llm_judge: "LLM judge",
      mt_bench_judge: "MT-Bench judge (1–10 per turn)",
      numeric: "Numeric",
      multiple_choice: "Multiple choice",
      code_execution: "Code execution",
      instruction_checks: "Instruction checks",
      function_call: "Function calls",
      grid_match: "Grid match",
      verifier: "The agent runner's verifier",
    } as Record<string, string>
  )[t] ?? t;
}

/** The catalog view's short facts: what a run of it needs (judge model, code sandbox, agent runner…) and its status in one line. */
export function cardFacts(b: Benchmark): { needs: string[]; summary: string | null } {
  return { needs: b.needs ?? [], summary: b.status_summary || null };
}

/** What an entry needs, as chips, and its status in one line (the full text is a tooltip here and on its page). */
export function CardFacts({ b }: { b: Benchmark }) {
  const { needs, summary } = cardFacts(b);
  return (
    <>
      {needs.length > 0 && (
        <ul class="needs" aria-label="Needs">
          {needs.map((n) => (
            <li key={n} class="need">
              {n}
            </li>
          ))}
        </ul>
      )}
      {summary && (
        <p class="status-summary" data-summary-status={b.status} title={b.status_detail}>
          {summary}
        </p>
      )}
    </>
  );
}

export default function Benchmarks() {
  const [items, setItems] = useState<Benchmark[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [q, setQ] = useState("");
  const [showArchived, setShowArchived] = useState(false);
  const [tick, setTick] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    allPages((page, signal) => client.GET("/api/benchmarks", { params: { query: { ...page, ...(showArchived ? { include_archived: "true" as const } : {}) } }, signal }), 5000, ctrl.signal).then(setItems, (e) => !ctrl.signal.aborted && setError(e));
    return () => ctrl.abort();
  }, [showArchived, tick]);

  const groups = useMemo(() => {
    const needle = q.trim().toLowerCase();
    const hit = (b: Benchmark) =>
      !needle || [b.name, b.description, b.category ?? "", b.dataset ?? ""].some((s) => s.toLowerCase().includes(needle));
    const live = (items ?? []).filter((b) => !b.archived && hit(b));
    const byCat = new Map<string, Benchmark[]>();
    for (const b of live) {
      const c = (b.builtin ? b.category ?? "other" : "custom").toLowerCase();
      byCat.set(c, [...(byCat.get(c) ?? []), b]);
    }
    const rank = (c: string) => (ORDER.includes(c) ? ORDER.indexOf(c) : ORDER.length);
    const cats = [...byCat.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    return { cats: cats.map((c) => [c, byCat.get(c)!.sort((a, b) => statusRank(a.status) - statusRank(b.status) || a.name.localeCompare(b.name))] as const), archived: (items ?? []).filter((b) => b.archived && hit(b)) };
  }, [items, q]);

  const restore = async (b: Benchmark) => {
    setBusy(b.id);
    try {
      await unwrap(client.POST("/api/benchmarks/{id}/restore", { params: { path: { id: b.id } } }));
      setTick((t) => t + 1);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section>
      <div class="page-head">
        <h1>Benchmarks</h1>
        <div class="actions">
          <Link class="button" href="/benchmarks/new">
            New custom benchmark
          </Link>
          <Link class="button primary" href="/evaluations/new">
            New evaluation
          </Link>
        </div>
      </div>
      <div class="toolbar">
        <label for="bm-search" class="sr-only">
          Search benchmarks
        </label>
        <input id="bm-search" type="search" placeholder="Search benchmarks by name, description or category" value={q} onInput={(e) => setQ((e.target as HTMLInputElement).value)} />
      </div>
      {error ? <ErrorBox error={error} what="The catalog" /> : null}
      {!items && !error && <Loading what="Loading the catalog" />}
      {items && groups.cats.length === 0 && <Empty>{q ? `No benchmark matches “${q}”. Try another word, or build your own with New custom benchmark.` : "The catalog is empty. Build a benchmark from your own data with New custom benchmark."}</Empty>}
      {groups.cats.map(([cat, list]) => (
        <section class="category" key={cat} aria-labelledby={`cat-${cat}`}>
          <h2 id={`cat-${cat}`}>
            {categoryLabel(cat)} <span class="count">{list.length}</span>
          </h2>
          <ul class="cards">
            {list.map((b) => (
              <li key={b.id} class="card" data-benchmark={b.name}>
                <h3>
                  <Link href={`/benchmarks/${b.id}`}>{b.name}</Link>
                </h3>
                <p class="desc">{b.description || <span class="muted">No description.</span>}</p>
                <p class="meta">
                  <span>{scoringLabel(b.scoring)}</span>
                  {/* The one-line status says how many tasks a runnable entry has; the others keep the count here. */}
                  {b.sample_size !== null && !/\d/.test(b.status_summary ?? "") && <span>{int(b.sample_size)} samples</span>}
                  <span class={`tag status-${b.status}`} data-status={b.status}>
                    {statusLabel(b.status)}
                  </span>
                  {!b.builtin && <span class="tag">custom</span>}
                </p>
                <CardFacts b={b} />
                {b.status !== "unavailable" && (
                  <div class="card-foot">
                    <button type="button" class="small" onClick={() => navigate(`/evaluations/new?benchmarks=${encodeURIComponent(b.id)}`)} aria-label={`Run evaluation on ${b.name}`}>
                      Run evaluation
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <footer class="foot">
        <label class="check">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived((e.target as HTMLInputElement).checked)} /> Show archived
        </label>
        {showArchived && items && (
          <section aria-labelledby="archived-title">
            <h2 id="archived-title">Archived</h2>
            {groups.archived.length === 0 ? (
              <Empty>No archived benchmark: archiving one from its page hides it here instead of deleting it.</Empty>
            ) : (
              <ul class="plain">
                {groups.archived.map((b) => (
                  <li key={b.id} class="row-line">
                    <Link href={`/benchmarks/${b.id}`}>{b.name}</Link> <span class="muted">archived {b.archived_at?.slice(0, 10)}</span>{" "}
                    <button type="button" class="small" disabled={busy === b.id} onClick={() => restore(b)}>
                      Restore
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </footer>
    </section>
  );
}
