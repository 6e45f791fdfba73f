// `assay job ...`: submit an eval run (create + start), read it, follow it,
// read its results, stop, resume, copy, re-score and export it. Network I/O via the
// client; writes the files it is asked to.
import { readFileSync, writeFileSync } from "node:fs";
import { choiceFlag, intFlag, numberFlag } from "../args.mjs";
import { concurrencyFlag, concurrencyText } from "../concurrency.mjs";
import { EXIT, UsageError } from "../errors.mjs";
import { note, printFields, printJson, printTable } from "../output.mjs";
import { watchRun } from "../watch.mjs";
import { reportRun } from "./report.mjs";
import { errorCountsText } from "../results.mjs";
import { budgetStopText, budgetText } from "../budget.mjs";
import { progressSummary, targetSummary } from "./views.mjs";

const PROVIDERS = ["openai", "anthropic"];
const DEFAULT_BASE_URL = { openai: "https://api.openai.com/v1", anthropic: "https://api.anthropic.com" };
const RUN_STATUSES = ["draft", "queued", "running", "completed", "failed", "cancelled"];
const MISSING_POLICIES = ["unknown", "as_failure"];
/** options.cache: the response cache (off, the default; read_write; read_only). */
export const CACHE_MODES = ["off", "read_write", "read_only"];
/** options.mc_mode: how multiple-choice benchmarks are asked (generate, the default; loglikelihood through /v1/completions). */
export const MC_MODES = ["generate", "loglikelihood"];
/** Benchmark pages read when resolving names. */
const NAME_PAGE = 200;

/** @type {import("../args.mjs").OptionSpecs} */
const CHECK_OPTIONS = {
  "min-score": { type: "string" },
  strict: { type: "boolean" },
  "allow-incomplete": { type: "boolean" },
  junit: { type: "string" },
  md: { type: "string" },
};

/**
 * The CI options shared by `submit --wait` and `result`.
 * @param {Record<string, any>} v
 */
function checkOptions(v) {
  const minScore = numberFlag(v["min-score"], "--min-score");
  if (v.strict && minScore === undefined) throw new UsageError("--strict needs --min-score");
  return { minScore, strict: Boolean(v.strict), allowIncomplete: Boolean(v["allow-incomplete"]), junit: v.junit, md: v.md };
}

/**
 * Benchmark ids for the arguments: ids as given, names looked up in the catalog.
 * @param {import("../client.mjs").Client} client
 * @param {string[]} args
 * @param {AbortSignal} signal
 */
export async function resolveBenchmarks(client, args, signal) {
  const names = args.filter((a) => !a.startsWith("bm_"));
  if (names.length === 0) return args;
  const catalog = [];
  for await (const b of client.items("listBenchmarks", { query: { limit: NAME_PAGE }, signal })) catalog.push(b);
  return args.map((a) => {
    if (a.startsWith("bm_")) return a;
    let hits = catalog.filter((b) => b.name === a);
    if (hits.length === 0) hits = catalog.filter((b) => b.name.toLowerCase() === a.toLowerCase());
    // The project's own benchmark wins over a built-in of the same name.
    if (hits.length > 1 && hits.filter((b) => !b.builtin).length === 1) hits = hits.filter((b) => !b.builtin);
    if (hits.length === 0) throw new UsageError(`no benchmark named '${a}'; see 'assay benchmark list'`);
    if (hits.length > 1) throw new UsageError(`'${a}' names several benchmarks (${hits.map((b) => b.id).join(", ")}); give the id`);
    return hits[0].id;
  });
}

/**
 * One score row of a re-score beside its source: "bench [a]: 100% -> 12.5% (-87.5 pts, McNemar p=0.0078)".
 * @param {any} r
 */
export function rescoreLine(r) {
  const name = `${r.benchmark_name ?? r.benchmark_id} [${r.target}]`;
  const now = r.display?.score ?? "n/a";
  const s = r.source;
  if (!s) return `${name}: ${now} (no source score to compare)`;
  const p = s.paired?.test?.p_value;
  const test = s.paired ? `${s.paired.test.name === "mcnemar" ? "McNemar" : "paired bootstrap"}${typeof p === "number" ? ` p=${p.toPrecision(2)}` : ""}` : "not comparable";
  return `${name}: ${s.display?.score ?? "n/a"} -> ${now} (${s.paired?.display?.delta ?? s.display_delta ?? "n/a"}, ${test})`;
}

