// `assay eval run`: one eval run from a TOML file (seed 004's config: several
// [[source]] blocks over top-level defaults) or from shorthands for one
// benchmark, followed live and gated like `job submit --wait`. A named run is
// continued by the next launch (only attempts without a reward run, matched
// by task digest); --clean starts over; --dry-run prints the plan. Reads the
// file; network I/O via the client; writes the reports it is asked to.
import { existsSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { EXIT, UsageError } from "../errors.mjs";
import { effectiveSource, estimateTasks, parseEvalConfig, runOptionsFor, withFlags } from "../eval-config.mjs";
import { intFlag, numberFlag } from "../args.mjs";
import { note, printJson, printTable } from "../output.mjs";
import { watchRun } from "../watch.mjs";
import { resolveBenchmarks, targetsOf } from "./job.mjs";
import { reportRun } from "./report.mjs";

const TERMINAL = new Set(["completed", "failed", "cancelled"]);
/** Rows read to estimate a prompt's length for --dry-run. */
const SAMPLE_ROWS = 20;

/** The `job submit` target flags for a config's [client] and [compare] tables. */
function targetFlags(c) {
  if (!c.client?.model) throw new UsageError("no model: set [client] model in the file, or pass -m MODEL");
  return {
    model: c.client.model,
    "base-url": c.client.base_url,
    provider: c.client.provider,
    "api-key-env": c.client.api_key_env,
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

/** Mean characters of a benchmark's prompt over its first rows, or null when its rows cannot be read. */
async function meanPromptChars(client, bm, signal) {
  if (!bm.dataset) return null;
  try {
    const page = await client.json("datasetRows", { params: { ref: bm.dataset }, query: { limit: SAMPLE_ROWS }, signal });
    if (!page.items.length) return null;
    const total = page.items.reduce((n, r) => {
      const d = r.data ?? {};
      const text = bm.prompt_column ? String(d[bm.prompt_column] ?? "") : String(bm.prompt_template ?? "") + Object.values(d).map(String).join(" ");
      return n + text.length;
    }, 0);
    return total / page.items.length;
  } catch {
    return null;
  }
}

/** --dry-run: tasks × attempts per source and an estimated token count, without starting anything. */
async function printPlan(ctx, client, c, ids) {
  const rows = [];
  let tokens = 0;
  let known = true;
  for (let i = 0; i < c.source.length; i++) {
    const bm = await client.json("getBenchmark", { params: { id: ids[i] }, signal: ctx.signal });
    const eff = effectiveSource(c, c.source[i]);
    const tasks = estimateTasks(bm.sample_size ?? null, eff.select);
    const chars = await meanPromptChars(client, bm, ctx.signal);
    // About four characters per token; the output side is the budget (max_output_tokens), an upper bound.
    const perAttempt = chars === null ? null : Math.ceil(chars / 4) + eff.maxOutputTokens;
    const est = tasks === null || perAttempt === null ? null : tasks * eff.attempts * perAttempt * (c.compare ? 2 : 1);
    if (est === null) known = false;
    else tokens += est;
    rows.push({ source: i + 1, benchmark: bm.name, id: bm.id, tasks, attempts: eff.attempts, total: tasks === null ? null : tasks * eff.attempts * (c.compare ? 2 : 1), est_tokens: est });
  }
  if (ctx.json) return printJson(ctx.io, { plan: rows, est_tokens: known ? tokens : null });
  printTable(
    ctx.io,
    ["source", "benchmark", "tasks", "attempts", "total attempts", "est. tokens"],
    rows.map((r) => [r.source, `${r.benchmark} (${r.id})`, r.tasks ?? "? (needs the rows)", r.attempts, r.total ?? "?", r.est_tokens?.toLocaleString("en-US") ?? "?"]),
  );
  note(ctx.io, `dry run: nothing started; about ${known ? tokens.toLocaleString("en-US") : "? (some sources unknown)"} tokens, counting the whole output budget of every attempt`);
}

/** @type {Record<string, import("./index.mjs").Command>} */
export const evalCommands = {
  run: {
    summary: "run an evaluation from a TOML file (or one benchmark's shorthands), follow it and gate on it",
    usage:
      "assay eval run FILE.toml|BENCHMARK [-m MODEL] [--base-url URL] [--provider openai|anthropic] [--api-key-env VAR] [-n LIMIT] [-r ATTEMPTS] [-c CONCURRENCY] [-s] " +
      "[--name NAME] [--resume | --clean] [--dry-run] [--min-score X [--strict]] [--allow-incomplete] [--junit FILE] [--md FILE]",
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
        concurrency: intFlag(v.concurrency, "-c/--concurrency"),
        shuffle: v.shuffle,
        name: v.name,
      });
      const minScore = numberFlag(v["min-score"], "--min-score");
      if (v.strict && minScore === undefined) throw new UsageError("--strict needs --min-score");
      const { target, compare } = targetsOf(targetFlags(c), ctx.env);
      // A name given (flag or file) makes the run continuable; a file without one is named for the file.
      const named = c.name !== undefined;
      const name = c.name ?? (isFile ? basename(what).replace(/\.toml$/, "") : `${what} · ${c.client.model}`);
      if (v.resume && !named) throw new UsageError("--resume needs the run's name: --name NAME, or name = \"...\" in the file");

      const client = ctx.client();
      const ids = await resolveBenchmarks(client, c.source.map((s) => s.benchmark), ctx.signal);
      if (v["dry-run"]) return printPlan(ctx, client, c, ids);

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
        const body = {
          benchmarks: ids,
          target,
          ...(compare ? { compare_target: compare } : {}),
          options: runOptionsFor(c, ids),
          display_name: name,
        };
        let run = (await client.call("createRun", { body, signal: ctx.signal })).body;
        if (run.status === "draft") run = (await client.call("startRun", { params: { id: run.id }, signal: ctx.signal })).body;
        runId = run.id;
        const band = c.concurrency;
        if (band?.min_inflight !== undefined && band.max_inflight !== undefined && band.min_inflight < band.max_inflight) {
          note(ctx.io, `concurrency runs pinned at max_inflight = ${band.max_inflight} (this server does not adapt a band yet)`);
        }
        if (!ctx.json) note(ctx.io, `started ${runId} (${name}): ${ids.length} source(s)`);
      }
      const progress = await watchRun(client, runId, ctx.io, { signal: ctx.signal });
      const final = await client.json("getRun", { params: { id: runId }, signal: ctx.signal });
      const code = await reportRun(ctx, final, { ...checks, extraJson: { progress } });
      return code ?? EXIT.OK;
    },
  },
};
