/**
 * Harbor's task.toml, schema 1.0 (Terminal-Bench 2.0: `version = "1.0"`)
 * and 1.1 (`schema_version = "1.1"`, a `[task]` table, `artifacts`,
 * `environment.workdir|env|mcp_servers|skills_dir`, `agent.user`,
 * `verifier.user`), with the deprecated spellings Harbor still reads:
 * `environment.memory` / `storage` as size strings ("2G", "512M", "1024K":
 * G ×1024, M as is, K ÷1024, anything else an error) in place of
 * `memory_mb` / `storage_mb`, and `version` in place of `schema_version`.
 * Harbor's defaults (0.1.x): timeouts 600 s (agent, verifier, build),
 * 1 cpu, 2048 MB memory, 10240 MB storage, 0 gpus, internet allowed.
 *
 * Validated with zod: a wrong type or value is an error naming its field
 * (`environment.cpus`); keys Harbor does not know are ignored as Harbor
 * ignores them, and listed as warnings so a typo is seen. The result is a
 * typed config and the limits a runner enforces (taskLimits).
 * Pure apart from the TOML parser.
 */
import { InputError } from "../input-error";
import { parse as parseToml, TomlError } from "smol-toml";
import { z } from "zod";

const Seconds = z.number().positive().max(7 * 24 * 3600);
const Count = z.number().int().min(0).max(1024);
const Megabytes = z.number().int().positive().max(16 * 1024 * 1024);
const EnvTable = z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "is not an environment variable name"), z.string());

/** "2G" → 2048, "512M" → 512, "1024K" → 1 (Harbor's _parse_size_to_mb: int() truncates). */
export function sizeToMb(size: string): number | null {
  const s = size.trim().toUpperCase();
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:E[+-]?\d+)?)\s*([GMK])$/.exec(s);
  if (!m) return null;
  const n = Number(m[1]);
  const mb = m[2] === "G" ? n * 1024 : m[2] === "M" ? n : n / 1024;
  return Math.trunc(mb);
}

const SizeString = z.string().transform((v, ctx) => {
  const mb = sizeToMb(v);
  if (mb === null || mb <= 0) {
    ctx.addIssue({ code: "custom", message: `'${v}' is not a size like '2G', '512M' or '1024K'` });
    return z.NEVER;
  }
  return mb;
});

const McpServer = z.object({
  name: z.string().min(1),
  transport: z.enum(["sse", "streamable-http", "stdio"]),
  url: z.string().optional(),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
});

const Environment = z.object({
  build_timeout_sec: Seconds.default(600),
  /** A prebuilt image to pull instead of building environment/. */
  docker_image: z.string().min(1).nullable().optional(),
  cpus: Count.default(1),
  memory_mb: Megabytes.optional(),
  storage_mb: Megabytes.optional(),
  /** Deprecated spellings of memory_mb / storage_mb. */
  memory: SizeString.optional(),
  storage: SizeString.optional(),
  gpus: Count.default(0),
  gpu_types: z.array(z.string()).nullable().default(null),
  allow_internet: z.boolean().default(true),
  workdir: z.string().startsWith("/", "must be an absolute path").optional(),
  env: EnvTable.default({}),
  mcp_servers: z.array(McpServer).default([]),
  skills_dir: z.string().optional(),
});

export const HarborTaskToml = z.object({
  version: z.string().optional(),
  schema_version: z.string().optional(),
  task: z
    .object({
      name: z.string().min(1).optional(),
      description: z.string().optional(),
      keywords: z.array(z.string()).optional(),
      authors: z.array(z.object({ name: z.string(), email: z.string().optional() })).optional(),
    })
    .optional(),
  metadata: z.record(z.string(), z.unknown()).default({}),
  verifier: z.object({ timeout_sec: Seconds.default(600), env: EnvTable.default({}), user: z.string().optional() }).default({ timeout_sec: 600, env: {} }),
  agent: z.object({ timeout_sec: Seconds.default(600), user: z.string().optional() }).default({ timeout_sec: 600 }),
  environment: Environment.default(Environment.parse({})),
  solution: z.object({ env: EnvTable.default({}) }).default({ env: {} }),
  source: z.string().nullable().optional(),
  artifacts: z.array(z.union([z.string(), z.record(z.string(), z.unknown())])).default([]),
});

/** What a runner enforces for a task: resources, network, and the timeout of each phase. */
export interface TaskLimits {
  cpus: number;
  memory_mb: number;
  storage_mb: number;
  gpus: number;
  gpu_types: string[] | null;
  allow_internet: boolean;
  timeouts: {
    /** Building (or pulling) the environment. */
    build_sec: number;
    /** The agent phase (Harbor still runs the verifier after an agent timeout). */
    agent_sec: number;
    verifier_sec: number;
  };
}

export interface HarborTaskConfig {
  /** The schema the file declares ("1.0" when it declares none). */
  schema_version: string;
  /** `[task].name` (1.1), else null: the task's folder name names it then. */
  name: string | null;
  description: string | null;
  keywords: string[];
  authors: { name: string; email?: string }[];
  metadata: Record<string, unknown>;
  source: string | null;
  limits: TaskLimits;
  /** A prebuilt image to pull instead of building environment/ (TB2 tasks name one). */
  docker_image: string | null;
  workdir: string | null;
  /** Environment variables: the environment's, the verifier's, the solution's. Values may be `${VAR}` / `${VAR:-default}` templates the runner resolves. */
  env: { environment: Record<string, string>; verifier: Record<string, string>; solution: Record<string, string> };
  agent_user: string | null;
  verifier_user: string | null;
  mcp_servers: z.infer<typeof McpServer>[];
  artifacts: (string | Record<string, unknown>)[];
  /** Keys Harbor ignores (and so does Assay), by dotted path, and deprecated spellings read. */
  warnings: string[];
}