/**
 * A key read from the environment variable a flag names.
 * @param {NodeJS.ProcessEnv} env
 * @param {string | undefined} name
 * @param {string} flag
 */
function keyFromEnv(env, name, flag) {
  if (name === undefined) return undefined;
  const value = env[name];
  if (!value) throw new UsageError(`${flag} names ${name}, which is not set or empty`);
  return value;
}

/**
 * The target and compare target of a submit.
 * @param {Record<string, any>} v
 * @param {NodeJS.ProcessEnv} env
 */
export function targetsOf(v, env) {
  if (v.profile && v.model) throw new UsageError("give --model (a model endpoint) or --profile (an agent runner), not both");
  if (!v.profile && !v.model) throw new UsageError("say what to evaluate: --model NAME [--base-url URL] [--provider openai|anthropic], or --profile NAME@VERSION --runner-url URL");
  if (v.profile) {
    const runnerUrl = v["runner-url"] ?? env.ASSAY_RUNNER_URL;
    if (!runnerUrl) throw new UsageError("--profile needs --runner-url (or ASSAY_RUNNER_URL): the agent runner that executes attempts");
    for (const f of ["base-url", "provider", "api-key-env", "compare-base-url", "compare-provider", "compare-api-key-env", "price", "compare-price"]) {
      if (v[f] !== undefined) throw new UsageError(`--${f} is for --model targets; a profile carries its own parameters`);
    }
    const target = { kind: "agent", runner_url: runnerUrl, profile: v.profile };
    const compare = v.compare ? { kind: "agent", runner_url: runnerUrl, profile: v.compare } : undefined;
    return { target, compare };
  }
  if (v["runner-url"] !== undefined) throw new UsageError("--runner-url is for --profile targets");
  const provider = choiceFlag(v.provider, "--provider", PROVIDERS) ?? "openai";
  const baseUrl = v["base-url"] ?? DEFAULT_BASE_URL[provider];
  const apiKey = keyFromEnv(env, v["api-key-env"], "--api-key-env");
  const price = priceOf(v.price, "--price");
  const target = { kind: "model", provider, base_url: baseUrl, model: v.model, ...(apiKey ? { api_key: apiKey } : {}), ...(price ? { price } : {}) };
  if (!v.compare) {
    for (const f of ["compare-base-url", "compare-provider", "compare-api-key-env", "compare-price"]) if (v[f] !== undefined) throw new UsageError(`--${f} needs --compare MODEL`);
    return { target, compare: undefined };
  }
  const cProvider = choiceFlag(v["compare-provider"], "--compare-provider", PROVIDERS) ?? provider;
  const cBase = v["compare-base-url"] ?? (cProvider === provider ? baseUrl : DEFAULT_BASE_URL[cProvider]);
  // The target's key goes to the compare model only on the same endpoint.
  const sameEndpoint = cProvider === provider && cBase === baseUrl;
  const cKey = v["compare-api-key-env"] !== undefined ? keyFromEnv(env, v["compare-api-key-env"], "--compare-api-key-env") : sameEndpoint ? apiKey : undefined;
  const cPrice = priceOf(v["compare-price"], "--compare-price");
  const compare = { kind: "model", provider: cProvider, base_url: cBase, model: v.compare, ...(cKey ? { api_key: cKey } : {}), ...(cPrice ? { price: cPrice } : {}) };
  return { target, compare };
}

/**
 * options.user_model of a run whose users a model plays (τ²-bench): the one
 * given (`--user-model`, a TOML [user_model]), its provider, base URL and key
 * the target's where not given and the endpoint is the target's; else, with
 * `defaultToTarget`, the target model itself. Undefined when neither.
 * @param {Record<string, string> | undefined} u @param {Record<string, any>} target @param {NodeJS.ProcessEnv} env @param {boolean} defaultToTarget
 */
