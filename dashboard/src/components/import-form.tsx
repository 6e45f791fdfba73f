/**
 * Import another harness's results (POST /api/imports): pick promptfoo,
 * Inspect, lm-eval, a SWE-bench submission or Harbor trials, choose the file(s), submit, and go to the outputs run
 * it started. Also RecordedFrom, the line of the run page that says which
 * tool and file an imported run's outputs came from (the outputs revision's
 * source). Calls go through the typed client.
 */
import type { paths } from "../../../sdk/typescript/src/schema";
import type { Import } from "../lib/types";
import { useState } from "preact/hooks";
import { client, unwrap } from "../lib/api";
import { navigate } from "../lib/router";
import { useApi } from "../lib/use-api";
import { ErrorBox, Field, fieldErrors } from "./ui";

const FORMATS = [
  { id: "promptfoo", label: "promptfoo results JSON", accept: ".json", hint: "promptfoo eval -o results.json, or promptfoo export" },
  { id: "inspect", label: "Inspect AI log", accept: ".json,.eval", hint: "a .eval archive or a .json log (inspect eval --log-format json)" },
  { id: "lm-eval", label: "lm-evaluation-harness samples", accept: ".jsonl,.json", hint: "samples_<task>_<date>.jsonl (--log_samples); add the results_<date>.json for the stated scores" },
  { id: "swebench", label: "SWE-bench submission (ZIP)", accept: ".zip", hint: "a ZIP of the submission: logs/<instance_id>/ (test_output.txt, report.json) and results/results.json; Assay re-grades every log" },
  { id: "harbor", label: "Harbor trials (ZIP)", accept: ".zip", hint: "a ZIP of Harbor trial directories (result.json, agent/trajectory.json, verifier/reward.txt) or of a job directory" },
] as const;
type Format = (typeof FORMATS)[number]["id"];

type ImportBody = paths["/api/imports"]["post"]["requestBody"]["content"]["multipart/form-data"];

/** POST /api/imports through the typed client; the form's fields are the body's, sent as multipart as they are. */
function postImport(form: FormData): Promise<Import> {
  return unwrap(client.POST("/api/imports", { body: form as unknown as ImportBody, bodySerializer: (b) => b as unknown as FormData }));
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

export function ImportForm() {
  const [format, setFormat] = useState<Format>("promptfoo");
  const [files, setFiles] = useState<File[]>([]);
  const [results, setResults] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const spec = FORMATS.find((f) => f.id === format)!;
  const stem = files[0]?.name.replace(/\.(jsonl?|eval)$/i, "").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "") ?? "";
  const effectiveName = name || `${format}-${stem || "import"}`.slice(0, 60);
  const errors = fieldErrors(error);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!files.length) return;
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.append("format", format);
      form.append("name", effectiveName);
      for (const f of files) form.append("file", f, f.name);
      if (format === "lm-eval" && results) form.append("results", results, results.name);
      const answer = await postImport(form);
      navigate(`/runs/${answer.run_id}`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="import-form" data-testid="import-form" onSubmit={submit}>
      <Field id="import-format" label="Format" hint={spec.hint} error={errors.format}>
        <select id="import-format" value={format} onChange={(e) => setFormat((e.target as HTMLSelectElement).value as Format)}>
          {FORMATS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="import-file" label={format === "lm-eval" ? "Samples files" : "File"} error={errors.file ?? Object.entries(errors).find(([k]) => k.startsWith("file"))?.[1]}>
        <input id="import-file" type="file" accept={spec.accept} multiple={format === "lm-eval"} onChange={(e) => setFiles([...((e.target as HTMLInputElement).files ?? [])])} />
      </Field>
      {format === "lm-eval" && (
        <Field id="import-results" label="Results JSON (optional)" hint="its results[task] figures are the stated scores shown beside Assay's" error={errors.results}>
          <input id="import-results" type="file" accept=".json" onChange={(e) => setResults((e.target as HTMLInputElement).files?.[0] ?? null)} />
        </Field>
      )}
      <Field id="import-name" label="Name" hint="names the datasets and the benchmark" error={errors.name ?? (name && !NAME.test(name) ? "letters, digits, '.', '_' or '-'" : undefined)}>
        <input id="import-name" value={name} placeholder={effectiveName} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </Field>
      <button type="submit" class="primary" disabled={busy || !files.length || (!!name && !NAME.test(name))}>
        {busy ? "Importing…" : "Import and score"}
      </button>
      {error !== null && <ErrorBox error={error} what="The import" />}
    </form>
  );
}

/** "imported from promptfoo: results.json": the source an imported outputs revision records (nothing for an ordinary upload). */
export function RecordedFrom({ dataset }: { dataset: string }) {
  const rev = useApi(`dataset:${dataset}`, (signal) => unwrap(client.GET("/api/datasets/{ref}", { params: { path: { ref: dataset } }, signal })));
  const source = rev.data?.source;
  if (!source) return null;
  return (
    <span class="muted" data-testid="recorded-from">
      {" "}
      · imported from {source}
    </span>
  );
}
