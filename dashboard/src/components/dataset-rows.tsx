/**
 * The first rows of a dataset revision as a table, one column per dataset
 * column (GET /api/datasets/{ref}/rows), so a user sees what the columns
 * they pick hold. Long cells are cut; the title has the whole value.
 */
import { useEffect, useState } from "preact/hooks";
import { client, unwrap } from "../lib/api";
import type { DatasetRevision, DatasetRow } from "../lib/types";
import { ErrorBox, Loading } from "./ui";

const CELL_CHARS = 120;

function text(v: unknown): string {
  return v === undefined || v === null ? "" : typeof v === "string" ? v : JSON.stringify(v);
}

export function DatasetRows({ revision, limit = 5, highlight = [] }: { revision: DatasetRevision; limit?: number; highlight?: string[] }) {
  const [rows, setRows] = useState<DatasetRow[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    setRows(null);
    setError(null);
    const ctl = new AbortController();
    unwrap(client.GET("/api/datasets/{ref}/rows", { params: { path: { ref: revision.ref }, query: { limit } }, signal: ctl.signal })).then(
      (p) => setRows(p.items),
      (e) => ctl.signal.aborted || setError(e),
    );
    return () => ctl.abort();
  }, [revision.ref, limit]);

  if (error) return <ErrorBox error={error} what="Rows" />;
  if (!rows) return <Loading what="Reading the first rows" />;
  const cols = revision.columns.map((c) => c.name);
  return (
    <div class="dataset-rows" data-testid="dataset-rows">
      <h3>
        First {rows.length} of {revision.row_count} rows
      </h3>
      <div class="scroll-x">
        <table class="table">
          <thead>
            <tr>
              <th>#</th>
              {cols.map((c) => (
                <th key={c} class={highlight.includes(c) ? "picked" : undefined} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.index}>
                <td class="muted">{r.index + 1}</td>
                {cols.map((c) => {
                  const t = text(r.data[c]);
                  return (
                    <td key={c} class={highlight.includes(c) ? "picked" : undefined} title={t.length > CELL_CHARS ? t : undefined}>
                      {t.length > CELL_CHARS ? `${t.slice(0, CELL_CHARS)}…` : t}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