export function userModelOf(u, target, env, defaultToTarget) {
  if (target.kind !== "model") return undefined;
  if (!u?.model) {
    if (u && Object.keys(u).length) throw new UsageError("--user-base-url, --user-provider and --user-api-key-env go with --user-model MODEL");
    if (!defaultToTarget) return undefined;
    return { provider: target.provider, base_url: target.base_url, model: target.model, ...(target.api_key ? { api_key: target.api_key } : {}) };
  }
  const provider = choiceFlag(u.provider, "--user-provider", PROVIDERS) ?? target.provider;
  const baseUrl = u.base_url ?? (provider === target.provider ? target.base_url : DEFAULT_BASE_URL[provider]);
  const same = provider === target.provider && baseUrl === target.base_url;
  const key = u.api_key_env !== undefined ? keyFromEnv(env, u.api_key_env, "--user-api-key-env") : same ? target.api_key : undefined;
  return { provider, base_url: baseUrl, model: u.model, ...(key ? { api_key: key } : {}) };
}

/**
 * A price per million tokens: `--price IN,OUT` (USD per million input and output tokens), or a TOML table.
 * @param {string | {input_per_mtok?: number, output_per_mtok?: number} | undefined} value @param {string} flag
 */
export function priceOf(value, flag) {
  if (value === undefined) return undefined;
  if (typeof value === "object") return { input_per_mtok: Number(value.input_per_mtok ?? 0), output_per_mtok: Number(value.output_per_mtok ?? 0) };
  const parts = value.split(",").map((p) => p.trim());
  const nums = parts.map(Number);
  if (parts.length !== 2 || parts.some((p) => p === "") || nums.some((n) => !Number.isFinite(n) || n < 0)) {
    throw new UsageError(`${flag} takes IN,OUT: USD per million input and output tokens, e.g. 2.5,10 (got '${value}')`);
  }
  return { input_per_mtok: nums[0], output_per_mtok: nums[1] };
}

/**
 * options.budget from `--budget-usd`, `--budget-input-tokens`, `--budget-output-tokens`; undefined when none is given.
 * @param {Record<string, any>} v
 */
export function budgetOf(v) {
  const budget = {
    max_cost_usd: numberFlag(v["budget-usd"], "--budget-usd"),
    max_input_tokens: intFlag(v["budget-input-tokens"], "--budget-input-tokens"),
    max_output_tokens: intFlag(v["budget-output-tokens"], "--budget-output-tokens"),
  };
  const given = Object.fromEntries(Object.entries(budget).filter(([, x]) => x !== undefined));
  return Object.keys(given).length ? given : undefined;
}

/**
 * The options object of a submit; only what was given, the server fills defaults.
 * @param {Record<string, any>} v
 */
export function runOptionsOf(v) {
  const options = {
    attempts: intFlag(v.attempts, "--attempts"),
    sample_limit: intFlag(v["sample-limit"], "--sample-limit"),
    concurrency: concurrencyFlag(v.concurrency, "--concurrency"),
    temperature: numberFlag(v.temperature, "--temperature"),
    max_output_tokens: intFlag(v["max-output-tokens"], "--max-output-tokens"),
    timeout_s: intFlag(v.timeout, "--timeout"),
    missing_policy: choiceFlag(v["missing-policy"], "--missing-policy", MISSING_POLICIES),
    cache: choiceFlag(v.cache, "--cache", CACHE_MODES),
    mc_mode: choiceFlag(v["mc-mode"], "--mc-mode", MC_MODES),
    batch: v.batch ? true : undefined,
    budget: budgetOf(v),
  };
  return Object.fromEntries(Object.entries(options).filter(([, x]) => x !== undefined));
}

/**
 * "GSM8K (bm_1a2b), MMLU (bm_3c4d)": each benchmark's name and id, in the run's order; the bare ids before
 * the run has benchmark rows (a draft, or a run not planned yet).
 * @param {any} run @param {any} [progress]
 */
export function benchmarksText(run, progress) {
  const nameOf = new Map((progress?.benchmarks ?? []).map((/** @type {any} */ b) => [b.benchmark_id, b.benchmark_name]));
  return run.benchmarks.map((/** @type {string} */ id) => (nameOf.get(id) ? `${nameOf.get(id)} (${id})` : id)).join(", ");
}

