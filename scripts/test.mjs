// `npm test`: every suite the project has, one summary at the end.
//   1. tsc --noEmit (counts as one test)
//   2. vitest: everything that runs inside workerd (unit, routes, queue, cron, Durable Objects)
//   3. node --test suites: the source tree's structure (import cycles), and
//      those that drive the local stack from outside (CLI, browser), when present
// Prints "N passed, M failed" last and exits non-zero when anything failed.
//
// ASSAY_TEST_SCOPE=shared-data runs only the test files whose behaviour
// depends on ../shared being present (see sharedDataTests): .ci/run runs
// everything once with ../shared hidden, as on a user's clone, and then just
// those files again with it, instead of repeating a suite that would run
// identically.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { sharedDataTests } from "./lib/shared-data-tests.mjs";

const results = [];
const run = (label, cmd, args, env = {}) => {
  console.log(`\n▶ ${label}: ${[cmd, ...args].join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  process.stdout.write(r.stdout ?? "");
  return { status: r.status ?? 1, stdout: r.stdout ?? "" };
};

mkdirSync("test-output", { recursive: true });
const scoped = process.env.ASSAY_TEST_SCOPE === "shared-data";
const only = scoped ? sharedDataTests() : null;
if (scoped) console.log(`ASSAY_TEST_SCOPE=shared-data: ${only.length} test files depend on ../shared:\n  ${only.join("\n  ")}`);

if (!scoped) {
  const tsc = run("typecheck", "npx", ["tsc", "--noEmit"]);
  results.push({ label: "typecheck", passed: tsc.status === 0 ? 1 : 0, failed: tsc.status === 0 ? 0 : 1 });
}

const json = "test-output/vitest.json";
const vitestFiles = only ? only.filter((f) => f.endsWith(".test.ts")) : [];
const vt = run("workerd tests", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${json}`, ...vitestFiles, ...process.argv.slice(2)]);
if (existsSync(json)) {
  const r = JSON.parse(readFileSync(json, "utf8"));
  const broken = (r.testResults ?? []).filter((f) => f.status === "failed" && !(f.assertionResults ?? []).some((a) => a.status === "failed")).length;
  results.push({ label: "workerd tests", passed: r.numPassedTests, failed: r.numFailedTests + broken });
} else results.push({ label: "workerd tests", passed: 0, failed: 1 });

const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts ?? {};
const nodeSuites = only
  ? [["node suites", "node", ["--test", "--test-concurrency=1", ...only.filter((f) => f.endsWith(".test.mjs"))]]]
  : ["test:structure", "test:cli", "test:sandbox", "test:environments", "test:sdk", "test:e2e"].filter((n) => scripts[n] && !process.env.ASSAY_SKIP?.split(",").includes(n)).map((n) => [n, "npm", ["run", "--silent", n]]);
for (const [name, cmd, args] of nodeSuites) {
  if (only && args.length === 2) continue;
  const r = run(name, cmd, args);
  const pass = Number(r.stdout.match(/^(?:ℹ|#) pass (\d+)/m)?.[1] ?? 0);
  const fail = Number(r.stdout.match(/^(?:ℹ|#) fail (\d+)/m)?.[1] ?? 0);
  results.push({ label: name, passed: pass, failed: fail + (r.status !== 0 && fail === 0 ? 1 : 0) });
}

console.log("");
for (const r of results) console.log(`  ${r.label}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
