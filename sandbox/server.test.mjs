// The sandbox service from outside, over HTTP: verdicts for ordinary and
// hostile programs (each contained, ending passed: false with its reason,
// the service still answering afterwards), signatures, validation, output
// caps. Runs with whatever isolation the machine gives (bubblewrap here).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { signBody, startSandbox } from "./server.mjs";
import { classify, OUTPUT_CAP_BYTES } from "./execute.mjs";

const SECRET = randomBytes(24).toString("base64url");
// The secret sits in this process's environment too, where a program must not find it.
process.env.ASSAY_SANDBOX_SECRET = SECRET;
let sandbox;

before(async () => {
  sandbox = await startSandbox({ secret: SECRET, concurrency: 2, log: () => {} });
});
after(async () => {
  await sandbox?.close();
});

async function execute(program, { timeout_s = 3, memory_mb = 256, secret = SECRET, headers } = {}) {
  const body = JSON.stringify({ language: "python", program, timeout_s, memory_mb });
  const res = await fetch(`${sandbox.url}/v1/execute`, { method: "POST", body, headers: { "content-type": "application/json", ...(headers ?? signBody(secret, body)) } });
  return { status: res.status, body: await res.json() };
}

async function stillAnswers() {
  const { status, body } = await execute("print(6 * 7)");
  assert.equal(status, 200);
  assert.equal(body.passed, true);
  assert.equal(body.stdout, "42\n");
}

describe("verdicts", () => {
  test("a passing program: exit 0, its stdout, the isolation used", async () => {
    const { status, body } = await execute("def add(a, b):\n    return a + b\nassert add(2, 3) == 5\nprint('ok')\n");
    assert.equal(status, 200);
    assert.equal(body.passed, true);
    assert.equal(body.exit_code, 0);
    assert.equal(body.timed_out, false);
    assert.equal(body.stdout, "ok\n");
    assert.equal(body.reason, "passed");
    assert.equal(body.isolation, sandbox.isolation);
    assert.ok(["bwrap", "unshare"].includes(body.isolation), body.isolation);
    assert.ok(Number.isInteger(body.duration_ms));
  });

  test("a failing assert: passed false, the assertion as the reason", async () => {
    const { body } = await execute("assert sorted([3, 1]) == [3, 1], 'not sorted'\n");
    assert.equal(body.passed, false);
    assert.equal(body.exit_code, 1);
    assert.equal(body.failure, "assertion");
    assert.equal(body.reason, "assertion failed: not sorted");
    assert.match(body.stderr, /AssertionError: not sorted/);
  });

  test("an exception: its type and message", async () => {
    const { body } = await execute("import re\nre.compile('(')\n");
    assert.equal(body.passed, false);
    assert.equal(body.failure, "exception");
    assert.match(body.reason, /^exception re\.error: missing \), unterminated subpattern/);
  });

  test("names never leak between programs: each is a fresh interpreter", async () => {
    assert.equal((await execute("import math\nshared = 1\n")).body.passed, true);
    const { body } = await execute("print(math.pi, shared)\n");
    assert.equal(body.passed, false);
    assert.equal(body.reason, "exception NameError: name 'math' is not defined");
  });
});