/** @param {import("../context.mjs").Context} ctx @param {any} run @param {any} [progress] */
function printRun(ctx, run, progress) {
  // undefined: a line that does not apply; null: shown as "-" except for the optional labels.
  /** @type {[string, unknown][]} */
  const fields = [
    ["id", run.id],
    ["name", run.display_name ?? undefined],
    ["status", run.status],
    // Named as a reader knows them once the run has benchmark rows (progress), each with the id the API takes.
    ["benchmarks", benchmarksText(run, progress)],
    ["target", targetSummary(run.target)],
    ["compare", run.compare_target ? targetSummary(run.compare_target) : undefined],
    ["attempts", run.options?.attempts],
    ["sample limit", run.options?.sample_limit ?? null],
    ["concurrency", concurrencyText(run.options?.concurrency)],
    ["cache", run.options?.cache && run.options.cache !== "off" ? run.options.cache : undefined],
    ["batch", run.options?.batch ? "provider batch API (the cron lands replies as batches end)" : undefined],
    ["mc mode", run.options?.mc_mode],
    ["budget", run.options?.budget ? budgetText(run.options.budget) : undefined],
    ["stopped", run.stop_reason === "budget_exhausted" ? budgetStopText(run.budget_report) : undefined],
    ["request id", run.request_id ?? undefined],
    ["copied from", run.copied_from ?? undefined],
    ["re-score of", run.source_run_id ? `${run.source_run_id} (its stored outputs, no model call)` : undefined],
    ["created", run.created_at],
    ["started", run.started_at],
    ["finished", run.finished_at],
    ["error", run.error ?? undefined],
    ["errors", errorCountsText(run.error_counts) ?? undefined],
    ["progress", progress ? progressSummary(progress) : undefined],
  ];
  printFields(ctx.io, fields.filter(([, val]) => val !== undefined));
}

