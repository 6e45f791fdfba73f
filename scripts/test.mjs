// `npm test`: every suite the project has, printed as it runs, one summary at the end.
//   0. prerequisites (Chromium, bubblewrap, Python 3): a missing one stops the run
//      before anything starts, with the line that installs it (scripts/lib/prerequisites.mjs);
//      then the dashboard is built once for the whole run
//   then two lanes at once, since the suites mostly wait (on runs, timers, a browser)
//   rather than compute (vitest used 250 s of CPU in 900 s):
//   workerd lane: tsc --noEmit (counts as one test), then vitest (everything that runs
//      inside workerd: unit, routes, queue, cron, Durable Objects)
//   node lane: the node --test suites in package.json order: the source tree's
//      structure, then those that drive the local stack from outside (CLI, sandbox,
//      SDKs, browser); the tests that need only a stack share one
//      (scripts/lib/shared-stack.mjs), started first
// Each child's output is streamed line by line as it comes, prefixed with its suite:
// vitest and the node suites print one line per test file as it finishes, and a
// failure's details as soon as it fails. Prints each suite's count and time, then
// "N passed, M failed" last, and exits non-zero when anything failed.
// docs/testing.md has the conventions a new test follows.
//
// ASSAY_TEST_SCOPE=shared-data runs only the test files whose behaviour
// depends on ../shared being present (see sharedDataTests): .ci/run runs
// everything once with ../shared hidden, as on a user's clone, and then just
// those files again with it, instead of repeating a suite that would run
// identically. ASSAY_SKIP=test:e2e,test:sdk leaves out the named node suites.
// Arguments are passed to vitest (`npm test -- workers/queue`).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { buildDashboard } from "./lib/dashboard.mjs";
import { describeMissing, missingPrerequisites } from "./lib/prerequisites.mjs";
import { sharedDataTests } from "./lib/shared-data-tests.mjs";
import { startSharedStack } from "./lib/shared-stack.mjs";

const REPORTER = "./scripts/lib/node-test-reporter.mjs";
const NODE_SUITES = ["test:structure", "test:cli", "test:sandbox", "test:environments", "test:sdk", "test:e2e"];
/** The node suites with a test that takes the shared stack. */
const STACK_SUITES = ["test:cli", "test:sdk", "test:e2e"];
const t0 = Date.now();
const secondsSince = (t) => Math.round((Date.now() - t) / 1000);

/** Children still running and the shared stack, ended with us on Ctrl-C or a kill. */
const children = new Set();
let stack = null;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    for (const c of children) c.kill(signal);
    await stack?.stop().catch(() => {});
    process.exit(130);
  });
}

/** Writes a line of suite `label`'s output, marked with it (the lanes' lines interleave). */
const say = (label, line) => console.log(`${label.padEnd(14)}│ ${line}`);

/** Runs a child, streaming its stdout and stderr line by line; resolves with its status and stdout. */
function run(label, cmd, args, env = {}) {
  say(label, `▶ ${[cmd, ...args].join(" ")}  [at ${secondsSince(t0)} s]`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    children.add(child);
    const lines = [];
    createInterface({ input: child.stdout }).on("line", (l) => {
      lines.push(l);
      say(label, l);
    });
    createInterface({ input: child.stderr }).on("line", (l) => say(label, l));
    child.on("error", (err) => say(label, err.message));
    child.on("close", (code) => {
      children.delete(child);
      resolve({ status: code ?? 1, stdout: lines.join("\n") });
    });
  });
}

/** A package.json `node --test ...` script with this run's reporter (node reads options only before the files). */
function withReporter(script) {
  return script.replace(/^node --test(?= |$)/, `node --test --test-reporter=${REPORTER}`);
}

const results = [];
const record = (label, passed, failed, since) => {
  results.push({ label, passed, failed, seconds: secondsSince(since), at: secondsSince(t0) });
  say(label, `${failed ? "✗" : "✓"} ${passed} passed, ${failed} failed (${secondsSince(since)} s)`);
};