describe("hostile programs are contained", () => {
  test("an infinite loop is killed at the timeout", async () => {
    const { body } = await execute("while True:\n    pass\n", { timeout_s: 1 });
    assert.equal(body.passed, false);
    assert.equal(body.timed_out, true);
    assert.equal(body.failure, "timeout");
    await stillAnswers();
  });

  test("sleeping past the timeout is killed too (by the wall clock)", async () => {
    const { body } = await execute("import time\ntime.sleep(60)\n", { timeout_s: 1 });
    assert.equal(body.timed_out, true);
    assert.equal(body.passed, false);
  });

  test("allocating 8 GB fails on the memory limit", async () => {
    const { body } = await execute("x = bytearray(8 * 1024 ** 3)\nprint(len(x))\n", { memory_mb: 256 });
    assert.equal(body.passed, false);
    assert.equal(body.failure, "memory");
    assert.match(body.reason, /^memory limit: MemoryError/);
    await stillAnswers();
  });

  test("a fork bomb stays inside its limits and dies with its process group", async () => {
    const { body } = await execute("import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n", { timeout_s: 2 });
    assert.equal(body.passed, false);
    await stillAnswers();
    const { body: health } = await (await fetch(`${sandbox.url}/healthz`)).json().then((b) => ({ body: b }));
    assert.equal(health.running, 0);
  });

  test("opening a socket to 127.0.0.1 (the sandbox's own port) fails", async () => {
    const port = new URL(sandbox.url).port;
    const { body } = await execute(`import socket\ns = socket.create_connection(("127.0.0.1", ${port}), 2)\nprint("connected")\n`);
    assert.equal(body.passed, false);
    assert.doesNotMatch(body.stdout, /connected/);
    assert.equal(body.failure, "exception");
  });

  test("writing outside its directory is refused, and nothing appears on the host", async () => {
    const target = new URL("./escape-" + randomBytes(4).toString("hex"), import.meta.url).pathname;
    const { body } = await execute(`open(${JSON.stringify(target)}, "w").write("x")\n`);
    assert.equal(body.passed, false);
    assert.match(body.reason, /^exception (OSError|PermissionError|FileNotFoundError)/);
    assert.equal(existsSync(target), false);
  });

  test("its private /tmp is not the host's", { skip: false }, async () => {
    const name = `/tmp/assay-sandbox-escape-${randomBytes(4).toString("hex")}`;
    await execute(`open(${JSON.stringify(name)}, "w").write("x")\n`);
    if (sandbox.isolation === "bwrap") assert.equal(existsSync(name), false);
  });

  test("the sandbox's secret is neither in its environment nor readable through /proc", async () => {
    const program = [
      "import glob, os, sys",
      `secret = ${JSON.stringify(SECRET)}.encode()`,
      "found = [k for k, v in os.environ.items() if secret in v.encode()]",
      "for p in glob.glob('/proc/*/environ') + glob.glob('/proc/*/cmdline'):",
      "    try:",
      "        if secret in open(p, 'rb').read():",
      "            found.append(p)",
      "    except OSError:",
      "        pass",
      "print(found)",
      "sys.exit(0 if found else 3)",
    ].join("\n");
    const { body } = await execute(program);
    assert.equal(body.stdout, "[]\n");
    assert.equal(body.passed, false);
    assert.equal(body.reason, "exit code 3");
  });

  test("stderr is capped, head and tail kept, and the byte count reported", async () => {
    const { body } = await execute("import sys\nsys.stderr.write('e' * 1_000_000)\nraise ValueError('last words')\n");
    assert.equal(body.passed, false);
    assert.ok(body.stderr.length < OUTPUT_CAP_BYTES + 100, `stderr kept ${body.stderr.length} chars`);
    assert.ok(body.stderr_bytes > 1_000_000);
    assert.match(body.stderr, /bytes not kept/);
    assert.equal(body.reason, "exception ValueError: last words");
  });
});

describe("requests", () => {
  test("a bad signature, a missing one and a stale one are 401; nothing runs", async () => {
    const wrong = await execute("print(1)", { secret: "another-secret-0123456789" });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.detail, "signature mismatch");
    const missing = await execute("print(1)", { headers: {} });
    assert.equal(missing.status, 401);
    assert.equal(missing.body.detail, "missing signature headers");
    const body = JSON.stringify({ language: "python", program: "print(1)", timeout_s: 1, memory_mb: 64 });
    const stale = await fetch(`${sandbox.url}/v1/execute`, { method: "POST", body, headers: signBody(SECRET, body, Math.floor(Date.now() / 1000) - 3600) });
    assert.equal(stale.status, 401);
  });

  test("invalid requests are 422 with every problem listed", async () => {
    const body = JSON.stringify({ language: "ruby", program: "", timeout_s: 0, memory_mb: 1, extra: 1 });
    const res = await fetch(`${sandbox.url}/v1/execute`, { method: "POST", body, headers: signBody(SECRET, body) });
    assert.equal(res.status, 422);
    const problem = await res.json();
    assert.equal(problem.errors.length, 5);
  });

  test("executions beyond the concurrency queue and all complete", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => execute(`import time\ntime.sleep(0.2)\nprint(${i})\n`)));
    assert.deepEqual(
      results.map((r) => r.body.stdout),
      ["0\n", "1\n", "2\n", "3\n", "4\n"],
    );
    assert.ok(results.some((r) => r.body.queued_ms > 0));
  });
});

describe("classify", () => {
  const base = { exit_code: 1, signal: null, timed_out: false, stderr: "", timeout_s: 5 };
  for (const [name, e, want] of [
    ["exit 0", { exit_code: 0 }, { failure: null, reason: "passed" }],
    ["timeout wins", { timed_out: true, exit_code: null, signal: "SIGKILL" }, { failure: "timeout", reason: "timeout: still running after 15 s of wall clock, killed" }],
    ["cpu limit (signal)", { exit_code: null, signal: "SIGXCPU" }, { failure: "timeout", reason: "timeout: used its 5 s of CPU time, killed" }],
    ["cpu limit (128+24)", { exit_code: 152 }, { failure: "timeout", reason: "timeout: used its 5 s of CPU time, killed" }],
    ["bare assertion", { stderr: "Traceback\n  x\nAssertionError\n" }, { failure: "assertion", reason: "assertion failed" }],
    ["memory", { stderr: "MemoryError\n" }, { failure: "memory", reason: "memory limit: MemoryError" }],
    ["killed", { exit_code: 137 }, { failure: "killed", reason: "killed by SIGKILL (the memory limit, or the program itself)" }],
    ["plain exit", { exit_code: 2, stderr: "usage\n" }, { failure: "exit", reason: "exit code 2" }],
  ]) {
    test(name, () => assert.deepEqual(classify({ ...base, ...e }), want));
  }
});
