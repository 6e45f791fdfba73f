/**
 * The custom benchmark builder: a dataset revision and its split, the
 * prompt and answer columns read from the revision's real columns, and the
 * scoring (contains, exact match, regex with its pattern, numeric with its
 * mode, multiple choice, LLM judge with its criteria, code execution with
 * its test, entry point and stub columns). No judge model here: a run
 * brings its judge; code runs in the deployment's sandbox.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { allPages, client, unwrap } from "../lib/api";
import { Link, navigate } from "../lib/router";
import type { CreateBenchmark, DatasetRevision, DatasetRow } from "../lib/types";
import { Empty, ErrorBox, Field, fieldErrors, Loading } from "../components/ui";
import { DatasetRows } from "../components/dataset-rows";
import { DatasetUpload } from "../components/dataset-upload";
import { int } from "../lib/format";

type ScoringType = "contains" | "exact_match" | "regex" | "numeric" | "multiple_choice" | "llm_judge" | "code_execution";

const SCORING: [ScoringType, string, string][] = [
  ["contains", "Contains", "The expected answer appears anywhere in the output."],
  ["exact_match", "Exact match", "The whole output equals the expected answer after formatting cleanup."],
  ["regex", "Regex", "A pattern pulls the answer out of the output, then compares it exactly."],
  ["numeric", "Numeric", "The output's final number (or its '#### N' line, when strict) equals the expected number; 1,000 and $1000. count as 1000."],
  ["multiple_choice", "Multiple choice", "The answer letter (A, B, …) read from the output equals the expected letter; choices come from an options or choices column."],
  ["llm_judge", "LLM judge", "A model scores each answer against the expected one using your criteria (the run supplies the judge)."],
  ["code_execution", "Code execution", "The reply's Python code runs in the sandbox with the row's tests; it passes when every test does."],
];

/** Fills {column} placeholders the way the server does ({{ and }} are literal braces). */
function render(template: string, row: Record<string, unknown>): string {
  return template.replace(/\{\{|\}\}|\{([^{}]+)\}/g, (m, name: string | undefined) => {
    if (m === "{{") return "{";
    if (m === "}}") return "}";
    const v = row[name!];
    return v === undefined ? m : typeof v === "string" ? v : JSON.stringify(v);
  });
}

