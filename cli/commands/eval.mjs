// `assay eval run`: one eval run from a TOML file (seed 004's config: several
// [[source]] blocks over top-level defaults) or from shorthands for one
// benchmark, followed live and gated like `job submit --wait`. A named run is
// continued by the next launch (only attempts without a reward run, matched
// by task digest); --clean starts over; --dry-run prints the server's estimate. Reads the
// file; network I/O via the client; writes the reports it is asked to.
import { existsSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { EXIT, UsageError } from "../errors.mjs";
import { parseEvalConfig, runOptionsFor, simulatesUsers, withFlags } from "../eval-config.mjs";
import { choiceFlag, intFlag, numberFlag } from "../args.mjs";
import { concurrencyFlag } from "../concurrency.mjs";
import { CACHE_MODES, MC_MODES } from "./job.mjs";
import { note, printJson, printTable } from "../output.mjs";
import { watchRun } from "../watch.mjs";
import { budgetOf, resolveBenchmarks, targetsOf, userModelOf } from "./job.mjs";
import { reportRun } from "./report.mjs";

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

/** The `job submit` target flags for a config's [client] and [compare] tables. */
function targetFlags(c) {
  if (!c.client?.model) throw new UsageError("no model: set [client] model in the file, or pass -m MODEL");
  return {
    model: c.client.model,
    "base-url": c.client.base_url,
    provider: c.client.provider,
    "api-key-env": c.client.api_key_env,
    price: c.client.price,
    "compare-price": c.compare?.price,
    compare: c.compare?.model,
    "compare-base-url": c.compare?.base_url,
    "compare-provider": c.compare?.provider,
    "compare-api-key-env": c.compare?.api_key_env,
  };
}

/** The run a name continues: the newest run with that display name that includes the first benchmark. */
async function findNamed(client, name, benchmarkId, signal) {
  for await (const r of client.items("listRuns", { query: { limit: 200, benchmark_id: benchmarkId }, signal })) {
    if (r.display_name === name) return r;
  }
  return null;
}

/**
 * --dry-run: the server's estimate of the draft (exit 1 when a benchmark cannot run, e.g. its data cannot be read) (POST /api/eval-runs/estimate: tasks selected as a start
 * selects them, input tokens from the rendered prompts, output at max_output_tokens, cost at the targets'
 * prices, whether the budget would stop it), without creating or starting anything.
 */
async function printPlan(ctx, client, body) {
  const est = (await client.call("estimateRun", { body, signal: ctx.signal })).body;
  const rows = est.benchmarks.map((/** @type {any} */ b, /** @type {number} */ i) => ({
    source: i + 1,
    id: b.benchmark_id,
    tasks: b.error ? null : b.tasks,
    attempts: b.attempts,
    total: b.error ? null : b.calls,
    input_tokens: b.error ? null : b.input_tokens,
    output_tokens: b.error ? null : b.output_tokens,
    est_tokens: b.error ? null : b.input_tokens + b.output_tokens,
    cost_usd: b.error ? null : b.cost_usd,
    error: b.error,
  }));
  const known = rows.every((r) => r.error === null);
  const tokens = est.total.input_tokens + est.total.output_tokens;
  if (ctx.json) {
    printJson(ctx.io, { plan: rows, est_tokens: known ? tokens : null, estimate: est });
    return known ? EXIT.OK : EXIT.CHECK_FAILED;
  }
  const num = (/** @type {number | null} */ n) => (n === null ? "?" : n.toLocaleString("en-US"));
  const usd = (/** @type {number | null} */ n) => (n === null ? "? (no price)" : `$${n.toFixed(4)}`);
  printTable(
    ctx.io,
    ["source", "benchmark", "tasks", "attempts", "calls", "input tokens", "output tokens (max)", "cost"],
    rows.map((r) => [r.source, r.id, r.tasks ?? `? (${r.error})`, r.attempts, num(r.total), num(r.input_tokens), num(r.output_tokens), r.error ? "?" : usd(r.cost_usd)]),
  );
  note(ctx.io, `dry run: nothing started; about ${num(est.total.input_tokens)} input and at most ${num(est.total.output_tokens)} output tokens (every call at max_output_tokens), cost ${usd(est.total.cost_usd)}`);
  if (est.budget_exceeded_by) note(ctx.io, `the budget's ${est.budget_exceeded_by} would stop this run before its last calls (it ends cancelled, budget_exhausted; what was scored is kept)`);
  for (const r of rows) if (r.error) note(ctx.io, `${r.id} cannot run: ${r.error}`);
  return known ? EXIT.OK : EXIT.CHECK_FAILED;
}

/** @type {Record<string, import("./index.mjs").Command>} */
export const evalCommands = {
  run: {
    summary: "run an evaluation from a TOML file (or one benchmark's shorthands), follow it and gate on it",
    usage:
      "assay eval run FILE.toml|BENCHMARK [-m MODEL] [--base-url URL] [--provider openai|anthropic] [--api-key-env VAR] [-n LIMIT] [-r ATTEMPTS] [-c CONCURRENCY] [-s] [--cache off|read_write|read_only] [--mc-mode generate|loglikelihood] " +
      "[--budget-usd X [--price IN,OUT]] [--budget-input-tokens N] [--budget-output-tokens N] " +
      "[--user-model MODEL [--user-base-url URL] [--user-provider openai|anthropic] [--user-api-key-env VAR]] " +
      "[--batch] [--name NAME] [--resume | --clean] [--dry-run] [--min-score X [--strict]] [--allow-incomplete] [--junit FILE] [--md FILE]",
    min: 1,
    max: 1,
    options: {
      model: { type: "string", short: "m" },
      "base-url": { type: "string" },
      provider: { type: "string" },
      "api-key-env": { type: "string" },
      limit: { type: "string", short: "n" },
      attempts: { type: "string", short: "r" },
      concurrency: { type: "string", short: "c" },
      shuffle: { type: "boolean", short: "s" },
      cache: { type: "string" },
      "mc-mode": { type: "string" },
      "budget-usd": { type: "string" },
      "budget-input-tokens": { type: "string" },
      "budget-output-tokens": { type: "string" },
      price: { type: "string" },
      "user-model": { type: "string" },
      "user-base-url": { type: "string" },
      "user-provider": { type: "string" },
      "user-api-key-env": { type: "string" },
      batch: { type: "boolean" },
      name: { type: "string" },
      resume: { type: "boolean" },
      clean: { type: "boolean" },
      "dry-run": { type: "boolean" },
      "min-score": { type: "string" },
      strict: { type: "boolean" },
      "allow-incomplete": { type: "boolean" },
      junit: { type: "string" },
      md: { type: "string" },
    },
    async run(ctx, v, [what]) {
      if (v.resume && v.clean) throw new UsageError("--resume continues a run and --clean starts over: give one");
      const isFile = what.endsWith(".toml") || existsSync(what);
      let config = null;
      if (isFile) {
        let text;
        try {
          text = readFileSync(what, "utf8");
        } catch (err) {
          throw new UsageError(`cannot read ${what}: ${err.message}`);
        }
        config = parseEvalConfig(text, what);
      }
      const c = withFlags(config, {
        benchmark: isFile ? undefined : what,
        model: v.model,
        baseUrl: v["base-url"],
        provider: v.provider,
        apiKeyEnv: v["api-key-env"],
        limit: intFlag(v.limit, "-n/--limit"),
        attempts: intFlag(v.attempts, "-r/--attempts"),
        concurrency: concurrencyFlag(v.concurrency, "-c/--concurrency"),
        shuffle: v.shuffle,
        cache: choiceFlag(v.cache, "--cache", CACHE_MODES),
        mcMode: choiceFlag(v["mc-mode"], "--mc-mode", MC_MODES),
        budget: budgetOf(v),
        batch: v.batch,
        name: v.name,
        userModel: v["user-model"],
        userBaseUrl: v["user-base-url"],
        userProvider: v["user-provider"],
        userApiKeyEnv: v["user-api-key-env"],
      });
      const minScore = numberFlag(v["min-score"], "--min-score");
      if (v.strict && minScore === undefined) throw new UsageError("--strict needs --min-score");
      const { target, compare } = targetsOf({ ...targetFlags(c), ...(v.price !== undefined ? { price: v.price } : {}) }, ctx.env);
      // A name given (flag or file) makes the run continuable; a file without one is named for the file.
      const named = c.name !== undefined;
      const name = c.name ?? (isFile ? basename(what).replace(/\.toml$/, "") : `${what} · ${c.client.model}`);
      if (v.resume && !named) throw new UsageError("--resume needs the run's name: --name NAME, or name = \"...\" in the file");

      // τ²-bench's users are played by a model: the one given, else the target itself (said below).
      const simulated = c.source.some(simulatesUsers);
      const userModel = userModelOf(c.user_model, target, ctx.env, simulated);
      if (simulated && userModel && !c.user_model?.model && !ctx.json) note(ctx.io, `the simulated users are played by ${userModel.model} too (--user-model MODEL to choose another)`);

      const client = ctx.client();
      const ids = await resolveBenchmarks(client, c.source.map((s) => s.benchmark), ctx.signal);
      const body = {
        benchmarks: ids,
        target,
        ...(compare ? { compare_target: compare } : {}),
        options: { ...runOptionsFor(c, ids), ...(userModel ? { user_model: userModel } : {}) },
        display_name: name,
      };
      if (v["dry-run"]) return printPlan(ctx, client, body);

      const checks = { minScore, strict: Boolean(v.strict), allowIncomplete: Boolean(v["allow-incomplete"]), junit: v.junit, md: v.md, check: true };
      const previous = named && !v.clean ? await findNamed(client, name, ids[0], ctx.signal) : null;
      if (v.resume && !previous) throw new UsageError(`no run named '${name}' to resume; run without --resume to start one`);
      let runId;
      if (previous) {
        runId = previous.id;
        if (TERMINAL.has(previous.status)) {
          const p = await client.json("runProgress", { params: { id: runId }, signal: ctx.signal });
          if (p.total_attempts !== null && p.scored_attempts >= p.total_attempts) {
            note(ctx.io, `${runId} (${name}) has a reward for every attempt: nothing left to run`);
            const run = await client.json("getRun", { params: { id: runId }, signal: ctx.signal });
            return reportRun(ctx, run, checks);
          }
          await client.call("resumeRun", { params: { id: runId }, signal: ctx.signal });
          note(ctx.io, `continuing ${runId} (${name}): ${p.total_attempts - p.scored_attempts} attempts without a reward run again (the file's changes do not apply to a continued run; --clean starts over)`);
        } else note(ctx.io, `${runId} (${name}) is ${previous.status}; following it`);
      } else {
        let run = (await client.call("createRun", { body, signal: ctx.signal })).body;
        if (run.status === "draft") run = (await client.call("startRun", { params: { id: run.id }, signal: ctx.signal })).body;
        runId = run.id;
        if (!ctx.json) note(ctx.io, `started ${runId} (${name}): ${ids.length} source(s)`);
      }
      const progress = await watchRun(client, runId, ctx.io, { signal: ctx.signal });
      const final = await client.json("getRun", { params: { id: runId }, signal: ctx.signal });
      const code = await reportRun(ctx, final, { ...checks, extraJson: { progress } });
      return code ?? EXIT.OK;
    },
  },
};
