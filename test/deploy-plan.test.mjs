// npm run deploy's plan (scripts/lib/deploy-plan.mjs) from the real
// wrangler.toml: every resource the Worker binds is found or created before
// the migrations, the migrations run remotely before the code uploads (the
// upgrade order), the secrets it needs are planned and existing ones kept,
// the containers environment adds the sandbox's container and secret, and
// what is uploaded is the script the bundle step built and measured.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { parse } from "smol-toml";
import { alreadyExists, databaseIdIn, deployPlan, isMissingWorker, PLACEHOLDER_DB_ID, secretNamesIn, withDatabaseId } from "../scripts/lib/deploy-plan.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const text = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
const config = parse(text);
const ids = (plan) => plan.steps.map((s) => s.id);

test("the default deployment: resources, then migrations, then secrets, dashboard, bundle, upload and the catalog's rows", () => {
  const plan = deployPlan(config);
  assert.deepEqual(ids(plan), [
    "login",
    "d1:assay",
    "r2:assay-artifacts",
    "r2-lifecycle:assay-artifacts",
    "queue:assay-attempts",
    "queue:assay-attempts-2",
    "queue:assay-attempts-3",
    "queue:assay-attempts-4",
    "queue:assay-control",
    "queue:assay-attempts-dlq",
    "config",
    "migrations",
    "secrets",
    "dashboard",
    "bundle",
    "deploy",
    "catalog",
  ]);
  assert.deepEqual(plan.secrets, ["ASSAY_SECRET_KEY", "ASSAY_BOOTSTRAP_TOKEN"]);
  const step = (id) => plan.steps.find((s) => s.id === id);
  assert.deepEqual(step("migrations").commands, [["wrangler", "d1", "migrations", "apply", "DB", "--remote", "--config", "wrangler.deploy.toml"]]);
  assert.ok(ids(plan).indexOf("migrations") < ids(plan).indexOf("deploy"), "migrations before code");
  // The rows may name what only the new code knows (a scorer, a benchmark): synced after it is live.
  assert.ok(ids(plan).indexOf("deploy") < ids(plan).indexOf("catalog"), "catalog rows after code");
  // What a dry run may run: nothing that needs the account.
  assert.deepEqual(plan.steps.filter((s) => !s.remote).map((s) => s.id), ["config", "dashboard", "bundle"]);
  // The bundle step builds the script (scripts/build-worker.mjs) and has wrangler check it without uploading;
  // the upload is that same script, not a bundle wrangler would make anew.
  const [build, check] = step("bundle").commands;
  assert.deepEqual(build, ["node", "scripts/build-worker.mjs", "--outdir", ".wrangler/deploy-bundle"]);
  assert.deepEqual(check, ["wrangler", "deploy", ".wrangler/deploy-bundle/index.js", "--no-bundle", "--no-minify", "--dry-run", "--config", "wrangler.deploy.toml"]);
  assert.deepEqual(step("deploy").commands, [["wrangler", "deploy", ".wrangler/deploy-bundle/index.js", "--no-bundle", "--no-minify", "--config", "wrangler.deploy.toml", "--secrets-file", "<secrets>"]]);
});

test("the containers environment: the same Worker with the sandbox's container, its secret, and a bundle built without Docker", () => {
  const plan = deployPlan(config, "containers");
  assert.equal(plan.worker, "assay");
  assert.deepEqual(plan.resources.containers, ["SandboxContainer"]);
  assert.deepEqual(plan.secrets, ["ASSAY_SECRET_KEY", "ASSAY_BOOTSTRAP_TOKEN", "ASSAY_SANDBOX_SECRET"]);
  const [build, check] = plan.steps.find((s) => s.id === "bundle").commands;
  assert.deepEqual(build.slice(-2), ["--env", "containers"]);
  assert.deepEqual(check.slice(-3), ["--env", "containers", "--containers-rollout=none"]);
  assert.match(plan.steps.find((s) => s.id === "deploy").title, /SandboxContainer; needs Docker/);
  assert.throws(() => deployPlan(config, "staging"), /no \[env\.staging\]/);
});

test("a sandbox URL in [vars] makes its secret one the deploy sets", () => {
  const withUrl = { ...config, vars: { ...config.vars, ASSAY_SANDBOX_URL: "https://sandbox.example.com" } };
  assert.ok(deployPlan(withUrl).secrets.includes("ASSAY_SANDBOX_SECRET"));
});

test("wrangler's answers are read as the deploy needs them", () => {
  const filled = withDatabaseId(text, "11111111-2222-3333-4444-555555555555");
  assert.equal(filled.includes(PLACEHOLDER_DB_ID), false);
  assert.equal(filled.split("11111111-2222-3333-4444-555555555555").length - 1, text.split(PLACEHOLDER_DB_ID).length - 1);
  assert.equal(databaseIdIn(JSON.stringify([{ name: "other", uuid: "x" }, { name: "assay", uuid: "y" }]), "assay"), "y");
  assert.equal(databaseIdIn("[]", "assay"), null);
  assert.deepEqual([...secretNamesIn(JSON.stringify([{ name: "ASSAY_SECRET_KEY", type: "secret_text" }]))], ["ASSAY_SECRET_KEY"]);
  assert.ok(isMissingWorker("✘ [ERROR] A request to the Cloudflare API failed. This Worker does not exist on your account. [code: 10007]"));
  assert.equal(isMissingWorker("Authentication error [code: 10000]"), false);
  assert.ok(alreadyExists("✘ [ERROR] The bucket you tried to create already exists, and you own it. [code: 10004]"));
  assert.equal(alreadyExists("Authentication error [code: 10000]"), false);
});
