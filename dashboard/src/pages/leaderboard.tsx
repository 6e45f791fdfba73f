/**
 * The project leaderboard: one board per comparable setup (benchmark,
 * dataset revision, scorer, k, missing policy) with rank, model, score,
 * scored and missing; a row opens its run.
 */
import { useEffect, useState } from "preact/hooks";
import { allPages, client, unwrap } from "../lib/api";
import { int, plural } from "../lib/format";
import { Link, navigate, useLocation } from "../lib/router";
import type { Board } from "../lib/types";
import { useApi } from "../lib/use-api";
import { Empty, ErrorBox, Loading } from "../components/ui";

/** A board row's side for /compare: its run, and :b when it was the run's compare target. */
function side(r: Board["rows"][number]): string {
  return r.target === "compare_target" ? `${r.run_id}:b` : r.run_id;
}

function BoardTable({ board, name, highlight }: { board: Board; name: string; highlight: boolean }) {
  return (
    <section class={`board${highlight ? " highlight" : ""}`} aria-labelledby={`board-${board.id}`} id={board.id}>
      <h2 id={`board-${board.id}`}>
        {name} <span class="muted small">k = {board.k} · {int(board.task_count)} tasks · missing {board.missing_policy === "as_failure" ? "counted as failures" : "left unknown"} · {plural(board.entry_count, "entry", "entries")}</span>
      </h2>
      {board.rows.length === 0 ? (
        <Empty>No entry yet: submit a finished run of this benchmark from its run page (“Submit to leaderboard”).</Empty>
      ) : (
        <table class="table">
          <thead>
            <tr>
              <th scope="col" class="num">
                Rank
              </th>
              <th scope="col">Model</th>
              <th scope="col" class="num">
                Score
              </th>
              <th scope="col" class="num">
                Scored
              </th>
              <th scope="col" class="num">
                Missing
              </th>
              <th scope="col">Run</th>
            </tr>
          </thead>
          <tbody>
            {board.rows.map((r) => (
              <tr key={r.id} class="clickable" onClick={(e) => !(e.target as HTMLElement).closest("a") && navigate(`/runs/${r.run_id}`)}>
                <td class="num">{r.rank}</td>
                <td>
                  {r.model} {r.target === "compare_target" && <span class="muted">(compare)</span>}
                </td>
                <td class="num">
                  <strong>{r.display.score ?? "—"}</strong>
                </td>
                <td class="num">{int(r.scored)}</td>
                <td class={`num${r.missing > 0 ? " warn-text" : ""}`}>{int(r.missing)}</td>
                <td>
                  <Link href={`/runs/${r.run_id}`}>{r.run_id}</Link> {r.run_status !== "completed" && <span class="muted">({r.run_status})</span>}
                  {/* Against the leader, sample by sample (the leader is the baseline). */}
                  {r.rank > 1 && board.rows[0] && (
                    <>
                      {" "}
                      <Link class="small" href={`/compare?runs=${side(board.rows[0])},${side(r)}`} aria-label={`Compare ${r.model} with the leader, sample by sample`}>
                        compare with #1
                      </Link>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function Leaderboard() {
  const loc = useLocation();
  const focus = loc.query.get("board");
  const { data, error } = useApi("leaderboard", (signal) => unwrap(client.GET("/api/leaderboard", { params: { query: { top: 50, limit: 50 } }, signal })));
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    allPages((page) => client.GET("/api/benchmarks", { params: { query: { ...page, include_archived: "true" } } }), 5000).then((bs) => setNames(Object.fromEntries(bs.map((b) => [b.id, b.name]))), () => {});
  }, []);
  useEffect(() => {
    if (focus && data) document.getElementById(focus)?.scrollIntoView();
  }, [focus, data]);

  return (
    <section>
      <h1>Leaderboard</h1>
      <p class="muted">Runs join a board when submitted from their page. A board only holds results that are comparable: same dataset revision, tasks, scorer, k and missing policy.</p>
      {error ? <ErrorBox error={error} what="The leaderboard" /> : null}
      {!data && !error && <Loading what="Loading boards" />}
      {data && data.items.length === 0 && <Empty>No run has been submitted yet. Open a finished run and choose “Submit to leaderboard”.</Empty>}
      {data?.items.map((b) => <BoardTable key={b.id} board={b} name={names[b.benchmark_id] ?? b.benchmark_id} highlight={b.id === focus} />)}
      {data && data.items.length > 0 && <p class="muted small">Ties: {data.tie_break}</p>}
    </section>
  );
}
