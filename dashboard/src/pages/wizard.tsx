/**
 * New evaluation in three steps: select benchmarks, configure (target,
 * optional compare model, judge, attempts, sample limit, few-shot, subsets,
 * concurrency), run (confirm: the draft is saved, then started). With
 * ?run=<id> it edits an existing draft (a copy, say) instead.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { allPages, ApiError, client, requestId, unwrap } from "../lib/api";
import { Link, navigate, useLocation } from "../lib/router";
import type { Benchmark, CreateEvalRun, EvalRun, Judge, Target } from "../lib/types";
import { ErrorBox, Field, fieldErrors, Loading } from "../components/ui";
import { KeyField } from "../components/key-field";
import { int, statusLabel, statusRank } from "../lib/format";
import { scoringLabel } from "./benchmarks";
import { budgetText, estimateRun, usd, type RunBudget, type RunEstimate } from "../lib/budget";

interface TargetForm {
  /** outputs: recorded outputs (a dataset revision) scored instead of calling a model. */
  kind: "model" | "agent" | "outputs";
  provider: "openai" | "anthropic";
  base_url: string;
  model: string;
  name: string;
  runner_url: string;
  profile: string;
  /** undefined: keep the server's; null: remove; string: new. */
  api_key: string | null | undefined;
  serverKey: boolean;
  /** USD per million input and output tokens (target.price), as typed; both needed for a cost budget. */
  price_in: string;
  price_out: string;
  /** An outputs target: the revision name@version, its task-key, output and attempt columns (the last two optional as in the API). */
  dataset: string;
  key_column: string;
  output_column: string;
  attempt_column: string;
}

interface JudgeForm {
  provider: "openai" | "anthropic";
  base_url: string;
  model: string;
  api_key: string | null | undefined;
  serverKey: boolean;
}

const emptyTarget = (): TargetForm => ({
  kind: "model",
  provider: "openai",
  base_url: "",
  model: "",
  name: "",
  runner_url: "",
  profile: "",
  api_key: undefined,
  serverKey: false,
  price_in: "",
  price_out: "",
  dataset: "",
  key_column: "",
  output_column: "",
  attempt_column: "",
});

function targetForm(t: Target | null): TargetForm {
  if (!t) return emptyTarget();
  if (t.kind === "agent") return { ...emptyTarget(), kind: "agent", runner_url: t.runner_url, profile: t.profile, name: t.name ?? "" };
  if (t.kind === "outputs") {
    return { ...emptyTarget(), kind: "outputs", dataset: t.dataset, key_column: t.key_column ?? "", output_column: t.output_column, attempt_column: t.attempt_column ?? "", name: t.name ?? "" };
  }
  return {
    ...emptyTarget(),
    provider: t.provider,
    base_url: t.base_url,
    model: t.model,
    name: t.name ?? "",
    serverKey: !!t.api_key?.set,
    price_in: t.price ? String(t.price.input_per_mtok) : "",
    price_out: t.price ? String(t.price.output_per_mtok) : "",
  };
}

type TargetBody = CreateEvalRun["target"];
/** options.cache (src/domain/response-cache-key.ts CACHE_MODES). */
type CacheMode = "off" | "read_write" | "read_only";

function targetBody(f: TargetForm): TargetBody {
  if (f.kind === "agent") return { kind: "agent", runner_url: f.runner_url.trim(), profile: f.profile.trim(), ...(f.name.trim() ? { name: f.name.trim() } : {}) };
  if (f.kind === "outputs") {
    return {
      kind: "outputs",
      dataset: f.dataset.trim(),
      output_column: f.output_column.trim(),
      ...(f.key_column.trim() ? { key_column: f.key_column.trim() } : {}),
      ...(f.attempt_column.trim() ? { attempt_column: f.attempt_column.trim() } : {}),
      ...(f.name.trim() ? { name: f.name.trim() } : {}),
    };
  }
  const body: TargetBody & { kind: "model" } = { kind: "model", provider: f.provider, base_url: f.base_url.trim(), model: f.model.trim() };
  if (f.name.trim()) body.name = f.name.trim();
  if (f.api_key !== undefined) body.api_key = f.api_key;
  if (f.price_in.trim() !== "" && f.price_out.trim() !== "") body.price = { input_per_mtok: Number(f.price_in), output_per_mtok: Number(f.price_out) };
  return body;
}

