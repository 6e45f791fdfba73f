/**
 * τ² domains (and τ-bench v1's airline data) on the Worker: each pinned
 * file (src/catalog/benchmarks/tau_bench/source.ts) fetched the first time it is needed,
 * from the dataset mirror when one is configured (ASSAY_DATASET_BASE_URL,
 * or the `baseUrl` option) else upstream at its commit, refused unless its
 * sha256 is the pinned one, and kept in R2 under its digest; a record per
 * domain (`tau2/domains/<name>.json`) names the files it was loaded from,
 * so later loads fetch nothing; the user simulator's guidelines alike
 * (`tau2/user-simulator.json`). A domain is parsed once per isolate (the
 * airline's 7 MB database takes about a second) and shared, read only, by
 * every environment made from it. I/O: outbound fetch and the R2 bucket.
 */
import type { AgentImportContext } from "../../src/imports/tau2";
import { loadDomain, type DomainFiles, type Tau2Domain, type Tau2DomainName } from "../../src/agents/tau2/domain";
import { TAU2_DOMAIN_FILES, TAU2_USER_GUIDELINES, TAU_BENCH_V1_AIRLINE_FILES, type Tau2SourceFile } from "../../src/catalog/benchmarks/tau_bench/source";
import type { Tau2Port } from "../../src/execution/ports";
import { v1Data } from "../../src/agents/tau2/v1/replay";
import type { V1Data } from "../../src/agents/tau2/v1/airline";
import type { SourceFile } from "../../src/catalog/types";
import { sha256Hex } from "../../src/crypto/hash";
import { AppError } from "../../src/domain/errors";
import { BuiltinDataError, sourceUrl } from "../catalog/ensure-data";
import type { Env } from "../env";

export type Tau2DataEnv = Pick<Env, "ARTIFACTS"> & { ASSAY_DATASET_BASE_URL?: string };

export interface Tau2DataOptions {
  /** Mirror to fetch from instead of ASSAY_DATASET_BASE_URL. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The files to load instead of the pinned ones (tests pin the generated files they serve). */
  files?: { role: string; file: SourceFile }[];
}

const FETCH_TRIES = 3;