export default function Builder() {
  const [revisions, setRevisions] = useState<DatasetRevision[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [ref, setRef] = useState("");
  const [split, setSplit] = useState("");
  const [promptMode, setPromptMode] = useState<"column" | "template">("column");
  const [promptColumn, setPromptColumn] = useState("");
  const [template, setTemplate] = useState("");
  const [answerColumn, setAnswerColumn] = useState("");
  const [scoring, setScoring] = useState<ScoringType>("contains");
  const [ignoreCase, setIgnoreCase] = useState(true);
  const [pattern, setPattern] = useState("");
  const [numericMode, setNumericMode] = useState<"flexible" | "strict">("flexible");
  const [criteria, setCriteria] = useState("");
  const [harness, setHarness] = useState<"humaneval" | "mbpp">("humaneval");
  const [testColumn, setTestColumn] = useState("");
  const [entryColumn, setEntryColumn] = useState("");
  const [stubColumn, setStubColumn] = useState("");
  const [codeTimeout, setCodeTimeout] = useState(10);
  const [fewShot, setFewShot] = useState(0);
  const [subsets, setSubsets] = useState<string[]>([]);
  const [preview, setPreview] = useState<DatasetRow | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);

  useEffect(() => {
    allPages((page) => client.GET("/api/datasets", { params: { query: page } }), 2000).then(setRevisions, setLoadError);
  }, []);

  const revision = useMemo(() => revisions?.find((r) => r.ref === ref), [revisions, ref]);

  // A new revision: reset what depended on the old one, guess sensible columns.
  useEffect(() => {
    setSplit("");
    setSubsets([]);
    setPreview(null);
    if (!revision) return;
    const cols = revision.columns.map((c) => c.name);
    const guess = (names: string[]) => cols.find((c) => names.includes(c.toLowerCase())) ?? "";
    setPromptColumn(guess(["prompt", "question", "input", "query", "problem", "text"]) || cols[0] || "");
    setAnswerColumn(guess(["answer", "final", "expected", "target", "output", "label", "solution"]) || cols[1] || "");
    setTestColumn(guess(["test", "tests", "test_list"]));
    setEntryColumn(guess(["entry_point", "function", "entry"]));
    setStubColumn("");
    unwrap(client.GET("/api/datasets/{ref}/rows", { params: { path: { ref: revision.ref }, query: { limit: 1 } } })).then(
      (p) => setPreview(p.items[0] ?? null),
      () => setPreview(null),
    );
  }, [revision?.ref]);

  const errors = fieldErrors(saveError);
  const byName = useMemo(() => {
    const m = new Map<string, DatasetRevision[]>();
    for (const r of revisions ?? []) m.set(r.name, [...(m.get(r.name) ?? []), r]);
    return [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [revisions]);

  const submit = async (e: Event) => {
    e.preventDefault();
    setSaving(true);
    setSaveError(null);
    const spec: CreateBenchmark["scoring"] =
      scoring === "regex"
        ? { type: "regex", pattern }
        : scoring === "llm_judge"
          ? { type: "llm_judge", criteria }
          : scoring === "code_execution"
            ? {
                type: "code_execution",
                language: "python",
                harness,
                test_column: testColumn,
                ...(entryColumn ? { entry_point_column: entryColumn } : {}),
                ...(stubColumn ? { prompt_column: stubColumn } : {}),
                timeout_s: codeTimeout,
              }
          : scoring === "contains"
            ? { type: "contains", ignore_case: ignoreCase }
            : scoring === "numeric"
              ? { type: "numeric", mode: numericMode }
              : { type: scoring };
    const body: CreateBenchmark = {
      name: name.trim(),
      description,
      dataset: ref,
      answer_column: answerColumn,
      scoring: spec,
      few_shot: fewShot,
    };
    if (split) body.split = split;
    if (promptMode === "column") body.prompt_column = promptColumn;
    else body.prompt_template = template;
    if (subsets.length) body.subsets = subsets;
    try {
      const b = await unwrap(client.POST("/api/benchmarks", { body }));
      navigate(`/benchmarks/${b.id}`);
    } catch (err) {
      setSaveError(err);
    } finally {
      setSaving(false);
    }
  };

  if (loadError) return <ErrorBox error={loadError} what="Datasets" />;
  if (!revisions) return <Loading what="Loading datasets" />;

  const columns = revision?.columns ?? [];
  const promptPreview = preview ? (promptMode === "column" ? String(preview.data[promptColumn] ?? "") : render(template, preview.data)) : "";

  return (
    <section class="builder">
      <p class="crumbs">
        <Link href="/benchmarks">Benchmarks</Link> / New custom benchmark
      </p>
      <h1>New custom benchmark</h1>
      {revisions.length === 0 && <Empty>This project has no dataset yet. Upload a JSONL, CSV or Parquet file under Data below; its columns then fill the pickers.</Empty>}
      <form onSubmit={submit} class="form" aria-describedby={saveError ? "save-error" : undefined}>
        <fieldset>
          <legend>What it tests</legend>
          <Field id="bm-name" label="Name" error={errors.name}>
            <input id="bm-name" required maxLength={100} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </Field>
          <Field id="bm-description" label="Description" error={errors.description}>
            <textarea id="bm-description" rows={2} maxLength={2000} value={description} onInput={(e) => setDescription((e.target as HTMLTextAreaElement).value)} />
          </Field>
        </fieldset>

        <fieldset>
          <legend>Data</legend>
          <details class="upload-box" open={uploadOpen || revisions.length === 0} onToggle={(e) => setUploadOpen((e.target as HTMLDetailsElement).open)}>
            <summary>Upload a new dataset revision</summary>
            <DatasetUpload
              onUploaded={(r) => {
                setRevisions((cur) => [r, ...(cur ?? []).filter((x) => x.ref !== r.ref)]);
                setRef(r.ref);
              }}
            />
          </details>
          <Field id="bm-dataset" label="Dataset" error={errors.dataset} hint={revision ? `${int(revision.row_count)} rows, ${revision.columns.length} columns` : undefined}>
            <select id="bm-dataset" required value={ref} onChange={(e) => setRef((e.target as HTMLSelectElement).value)}>
              <option value="">Choose a dataset revision…</option>
              {byName.map(([n, revs]) => (
                <optgroup label={n} key={n}>
                  {revs.map((r) => (
                    <option value={r.ref} key={r.ref}>
                      {r.ref} — {int(r.row_count)} rows{r.global ? " (built-in)" : ""}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </Field>
          <Field id="bm-split" label="Split" error={errors.split} hint={revision && revision.splits.length === 0 ? "This revision has no split column: all rows are used." : undefined}>
            <select id="bm-split" value={split} disabled={!revision || revision.splits.length === 0} onChange={(e) => setSplit((e.target as HTMLSelectElement).value)}>
              <option value="">All rows</option>
              {revision?.splits.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </Field>
          {revision && <DatasetRows revision={revision} highlight={[promptMode === "column" ? promptColumn : "", answerColumn].filter(Boolean)} />}
          {revision && revision.subsets.length > 0 && (
            <fieldset class="inline-choices">
              <legend>Subsets (none ticked: all)</legend>
              {revision.subsets.map((s) => (
                <label class="check" key={s}>
                  <input
                    type="checkbox"
                    checked={subsets.includes(s)}
                    onChange={(e) => setSubsets((cur) => ((e.target as HTMLInputElement).checked ? [...cur, s] : cur.filter((x) => x !== s)))}
                  />{" "}
                  {s}
                </label>
              ))}
            </fieldset>
          )}
        </fieldset>

        <fieldset>
          <legend>Columns</legend>
          <div class="inline-choices" role="radiogroup" aria-label="Prompt from">
            <label class="check">
              <input type="radio" name="prompt-mode" checked={promptMode === "column"} onChange={() => setPromptMode("column")} /> Prompt is a column
            </label>
            <label class="check">
              <input type="radio" name="prompt-mode" checked={promptMode === "template"} onChange={() => setPromptMode("template")} /> Prompt template
            </label>
          </div>
          {promptMode === "column" ? (
            <Field id="bm-prompt-column" label="Prompt column" error={errors.prompt_column}>
              <select id="bm-prompt-column" required disabled={!revision} value={promptColumn} onChange={(e) => setPromptColumn((e.target as HTMLSelectElement).value)}>
                {columns.map((c) => (
                  <option key={c.name} value={c.name}>
                    {c.name} ({c.type})
                  </option>
                ))}
              </select>
            </Field>
          ) : (
            <Field id="bm-template" label="Prompt template" hint={`Placeholders name columns: ${columns.map((c) => `{${c.name}}`).join(" ") || "choose a dataset first"}`} error={errors.prompt_template}>
              <textarea id="bm-template" rows={4} required value={template} onInput={(e) => setTemplate((e.target as HTMLTextAreaElement).value)} />
            </Field>
          )}
          <Field id="bm-answer-column" label="Answer column" error={errors.answer_column}>
            <select id="bm-answer-column" required disabled={!revision} value={answerColumn} onChange={(e) => setAnswerColumn((e.target as HTMLSelectElement).value)}>
              {columns.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.name} ({c.type})
                </option>
              ))}
            </select>
          </Field>
          {preview && (
            <div class="preview" aria-label="First row preview">
              <h3>First row</h3>
              <p>
                <strong>Prompt:</strong>
              </p>
              <pre class="wrap">{promptPreview || "—"}</pre>
              <p>
                <strong>Expected answer:</strong> <code>{String(preview.data[answerColumn] ?? "—")}</code>
              </p>
            </div>
          )}
        </fieldset>

        <fieldset>
          <legend>Scoring</legend>
          <div class="choices" role="radiogroup" aria-label="Scoring">
            {SCORING.map(([t, label, help]) => (
              <label class="choice" key={t}>
                <input type="radio" name="scoring" value={t} checked={scoring === t} onChange={() => setScoring(t)} />
                <span>
                  <strong>{label}</strong> <small class="muted">{help}</small>
                </span>
              </label>
            ))}
          </div>
          {scoring === "contains" && (
            <label class="check">
              <input type="checkbox" checked={ignoreCase} onChange={(e) => setIgnoreCase((e.target as HTMLInputElement).checked)} /> Ignore case
            </label>
          )}
          {scoring === "regex" && (
            <Field id="bm-pattern" label="Pattern" hint="The first capture group (or the whole match) is the answer, e.g. #### (-?[0-9.,]+)" error={errors["scoring.pattern"] ?? errors.scoring}>
              <input id="bm-pattern" required class="mono" value={pattern} onInput={(e) => setPattern((e.target as HTMLInputElement).value)} />
            </Field>
          )}
          {scoring === "numeric" && (
            <Field id="bm-numeric-mode" label="Number from" error={errors["scoring.mode"] ?? errors.scoring}>
              <select id="bm-numeric-mode" value={numericMode} onChange={(e) => setNumericMode((e.target as HTMLSelectElement).value as "flexible" | "strict")}>
                <option value="flexible">the last number in the output</option>
                <option value="strict">only a '#### N' line</option>
              </select>
            </Field>
          )}
          {scoring === "code_execution" && (
            <>
              <Field id="bm-harness" label="Harness" error={errors["scoring.harness"]}>
                <select id="bm-harness" value={harness} onChange={(e) => setHarness((e.target as HTMLSelectElement).value as "humaneval" | "mbpp")}>
                  <option value="humaneval">HumanEval: stub + reply + tests + check(entry point)</option>
                  <option value="mbpp">MBPP: reply + tests (assert lines)</option>
                </select>
              </Field>
              <Field id="bm-test-column" label="Tests column" hint="Test code, or a list of assert lines." error={errors["scoring.test_column"]}>
                <select id="bm-test-column" required value={testColumn} onChange={(e) => setTestColumn((e.target as HTMLSelectElement).value)}>
                  <option value="">—</option>
                  {columns.map((c) => (
                    <option key={c.name} value={c.name}>
                      {c.name} ({c.type})
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="bm-entry-column" label="Entry point column" hint="The function's name, for check(<entry point>); required by the HumanEval harness." error={errors["scoring.entry_point_column"]}>
                <select id="bm-entry-column" value={entryColumn} onChange={(e) => setEntryColumn((e.target as HTMLSelectElement).value)}>
                  <option value="">—</option>
                  {columns.map((c) => (
                    <option key={c.name} value={c.name}>
                      {c.name} ({c.type})
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="bm-stub-column" label="Code before the reply" hint="Optional: a column of code (a function stub) that goes before the reply's." error={errors["scoring.prompt_column"]}>
                <select id="bm-stub-column" value={stubColumn} onChange={(e) => setStubColumn((e.target as HTMLSelectElement).value)}>
                  <option value="">none</option>
                  {columns.map((c) => (
                    <option key={c.name} value={c.name}>
                      {c.name} ({c.type})
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="bm-code-timeout" label="Timeout (seconds)" hint="Per program, in the sandbox (1–120)." error={errors["scoring.timeout_s"]}>
                <input id="bm-code-timeout" type="number" min={1} max={120} value={codeTimeout} onInput={(e) => setCodeTimeout(Number((e.target as HTMLInputElement).value) || 10)} />
              </Field>
            </>
          )}
          {scoring === "llm_judge" && (
            <Field id="bm-criteria" label="Criteria" hint="What the judge checks; the judge model is chosen per run." error={errors["scoring.criteria"] ?? errors.scoring}>
              <textarea id="bm-criteria" rows={4} required value={criteria} onInput={(e) => setCriteria((e.target as HTMLTextAreaElement).value)} />
            </Field>
          )}
          <Field id="bm-few-shot" label="Few-shot examples" hint="Solved rows put before each prompt (0–20)." error={errors.few_shot}>
            <input id="bm-few-shot" type="number" min={0} max={20} value={fewShot} onInput={(e) => setFewShot(Number((e.target as HTMLInputElement).value) || 0)} />
          </Field>
        </fieldset>

        {saveError ? (
          <div id="save-error">
            <ErrorBox error={saveError} what="Not saved" />
          </div>
        ) : null}
        <div class="actions">
          <button type="submit" class="primary" disabled={saving || !ref}>
            {saving ? "Saving…" : "Save benchmark"}
          </button>
          <Link class="button" href="/benchmarks">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