/** A task.toml that does not read: `field` is the dotted key (`environment.cpus`), or `task.toml` for the file. */
export class TaskConfigError extends InputError {}

/** Dotted paths of keys the schema does not define (ignored by Harbor; a typo shows here). */
function unknownKeys(raw: Record<string, unknown>): string[] {
  const known: Record<string, readonly string[] | "any"> = {
    "": ["version", "schema_version", "task", "metadata", "verifier", "agent", "environment", "solution", "source", "artifacts"],
    task: ["name", "description", "keywords", "authors"],
    metadata: "any",
    verifier: ["timeout_sec", "env", "user"],
    agent: ["timeout_sec", "user"],
    environment: Object.keys(Environment.shape),
    solution: ["env"],
  };
  const out: string[] = [];
  for (const key of Object.keys(raw)) if (!known[""]!.includes(key)) out.push(key);
  for (const [table, keys] of Object.entries(known)) {
    const v = raw[table];
    if (table === "" || keys === "any" || typeof v !== "object" || v === null || Array.isArray(v)) continue;
    for (const key of Object.keys(v)) if (!keys.includes(key)) out.push(`${table}.${key}`);
  }
  return out;
}

/** Reads a task.toml's text. Throws TaskConfigError naming the field at fault. */
export function parseTaskToml(text: string): HarborTaskConfig {
  let raw: Record<string, unknown>;
  try {
    raw = parseToml(text) as Record<string, unknown>;
  } catch (e) {
    const where = e instanceof TomlError ? ` (line ${e.line}, column ${e.column})` : "";
    throw new TaskConfigError("task.toml", `is not TOML${where}: ${(e as Error).message.split("\n")[0]!.slice(0, 200)}`);
  }
  const parsed = HarborTaskToml.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new TaskConfigError(issue.path.length ? issue.path.join(".") : "task.toml", issue.message);
  }
  const c = parsed.data;
  const env = c.environment;
  const warnings = unknownKeys(raw).map((k) => `${k}: not a task.toml key Harbor reads; ignored`);
  if (c.version !== undefined && c.schema_version !== undefined && c.version !== c.schema_version) {
    throw new TaskConfigError("schema_version", `is '${c.schema_version}' but version says '${c.version}'`);
  }
  if (env.memory !== undefined) {
    if (env.memory_mb !== undefined) throw new TaskConfigError("environment.memory", "and environment.memory_mb both set the memory; keep memory_mb");
    warnings.push("environment.memory: deprecated, read as memory_mb");
  }
  if (env.storage !== undefined) {
    if (env.storage_mb !== undefined) throw new TaskConfigError("environment.storage", "and environment.storage_mb both set the storage; keep storage_mb");
    warnings.push("environment.storage: deprecated, read as storage_mb");
  }
  return {
    schema_version: c.schema_version ?? c.version ?? "1.0",
    name: c.task?.name ?? null,
    description: c.task?.description ?? null,
    keywords: c.task?.keywords ?? [],
    authors: c.task?.authors ?? [],
    metadata: c.metadata,
    source: c.source ?? null,
    limits: {
      cpus: env.cpus,
      memory_mb: env.memory_mb ?? env.memory ?? 2048,
      storage_mb: env.storage_mb ?? env.storage ?? 10240,
      gpus: env.gpus,
      gpu_types: env.gpu_types,
      allow_internet: env.allow_internet,
      timeouts: { build_sec: env.build_timeout_sec, agent_sec: c.agent.timeout_sec, verifier_sec: c.verifier.timeout_sec },
    },
    docker_image: env.docker_image ?? null,
    workdir: env.workdir ?? null,
    env: { environment: env.env, verifier: c.verifier.env, solution: c.solution.env },
    agent_user: c.agent.user ?? null,
    verifier_user: c.verifier.user ?? null,
    mcp_servers: env.mcp_servers,
    artifacts: c.artifacts,
    warnings,
  };
}

/** A trial's overrides of the task's limits, as Harbor's TrialConfig states them. */
export interface LimitOverrides {
  /** Multiplies every timeout (Harbor's timeout_multiplier, default 1). */
  timeout_multiplier?: number;
  agent_timeout_sec?: number;
  /** Caps the agent timeout before the multiplier (max_timeout_sec). */
  agent_max_timeout_sec?: number;
  verifier_timeout_sec?: number;
  verifier_max_timeout_sec?: number;
  cpus?: number;
  memory_mb?: number;
  storage_mb?: number;
}

/**
 * The limits a trial runs under: the task's, overridden, each timeout
 * min(override or task, cap) × multiplier as Harbor computes it.
 */
export function effectiveLimits(limits: TaskLimits, o: LimitOverrides = {}): TaskLimits {
  const k = o.timeout_multiplier ?? 1;
  const capped = (v: number, cap?: number) => (cap === undefined ? v : Math.min(v, cap));
  return {
    ...limits,
    cpus: o.cpus ?? limits.cpus,
    memory_mb: o.memory_mb ?? limits.memory_mb,
    storage_mb: o.storage_mb ?? limits.storage_mb,
    timeouts: {
      build_sec: limits.timeouts.build_sec * k,
      agent_sec: capped(o.agent_timeout_sec ?? limits.timeouts.agent_sec, o.agent_max_timeout_sec) * k,
      verifier_sec: capped(o.verifier_timeout_sec ?? limits.timeouts.verifier_sec, o.verifier_max_timeout_sec) * k,
    },
  };
}