function describeTarget(f: TargetForm): string {
  if (f.kind === "agent") return `agent ${f.profile || "?"} via ${f.runner_url || "?"}`;
  if (f.kind === "outputs") return `recorded outputs ${f.dataset || "?"} (column ${f.output_column || "?"}; no model is called)`;
  return `${f.model || "?"} (${f.provider}, ${f.base_url || "?"})`;
}

/** A multiple-choice benchmark may be asked by log-likelihood instead of by letter (options.mc_mode). */
const isMultipleChoice = (b: Benchmark) => b.scoring.type === "multiple_choice" && b.kind === "inline";

const STEPS = ["Select", "Configure", "Run"];

function TargetFields({ prefix, f, set, errors, errPrefix }: { prefix: string; f: TargetForm; set: (f: TargetForm) => void; errors: Record<string, string>; errPrefix: string }) {
  const upd = (patch: Partial<TargetForm>) => set({ ...f, ...patch });
  const inp = (k: keyof TargetForm) => (e: Event) => upd({ [k]: (e.target as HTMLInputElement).value } as Partial<TargetForm>);
  return (
    <div class="grid2">
      <Field id={`${prefix}-kind`} label="Kind">
        <select id={`${prefix}-kind`} value={f.kind} onChange={(e) => upd({ kind: (e.target as HTMLSelectElement).value as TargetForm["kind"] })}>
          <option value="model">Model (one call per sample)</option>
          <option value="agent">Agent (on an agent runner)</option>
          <option value="outputs">Recorded outputs (no model call)</option>
        </select>
      </Field>
      <Field id={`${prefix}-name`} label="Label (optional)" error={errors[`${errPrefix}.name`]}>
        <input id={`${prefix}-name`} value={f.name} onInput={inp("name")} placeholder="shown in reports" />
      </Field>
      {f.kind === "model" ? (
        <>
          <Field id={`${prefix}-provider`} label="API">
            <select id={`${prefix}-provider`} value={f.provider} onChange={(e) => upd({ provider: (e.target as HTMLSelectElement).value as "openai" | "anthropic" })}>
              <option value="openai">OpenAI-compatible</option>
              <option value="anthropic">Anthropic</option>
            </select>
          </Field>
          <Field id={`${prefix}-model`} label="Model" error={errors[`${errPrefix}.model`]}>
            <input id={`${prefix}-model`} required value={f.model} onInput={inp("model")} placeholder="e.g. gpt-4o-mini" />
          </Field>
          <Field id={`${prefix}-base-url`} label="Base URL" error={errors[`${errPrefix}.base_url`]}>
            <input id={`${prefix}-base-url`} type="url" required value={f.base_url} onInput={inp("base_url")} placeholder="e.g. https://api.openai.com/v1" />
          </Field>
          <KeyField id={`${prefix}-key`} label="API key" value={f.api_key} serverSet={f.serverKey} onChange={(v) => upd({ api_key: v })} />
          <Field id={`${prefix}-price-in`} label="Price, input (USD per million tokens)" hint="With the output price, costs are counted and a cost budget can be set (e.g. 2.50 and 10.00)" error={errors[`${errPrefix}.price.input_per_mtok`]}>
            <input id={`${prefix}-price-in`} type="number" min={0} step="any" value={f.price_in} onInput={inp("price_in")} placeholder="optional" />
          </Field>
          <Field id={`${prefix}-price-out`} label="Price, output (USD per million tokens)" error={errors[`${errPrefix}.price.output_per_mtok`]}>
            <input id={`${prefix}-price-out`} type="number" min={0} step="any" value={f.price_out} onInput={inp("price_out")} placeholder="optional" />
          </Field>
        </>
      ) : f.kind === "outputs" ? (
        <>
          <Field id={`${prefix}-dataset`} label="Outputs dataset (name@version)" hint="A revision of this project holding one output per row" error={errors[`${errPrefix}.dataset`]}>
            <input id={`${prefix}-dataset`} required value={f.dataset} onInput={inp("dataset")} placeholder="e.g. nightly-outputs@1" />
          </Field>
          <Field id={`${prefix}-output-column`} label="Output column" error={errors[`${errPrefix}.output_column`]}>
            <input id={`${prefix}-output-column`} required value={f.output_column} onInput={inp("output_column")} placeholder="output" />
          </Field>
          <Field id={`${prefix}-key-column`} label="Task key column (optional)" hint="Matches each output to its task by key; empty: row i is task i's output" error={errors[`${errPrefix}.key_column`]}>
            <input id={`${prefix}-key-column`} value={f.key_column} onInput={inp("key_column")} placeholder="id" />
          </Field>
          <Field id={`${prefix}-attempt-column`} label="Attempt column (optional)" hint="Orders a task's several outputs as its attempts" error={errors[`${errPrefix}.attempt_column`]}>
            <input id={`${prefix}-attempt-column`} value={f.attempt_column} onInput={inp("attempt_column")} />
          </Field>
        </>
      ) : (
        <>
          <Field id={`${prefix}-runner`} label="Agent runner URL" hint="Where your agent runner listens; it runs each attempt and reports back" error={errors[`${errPrefix}.runner_url`]}>
            <input id={`${prefix}-runner`} type="url" required value={f.runner_url} onInput={inp("runner_url")} />
          </Field>
          <Field id={`${prefix}-profile`} label="Agent profile (name@version)" hint="The agent setup the runner knows by this name" error={errors[`${errPrefix}.profile`]}>
            <input id={`${prefix}-profile`} required value={f.profile} onInput={inp("profile")} />
          </Field>
        </>
      )}
    </div>
  );
}

