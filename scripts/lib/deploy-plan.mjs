// What `npm run deploy` does, decided from wrangler.toml before anything
// runs: the Cloudflare resources the Worker binds (its D1 database, R2
// bucket and queues, found or created), the R2 lifecycle rules for caches,
// the migrations applied remotely before the code (the upgrade order), the
// secrets it lacks, the dashboard build, the bundle (built by
// scripts/lib/worker-build.mjs, minified) and its upload. Each step says
// whether it needs the Cloudflare account (remote) or runs here (local):
// `--dry-run` runs the local ones and prints the rest. Pure: no I/O
// (scripts/deploy.mjs runs the steps).

/** The placeholder database_id wrangler.toml ships with (`wrangler d1 create` gives the real one). */
export const PLACEHOLDER_DB_ID = "00000000-0000-0000-0000-000000000000";
/** The config the deploy writes beside wrangler.toml (relative paths in it resolve from the repository root). */
export const DEPLOY_CONFIG = "wrangler.deploy.toml";
/** Where the deploy builds the Worker (index.js, uploaded as it is). */
export const BUNDLE_DIR = ".wrangler/deploy-bundle";
/** Largest gzipped bundle the deploy uploads, in bytes (issue 40: under 500 KB). */
export const MAX_BUNDLE_GZIP_BYTES = 500_000;
/** The response cache's longest TTL (src/domain/response-cache-key.ts, MAX_CACHE_TTL_DAYS): its lifecycle rule never expires an entry before the run said. */
export const RESPONSE_CACHE_EXPIRE_DAYS = 365;
/** Secrets every deployment needs; the sandbox's and the environment runner's only when it has one. */
export const SECRETS = {
  ASSAY_SECRET_KEY: "key material sealing stored secrets: set once, never changed (sealed keys become unreadable)",
  ASSAY_BOOTSTRAP_TOKEN: "the operator's token that creates projects (POST /api/projects)",
  ASSAY_SANDBOX_SECRET: "signs requests to the code sandbox; the sandbox is started with the same value",
  ASSAY_ENVIRONMENT_RUNNER_SECRET: "signs the attempts sent to the environment runner; the runner is started with the same value",
};

/** The configuration `env` resolves to: wrangler.toml's top level, with an environment's keys over it (wrangler carries no binding into one). */
export function resolvedConfig(config, env) {
  if (!env) return config;
  const e = config.env?.[env];
  if (!e) throw new Error(`wrangler.toml has no [env.${env}]`);
  return { ...config, ...e };
}

/** The resources a resolved configuration binds, by kind. */
export function resourcesOf(c) {
  const queues = new Set();
  for (const p of c.queues?.producers ?? []) queues.add(p.queue);
  for (const q of c.queues?.consumers ?? []) {
    queues.add(q.queue);
    if (q.dead_letter_queue) queues.add(q.dead_letter_queue);
  }
  return {
    worker: c.name,
    d1: (c.d1_databases ?? []).map((d) => ({ binding: d.binding, name: d.database_name })),
    r2: (c.r2_buckets ?? []).map((b) => b.bucket_name),
    queues: [...queues],
    containers: (c.containers ?? []).map((k) => k.class_name),
  };
}

/** The secrets a resolved configuration needs. */
export function secretsNeeded(c) {
  const sandbox = !!c.vars?.ASSAY_SANDBOX_URL || (c.containers ?? []).some((k) => k.class_name === "SandboxContainer");
  const environments = !!c.vars?.ASSAY_ENVIRONMENT_RUNNER_URL;
  return Object.keys(SECRETS).filter((s) => (s !== "ASSAY_SANDBOX_SECRET" || sandbox) && (s !== "ASSAY_ENVIRONMENT_RUNNER_SECRET" || environments));
}

/**
 * The steps, in order. `env` is the wrangler environment (or undefined);
 * commands are argv arrays run from the repository root.
 */
