// `npm run deploy -- --dry-run` here, with no Cloudflare account: it runs
// only the local steps (the deploy config, the dashboard build, the Worker
// built as it is uploaded) and makes no wrangler call but the dry run that
// checks that script with the config, which a stand-in wrangler records;
// the bundle it reports is minified and under 500 KB gzipped; every remote
// step is printed with its command.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { ROOT } from "./lib/harness.mjs";

const dir = mkdtempSync(join(tmpdir(), "assay-deploy-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("npm run deploy -- --dry-run runs without an account and reports a minified bundle under 500 KB gzipped", () => {
  const log = join(dir, "wrangler-calls.jsonl");
  const standIn = join(dir, "wrangler.mjs");
  // Records each call; runs the real wrangler only for a --dry-run (bundling needs no account), fails anything else.
  writeFileSync(
    standIn,
    `#!/usr/bin/env node
import { appendFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
const args = process.argv.slice(2);
appendFileSync(${JSON.stringify(log)}, JSON.stringify(args) + "\\n");
if (!args.includes("--dry-run")) { console.error("a dry run called wrangler " + args.join(" ")); process.exit(1); }
process.exit(spawnSync(${JSON.stringify(join(ROOT, "node_modules", ".bin", "wrangler"))}, args, { stdio: "inherit" }).status ?? 1);
`,
  );
  chmodSync(standIn, 0o755);
  // No credentials anywhere: a home of its own, no token.
  const env = { ...process.env, ASSAY_WRANGLER: standIn, HOME: dir, CLOUDFLARE_API_TOKEN: "", CLOUDFLARE_ACCOUNT_ID: "", CI: "true", WRANGLER_SEND_METRICS: "false" };
  const r = spawnSync(process.execPath, [join(ROOT, "scripts", "deploy.mjs"), "--dry-run", "--json"], { cwd: ROOT, env, encoding: "utf8", maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, `the dry run failed:\n${r.stdout}\n${r.stderr}`);
  const report = JSON.parse(r.stdout.slice(r.stdout.indexOf("{\n")));
  const calls = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(calls, [["deploy", ".wrangler/deploy-bundle/index.js", "--no-bundle", "--no-minify", "--dry-run", "--config", "wrangler.deploy.toml"]]);
  assert.equal(report.dry_run, true);
  assert.ok(report.bundle.minified, "the bundle is minified");
  console.log(`deploy bundle: ${report.bundle.bytes} bytes, ${report.bundle.gzip_bytes} gzipped`);
  assert.ok(report.bundle.gzip_bytes <= 500_000, `${report.bundle.gzip_bytes} bytes gzipped`);
  assert.deepEqual(report.steps.filter((s) => s.remote).map((s) => s.id).slice(-4), ["migrations", "secrets", "deploy", "catalog"]);
  // The deploy config is wrangler.toml with the id in place (still the placeholder: no database was looked up).
  assert.equal(readFileSync(join(ROOT, "wrangler.deploy.toml"), "utf8"), readFileSync(join(ROOT, "wrangler.toml"), "utf8"));
});