/** Empties the project's response cache (DELETE /api/cache, repeated while entries are left), saying how many went. */
function ClearCache() {
  const [state, setState] = useState<{ busy: boolean; deleted: number | null; error: unknown }>({ busy: false, deleted: null, error: null });
  const clear = async () => {
    setState({ busy: true, deleted: null, error: null });
    try {
      let deleted = 0;
      for (;;) {
        const r = await unwrap(client.DELETE("/api/cache", {}));
        deleted += r.deleted;
        if (!r.more) break;
      }
      setState({ busy: false, deleted, error: null });
    } catch (e) {
      setState({ busy: false, deleted: null, error: e });
    }
  };
  return (
    <span class="clear-cache">
      {" "}
      <button type="button" class="small" disabled={state.busy} onClick={clear}>
        {state.busy ? "Clearing…" : "Clear the project's cache"}
      </button>
      {state.deleted !== null && (
        <span class="muted" role="status" data-testid="cache-cleared">
          {" "}
          {state.deleted === 0 ? "The cache was empty." : `${state.deleted} cached ${state.deleted === 1 ? "reply" : "replies"} deleted.`}
        </span>
      )}
      {state.error ? <ErrorBox error={state.error} what="Clearing the cache" /> : null}
    </span>
  );
}

export default function Wizard() {
  const loc = useLocation();
  const draftId = loc.query.get("run");
  const [step, setStep] = useState(0);
  const [benchmarks, setBenchmarks] = useState<Benchmark[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [selected, setSelected] = useState<string[]>(() => (loc.query.get("benchmarks") ?? "").split(",").filter(Boolean));
  const [q, setQ] = useState("");
  const [displayName, setDisplayName] = useState("");
  const [target, setTarget] = useState<TargetForm>(emptyTarget);
  const [compareOn, setCompareOn] = useState(false);
  const [compare, setCompare] = useState<TargetForm>(emptyTarget);
  const [judgeOn, setJudgeOn] = useState(false);
  const [judge, setJudge] = useState<JudgeForm>({ provider: "openai", base_url: "", model: "", api_key: undefined, serverKey: false });
  const [attempts, setAttempts] = useState(1);
  const [sampleLimit, setSampleLimit] = useState("");
  const [fewShot, setFewShot] = useState("");
  const [concurrency, setConcurrency] = useState(8);
  /** The band's max when the run adapts (concurrency is then its min); null pins it. */
  const [adaptMax, setAdaptMax] = useState<number | null>(null);
  /** options.cache: reuse stored replies of the same request (read_write also stores new ones). */
  const [cache, setCache] = useState<CacheMode>("off");
  /** options.batch: the model calls go through the provider's batch API (about half the price, answered within 24 h). */
  const [batch, setBatch] = useState(false);
  /** options.budget, as typed: empty means no such limit. */
  const [budgetUsd, setBudgetUsd] = useState("");
  const [budgetOut, setBudgetOut] = useState("");
  /** The server's estimate of the draft, shown on the review step. */
  const [estimate, setEstimate] = useState<RunEstimate | null>(null);
  const [estimateError, setEstimateError] = useState<unknown>(null);
  const [subsets, setSubsets] = useState<Record<string, string[]>>({});
  /** Multiple-choice benchmarks asked by log-likelihood (options.per_benchmark[id].mc_mode); the others generate. */
  const [loglikelihood, setLoglikelihood] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [draft, setDraft] = useState<EvalRun | null>(null);
  const [reqId] = useState(requestId);

  useEffect(() => {
    allPages((page) => client.GET("/api/benchmarks", { params: { query: page } }), 5000).then(setBenchmarks, setLoadError);
  }, []);

  // Editing a draft: fill the form from it; keys show only as "set".
  useEffect(() => {
    if (!draftId) return;
    unwrap(client.GET("/api/eval-runs/{id}", { params: { path: { id: draftId } } })).then((r) => {
      setDraft(r);
      setSelected(r.benchmarks);
      setDisplayName(r.display_name ?? "");
      setTarget(targetForm(r.target));
      setCompareOn(!!r.compare_target);
      setCompare(targetForm(r.compare_target));
      if (r.judge) {
        setJudgeOn(true);
        setJudge({ provider: r.judge.provider, base_url: r.judge.base_url, model: r.judge.model, api_key: undefined, serverKey: !!r.judge.api_key?.set });
      }
      const o = r.options;
      setAttempts(o.attempts ?? 1);
      setSampleLimit(o.sample_limit ? String(o.sample_limit) : "");
      setFewShot(o.few_shot !== undefined ? String(o.few_shot) : "");
      const c = o.concurrency ?? 8;
      setConcurrency(typeof c === "number" ? c : c.min);
      setAdaptMax(typeof c === "number" || c.min === c.max ? null : c.max);
      setCache(o.cache ?? "off");
      setBatch(o.batch ?? false);
      const budget = o.budget;
      setBudgetUsd(budget?.max_cost_usd !== undefined ? String(budget.max_cost_usd) : "");
      setBudgetOut(budget?.max_output_tokens !== undefined ? String(budget.max_output_tokens) : "");
      setSubsets(Object.fromEntries(Object.entries(o.per_benchmark ?? {}).flatMap(([k, v]) => (v.subsets ? [[k, v.subsets]] : []))));
      const runMode = o.mc_mode;
      setLoglikelihood(Object.fromEntries(r.benchmarks.map((id) => [id, (o.per_benchmark?.[id]?.mc_mode ?? runMode) === "loglikelihood"])));
    }, setLoadError);
  }, [draftId]);

  const chosen = useMemo(() => selected.map((id) => benchmarks?.find((b) => b.id === id)).filter((b): b is Benchmark => !!b), [selected, benchmarks]);
  const needsJudge = chosen.filter((b) => b.scoring.type === "llm_judge");
  useEffect(() => {
    if (needsJudge.length > 0) setJudgeOn(true);
  }, [needsJudge.length]);

  const errors = fieldErrors(error);

  const body = () => {
    const perBenchmark: Record<string, { subsets?: string[]; mc_mode?: "loglikelihood" }> = {};
    for (const id of selected) if (subsets[id]?.length) perBenchmark[id] = { subsets: subsets[id]! };
    for (const b of chosen) if (isMultipleChoice(b) && loglikelihood[b.id]) perBenchmark[b.id] = { ...perBenchmark[b.id], mc_mode: "loglikelihood" };
    const band = adaptMax !== null && adaptMax > concurrency ? { min: concurrency, max: adaptMax } : concurrency;
    const options = { attempts, concurrency: band, per_benchmark: perBenchmark } as NonNullable<CreateEvalRun["options"]>;
    if (sampleLimit) options.sample_limit = Number(sampleLimit);
    if (fewShot !== "") options.few_shot = Number(fewShot);
    if (cache !== "off") options.cache = cache;
    if (batch) options.batch = true;
    const budget: RunBudget = {};
    if (budgetUsd.trim() !== "") budget.max_cost_usd = Number(budgetUsd);
    if (budgetOut.trim() !== "") budget.max_output_tokens = Number(budgetOut);
    if (Object.keys(budget).length) options.budget = budget;
    const judgeBody: CreateEvalRun["judge"] = judgeOn ? { provider: judge.provider, base_url: judge.base_url.trim(), model: judge.model.trim() } : null;
    if (judgeBody && judge.api_key !== undefined) judgeBody.api_key = judge.api_key;
    return {
      benchmarks: selected,
      target: targetBody(target),
      compare_target: compareOn ? targetBody(compare) : null,
      judge: judgeBody,
      options,
    };
  };

  /** Saves the draft (create, or patch an existing one); the saved run. */
  const save = async (): Promise<EvalRun | null> => {
    setError(null);
    try {
      const b = body();
      const name = displayName.trim();
      const run = draft
        ? // An edit clears a removed name (null); a create leaves it out.
          await unwrap(client.PATCH("/api/eval-runs/{id}", { params: { path: { id: draft.id } }, body: { ...b, display_name: name || null } }))
        : await unwrap(client.POST("/api/eval-runs", { body: { ...b, ...(name ? { display_name: name } : {}), request_id: reqId } }));
      setDraft(run);
      return run;
    } catch (e) {
      setError(e);
      return null;
    }
  };

  const start = async () => {
    setBusy("start");
    const run = await save();
    if (run) {
      try {
        await unwrap(client.POST("/api/eval-runs/{id}/start", { params: { path: { id: run.id } } }));
        navigate(`/runs/${run.id}`);
        return;
      } catch (e) {
        setError(e);
      }
    }
    setBusy(null);
  };

  const saveOnly = async () => {
    setBusy("save");
    const run = await save();
    setBusy(null);
    if (run) navigate(`/runs/${run.id}`);
  };

  // The review step shows what the draft would spend, from the server's estimate of its rendered prompts.
  useEffect(() => {
    if (step !== 2) return;
    const ctl = new AbortController();
    setEstimate(null);
    setEstimateError(null);
    // Recorded outputs call no model: nothing to estimate.
    if (target.kind === "outputs" && (!compareOn || compare.kind === "outputs")) return;
    estimateRun(body() as CreateEvalRun, ctl.signal).then(setEstimate, (e) => {
      if (!ctl.signal.aborted) setEstimateError(e);
    });
    return () => ctl.abort();
  }, [step]);

  if (loadError) return <ErrorBox error={loadError} what="The wizard" />;
  if (!benchmarks || (draftId && !draft)) return <Loading />;

  const needle = q.trim().toLowerCase();
  // What can run comes first; an entry that cannot run stays visible (a user looking for it learns why) but cannot be picked.
  const visible = benchmarks
    .filter((b) => !b.archived && (!needle || `${b.name} ${b.category ?? ""} ${b.description}`.toLowerCase().includes(needle)))
    .sort((a, b) => statusRank(a.status) - statusRank(b.status));
  const canConfigure = selected.length > 0;
  const filled = (t: TargetForm) => (t.kind === "model" ? t.model.trim() && t.base_url.trim() : t.kind === "outputs" ? t.dataset.trim() && t.output_column.trim() : t.runner_url.trim() && t.profile.trim());
  const targetOk = filled(target);
  const compareOk = !compareOn || filled(compare);
  const judgeOk = !judgeOn || (judge.model.trim() && judge.base_url.trim());
  const canRun = canConfigure && targetOk && compareOk && judgeOk;

  return (
    <section class="wizard">
      <h1>{draft ? `Edit draft ${draft.display_name ?? draft.id}` : "New evaluation"}</h1>
      <ol class="steps" aria-label="Steps">
        {STEPS.map((s, i) => (
          <li key={s} class={i === step ? "current" : i < step ? "done" : ""} aria-current={i === step ? "step" : undefined}>
            <button type="button" class="link" disabled={(i >= 1 && !canConfigure) || (i === 2 && !canRun)} onClick={() => setStep(i)}>
              {i + 1}. {s}
            </button>
          </li>
        ))}
      </ol>

      {step === 0 && (
        <div>
          <div class="toolbar">
            <label for="wz-search" class="sr-only">
              Search benchmarks
            </label>
            <input id="wz-search" type="search" placeholder="Search benchmarks" value={q} onInput={(e) => setQ((e.target as HTMLInputElement).value)} />
            <span class="muted">{selected.length} selected</span>
          </div>
          <fieldset class="pick-list">
            <legend class="sr-only">Benchmarks to run</legend>
            {visible.length === 0 && (
              <p class="muted">
                {q ? `No benchmark matches “${q}”: try another word, or ` : "No benchmark yet: "}
                <Link href="/benchmarks/new">build one from your data</Link>.
              </p>
            )}
            {visible.map((b) => (
              <label class={`pick status-${b.status}`} key={b.id} data-status={b.status} title={b.status === "runnable" ? undefined : b.status_detail}>
                <input
                  type="checkbox"
                  disabled={b.status === "unavailable" && !selected.includes(b.id)}
                  checked={selected.includes(b.id)}
                  onChange={(e) => setSelected((cur) => ((e.target as HTMLInputElement).checked ? [...cur, b.id] : cur.filter((x) => x !== b.id)))}
                />
                <span>
                  <strong>{b.name}</strong> <span class="muted">{b.builtin ? b.category : "custom"} · {scoringLabel(b.scoring)} · {int(b.sample_size)} samples{b.status === "runnable" ? "" : ` · ${statusLabel(b.status)}`}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div class="actions">
            <button type="button" class="primary" disabled={!canConfigure} onClick={() => setStep(1)}>
              Next: configure
            </button>
          </div>
        </div>
      )}

      {step === 1 && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (canRun) setStep(2);
          }}
        >
          <fieldset>
            <legend>Run</legend>
            <Field id="wz-name" label="Run name (optional)" error={errors.display_name}>
              <input id="wz-name" value={displayName} onInput={(e) => setDisplayName((e.target as HTMLInputElement).value)} />
            </Field>
          </fieldset>
          <fieldset>
            <legend>Target</legend>
            <TargetFields prefix="target" f={target} set={setTarget} errors={errors} errPrefix="target" />
          </fieldset>
          <fieldset>
            <legend>Compare model</legend>
            <label class="check">
              <input type="checkbox" checked={compareOn} onChange={(e) => setCompareOn((e.target as HTMLInputElement).checked)} /> Also score a second target; the report adds per-subset deltas
            </label>
            {compareOn && <TargetFields prefix="compare" f={compare} set={setCompare} errors={errors} errPrefix="compare_target" />}
          </fieldset>
          <fieldset>
            <legend>Judge</legend>
            {needsJudge.length > 0 ? (
              <p class="hint">Needed by {needsJudge.map((b) => b.name).join(", ")} (LLM judge scoring).</p>
            ) : (
              <label class="check">
                <input type="checkbox" checked={judgeOn} onChange={(e) => setJudgeOn((e.target as HTMLInputElement).checked)} /> Use a judge model
              </label>
            )}
            {judgeOn && (
              <div class="grid2">
                <Field id="judge-provider" label="API">
                  <select id="judge-provider" value={judge.provider} onChange={(e) => setJudge({ ...judge, provider: (e.target as HTMLSelectElement).value as Judge["provider"] })}>
                    <option value="openai">OpenAI-compatible</option>
                    <option value="anthropic">Anthropic</option>
                  </select>
                </Field>
                <Field id="judge-model" label="Judge model" error={errors["judge.model"]}>
                  <input id="judge-model" required value={judge.model} onInput={(e) => setJudge({ ...judge, model: (e.target as HTMLInputElement).value })} />
                </Field>
                <Field id="judge-base-url" label="Judge base URL" error={errors["judge.base_url"]}>
                  <input id="judge-base-url" type="url" required value={judge.base_url} onInput={(e) => setJudge({ ...judge, base_url: (e.target as HTMLInputElement).value })} />
                </Field>
                <KeyField id="judge-key" label="Judge API key" value={judge.api_key} serverSet={judge.serverKey} onChange={(v) => setJudge({ ...judge, api_key: v })} />
              </div>
            )}
          </fieldset>
          <fieldset>
            <legend>Options</legend>
            <div class="grid3">
              <Field id="opt-attempts" label="Attempts per sample (k)" hint="pass@k and pass^k use this k" error={errors["options.attempts"]}>
                <input id="opt-attempts" type="number" min={1} max={100} value={attempts} onInput={(e) => setAttempts(Math.max(1, Number((e.target as HTMLInputElement).value) || 1))} />
              </Field>
              <Field id="opt-limit" label="Sample limit" hint="Empty: every sample" error={errors["options.sample_limit"]}>
                <input id="opt-limit" type="number" min={1} value={sampleLimit} onInput={(e) => setSampleLimit((e.target as HTMLInputElement).value)} />
              </Field>
              <Field id="opt-few-shot" label="Few-shot" hint="Empty: each benchmark's own" error={errors["options.few_shot"]}>
                <input id="opt-few-shot" type="number" min={0} max={20} value={fewShot} onInput={(e) => setFewShot((e.target as HTMLInputElement).value)} />
              </Field>
              <Field id="opt-concurrency" label="Concurrency" hint="Model calls at once" error={errors["options.concurrency"]}>
                <input id="opt-concurrency" type="number" min={1} max={1000} value={concurrency} onInput={(e) => setConcurrency(Math.max(1, Number((e.target as HTMLInputElement).value) || 1))} />
              </Field>
              <Field id="opt-adapt-max" label="Adapt up to" hint="Empty pins the concurrency; a larger number starts at it and adapts to the endpoint (grows while calls succeed, backs off on 429s)">
                <input id="opt-adapt-max" type="number" min={1} max={1000} value={adaptMax ?? ""} onInput={(e) => { const v = (e.target as HTMLInputElement).value; setAdaptMax(v === "" ? null : Math.max(1, Number(v) || 1)); }} />
              </Field>
              <Field id="opt-cache" label="Response cache" hint="Reuse replies of the same request and attempt (off: call the model every time); errors are never cached" error={errors["options.cache"]}>
                <select id="opt-cache" value={cache} onChange={(e) => setCache((e.target as HTMLSelectElement).value as CacheMode)}>
                  <option value="off">off</option>
                  <option value="read_write">read and store</option>
                  <option value="read_only">read only</option>
                </select>
                <ClearCache />
              </Field>
              <Field id="opt-batch" label="Batch API" hint="Submit the model calls as one provider batch (OpenAI or Anthropic): about half the price, answered within 24 h; model targets with single-turn prompts" error={errors["options.batch"]}>
                <label>
                  <input id="opt-batch" type="checkbox" checked={batch} onChange={(e) => setBatch((e.target as HTMLInputElement).checked)} /> Use the batch API
                </label>
              </Field>
              <Field id="opt-budget-usd" label="Budget (USD)" hint="Optional: stop before a call would pass this cost (needs the target's prices); what was scored is kept" error={errors["options.budget.max_cost_usd"] ?? errors["options.budget"]}>
                <input id="opt-budget-usd" type="number" min={0} step="any" value={budgetUsd} onInput={(e) => setBudgetUsd((e.target as HTMLInputElement).value)} placeholder="no limit" />
              </Field>
              <Field id="opt-budget-output" label="Output-token budget" hint="Optional: each call reserves its max output tokens" error={errors["options.budget.max_output_tokens"]}>
                <input id="opt-budget-output" type="number" min={1} step={1} value={budgetOut} onInput={(e) => setBudgetOut((e.target as HTMLInputElement).value)} placeholder="no limit" />
              </Field>
            </div>
            {chosen
              .filter((b) => b.subsets.length > 0 || (b.catalog && Array.isArray((b.catalog as { subsets?: unknown }).subsets)))
              .map((b) => (
                <fieldset class="inline-choices" key={b.id}>
                  <legend>Subsets of {b.name} (none ticked: all)</legend>
                  {b.subsets.map((s) => (
                    <label class="check" key={s}>
                      <input
                        type="checkbox"
                        checked={(subsets[b.id] ?? []).includes(s)}
                        onChange={(e) =>
                          setSubsets((cur) => {
                            const list = cur[b.id] ?? [];
                            return { ...cur, [b.id]: (e.target as HTMLInputElement).checked ? [...list, s] : list.filter((x) => x !== s) };
                          })
                        }
                      />{" "}
                      {s}
                    </label>
                  ))}
                </fieldset>
              ))}
            {chosen.filter(isMultipleChoice).map((b) => (
              <Field
                key={`mode-${b.id}`}
                id={`opt-mc-mode-${b.id}`}
                label={`How ${b.name} is asked`}
                hint="Log-likelihood scores base models as lm-evaluation-harness does: each choice's log-likelihood from the target's OpenAI-compatible /v1/completions (echo and logprobs; vLLM serves it), acc and acc_norm"
                error={errors[`options.per_benchmark.${b.id}.mc_mode`] ?? errors["options.mc_mode"]}
              >
                <select
                  id={`opt-mc-mode-${b.id}`}
                  value={loglikelihood[b.id] ? "loglikelihood" : "generate"}
                  onChange={(e) => setLoglikelihood((cur) => ({ ...cur, [b.id]: (e.target as HTMLSelectElement).value === "loglikelihood" }))}
                >
                  <option value="generate">Generate: the model replies with a letter</option>
                  <option value="loglikelihood">Log-likelihood (base models, /v1/completions)</option>
                </select>
              </Field>
            ))}
          </fieldset>
          {error ? <ErrorBox error={error} what="Not saved" /> : null}
          <div class="actions">
            <button type="button" onClick={() => setStep(0)}>
              Back
            </button>
            <button type="submit" class="primary" disabled={!canRun}>
              Next: review
            </button>
          </div>
        </form>
      )}

      {step === 2 && (
        <div>
          <h2>Review</h2>
          <dl class="facts">
            <dt>Benchmarks</dt>
            <dd>
              <ul class="plain">
                {chosen.map((b) => (
                  <li key={b.id}>
                    {b.name} <span class="muted">({int(b.sample_size)} samples{subsets[b.id]?.length ? `; subsets ${subsets[b.id]!.join(", ")}` : ""}{isMultipleChoice(b) && loglikelihood[b.id] ? "; by log-likelihood" : ""})</span>
                  </li>
                ))}
              </ul>
            </dd>
            <dt>Target</dt>
            <dd data-testid="review-target">{describeTarget(target)}</dd>
            {compareOn && (
              <>
                <dt>Compare</dt>
                <dd>{describeTarget(compare)}</dd>
              </>
            )}
            <dt>Judge</dt>
            <dd>{judgeOn ? `${judge.model} (${judge.provider}, ${judge.base_url})` : "none"}</dd>
            <dt>Attempts (k)</dt>
            <dd>{attempts}</dd>
            <dt>Sample limit</dt>
            <dd>{sampleLimit || "all"}</dd>
            <dt>Few-shot</dt>
            <dd>{fewShot === "" ? "per benchmark" : fewShot}</dd>
            <dt>Concurrency</dt>
            <dd>{adaptMax !== null && adaptMax > concurrency ? `${concurrency}..${adaptMax} (adapts)` : concurrency}</dd>
            <dt>Response cache</dt>
            <dd>{cache === "off" ? "off" : cache === "read_write" ? "read and store" : "read only"}</dd>
            <dt>Batch API</dt>
            <dd>{batch ? "yes: calls wait on a provider batch" : "no: one call each"}</dd>
            <dt>Budget</dt>
            <dd>{budgetUsd.trim() || budgetOut.trim() ? budgetText({ ...(budgetUsd.trim() ? { max_cost_usd: Number(budgetUsd) } : {}), ...(budgetOut.trim() ? { max_output_tokens: Number(budgetOut) } : {}) }) : "none"}</dd>
            <dt>Estimate</dt>
            <dd data-testid="review-estimate">
              {estimate ? (
                <>
                  {int(estimate.total.calls)} model calls, about {int(estimate.total.input_tokens)} input tokens and at most {int(estimate.total.output_tokens)} output tokens
                  {estimate.total.cost_usd !== null ? `, at most ${usd(estimate.total.cost_usd)}` : " (no price: cost unknown)"}
                  {estimate.budget_exceeded_by && (
                    <div class="notice warn">The budget ({estimate.budget_exceeded_by.replace(/_/g, " ")}) would stop this run before its last calls: it would end cancelled, with what was scored kept and the rest missing.</div>
                  )}
                  {estimate.benchmarks.filter((b) => b.error).map((b) => (
                    <div key={b.benchmark_id} class="muted">
                      {b.benchmark_id}: {b.error}
                    </div>
                  ))}
                </>
              ) : target.kind === "outputs" && (!compareOn || compare.kind === "outputs") ? (
                <span class="muted">no model calls: the recorded outputs are scored</span>
              ) : estimateError ? (
                <span class="muted">not available ({estimateError instanceof ApiError ? estimateError.detail : "the server did not answer"})</span>
              ) : (
                <span class="muted">estimating…</span>
              )}
            </dd>
          </dl>
          {error ? (
            <>
              <ErrorBox error={error} what={draft ? "Saved as a draft but not started" : "Not saved"} />
              {error instanceof ApiError && error.status === 422 && (
                <p>
                  <button type="button" class="link" onClick={() => setStep(1)}>
                    Back to configure to fix the fields
                  </button>
                </p>
              )}
            </>
          ) : null}
          {draft && <p class="muted">Draft saved as <Link href={`/runs/${draft.id}`}>{draft.id}</Link>.</p>}
          <div class="actions">
            <button type="button" onClick={() => setStep(1)}>
              Back
            </button>
            <button type="button" disabled={!!busy} onClick={saveOnly}>
              {busy === "save" ? "Saving…" : "Save draft"}
            </button>
            <button type="button" class="primary" disabled={!!busy || !canRun} onClick={start}>
              {busy === "start" ? "Starting…" : "Start evaluation"}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