/** @type {Record<string, import("./index.mjs").Command>} */
export const jobCommands = {
  submit: {
    summary: "create an eval run and start it",
    usage:
      "assay job submit BENCHMARK... (--model NAME [--base-url URL] [--provider openai|anthropic] [--api-key-env VAR] | --profile NAME@VERSION --runner-url URL) " +
      "[--compare MODEL|NAME@VERSION] [--attempts K] [--sample-limit N] [--concurrency N|MIN..MAX] [--cache off|read_write|read_only] [--budget-usd X [--price IN,OUT]] [--budget-input-tokens N] [--budget-output-tokens N] [--mc-mode generate|loglikelihood] [--batch] [--request-id ID] [--name TEXT] [--draft] " +
      "[--wait [--min-score X [--strict]] [--allow-incomplete] [--junit FILE] [--md FILE]]",
    min: 1,
    options: {
      model: { type: "string" },
      "base-url": { type: "string" },
      provider: { type: "string" },
      "api-key-env": { type: "string" },
      profile: { type: "string" },
      "runner-url": { type: "string" },
      compare: { type: "string" },
      "compare-base-url": { type: "string" },
      "compare-provider": { type: "string" },
      "compare-api-key-env": { type: "string" },
      attempts: { type: "string" },
      "sample-limit": { type: "string" },
      concurrency: { type: "string" },
      temperature: { type: "string" },
      "max-output-tokens": { type: "string" },
      timeout: { type: "string" },
      "missing-policy": { type: "string" },
      cache: { type: "string" },
      "mc-mode": { type: "string" },
      batch: { type: "boolean" },
      "budget-usd": { type: "string" },
      "budget-input-tokens": { type: "string" },
      "budget-output-tokens": { type: "string" },
      price: { type: "string" },
      "compare-price": { type: "string" },
      "request-id": { type: "string" },
      name: { type: "string" },
      draft: { type: "boolean" },
      wait: { type: "boolean" },
      ...CHECK_OPTIONS,
    },
    async run(ctx, v, args) {
      const { target, compare } = targetsOf(v, ctx.env);
      const options = runOptionsOf(v);
      const checks = checkOptions(v);
      if (!v.wait) {
        for (const f of ["min-score", "strict", "allow-incomplete", "junit", "md"]) if (v[f] !== undefined) throw new UsageError(`--${f} needs --wait (or use 'assay job result ID --${f}' later)`);
      }
      if (v.draft && v.wait) throw new UsageError("--draft creates a run without starting it; it cannot --wait");
      const client = ctx.client();
      const benchmarks = await resolveBenchmarks(client, args, ctx.signal);
      const body = {
        benchmarks,
        target,
        ...(compare ? { compare_target: compare } : {}),
        options,
        ...(v.name ? { display_name: v.name } : {}),
        ...(v["request-id"] ? { request_id: v["request-id"] } : {}),
      };
      const created = await client.call("createRun", { body, signal: ctx.signal });
      let run = created.body;
      const replayed = created.headers.get("idempotent-replayed") === "true";
      if (replayed) note(ctx.io, `request id ${v["request-id"]} matched run ${run.id} (${run.status}); not creating another`);
      if (run.status === "draft" && !v.draft) {
        run = (await client.call("startRun", { params: { id: run.id }, signal: ctx.signal })).body;
      }
      if (!v.wait) {
        if (ctx.json) printJson(ctx.io, run);
        else {
          printRun(ctx, run);
          note(ctx.io, run.status === "draft" ? `draft saved; start it with: assay job start ${run.id}` : `follow it with: assay job watch ${run.id}`);
        }
        return EXIT.OK;
      }
      if (!ctx.json) note(ctx.io, `submitted ${run.id}; waiting for it to finish`);
      const progress = await watchRun(client, run.id, ctx.io, { signal: ctx.signal });
      const final = await client.json("getRun", { params: { id: run.id }, signal: ctx.signal });
      return reportRun(ctx, final, { ...checks, check: true, extraJson: { progress } });
    },
  },

  get: {
    summary: "a run's configuration, status and progress",
    usage: "assay job get ID",
    min: 1,
    max: 1,
    async run(ctx, _v, [id]) {
      const client = ctx.client();
      const run = await client.json("getRun", { params: { id }, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, run);
      const progress = run.status === "draft" ? undefined : await client.json("runProgress", { params: { id }, signal: ctx.signal });
      printRun(ctx, run, progress);
    },
  },

  list: {
    summary: "runs, newest first",
    usage: "assay job list [--status STATUS] [--limit N] [--cursor C]",
    max: 0,
    options: { status: { type: "string" }, limit: { type: "string" }, cursor: { type: "string" } },
    async run(ctx, v) {
      const query = { status: choiceFlag(v.status, "--status", RUN_STATUSES), limit: intFlag(v.limit, "--limit"), cursor: v.cursor };
      const page = await ctx.client().json("listRuns", { query, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, page);
      printTable(
        ctx.io,
        ["id", "status", "name", "benchmarks", "target", "created"],
        page.items.map((r) => [r.id, r.status, r.display_name, r.benchmarks.length, targetSummary(r.target), r.created_at]),
      );
      if (page.next_cursor) note(ctx.io, `more: assay job list --cursor ${page.next_cursor}`);
    },
  },

  result: {
    summary: "scores per benchmark: score with interval, pass, pass@k, pass^k, coverage",
    usage: "assay job result ID [--min-score X [--strict]] [--allow-incomplete] [--junit FILE] [--md FILE]",
    min: 1,
    max: 1,
    options: CHECK_OPTIONS,
    async run(ctx, v, [id]) {
      const checks = checkOptions(v);
      const run = await ctx.client().json("getRun", { params: { id }, signal: ctx.signal });
      return reportRun(ctx, run, { ...checks, check: checks.minScore !== undefined });
    },
  },

  watch: {
    summary: "follow a run until it ends, with a progress line on stderr",
    usage: "assay job watch ID",
    min: 1,
    max: 1,
    async run(ctx, _v, [id]) {
      const progress = await watchRun(ctx.client(), id, ctx.io, { signal: ctx.signal });
      if (ctx.json) printJson(ctx.io, progress);
      else ctx.io.out.write(`${id} ${progress.status}: ${progressSummary(progress)}\n`);
      return progress.status === "completed" ? EXIT.OK : EXIT.CHECK_FAILED;
    },
  },

  start: {
    summary: "start a draft (made with --draft or by copy)",
    usage: "assay job start ID",
    min: 1,
    max: 1,
    async run(ctx, _v, [id]) {
      const run = await ctx.client().json("startRun", { params: { id }, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, run);
      ctx.io.out.write(`${run.id} ${run.status}\n`);
      note(ctx.io, `follow it with: assay job watch ${run.id}`);
    },
  },

  stop: {
    summary: "stop a queued or running run",
    usage: "assay job stop ID",
    min: 1,
    max: 1,
    async run(ctx, _v, [id]) {
      const run = await ctx.client().json("stopRun", { params: { id }, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, run);
      ctx.io.out.write(`${run.id} ${run.status}\n`);
    },
  },

  resume: {
    summary: "run again the attempts of a stopped or finished run that have no reward",
    usage: "assay job resume ID",
    min: 1,
    max: 1,
    async run(ctx, _v, [id]) {
      const run = await ctx.client().json("resumeRun", { params: { id }, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, run);
      ctx.io.out.write(`${run.id} ${run.status}\n`);
      note(ctx.io, `follow it with: assay job watch ${run.id}`);
    },
  },

  copy: {
    summary: "copy a run's configuration into a new draft (keys are not copied)",
    usage: "assay job copy ID",
    min: 1,
    max: 1,
    async run(ctx, _v, [id]) {
      const run = await ctx.client().json("copyRun", { params: { id }, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, run);
      ctx.io.out.write(`${run.id} ${run.status} (copy of ${id})\n`);
    },
  },

  rescore: {
    summary: "score a finished run's stored outputs again with another scoring spec, as a new run (no model call but a judge's)",
    usage: "assay job rescore ID --scoring-file spec.json [--benchmarks B1,B2] [--wait]",
    min: 1,
    max: 1,
    options: { "scoring-file": { type: "string" }, benchmarks: { type: "string" }, wait: { type: "boolean" } },
    async run(ctx, v, [id]) {
      if (!v["scoring-file"]) throw new UsageError("--scoring-file is required: a JSON scoring spec such as {\"type\": \"regex\", \"pattern\": \"#### (\\\\d+)\"}");
      let parsed;
      try {
        parsed = JSON.parse(readFileSync(v["scoring-file"], "utf8"));
      } catch (err) {
        throw new UsageError(`cannot read ${v["scoring-file"]} as JSON: ${err.message}`);
      }
      // The file is a scoring spec, or a whole request body ({scoring, benchmarks?, judge?, display_name?}).
      const body = parsed && typeof parsed === "object" && "scoring" in parsed ? { ...parsed } : { scoring: parsed };
      if (v.benchmarks) body.benchmarks = await resolveBenchmarks(ctx.client(), v.benchmarks.split(",").filter(Boolean), ctx.signal);
      const client = ctx.client();
      const run = await client.json("rescoreRun", { params: { id }, body, signal: ctx.signal });
      if (!v.wait) {
        if (ctx.json) return printJson(ctx.io, run);
        ctx.io.out.write(`${run.id} ${run.status} (re-score of ${id})\n`);
        note(ctx.io, `follow it with: assay job watch ${run.id}`);
        return;
      }
      const progress = await watchRun(client, run.id, ctx.io, { signal: ctx.signal });
      const scores = await client.json("runScores", { params: { id: run.id }, signal: ctx.signal });
      if (ctx.json) printJson(ctx.io, { run: { ...run, status: progress.status }, scores });
      else {
        ctx.io.out.write(`${run.id} ${progress.status} (re-score of ${id})\n`);
        for (const r of scores.scores) ctx.io.out.write(`${rescoreLine(r)}\n`);
      }
      return progress.status === "completed" ? EXIT.OK : EXIT.CHECK_FAILED;
    },
  },

  export: {
    summary: "the run's report as Markdown or HTML",
    usage: "assay job export ID [--format md|html] [-o FILE]",
    min: 1,
    max: 1,
    options: { format: { type: "string" }, output: { type: "string", short: "o" } },
    async run(ctx, v, [id]) {
      const format = choiceFlag(v.format, "--format", ["md", "html"]) ?? "md";
      const reply = await ctx.client().call("runExport", { params: { id }, query: { format }, signal: ctx.signal });
      const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body, null, 2);
      if (!v.output) {
        ctx.io.out.write(text.endsWith("\n") ? text : text + "\n");
        return;
      }
      try {
        writeFileSync(v.output, text);
      } catch (err) {
        throw new UsageError(`cannot write ${v.output}: ${err.message}`);
      }
      note(ctx.io, `wrote ${v.output} (${format}, ${Buffer.byteLength(text)} bytes)`);
    },
  },

  logs: {
    summary: "the run's log, oldest first",
    usage: "assay job logs ID",
    min: 1,
    max: 1,
    async run(ctx, _v, [id]) {
      const lines = [];
      for await (const l of ctx.client().items("runLogs", { params: { id }, query: { limit: 1000 }, signal: ctx.signal })) lines.push(l);
      if (ctx.json) return printJson(ctx.io, lines);
      for (const l of lines) ctx.io.out.write(`${l.at} ${l.level.padEnd(5)} ${l.event}${l.attempt_seq !== null ? ` #${l.attempt_seq}` : ""} ${l.message}\n`);
    },
  },
};

