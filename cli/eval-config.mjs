// `assay eval` configuration: a TOML file (seed 004's multi-source config) or
// the single-benchmark shorthands, checked key by key (an unknown key names
// its line), and turned into one eval run: the run-wide defaults become the
// run's options, each [[source]]'s own values its per-benchmark overrides.
// Pure, no I/O.
import { parse as parseToml, TomlError } from "smol-toml";
import { UsageError } from "./errors.mjs";
import { concurrencyOption } from "./concurrency.mjs";

/** What each table accepts: a nested table, or the type of a value. */
const SELECT = { split: "string", subsets: "strings", include: "strings", exclude: "strings", shuffle: "boolean", seed: "integer", skip: "integer", limit: "integer" };
const SAMPLING = { temperature: "number", top_p: "number", max_output_tokens: "integer" };
const ENDPOINT = { base_url: "string", model: "string", provider: "string", api_key_env: "string", price: { input_per_mtok: "number", output_per_mtok: "number" } };
/** options.budget: limits on what the run's model calls spend (a cost limit needs [client] price). */
const BUDGET = { max_cost_usd: "number", max_input_tokens: "integer", max_output_tokens: "integer" };
const SOURCE = { benchmark: "string", attempts: "integer", few_shot: "integer", mc_mode: "string", select: SELECT, sampling: SAMPLING };
export const SCHEMA = {
  name: "string",
  attempts: "integer",
  few_shot: "integer",
  timeout_s: "integer",
  missing_policy: "string",
  cache: "string",
  batch: "boolean",
  mc_mode: "string",
  budget: BUDGET,
  client: ENDPOINT,
  compare: ENDPOINT,
  judge: ENDPOINT,
  user_model: ENDPOINT,
  sampling: SAMPLING,
  select: SELECT,
  concurrency: { min_inflight: "integer", max_inflight: "integer" },
  source: [SOURCE],
};

/**
 * Where each key of a TOML text is set: dotted path (`source[1].select.limit`) → line number.
 * Follows [table] and [[array]] headers and `key = value` lines, which is how these files are written.
 * @param {string} text
 */
export function keyLines(text) {
  /** @type {Map<string, number>} */
  const lines = new Map();
  /** @type {Record<string, number>} */
  const arrays = {};
  let table = "";
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/^\s+/, "");
    const arr = /^\[\[\s*([A-Za-z0-9_.-]+)\s*\]\]/.exec(line);
    const tbl = /^\[\s*([A-Za-z0-9_.-]+)\s*\]/.exec(line);
    if (arr) {
      const name = arr[1];
      arrays[name] = (arrays[name] ?? -1) + 1;
      table = `${name}[${arrays[name]}]`;
      lines.set(table, i + 1);
    } else if (tbl) {
      const [head, ...rest] = tbl[1].split(".");
      table = [arrays[head] !== undefined ? `${head}[${arrays[head]}]` : head, ...rest].join(".");
      if (!lines.has(table)) lines.set(table, i + 1);
    } else {
      const kv = /^([A-Za-z0-9_-]+)\s*=/.exec(line);
      if (kv) lines.set(table ? `${table}.${kv[1]}` : kv[1], i + 1);
    }
  });
  return lines;
}

/**
 * Checks `value` against `schema`, returning "path: what is wrong" for each problem.
 * @param {unknown} value @param {any} schema @param {string} path @returns {string[]}
 */
function check(value, schema, path) {
  if (Array.isArray(schema)) {
    if (!Array.isArray(value)) return [`${path}: expected [[${path}]] blocks`];
    return value.flatMap((v, i) => check(v, schema[0], `${path}[${i}]`));
  }
  if (typeof schema === "object") {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return [`${path}: expected a table`];
    return Object.entries(value).flatMap(([k, v]) => {
      const p = path ? `${path}.${k}` : k;
      if (!Object.hasOwn(schema, k)) return [`${p}: unknown key (allowed here: ${Object.keys(schema).join(", ")})`];
      return check(v, schema[k], p);
    });
  }
  const ok =
    schema === "string" ? typeof value === "string" :
    schema === "boolean" ? typeof value === "boolean" :
    schema === "number" ? typeof value === "number" || typeof value === "bigint" :
    schema === "integer" ? Number.isInteger(value) || typeof value === "bigint" :
    schema === "strings" ? Array.isArray(value) && value.every((s) => typeof s === "string") : false;
  return ok ? [] : [`${path}: expected ${schema === "strings" ? "a list of strings" : `a ${schema}`}`];
}

