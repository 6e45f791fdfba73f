/**
 * Re-score a finished run's stored outputs with another scoring spec (POST
 * /api/eval-runs/{id}/rescore): pick the benchmarks, edit the spec (it
 * starts as the first chosen benchmark's own), submit; the new run, linked
 * to this one, opens. No model is called but an llm_judge spec's judge.
 */
import { useEffect, useState } from "preact/hooks";
import { client, unwrap } from "../lib/api";
import { navigate } from "../lib/router";
import type { EvalRun, RescoreEvalRun } from "../lib/types";
import { ErrorBox, Field } from "./ui";

type Body = RescoreEvalRun;

export function RescoreForm({ run, names }: { run: EvalRun; names: Record<string, string> }) {
  const [picked, setPicked] = useState<string[]>(run.benchmarks);
  const [spec, setSpec] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [specError, setSpecError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The spec starts as the first benchmark's own scoring, to edit (a changed regex, another scorer).
  useEffect(() => {
    const first = run.benchmarks[0];
    if (!first) return;
    unwrap(client.GET("/api/benchmarks/{id}", { params: { path: { id: first } } })).then(
      (b) => setSpec((cur) => cur || JSON.stringify(b.scoring, null, 2)),
      () => {},
    );
  }, [run.id]);

  const submit = async () => {
    setError(null);
    setSpecError(null);
    let scoring: Body["scoring"];
    try {
      scoring = JSON.parse(spec) as Body["scoring"];
    } catch (e) {
      setSpecError(`not JSON: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    setBusy(true);
    try {
      const body: Body = { scoring, ...(picked.length < run.benchmarks.length ? { benchmarks: picked } : {}) };
      const created = await unwrap(client.POST("/api/eval-runs/{id}/rescore", { params: { path: { id: run.id } }, body }));
      navigate(`/runs/${created.id}`);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <details class="rescore" data-testid="rescore">
      <summary>Re-score these outputs with another scoring</summary>
      <p class="muted">A new run scores the outputs this run stored (no model is called, except an LLM judge's); its scores sit beside this run's with a paired test per task.</p>
      {run.benchmarks.length > 1 && (
        <fieldset>
          <legend>Benchmarks</legend>
          {run.benchmarks.map((id) => (
            <label class="check" key={id}>
              <input type="checkbox" checked={picked.includes(id)} onChange={(e) => setPicked((cur) => ((e.target as HTMLInputElement).checked ? [...cur, id] : cur.filter((x) => x !== id)))} /> {names[id] ?? id}
            </label>
          ))}
        </fieldset>
      )}
      <Field id="rescore-spec" label="Scoring spec (JSON)" hint='e.g. {"type": "regex", "pattern": "#### (-?[0-9]+)"} or {"type": "llm_judge", ...}' error={specError ?? undefined}>
        <textarea id="rescore-spec" rows={5} value={spec} onInput={(e) => setSpec((e.target as HTMLTextAreaElement).value)} />
      </Field>
      {error ? <ErrorBox error={error} what="The re-score" /> : null}
      <div class="actions">
        <button type="button" class="primary" disabled={busy || picked.length === 0 || !spec.trim()} onClick={submit}>
          {busy ? "Starting…" : "Re-score"}
        </button>
      </div>
    </details>
  );
}
