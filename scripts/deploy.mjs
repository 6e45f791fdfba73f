// `npm run deploy [-- --env containers] [--dry-run] [--json]`: Assay on
// Cloudflare in one command (docs/deploy.md). Finds or creates the D1
// database, R2 bucket and queues wrangler.toml binds, adds the R2 lifecycle
// rules for caches, writes wrangler.deploy.toml with the database's id,
// applies the migrations remotely (before the code: the upgrade order),
// sets the secrets the Worker lacks (from the environment, else generated
// and kept in .assay/, never replacing one it has), builds the dashboard,
// bundles the Worker minified (refusing one over 500 KB gzipped) and
// uploads it. --dry-run needs no Cloudflare account: it runs the local
// steps (config, dashboard, bundle) and prints the others with their
// commands; --json prints the plan and the bundle's size as JSON.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";
import { bundleSize } from "./lib/bundle-size.mjs";
import { syncCatalog } from "./lib/catalog.mjs";
import { alreadyExists, BUNDLE_DIR, databaseIdIn, DEPLOY_CONFIG, deployPlan, isMissingWorker, MAX_BUNDLE_GZIP_BYTES, SECRETS, secretNamesIn, withDatabaseId } from "./lib/deploy-plan.mjs";
import { buildWorker } from "./lib/worker-build.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The wrangler to run (ASSAY_WRANGLER lets a test watch which commands a dry run makes). */
const WRANGLER = process.env.ASSAY_WRANGLER || join(ROOT, "node_modules", ".bin", "wrangler");
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name) => {
  const i = args.indexOf(name);
  const inline = args.find((a) => a.startsWith(`${name}=`));
  return inline ? inline.slice(name.length + 1) : i >= 0 ? args[i + 1] : undefined;
};
const dryRun = flag("--dry-run");
const asJson = flag("--json");
const env = value("--env");
const say = (line) => !asJson && console.log(line);

function fail(message) {
  console.error(`deploy: ${message}`);
  process.exit(1);
}