async function fetchVerified(file: SourceFile, base: string | undefined, doFetch: typeof fetch): Promise<Uint8Array> {
  const url = sourceUrl(file, base);
  let last = "";
  for (let attempt = 1; attempt <= FETCH_TRIES; attempt++) {
    let res: Response;
    try {
      res = await doFetch(url, { redirect: "follow" });
    } catch (e) {
      last = e instanceof Error ? e.message : String(e);
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      last = `HTTP ${res.status}`;
      if (res.status !== 429 && res.status < 500) break;
      continue;
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    const digest = await sha256Hex(bytes);
    if (digest !== file.sha256) throw new BuiltinDataError(`${url} does not match the pinned file: its sha256 is ${digest}, expected ${file.sha256}; refusing it`);
    return bytes;
  }
  throw new BuiltinDataError(`could not fetch ${url} (${last})`);
}

const fileKey = (sha256: string) => `tau2/files/${sha256}`;

/** Makes sure the files of `record` are in R2 and the record names them; fetches only what is missing. */
async function ensureFiles(env: Tau2DataEnv, record: string, files: { role: string; file: SourceFile }[], opts: Tau2DataOptions): Promise<Record<string, string>> {
  const stored = await env.ARTIFACTS.get(record);
  if (stored) return (await stored.json()) as Record<string, string>;
  const base = (opts.baseUrl ?? env.ASSAY_DATASET_BASE_URL) || undefined;
  const roles: Record<string, string> = {};
  for (const { role, file } of files) {
    if (!file.sha256) throw new BuiltinDataError(`${file.path} has no pinned sha256; refusing it`);
    if (!(await env.ARTIFACTS.head(fileKey(file.sha256)))) {
      const bytes = await fetchVerified(file, base?.replace(/\/+$/, ""), opts.fetch ?? fetch);
      await env.ARTIFACTS.put(fileKey(file.sha256), bytes);
    }
    roles[role] = file.sha256;
  }
  await env.ARTIFACTS.put(record, JSON.stringify(roles));
  return roles;
}

async function readText(env: Tau2DataEnv, sha256: string): Promise<string> {
  const obj = await env.ARTIFACTS.get(fileKey(sha256));
  if (!obj) throw new BuiltinDataError(`the stored τ² file ${sha256} is gone; load the domain again`);
  return obj.text();
}

const domains = new Map<string, Promise<Tau2Domain>>();
let v1Airline: { key: string; data: Promise<V1Data> } | null = null;

const domainFiles = (name: Tau2DomainName) => TAU2_DOMAIN_FILES[name].filter((f: Tau2SourceFile) => f.role !== "tasks").map((f) => ({ role: f.role, file: f }));

/** Loads a domain's pinned files into R2 (the first time), e.g. from a test mirror with its own pins. */
export async function ensureTau2Domain(env: Tau2DataEnv, name: Tau2DomainName, opts: Tau2DataOptions = {}): Promise<void> {
  await ensureFiles(env, `tau2/domains/${name}.json`, opts.files ?? domainFiles(name), opts);
}

/** A τ² domain ready for environments, parsed once per isolate per set of files. */
export async function tau2DomainOf(env: Tau2DataEnv, name: Tau2DomainName, opts: Tau2DataOptions = {}): Promise<Tau2Domain> {
  const roles = await ensureFiles(env, `tau2/domains/${name}.json`, opts.files ?? domainFiles(name), opts);
  const key = `${name}:${Object.values(roles).sort().join(",")}`;
  let d = domains.get(key);
  if (!d) {
    d = (async () => {
      const files: Record<string, string> = {};
      for (const [role, sha] of Object.entries(roles)) files[role] = await readText(env, sha);
      return loadDomain(name, files as unknown as DomainFiles);
    })();
    domains.set(key, d);
    d.catch(() => domains.delete(key));
  }
  return d;
}

const USER_GUIDELINES_RECORD = "tau2/user-simulator.json";
const guidelineFiles = () => TAU2_USER_GUIDELINES.map((f) => ({ role: f.role, file: f }));
const guidelines = new Map<string, Promise<string>>();

/** Loads the user simulator's guidelines into R2 (the first time), e.g. from a test mirror with its own pins. */
export async function ensureTau2UserGuidelines(env: Tau2DataEnv, opts: Tau2DataOptions = {}): Promise<void> {
  await ensureFiles(env, USER_GUIDELINES_RECORD, opts.files ?? guidelineFiles(), opts);
}

/** τ²'s user simulator guidelines (with tools: for a user who has them, telecom's), read once per isolate per file. */
export async function tau2UserGuidelinesOf(env: Tau2DataEnv, withTools: boolean, opts: Tau2DataOptions = {}): Promise<string> {
  const roles = await ensureFiles(env, USER_GUIDELINES_RECORD, opts.files ?? guidelineFiles(), opts);
  const sha = roles[withTools ? "user_guidelines_tools" : "user_guidelines"];
  if (!sha) throw new BuiltinDataError(`the τ² user simulator's guidelines${withTools ? " for a user with tools" : ""} are not among the loaded files`);
  let text = guidelines.get(sha);
  if (!text) {
    text = readText(env, sha);
    guidelines.set(sha, text);
    text.catch(() => guidelines.delete(sha));
  }
  return text;
}

/** What an attempt's τ² conversation reads, from this deployment's bindings (a load that fails says why). */
export function tau2Port(env: Tau2DataEnv): Tau2Port {
  return {
    domain: (name) => orUnavailable(`the τ² ${name} domain`, () => tau2DomainOf(env, name)),
    userGuidelines: (withTools) => orUnavailable("the τ² user simulator's guidelines", () => tau2UserGuidelinesOf(env, withTools)),
  };
}

/** Loads τ-bench v1's airline files into R2 (the first time). */
export async function ensureTauBenchV1Airline(env: Tau2DataEnv, opts: Tau2DataOptions = {}): Promise<void> {
  await ensureFiles(env, "tau2/tau-bench-v1/airline.json", opts.files ?? TAU_BENCH_V1_AIRLINE_FILES, opts);
}

/** τ-bench v1's airline data, parsed once per isolate. */
export async function tauBenchV1AirlineOf(env: Tau2DataEnv, opts: Tau2DataOptions = {}): Promise<V1Data> {
  const roles = await ensureFiles(env, "tau2/tau-bench-v1/airline.json", opts.files ?? TAU_BENCH_V1_AIRLINE_FILES, opts);
  const key = Object.values(roles).sort().join(",");
  if (!v1Airline || v1Airline.key !== key) {
    const data = (async () => v1Data({ flights: await readText(env, roles.flights!), reservations: await readText(env, roles.reservations!), users: await readText(env, roles.users!) }))();
    v1Airline = { key, data };
  }
  return v1Airline.data;
}

/** A failure to obtain the data is the deployment's (503, saying which), not the file's. */
async function orUnavailable<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (e instanceof BuiltinDataError) throw new AppError("misconfigured", `${what} could not be loaded on this deployment: ${e.message}`);
    throw e;
  }
}

/** What an import of τ² or τ-bench files loads, from this deployment's bindings. */
export function tau2ImportContext(env: Tau2DataEnv): AgentImportContext {
  return {
    tau2Domain: (name) => orUnavailable(`the τ² ${name} domain`, () => tau2DomainOf(env, name)),
    tauBenchV1Airline: () => orUnavailable("τ-bench's airline data", () => tauBenchV1AirlineOf(env)),
  };
}