export function deployPlan(config, env) {
  const c = resolvedConfig(config, env);
  const r = resourcesOf(c);
  const envArgs = env ? ["--env", env] : [];
  const [db] = r.d1;
  const steps = [
    { id: "login", remote: true, title: "Check the Cloudflare login (wrangler login, or CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID)", commands: [["wrangler", "whoami"]] },
    ...r.d1.map((d) => ({ id: `d1:${d.name}`, remote: true, title: `D1 database ${d.name} (${d.binding}): found by name, or created`, commands: [["wrangler", "d1", "list", "--json"], ["wrangler", "d1", "create", d.name]] })),
    ...r.r2.map((b) => ({ id: `r2:${b}`, remote: true, title: `R2 bucket ${b}: created unless it exists`, commands: [["wrangler", "r2", "bucket", "create", b]] })),
    ...r.r2.map((b) => ({
      id: `r2-lifecycle:${b}`,
      remote: true,
      title: `R2 lifecycle on ${b}: response-cache/ expires after ${RESPONSE_CACHE_EXPIRE_DAYS} days (the longest cache_ttl_days), unfinished multipart uploads after 7`,
      commands: [
        ["wrangler", "r2", "bucket", "lifecycle", "add", b, "assay-response-cache", "response-cache/", "--expire-days", String(RESPONSE_CACHE_EXPIRE_DAYS), "--force"],
        ["wrangler", "r2", "bucket", "lifecycle", "add", b, "assay-multipart", "", "--abort-multipart-days", "7", "--force"],
      ],
    })),
    ...r.queues.map((q) => ({ id: `queue:${q}`, remote: true, title: `Queue ${q}: created unless it exists`, commands: [["wrangler", "queues", "create", q]] })),
    { id: "config", remote: false, title: `Write ${DEPLOY_CONFIG}: wrangler.toml with the database's id in place of the placeholder`, commands: [] },
    ...(db
      ? [{ id: "migrations", remote: true, title: `Apply the migrations to ${db.name} remotely, before the code that needs them`, commands: [["wrangler", "d1", "migrations", "apply", db.binding, "--remote", "--config", DEPLOY_CONFIG, ...envArgs]] }]
      : []),
    { id: "secrets", remote: true, title: `Secrets the Worker lacks, from the environment or generated (${secretsNeeded(c).join(", ")}); existing ones are never replaced`, commands: [["wrangler", "secret", "list", "--format", "json", "--config", DEPLOY_CONFIG, ...envArgs]] },
    { id: "dashboard", remote: false, title: "Build the dashboard (dashboard/dist, served as the Worker's assets)", commands: [["npm", "run", "build:dashboard"]] },
    {
      id: "bundle",
      remote: false,
      title: `Build the Worker as it is uploaded (scripts/lib/worker-build.mjs: wrangler's bundling, the SDK stand-ins, minified), check it is under ${MAX_BUNDLE_GZIP_BYTES / 1000} KB gzipped, and let wrangler check it with the config (a dry run)`,
      commands: [
        ["node", "scripts/build-worker.mjs", "--outdir", BUNDLE_DIR, ...envArgs],
        // --no-minify: the script is minified already, and wrangler uploads it as it is.
        ["wrangler", "deploy", `${BUNDLE_DIR}/index.js`, "--no-bundle", "--no-minify", "--dry-run", "--config", DEPLOY_CONFIG, ...envArgs, ...(r.containers.length ? ["--containers-rollout=none"] : [])],
      ],
    },
    {
      id: "deploy",
      remote: true,
      title: `Upload the Worker built above${r.containers.length ? ` and build its container${r.containers.length > 1 ? "s" : ""} (${r.containers.join(", ")}; needs Docker)` : ""}, with the secrets it lacked`,
      commands: [["wrangler", "deploy", `${BUNDLE_DIR}/index.js`, "--no-bundle", "--no-minify", "--config", DEPLOY_CONFIG, ...envArgs, "--secrets-file", "<secrets>"]],
    },
    ...(db
      ? [{ id: "catalog", remote: true, title: `Sync the built-in benchmarks' rows into ${db.name} from their definitions (after the code that knows them; a no-op when unchanged)`, commands: [["wrangler", "d1", "execute", db.binding, "--remote", "--file", "<catalog.sql>", "--config", DEPLOY_CONFIG, ...envArgs]] }]
      : []),
  ];
  return { worker: r.worker, env: env ?? null, resources: r, secrets: secretsNeeded(c), steps };
}

/** wrangler.toml's text with the placeholder database id replaced (every section that names it). */
export function withDatabaseId(text, id) {
  return text.split(PLACEHOLDER_DB_ID).join(id);
}

/** The database id in `wrangler d1 list --json` output for `name`, or null. */
export function databaseIdIn(listJson, name) {
  const list = JSON.parse(listJson);
  const hit = (Array.isArray(list) ? list : list.result ?? []).find((d) => d.name === name);
  return hit?.uuid ?? hit?.id ?? null;
}

/** Secret names in `wrangler secret list --format json` output. */
export function secretNamesIn(listJson) {
  return new Set(JSON.parse(listJson).map((s) => s.name));
}

/** Whether wrangler's failure says the Worker does not exist yet (a first deploy: it has no secrets). */
export function isMissingWorker(output) {
  return /10007|script_not_found|does not exist|not found/i.test(output);
}

/** Whether wrangler's failure says a resource it was asked to create exists already. */
export function alreadyExists(output) {
  return /already exists|already taken|already owned|10004|11009|conflict/i.test(output);
}