/** Runs a command from the repository root (wrangler and npm from this project); its output, or a failure naming it. */
function run(argv, { allowFail = false, input } = {}) {
  const [cmd, ...rest] = argv;
  const bin = cmd === "wrangler" ? WRANGLER : cmd;
  const r = spawnSync(bin, rest, { cwd: ROOT, encoding: "utf8", input, env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, maxBuffer: 64 << 20 });
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}`;
  if (r.status !== 0 && !allowFail) fail(`${argv.join(" ")} failed:\n${output}`);
  return { ok: r.status === 0, output };
}

let config;
try {
  config = parse(readFileSync(join(ROOT, "wrangler.toml"), "utf8"));
} catch (e) {
  fail(`wrangler.toml: ${e.message}`);
}
let plan;
try {
  plan = deployPlan(config, env);
} catch (e) {
  fail(e.message);
}

say(`Deploying Worker ${plan.worker}${env ? ` (environment ${env})` : ""}${dryRun ? " — dry run: only the local steps run" : ""}`);
const report = { ...plan, dry_run: dryRun, bundle: null };
const secretsFile = join(ROOT, ".assay", `deploy-secrets-${plan.worker}${env ? `-${env}` : ""}.json`);
let databaseId = null;
let toSet = {};

for (const [n, step] of plan.steps.entries()) {
  say(`\n${n + 1}. ${step.title}${step.remote && dryRun ? "  [needs the account: not run]" : ""}`);
  for (const c of step.commands) say(`   $ ${c.join(" ")}`);
  if (step.remote && dryRun) continue;

  if (step.id === "login") run(["wrangler", "whoami"]);
  else if (step.id.startsWith("d1:")) {
    const name = step.id.slice(3);
    databaseId = databaseIdIn(run(["wrangler", "d1", "list", "--json"]).output, name);
    if (!databaseId) {
      run(["wrangler", "d1", "create", name]);
      databaseId = databaseIdIn(run(["wrangler", "d1", "list", "--json"]).output, name);
      if (!databaseId) fail(`created D1 database ${name} but cannot find its id in wrangler d1 list`);
    }
    say(`   database id ${databaseId}`);
  } else if (step.id.startsWith("r2:") || step.id.startsWith("queue:") || step.id.startsWith("r2-lifecycle:")) {
    for (const c of step.commands) {
      const r = run(c, { allowFail: true });
      if (!r.ok && !alreadyExists(r.output)) fail(`${c.join(" ")} failed:\n${r.output}`);
      say(`   ${r.ok ? "created" : "exists"}`);
    }
  } else if (step.id === "config") {
    writeFileSync(join(ROOT, DEPLOY_CONFIG), withDatabaseId(readFileSync(join(ROOT, "wrangler.toml"), "utf8"), databaseId ?? "00000000-0000-0000-0000-000000000000"));
    say(`   wrote ${DEPLOY_CONFIG}`);
  } else if (step.id === "migrations") run(step.commands[0]);
  else if (step.id === "secrets") {
    const listed = run(step.commands[0], { allowFail: true });
    let have = new Set();
    if (listed.ok) have = secretNamesIn(listed.output);
    else if (!isMissingWorker(listed.output)) fail(`cannot list the Worker's secrets:\n${listed.output}`);
    for (const name of plan.secrets) {
      if (have.has(name)) continue;
      toSet[name] = process.env[name] || randomBytes(32).toString("base64url");
      say(`   ${name}: ${process.env[name] ? "from the environment" : "generated"} (${SECRETS[name]})`);
    }
    if (Object.keys(toSet).length) {
      mkdirSync(join(ROOT, ".assay"), { recursive: true });
      writeFileSync(secretsFile, JSON.stringify(toSet, null, 2));
      chmodSync(secretsFile, 0o600);
      say(`   kept in ${secretsFile} (mode 600): back it up, then delete it`);
    } else say("   every secret is set already");
  } else if (step.id === "dashboard") run(step.commands[0]);
  else if (step.id === "bundle") {
    // The first command, in this process: the build the upload is.
    const out = join(ROOT, BUNDLE_DIR);
    try {
      await buildWorker({ outdir: out, env, intoAssets: true });
    } catch (e) {
      fail(`building the Worker failed:\n${e.message}`);
    }
    report.bundle = bundleSize(out);
    const { bytes, gzip_bytes: gzip, minified } = report.bundle;
    say(`   ${(bytes / 1024).toFixed(1)} KiB, ${(gzip / 1000).toFixed(1)} KB gzipped (limit ${MAX_BUNDLE_GZIP_BYTES / 1000} KB), ${minified ? "minified" : "NOT minified"}`);
    if (!minified) fail("the bundle is not minified: set minify = true in wrangler.toml");
    if (gzip > MAX_BUNDLE_GZIP_BYTES) fail(`the bundle is ${gzip} bytes gzipped, over the ${MAX_BUNDLE_GZIP_BYTES}-byte limit`);
    run(step.commands[1]);
  } else if (step.id === "catalog") {
    const db = plan.resources.d1[0];
    await syncCatalog({ remote: true, database: db.binding, quiet: asJson, wranglerArgs: ["--config", DEPLOY_CONFIG, ...(env ? ["--env", env] : [])] });
  } else if (step.id === "deploy") {
    const argv = step.commands[0].map((a) => (a === "<secrets>" ? secretsFile : a));
    const hasSecrets = Object.keys(toSet).length > 0;
    run(hasSecrets ? argv : argv.slice(0, argv.indexOf("--secrets-file")));
    if (toSet.ASSAY_BOOTSTRAP_TOKEN) say(`\n   Bootstrap token (create projects with it; also in ${secretsFile}):\n   ${toSet.ASSAY_BOOTSTRAP_TOKEN}`);
  }
}

if (asJson) console.log(JSON.stringify(report, null, 2));
else say(dryRun ? "\nDry run done: nothing was created or uploaded." : "\nDeployed.");