/** TOML integers may come as bigint; the API takes numbers. */
function plain(v) {
  if (typeof v === "bigint") return Number(v);
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

/**
 * @typedef {object} EvalSource
 * @property {string} benchmark id or name
 * @property {number} [attempts]
 * @property {number} [few_shot]
 * @property {string} [mc_mode] generate or loglikelihood (multiple-choice benchmarks)
 * @property {Record<string, unknown>} [select]
 * @property {Record<string, number>} [sampling]
 *
 * @typedef {object} EvalConfig
 * @property {string} [name]
 * @property {number} [attempts]
 * @property {number} [few_shot]
 * @property {number} [timeout_s]
 * @property {string} [missing_policy]
 * @property {string} [cache]
 * @property {boolean} [batch] options.batch: the model calls go through the provider's batch API
 * @property {Record<string, number>} [budget] options.budget: max_cost_usd, max_input_tokens, max_output_tokens
 * @property {string} [mc_mode] generate or loglikelihood: how multiple-choice benchmarks are asked
 * @property {Record<string, string>} [client]
 * @property {Record<string, string>} [compare]
 * @property {Record<string, string>} [judge]
 * @property {Record<string, string>} [user_model] options.user_model: the model that plays a simulated-user benchmark's users (τ²-bench)
 * @property {Record<string, number>} [sampling]
 * @property {Record<string, unknown>} [select]
 * @property {{min_inflight?: number, max_inflight?: number}} [concurrency]
 * @property {EvalSource[]} source
 */

/**
 * Parses and checks a TOML config; every problem names its file and line.
 * @param {string} text @param {string} file @returns {EvalConfig}
 */
export function parseEvalConfig(text, file) {
  let doc;
  try {
    doc = parseToml(text);
  } catch (err) {
    if (err instanceof TomlError) throw new UsageError(`${file}:${err.line}: ${err.message.split("\n")[0]}`);
    throw err;
  }
  const lines = keyLines(text);
  const problems = check(doc, SCHEMA, "");
  const config = /** @type {EvalConfig} */ (plain(doc));
  if (!problems.length) {
    if (!config.source?.length) problems.push("source: no [[source]] block: name at least one benchmark");
    const seen = new Set();
    (config.source ?? []).forEach((s, i) => {
      if (!s.benchmark) problems.push(`source[${i}]: missing benchmark = "ID or name"`);
      else if (seen.has(s.benchmark)) problems.push(`source[${i}].benchmark: ${s.benchmark} is already a source; a run has each benchmark once`);
      seen.add(s.benchmark);
    });
    const c = config.concurrency ?? {};
    if (c.min_inflight !== undefined && c.max_inflight !== undefined && c.min_inflight > c.max_inflight) problems.push("concurrency.min_inflight: more than max_inflight");
  }
  if (problems.length) {
    const where = (p) => {
      const path = p.slice(0, p.indexOf(":"));
      for (let q = path; q; q = q.includes(".") ? q.slice(0, q.lastIndexOf(".")) : "") if (lines.has(q)) return `${file}:${lines.get(q)}`;
      return file;
    };
    throw new UsageError(problems.map((p) => `${where(p)}: ${p}`).join("\n"));
  }
  return config;
}

/**
 * Benchmark names the CLI knows beside the catalog's: τ²-bench's domains by
 * the names its leaderboard uses, each TAU-Bench with that subset.
 * @type {Record<string, {benchmark: string, subsets?: string[]}>}
 */
export const BENCHMARK_ALIASES = {
  tau2: { benchmark: "TAU-Bench" },
  "tau2-airline": { benchmark: "TAU-Bench", subsets: ["airline"] },
  "tau2-retail": { benchmark: "TAU-Bench", subsets: ["retail"] },
  "tau2-telecom": { benchmark: "TAU-Bench", subsets: ["telecom"] },
};

/** A source naming an alias, as the benchmark and selection it stands for (a selection of its own keeps its fields). @param {EvalSource} s @returns {EvalSource} */
export function unaliased(s) {
  const a = BENCHMARK_ALIASES[s.benchmark?.toLowerCase?.() ?? ""];
  if (!a) return s;
  return { ...s, benchmark: a.benchmark, ...(a.subsets ? { select: { subsets: a.subsets, ...(s.select ?? {}) } } : {}) };
}

/** Whether a source runs a benchmark whose users a model plays (τ²-bench). @param {EvalSource} s */
export function simulatesUsers(s) {
  return s.benchmark === "TAU-Bench" || s.benchmark === "bm_tau_bench";
}

/**
 * The shorthands (`assay eval run gsm8k -m MODEL -n 50 -r 3 -c 8 -s`) and flags that override a file's
 * top-level values; `benchmark` makes a one-source config.
 * @param {EvalConfig | null} config @param {{benchmark?: string, model?: string, baseUrl?: string, provider?: string, apiKeyEnv?: string,
 *   limit?: number, attempts?: number, concurrency?: number | {min: number, max: number}, shuffle?: boolean, cache?: string, mcMode?: string, name?: string, batch?: boolean,
 *   budget?: Record<string, number>, userModel?: string, userBaseUrl?: string, userProvider?: string, userApiKeyEnv?: string}} flags
 * @returns {EvalConfig}
 */
export function withFlags(config, flags) {
  const c = /** @type {EvalConfig} */ (structuredClone(config ?? { source: flags.benchmark ? [{ benchmark: flags.benchmark }] : [] }));
  c.source = c.source.map(unaliased);
  if (flags.userModel !== undefined || flags.userBaseUrl !== undefined || flags.userProvider !== undefined || flags.userApiKeyEnv !== undefined) {
    const u = { ...(c.user_model ?? {}) };
    if (flags.userModel !== undefined) u.model = flags.userModel;
    if (flags.userBaseUrl !== undefined) u.base_url = flags.userBaseUrl;
    if (flags.userProvider !== undefined) u.provider = flags.userProvider;
    if (flags.userApiKeyEnv !== undefined) u.api_key_env = flags.userApiKeyEnv;
    c.user_model = u;
  }
  const client = { ...(c.client ?? {}) };
  if (flags.model !== undefined) client.model = flags.model;
  if (flags.baseUrl !== undefined) client.base_url = flags.baseUrl;
  if (flags.provider !== undefined) client.provider = flags.provider;
  if (flags.apiKeyEnv !== undefined) client.api_key_env = flags.apiKeyEnv;
  c.client = client;
  if (flags.limit !== undefined) c.select = { ...(c.select ?? {}), limit: flags.limit };
  if (flags.shuffle) c.select = { ...(c.select ?? {}), shuffle: true };
  if (flags.attempts !== undefined) c.attempts = flags.attempts;
  // -c N pins the concurrency (min = max = N); -c MIN..MAX is a band.
  if (flags.concurrency !== undefined) {
    const band = typeof flags.concurrency === "number" ? { min: flags.concurrency, max: flags.concurrency } : flags.concurrency;
    c.concurrency = { min_inflight: band.min, max_inflight: band.max };
  }
  if (flags.cache !== undefined) c.cache = flags.cache;
  // Budget flags replace the file's limit of the same name; the others stay.
  if (flags.budget) c.budget = { ...(c.budget ?? {}), ...flags.budget };
  if (flags.mcMode !== undefined) c.mc_mode = flags.mcMode;
  if (flags.batch) c.batch = true;
  if (flags.name !== undefined) c.name = flags.name;
  return c;
}

/**
 * The run body's options for a config whose sources are resolved to benchmark ids (same order).
 * A source's attempts, few_shot, select (field by field) and sampling override the run-wide ones for its
 * benchmark only. Concurrency min_inflight < max_inflight is a band the server adapts within; equal (or one given) pins it.
 * @param {EvalConfig} c @param {string[]} ids
 */
export function runOptionsFor(c, ids) {
  /** @type {Record<string, unknown>} */
  const options = {};
  if (c.attempts !== undefined) options.attempts = c.attempts;
  if (c.few_shot !== undefined) options.few_shot = c.few_shot;
  if (c.timeout_s !== undefined) options.timeout_s = c.timeout_s;
  if (c.missing_policy !== undefined) options.missing_policy = c.missing_policy;
  if (c.cache !== undefined) options.cache = c.cache;
  if (c.batch !== undefined) options.batch = c.batch;
  if (c.budget && Object.keys(c.budget).length) options.budget = c.budget;
  if (c.mc_mode !== undefined) options.mc_mode = c.mc_mode;
  if (c.select && Object.keys(c.select).length) options.select = c.select;
  Object.assign(options, c.sampling ?? {});
  const conc = concurrencyOption(c.concurrency);
  if (conc !== undefined) options.concurrency = conc;
  /** @type {Record<string, Record<string, unknown>>} */
  const per = {};
  c.source.forEach((s, i) => {
    const own = { ...(s.attempts !== undefined ? { attempts: s.attempts } : {}), ...(s.few_shot !== undefined ? { few_shot: s.few_shot } : {}), ...(s.mc_mode !== undefined ? { mc_mode: s.mc_mode } : {}), ...(s.select && Object.keys(s.select).length ? { select: s.select } : {}), ...(s.sampling ?? {}) };
    if (Object.keys(own).length) per[ids[i]] = own;
  });
  if (Object.keys(per).length) options.per_benchmark = per;
  return options;
}