mkdirSync("test-output", { recursive: true });
const scoped = process.env.ASSAY_TEST_SCOPE === "shared-data";
const only = scoped ? sharedDataTests() : null;
const skip = new Set((process.env.ASSAY_SKIP ?? "").split(",").filter(Boolean));
const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts ?? {};
const nodeSuites = only
  ? [["node suites", "node", ["--test", `--test-reporter=${REPORTER}`, "--test-concurrency=1", ...only.filter((f) => f.endsWith(".test.mjs"))]]].filter(([, , args]) => args.length > 3)
  : NODE_SUITES.filter((n) => scripts[n] && !skip.has(n)).map((n) => [n, "sh", ["-c", withReporter(scripts[n])]]);

const missing = missingPrerequisites(skip);
if (missing.length) {
  console.log(`npm test needs programs this machine lacks:\n${describeMissing(missing).join("\n")}`);
  console.log("Install them (as root), then run npm test again. See docs/testing.md.");
  console.log("0 passed, 1 failed");
  process.exitCode = 1;
} else {
  if (scoped) console.log(`ASSAY_TEST_SCOPE=shared-data: ${only.length} test files depend on ../shared:\n  ${only.join("\n  ")}`);
  await runAll();
}

async function runAll() {
  // The dashboard is the Worker's assets (vitest and every stack need it) and what the browser tests load: built once.
  if (!process.env.ASSAY_TEST_DASHBOARD_BUILT) {
    const since = Date.now();
    try {
      process.env.ASSAY_TEST_DASHBOARD_BUILT = buildDashboard();
      say("dashboard", `built (${secondsSince(since)} s): ${process.env.ASSAY_TEST_DASHBOARD_BUILT}`);
    } catch (err) {
      say("dashboard", String(err instanceof Error ? err.message : err));
      record("dashboard", 0, 1, since);
    }
  }
  await Promise.all([workerdLane(), nodeLane()]);

  console.log(`\nnpm test took ${secondsSince(t0)} s`);
  for (const r of results) console.log(`  ${r.label}: ${r.passed} passed, ${r.failed} failed (${r.seconds} s, done at ${r.at} s)`);
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  // The last line, which .ci/run reads. exitCode rather than exit(): a piped stdout is written out first.
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

async function workerdLane() {
  if (!scoped) {
    const since = Date.now();
    const tsc = await run("typecheck", "npx", ["tsc", "--noEmit"]);
    record("typecheck", tsc.status === 0 ? 1 : 0, tsc.status === 0 ? 0 : 1, since);
  }
  const vitestFiles = only ? only.filter((f) => f.endsWith(".test.ts")) : [];
  if (only && !vitestFiles.length) return;
  const since = Date.now();
  const json = "test-output/vitest.json";
  const vt = await run("vitest", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${json}`, ...vitestFiles, ...process.argv.slice(2)]);
  if (!existsSync(json)) return record("vitest", 0, 1, since);
  const r = JSON.parse(readFileSync(json, "utf8"));
  // A file that failed with no test failing in it (an import error, a crash) counts once.
  const broken = (r.testResults ?? []).filter((f) => f.status === "failed" && !(f.assertionResults ?? []).some((a) => a.status === "failed")).length;
  const failed = r.numFailedTests + broken;
  record("vitest", r.numPassedTests, failed + (vt.status !== 0 && failed === 0 ? 1 : 0), since);
}

async function nodeLane() {
  let env = {};
  if (!scoped && nodeSuites.some(([name]) => STACK_SUITES.includes(name))) {
    const since = Date.now();
    try {
      stack = await startSharedStack();
      env = stack.env;
      say("shared stack", `up (${secondsSince(since)} s): ${stack.url}, its log in ${stack.logFile}`);
    } catch (err) {
      say("shared stack", `did not start (${err instanceof Error ? err.message : err}); each test file starts its own`);
      record("shared stack", 0, 1, since);
    }
  }
  try {
    for (const [name, cmd, args] of nodeSuites) {
      const since = Date.now();
      const r = await run(name, cmd, args, env);
      const pass = Number(r.stdout.match(/^ℹ pass (\d+)/m)?.[1] ?? 0);
      const fail = Number(r.stdout.match(/^ℹ fail (\d+)/m)?.[1] ?? 0);
      record(name, pass, fail + (r.status !== 0 && fail === 0 ? 1 : 0), since);
    }
  } finally {
    await stack?.stop();
    stack = null;
  }
}
