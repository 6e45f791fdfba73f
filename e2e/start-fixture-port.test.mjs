// `npm start` puts the fixture model on a fixed port (ASSAY_FIXTURE_PORT,
// default 8788), so targets saved against it survive a restart; a busy or
// malformed port, the fixture's or the API's (PORT), stops the start at once
// with a message naming the setting, before wrangler is started. Runs
// scripts/start.mjs as a child.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { DEFAULT_FIXTURE_PORT, fixturePort } from "../scripts/lib/fixture-port.mjs";
import { freePort } from "../scripts/lib/stack.mjs";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const START = join(REPO, "scripts", "start.mjs");
const state = mkdtempSync(join(tmpdir(), "assay-start-port-"));

/** Starts `node scripts/start.mjs` in its own process group; `until` resolves once stdout matches. */
function start(env) {
  const child = spawn(process.execPath, [START], {
    cwd: REPO,
    // The whole environment goes through (CI finds what a run left behind by it), with this test's settings on top.
    env: { ...process.env, ASSAY_STATE_DIR: join(state, "state"), ASSAY_DEMO: "0", ASSAY_BOOTSTRAP_TOKEN: "start-port-test-token", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr })));
  return {
    child,
    exited,
    /** @param {RegExp} re */
    until: (re, ms) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${re} on stdout in ${ms} ms:\n${stdout}\n${stderr}`)), ms);
        const check = () => {
          const m = re.exec(stdout);
          if (m) {
            clearTimeout(timer);
            resolve(m);
          }
        };
        child.stdout.on("data", check);
        void exited.then(() => {
          clearTimeout(timer);
          reject(new Error(`npm start exited before ${re}:\n${stdout}\n${stderr}`));
        });
        check();
      }),
  };
}

/** A loopback port held by another listener until release(). */
async function busyPort() {
  return busyPort.at(0);
}
/** Holds `port` (0: any free one); rejects when something else holds it. */
busyPort.at = async (port) => {
  const srv = createServer();
  await new Promise((resolve, reject) => srv.once("error", reject).listen(port, "127.0.0.1", resolve));
  return { port: /** @type {import("node:net").AddressInfo} */ (srv.address()).port, release: () => new Promise((r) => srv.close(r)) };
};

describe("npm start's fixture model port", { timeout: 150_000 }, () => {
  const started = [];
  after(async () => {
    for (const s of started) {
      try {
        process.kill(-s.child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    rmSync(state, { recursive: true, force: true });
  });

  test("ASSAY_FIXTURE_PORT reads as a port; unset is the fixed default", () => {
    assert.deepEqual(
      [undefined, "", "9100", " 9101 ", "0", "65536", "-1", "80a", "1e3"].map((v) => fixturePort(v)),
      [
        { port: DEFAULT_FIXTURE_PORT },
        { port: DEFAULT_FIXTURE_PORT },
        { port: 9100 },
        { port: 9101 },
        { port: 0 },
        { error: "ASSAY_FIXTURE_PORT must be a port number from 0 to 65535, got '65536'" },
        { error: "ASSAY_FIXTURE_PORT must be a port number from 0 to 65535, got '-1'" },
        { error: "ASSAY_FIXTURE_PORT must be a port number from 0 to 65535, got '80a'" },
        { error: "ASSAY_FIXTURE_PORT must be a port number from 0 to 65535, got '1e3'" },
      ],
    );
    assert.equal(DEFAULT_FIXTURE_PORT, 8788);
  });

  test("a busy port fails the start within seconds, naming the setting, with nothing started", async () => {
    const busy = await busyPort();
    try {
      const s = start({ ASSAY_FIXTURE_PORT: String(busy.port), PORT: String(await freePort()) });
      started.push(s);
      const r = await s.exited;
      assert.equal(r.code, 1);
      assert.equal(
        r.stderr.trim(),
        `the fixture model's port ${busy.port} is already in use: stop what holds it, or set ASSAY_FIXTURE_PORT to a free port (default ${DEFAULT_FIXTURE_PORT})`,
      );
      assert.doesNotMatch(r.stdout, /Assay is running/);
    } finally {
      await busy.release();
    }
  });

  test("a busy PORT stops the start before the banner, naming the port and the setting, with nothing started", async () => {
    const busy = await busyPort();
    const fixture = await freePort();
    try {
      const s = start({ PORT: String(busy.port), ASSAY_FIXTURE_PORT: String(fixture) });
      started.push(s);
      const r = await s.exited;
      assert.equal(r.code, 1);
      assert.equal(r.stderr.trim(), `npm start: port ${busy.port} (PORT) is already in use: stop what holds it, or set PORT to a free port`);
      assert.equal(r.stdout, "", "no banner, no wrangler");
      // The fixture model was not started on its port either.
      const free = await busyPort.at(fixture);
      await free.release();
    } finally {
      await busy.release();
    }
  });

  test("a malformed port fails the start naming the setting and the rule", async () => {
    const s = start({ ASSAY_FIXTURE_PORT: "eighty", PORT: String(await freePort()) });
    started.push(s);
    const r = await s.exited;
    assert.deepEqual({ code: r.code, stderr: r.stderr.trim() }, { code: 1, stderr: "ASSAY_FIXTURE_PORT must be a port number from 0 to 65535, got 'eighty'" });
  });

  test("the fixture model listens on the port asked for, and the banner says so", async () => {
    const fixture = await freePort();
    const s = start({ ASSAY_FIXTURE_PORT: String(fixture), PORT: String(await freePort()) });
    started.push(s);
    const [, url] = await s.until(/Fixture model: +(http:\/\/127\.0\.0\.1:\d+)\/v1/, 120_000);
    assert.equal(url, `http://127.0.0.1:${fixture}`);
    const models = await fetch(`${url}/v1/models`);
    assert.equal(models.headers.get("x-assay-fixture"), "1");
    s.child.kill("SIGTERM");
    const r = await s.exited;
    assert.equal(r.code, 0, r.stderr);
  });
});
