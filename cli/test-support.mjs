// Test support for the CLI's tests (not a test file itself): the local
// stack and fixture model started once, the CLI run as a child process,
// JUnit parsed with a real XML parser. Starts processes and writes temp files.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { startFixtureModel } from "../fixture/model-server.mjs";
import { sharedStack } from "../scripts/lib/shared-stack.mjs";
import { freePort, startStack } from "../scripts/lib/stack.mjs";

export const REPO = fileURLToPath(new URL("..", import.meta.url));
export const CLI = join(REPO, "cli", "assay.mjs");
const BOOTSTRAP = "cli-test-bootstrap-token";

/**
 * The local stack (wrangler dev with its own state in a temp folder) and the
 * fixture model on loopback. `vars` are extra Worker variables (e.g. a
 * dataset mirror for built-in benchmarks), `answers` answer keys for the
 * fixture (files or rows, as startFixtureModel takes them).
 * @param {{vars?: Record<string, string>, answers?: unknown[]}} [opts]
 */
export async function startLocal({ vars = {}, answers } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "assay-cli-e2e-"));
  // wrangler is found relative to the repo root, and runs on this node (the
  // repo's Node 24) even when the shell's default node is older.
  process.chdir(REPO);
  process.env.PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ""}`;
  // Without Worker variables of its own a test takes the run's shared stack, when npm test started one.
  const shared = Object.keys(vars).length ? null : sharedStack();
  const [stackResult, fixtureResult] = await Promise.allSettled([
    shared
      ? { url: shared.url, bootstrapToken: shared.bootstrapToken, stop: async () => {} }
      : freePort().then((port) =>
          startStack({
            port,
            stateDir: join(dir, "state"),
            bootstrapToken: BOOTSTRAP,
            extraVars: vars,
            quiet: true,
            logFile: join(dir, "wrangler.log"),
          }),
        ),
    startFixtureModel({ answers }),
  ]);
  if (stackResult.status === "rejected" || fixtureResult.status === "rejected") {
    // Leave nothing running behind a failed start.
    if (stackResult.status === "fulfilled") await stackResult.value.stop();
    if (fixtureResult.status === "fulfilled") await fixtureResult.value.close();
    rmSync(dir, { recursive: true, force: true });
    throw stackResult.status === "rejected" ? stackResult.reason : fixtureResult.reason;
  }
  const stack = stackResult.value;
  const fixture = fixtureResult.value;
  return {
    url: stack.url,
    fixtureUrl: fixture.url,
    /** The operator token the stack was started with (creates projects). */
    bootstrapToken: stack.bootstrapToken,
    dir,
    /** A new project's admin key. */
    async newProject(name) {
      const r = await fetch(`${stack.url}/api/projects`, {
        method: "POST",
        headers: { authorization: `Bearer ${stack.bootstrapToken}`, "content-type": "application/json" },
        body: JSON.stringify({ name }),
      });
      assert.equal(r.status, 201, await r.clone().text());
      return (await r.json()).api_key;
    },
    /** A GET straight to the API, to check what the CLI reported. */
    async api(path, key) {
      const r = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
      assert.ok(r.ok, `${path}: ${r.status} ${await r.clone().text()}`);
      return r.json();
    },
    async stop() {
      await Promise.all([stack.stop(), fixture.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `node cli/assay.mjs ...args` and collects its output.
 * @param {string[]} args
 * @param {{env?: Record<string, string | undefined>, input?: string, timeoutMs?: number}} [opts]
 * @returns {Promise<{code: number | null, stdout: string, stderr: string}>}
 */
export function cli(args, { env = {}, input, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    const base = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR };
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...base, ...env }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(input ?? "");
  });
}

/**
 * Runs the CLI with its stdout read like `| head -n LINES`: the reading end
 * is closed once `lines` lines arrived (0: before anything is written).
 * @param {string[]} args
 * @param {{lines?: number, env?: Record<string, string | undefined>, timeoutMs?: number}} [opts]
 * @returns {Promise<{code: number | null, signal: NodeJS.Signals | null, head: string, stderr: string}>}
 */
export function cliHead(args, { lines = 0, env = {}, timeoutMs = 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const base = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR };
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...base, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let head = "";
    let stderr = "";
    if (lines === 0) child.stdout.destroy();
    else
      child.stdout.on("data", (d) => {
        head += d;
        const cut = head.split("\n");
        if (cut.length > lines) {
          head = cut.slice(0, lines).join("\n") + "\n";
          child.stdout.destroy();
        }
      });
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, head, stderr });
    });
  });
}

/** Parses a JUnit report, failing unless it is well-formed XML. */
export function parseJunit(xml) {
  const valid = XMLValidator.validate(xml);
  assert.equal(valid, true, `not well-formed XML: ${JSON.stringify(valid)}`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ["testsuite", "testcase", "failure", "error", "skipped"].includes(name),
  });
  return parser.parse(xml).testsuites;
}
