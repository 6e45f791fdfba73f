// The sandbox service from outside, over HTTP, under each isolation mode it
// accepts (bubblewrap and unshare, each forced): verdicts for ordinary and
// hostile programs (each contained, ending passed: false with its reason,
// the service still answering afterwards), nothing an execution writes
// reaching the host, and nothing left behind. Then signatures, validation,
// output caps, and how the isolation is chosen: a bad setting, or a mode
// that cannot be had, stops the start.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { signBody, startSandbox } from "./server.mjs";
import { classify, OUTPUT_CAP_BYTES } from "./execute.mjs";
import { findTool, lockedMountFlags, parseIsolationSetting, prepareUnshareRoot, toolsFor } from "./isolation.mjs";
import { startLocalSandbox } from "../scripts/lib/sandbox.mjs";

const SECRET = randomBytes(24).toString("base64url");
// The secret sits in this process's environment too, where a program must not find it.
process.env.ASSAY_SANDBOX_SECRET = SECRET;
const REPO = fileURLToPath(new URL("..", import.meta.url));
// The service's host-side files go to a folder of this file's own, so "nothing left" can be checked
// on a machine where other sandboxes share /tmp. Executions' uids (61000+ under root) must traverse it.
const SCRATCH = mkdtempSync(join(tmpdir(), "assay-sandbox-test-"));
chmodSync(SCRATCH, 0o755);
const HOST_TMP = join(SCRATCH, "tmp");
mkdirSync(HOST_TMP, { mode: 0o755 });
process.env.TMPDIR = HOST_TMP;
/** A PATH with everything the unshare mode needs and no bubblewrap, as on a fresh machine. */
const NO_BWRAP = join(SCRATCH, "path-without-bwrap");
mkdirSync(NO_BWRAP);
for (const tool of ["unshare", "mount", "umount", "setpriv", "cat", "sh"]) {
  const path = findTool(tool);
  if (path) symlinkSync(path, join(NO_BWRAP, tool));
}
after(() => rmSync(SCRATCH, { recursive: true, force: true }));

async function execute(sandbox, program, { timeout_s = 3, memory_mb = 256, secret = SECRET, headers } = {}) {
  const body = JSON.stringify({ language: "python", program, timeout_s, memory_mb });
  const res = await fetch(`${sandbox.url}/v1/execute`, { method: "POST", body, headers: { "content-type": "application/json", ...(headers ?? signBody(secret, body)) } });
  return { status: res.status, body: await res.json() };
}

async function executeWith(sandbox, program, files, { timeout_s = 5, memory_mb = 256 } = {}) {
  const body = JSON.stringify({ language: "python", program, timeout_s, memory_mb, files });
  const res = await fetch(`${sandbox.url}/v1/execute`, { method: "POST", body, headers: { "content-type": "application/json", ...signBody(SECRET, body) } });
  return { status: res.status, body: await res.json() };
}

/** PUTs `content` to the file store under its sha256 (or the one given), signed over the name and the declared size. */
async function putFile(sandbox, content, { sha256, bytes, secret = SECRET } = {}) {
  const data = Buffer.from(content);
  const sha = sha256 ?? createHash("sha256").update(data).digest("hex");
  const declared = String(bytes ?? data.length);
  const res = await fetch(`${sandbox.url}/v1/files/${sha}`, { method: "PUT", body: data, headers: { "x-assay-file-bytes": declared, ...signBody(secret, `file:${sha}:${declared}`) } });
  return { status: res.status, body: await res.json(), sha };
}

async function stillAnswers(sandbox) {
  const { status, body } = await execute(sandbox, "print(6 * 7)");
  assert.equal(status, 200);
  assert.equal(body.passed, true);
  assert.equal(body.stdout, "42\n");
}

const escapeName = () => `assay-sandbox-escape-${randomBytes(4).toString("hex")}`;

for (const mode of /** @type {const} */ (["bwrap", "unshare"])) {
  const found = toolsFor(mode);
  describe(`under ${mode}`, { skip: "missing" in found ? `${mode} cannot run here: ${found.missing}` : false }, () => {
    let sandbox;
    before(async () => {
      sandbox = await startSandbox({ secret: SECRET, concurrency: 2, isolation: mode, log: () => {} });
    });
    after(async () => {
      await sandbox?.close();
    });

    describe("verdicts", () => {
      test("a passing program: exit 0, its stdout, the isolation used", async () => {
        assert.equal(sandbox.isolation, mode);
        const { status, body } = await execute(sandbox, "def add(a, b):\n    return a + b\nassert add(2, 3) == 5\nprint('ok')\n");
        assert.equal(status, 200);
        assert.equal(body.passed, true);
        assert.equal(body.exit_code, 0);
        assert.equal(body.timed_out, false);
        assert.equal(body.stdout, "ok\n");
        assert.equal(body.stderr, "");
        assert.equal(body.reason, "passed");
        assert.equal(body.isolation, mode);
        assert.ok(Number.isInteger(body.duration_ms));
        const health = await (await fetch(`${sandbox.url}/healthz`)).json();
        assert.equal(health.isolation, mode);
      });

      test("a failing assert: passed false, the assertion as the reason", async () => {
        const { body } = await execute(sandbox, "assert sorted([3, 1]) == [3, 1], 'not sorted'\n");
        assert.equal(body.passed, false);
        assert.equal(body.exit_code, 1);
        assert.equal(body.failure, "assertion");
        assert.equal(body.reason, "assertion failed: not sorted");
        assert.match(body.stderr, /AssertionError: not sorted/);
      });

      test("an exception: its type and message", async () => {
        const { body } = await execute(sandbox, "import re\nre.compile('(')\n");
        assert.equal(body.passed, false);
        assert.equal(body.failure, "exception");
        assert.match(body.reason, /^exception re\.error: missing \), unterminated subpattern/);
      });

      test("names never leak between programs: each is a fresh interpreter", async () => {
        assert.equal((await execute(sandbox, "import math\nshared = 1\n")).body.passed, true);
        const { body } = await execute(sandbox, "print(math.pi, shared)\n");
        assert.equal(body.passed, false);
        assert.equal(body.reason, "exception NameError: name 'math' is not defined");
      });
    });

    describe("files handed to an execution (/data)", () => {
      test("an uploaded file is stored once, checked against its name and size", async () => {
        const first = await putFile(sandbox, "id,name\n1,a\n");
        assert.deepEqual([first.status, first.body.stored], [201, true]);
        // A digest already held is answered without reading the bytes again: the store is addressed by content.
        assert.deepEqual([(await putFile(sandbox, "id,name\n1,a\n")).status], [200]);
        const unheld = createHash("sha256").update("bytes never uploaded").digest("hex");
        assert.equal((await putFile(sandbox, "other bytes", { sha256: unheld })).status, 422);
        assert.equal((await putFile(sandbox, "short", { bytes: 99 })).status, 422);
        assert.equal((await putFile(sandbox, "signed by someone else", { secret: "x".repeat(24) })).status, 401);
      });

      test("a program reads its files at /data, read-only, and sees only the names it was handed", async () => {
        const { sha } = await putFile(sandbox, "hello from the store\n");
        const program = [
          "import os",
          "print(sorted(os.listdir('/data')), open('/data/greeting.txt').read().strip())",
          "for path in ['/data/greeting.txt', '/data/new.txt']:",
          "    try:",
          "        open(path, 'a').write('x')",
          "        print('wrote', path)",
          "    except OSError as e:",
          "        print('refused', path, e.errno in (13, 30))",
          "",
        ].join("\n");
        const { status, body } = await executeWith(sandbox, program, [{ name: "greeting.txt", sha256: sha }]);
        assert.equal(status, 200, JSON.stringify(body));
        assert.equal(body.stdout, "['greeting.txt'] hello from the store\nrefused /data/greeting.txt True\nrefused /data/new.txt True\n");
        // The next execution, handed nothing, finds /data empty.
        assert.equal((await execute(sandbox, "import os\nprint(os.listdir('/data'))\n")).body.stdout, "[]\n");
      });

      test("a file the store lacks is named (409), and nothing runs", async () => {
        const missing = "0".repeat(64);
        const { status, body } = await executeWith(sandbox, "print('never')\n", [{ name: "db.sqlite", sha256: missing }]);
        assert.equal(status, 409);
        assert.deepEqual(body.missing, [missing]);
      });

      test("names and digests are checked", async () => {
        const { status, body } = await executeWith(sandbox, "print(1)\n", [{ name: "../etc/passwd", sha256: "z" }]);
        assert.equal(status, 422);
        assert.deepEqual(body.errors, ["files.0.name: a plain file name is required", "files.0.sha256: 64 lowercase hex digits are required"]);
      });
    });

    describe("hostile programs are contained", () => {
      test("an infinite loop is killed at the timeout, and the verdict says so", async () => {
        const { body } = await execute(sandbox, "while True:\n    pass\n", { timeout_s: 1 });
        assert.equal(body.passed, false);
        assert.equal(body.timed_out, true);
        assert.equal(body.failure, "timeout");
        // Out of CPU time, or of wall clock first on a busy machine: a timeout either way, said so.
        assert.match(body.reason, /^timeout: (used its 1 s of CPU time|still running after 3 s of wall clock), killed$/);
        assert.equal(body.stderr, "");
        await stillAnswers(sandbox);
      });

      test("the CPU limit's signal and a SIGKILL reach the program: it is never its namespace's init", async () => {
        // An init ignores signals it has no handler for: SIGXCPU would leave it running, and unshare
        // could not pass a SIGKILL on (it exited 1, "sigprocmask unblock failed").
        const xcpu = await execute(sandbox, "import os, signal\nos.kill(os.getpid(), signal.SIGXCPU)\nprint('ignored')\n");
        assert.equal(xcpu.body.stdout, "");
        assert.equal(xcpu.body.reason, "timeout: used its 3 s of CPU time, killed");
        const kill = await execute(sandbox, "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n");
        assert.equal(kill.body.reason, "killed by SIGKILL (the memory limit, or the program itself)");
        assert.equal(kill.body.stderr, "");
      });

      test("sleeping past the timeout is killed too (by the wall clock)", async () => {
        const { body } = await execute(sandbox, "import time\ntime.sleep(60)\n", { timeout_s: 1 });
        assert.equal(body.timed_out, true);
        assert.equal(body.passed, false);
        assert.match(body.reason, /^timeout: still running after 3 s of wall clock, killed$/);
      });

      test("allocating 8 GB fails on the memory limit", async () => {
        const { body } = await execute(sandbox, "x = bytearray(8 * 1024 ** 3)\nprint(len(x))\n", { memory_mb: 256 });
        assert.equal(body.passed, false);
        assert.equal(body.failure, "memory");
        assert.match(body.reason, /^memory limit: MemoryError/);
        await stillAnswers(sandbox);
      });

      test("a fork bomb stays inside its limits and dies with its process group", async () => {
        const { body } = await execute(sandbox, "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n", { timeout_s: 2 });
        assert.equal(body.passed, false);
        assert.equal(body.failure, "timeout");
        await stillAnswers(sandbox);
        const health = await (await fetch(`${sandbox.url}/healthz`)).json();
        assert.equal(health.running, 0);
      });

      test("no network: a socket to 127.0.0.1 (the sandbox's own port) or to the internet fails", async () => {
        const port = new URL(sandbox.url).port;
        const local = await execute(sandbox, `import socket\ns = socket.create_connection(("127.0.0.1", ${port}), 2)\nprint("connected")\n`);
        assert.equal(local.body.passed, false);
        assert.doesNotMatch(local.body.stdout, /connected/);
        // bubblewrap brings up a loopback of the namespace's own (nothing listens there); unshare leaves it down.
        assert.match(local.body.reason, /^exception (ConnectionRefusedError|OSError: \[Errno 101\] Network is unreachable)/);
        const outside = await execute(sandbox, `import socket\ns = socket.create_connection(("1.1.1.1", 53), 2)\nprint("connected")\n`);
        assert.equal(outside.body.passed, false);
        assert.match(outside.body.reason, /^exception OSError: \[Errno 101\] Network is unreachable/);
      });

      test("writing outside its directory is refused, and nothing appears on the host", async () => {
        const target = join(REPO, "sandbox", escapeName());
        const { body } = await execute(sandbox, `open(${JSON.stringify(target)}, "w").write("x")\n`);
        assert.equal(body.passed, false);
        assert.match(body.reason, /^exception (OSError|PermissionError|FileNotFoundError)/);
        assert.equal(existsSync(target), false);
      });

      test("a write to the host's /tmp, $HOME, /work or the repository leaves nothing on the host", async () => {
        const targets = ["/tmp", homedir(), "/work", REPO].map((dir) => join(dir, escapeName()));
        const program = [
          "import json",
          "done = {}",
          `for p in ${JSON.stringify(targets)}:`,
          "    try:",
          "        open(p, 'w').write('escaped')",
          "        done[p] = open(p).read()",
          "    except OSError as e:",
          "        done[p] = type(e).__name__",
          "print(json.dumps(done))",
        ].join("\n");
        const { body } = await execute(sandbox, program);
        assert.equal(body.passed, true, body.reason);
        const done = JSON.parse(body.stdout);
        // Its own /tmp is writable (a candidate may use it); the rest of the host is not there at all.
        assert.deepEqual(Object.values(done), ["escaped", "FileNotFoundError", "FileNotFoundError", "FileNotFoundError"]);
        for (const t of targets) assert.equal(existsSync(t), false, `${t} appeared on the host`);
        // And the next program's /tmp starts empty.
        const next = await execute(sandbox, "import os\nprint(sorted(os.listdir('/tmp')))\n");
        assert.equal(next.body.stdout, "['program.py']\n");
      });

      test("it holds no capabilities, its root is read-only, and the host's root is not reachable", async () => {
        const program = [
          "import os",
          "caps = [l.split()[1] for l in open('/proc/self/status') if l.startswith('CapEff:')]",
          "print(caps[0], bool(os.statvfs('/').f_flag & os.ST_RDONLY), sorted(os.listdir('/')))",
          "print(sorted(os.listdir('/proc/1/root')) if os.access('/proc/1/root', os.R_OK) else 'init root unreadable')",
        ].join("\n");
        const { body } = await execute(sandbox, program);
        assert.equal(body.passed, true, body.stderr);
        const [caps, readOnly] = body.stdout.split("\n");
        assert.equal(caps, "0000000000000000 True ['bin', 'data', 'dev', 'lib', 'lib64', 'proc', 'sbin', 'tmp', 'usr']".replace(" 'lib64',", existsSync("/usr/lib64") ? " 'lib64'," : ""));
        assert.ok(readOnly === "init root unreadable" || readOnly.startsWith("['bin', 'data', 'dev'"), readOnly);
      });

      test("a program cannot pose as a sandbox that failed to set up: its exit is its verdict", async () => {
        const { status, body } = await execute(sandbox, "import sys\nsys.stderr.write('mount: failed\\n')\nsys.exit(32)\n");
        assert.equal(status, 200);
        assert.equal(body.passed, false);
        assert.equal(body.reason, "exit code 32");
      });

      test("no descriptor of the service's reaches the program: beyond stderr, nothing it can write to", async () => {
        // This file's process may hold a descriptor it inherited (a CI runner's pipe): the program must not.
        const program = [
          "import os",
          "reach = []",
          "for fd in sorted(int(n) for n in os.listdir('/proc/self/fd')):",
          "    if fd > 2:",
          "        try:",
          "            os.write(fd, b'x')",
          "            reach.append(fd)",
          "        except OSError:",
          "            pass",
          "print(reach)",
        ].join("\n");
        const { body } = await execute(sandbox, program);
        assert.equal(body.stdout, "[]\n", body.stderr);
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
        const { body } = await execute(sandbox, program);
        assert.equal(body.stdout, "[]\n");
        assert.equal(body.passed, false);
        assert.equal(body.reason, "exit code 3");
      });

      test("stderr is capped, head and tail kept, and the byte count reported", async () => {
        const { body } = await execute(sandbox, "import sys\nsys.stderr.write('e' * 1_000_000)\nraise ValueError('last words')\n");
        assert.equal(body.passed, false);
        assert.ok(body.stderr.length < OUTPUT_CAP_BYTES + 100, `stderr kept ${body.stderr.length} chars`);
        assert.ok(body.stderr_bytes > 1_000_000);
        assert.match(body.stderr, /bytes not kept/);
        assert.equal(body.reason, "exception ValueError: last words");
      });
    });

    test("nothing stays on the host: no directory per execution, and closing removes the service's own", async () => {
      const own = readdirSync(HOST_TMP).sort();
      // The file store lives as long as the service (empty of executions' directories between them); unshare also keeps one template of mount points.
      assert.equal(own.length, mode === "unshare" ? 2 : 1, own.join(", "));
      assert.match(own[0], /^assay-sandbox-files-/);
      assert.deepEqual(readdirSync(join(HOST_TMP, own[0], "exec")), []);
      if (mode === "unshare") assert.match(own[1], /^assay-sandbox-root-/);
      await sandbox.close();
      sandbox = null;
      assert.deepEqual(readdirSync(HOST_TMP), []);
    });
  });
}

describe("an unshare layout that cannot come up", { skip: "missing" in toolsFor("unshare") ? "unshare cannot run here" : false }, () => {
  test("is the sandbox's failure, not the program's: no verdict, a 5xx the Worker retries", async () => {
    const logged = [];
    const sandbox = await startSandbox({ secret: SECRET, concurrency: 1, isolation: "unshare", log: (l) => logged.push(l) });
    try {
      // What a /tmp cleaner could do to a long-running service: its template of mount points gone.
      for (const name of readdirSync(HOST_TMP)) rmSync(join(HOST_TMP, name), { recursive: true, force: true });
      const { status, body } = await execute(sandbox, "print('never runs')\n");
      assert.equal(status, 500);
      assert.equal(body.detail, "the execution could not be started");
      assert.equal(logged.length, 1);
      assert.match(logged[0], /^sandbox: execution could not start: the unshare sandbox could not be set up: mount: /);
    } finally {
      await sandbox.close();
    }
  });
});

describe("requests", () => {
  let sandbox;
  before(async () => {
    sandbox = await startSandbox({ secret: SECRET, concurrency: 2, log: () => {} });
  });
  after(async () => {
    await sandbox?.close();
  });

  test("a bad signature, a missing one and a stale one are 401; nothing runs", async () => {
    const wrong = await execute(sandbox, "print(1)", { secret: "another-secret-0123456789" });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.detail, "signature mismatch");
    const missing = await execute(sandbox, "print(1)", { headers: {} });
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
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => execute(sandbox, `import time\ntime.sleep(0.2)\nprint(${i})\n`)));
    assert.deepEqual(
      results.map((r) => r.body.stdout),
      ["0\n", "1\n", "2\n", "3\n", "4\n"],
    );
    assert.ok(results.some((r) => r.body.queued_ms > 0));
  });
});

/**
 * Runs `node sandbox/server.mjs` with `env` (PATH replaced by `path`) until it prints its
 * first line or exits: its exit code (null while running), stdout and stderr.
 */
function startService(path, env) {
  const child = spawn(process.execPath, [fileURLToPath(new URL("./server.mjs", import.meta.url))], {
    env: { ASSAY_SANDBOX_SECRET: SECRET, TMPDIR: HOST_TMP, PORT: "0", PATH: path, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (c) => (stderr += c));
  let listening = false;
  return new Promise((resolve) => {
    child.stdout.on("data", (c) => {
      stdout += c;
      if (!listening && stdout.includes("\n")) {
        listening = true;
        child.kill("SIGTERM");
      }
    });
    child.on("exit", (code) => resolve({ code: listening ? null : code, stdout, stderr }));
  });
}

describe("choosing the isolation", () => {
  for (const [value, want] of [
    [undefined, "auto"],
    ["", "auto"],
    ["auto", "auto"],
    ["bubblewrap", "bwrap"],
    ["bwrap", "bwrap"],
    [" Unshare ", "unshare"],
  ]) {
    test(`ASSAY_SANDBOX_ISOLATION=${JSON.stringify(value)} means ${want}`, () => assert.equal(parseIsolationSetting(value), want));
  }

  test("a bad value stops the start, naming the setting and its values", async () => {
    await assert.rejects(startSandbox({ secret: SECRET, isolation: "chroot", log: () => {} }), {
      message: 'ASSAY_SANDBOX_ISOLATION must be auto, bubblewrap or unshare (got "chroot")',
    });
    const service = await startService(process.env.PATH, { ASSAY_SANDBOX_ISOLATION: "none" });
    assert.equal(service.code, 1);
    assert.equal(service.stderr, 'sandbox: ASSAY_SANDBOX_ISOLATION must be auto, bubblewrap or unshare (got "none")\n');
  });

  test("bubblewrap asked for on a machine without it: no start, and the install command", async () => {
    const service = await startService(NO_BWRAP, { ASSAY_SANDBOX_ISOLATION: "bubblewrap" });
    assert.equal(service.code, 1);
    assert.equal(service.stdout, "");
    assert.match(service.stderr, /^sandbox: ASSAY_SANDBOX_ISOLATION=bubblewrap asks for bubblewrap isolation, which cannot be had here \(bubblewrap is not installed \(apt-get install -y bubblewrap\)\); the sandbox does not start rather than isolate less\n$/);
  });

  test("unshare asked for without util-linux's tools: no start, and which are missing", async () => {
    const empty = join(SCRATCH, "empty-path");
    mkdirSync(empty);
    try {
      const service = await startService(empty, { ASSAY_SANDBOX_ISOLATION: "unshare" });
      assert.equal(service.code, 1);
      assert.match(service.stderr, /ASSAY_SANDBOX_ISOLATION=unshare asks for unshare isolation, which cannot be had here \(unshare, mount, umount, setpriv, cat, sh not found/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  test("auto on a machine without bubblewrap runs unshare and says what it passed over", async () => {
    const service = await startService(NO_BWRAP, {});
    assert.equal(service.code, null, service.stderr);
    const started = JSON.parse(service.stdout);
    assert.equal(started.isolation, "unshare");
    assert.deepEqual(started.passed_over, ["bubblewrap: bubblewrap is not installed (apt-get install -y bubblewrap)"]);
    assert.equal(service.stderr, "sandbox: using unshare isolation (bubblewrap: bubblewrap is not installed (apt-get install -y bubblewrap))\n");
  });

  test("unshare's binds keep the flags the kernel locks on the mounts they copy", () => {
    const mountinfo = [
      "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw",
      "45 27 0:40 / /tmp rw,nosuid,nodev - tmpfs tmpfs rw,size=10240k",
      "46 27 0:41 / /usr rw,noexec,noatime - ext4 /dev/vdb rw",
      "47 46 0:42 / /usr rw,nodev,nodiratime,relatime - ext4 /dev/vdc rw",
      "",
    ].join("\n");
    assert.deepEqual(lockedMountFlags("/tmp", mountinfo), ["nosuid", "nodev", "strictatime"]);
    // The mount on top at /usr is the one a bind copies.
    assert.deepEqual(lockedMountFlags("/usr/bin", mountinfo), ["nodev", "nodiratime", "relatime"]);
    assert.deepEqual(lockedMountFlags("/proc", mountinfo), ["relatime"]);
  });

  test("an unshare layout whose file lies outside a tmpfs is refused before anything runs", async () => {
    await assert.rejects(prepareUnshareRoot([{ type: "file", fd: 3, dest: "/program.py" }], {}), { message: "unshare layout: the file /program.py must lie in a tmpfs" });
    assert.deepEqual(readdirSync(HOST_TMP), []);
  });
});

describe("as npm start runs it (scripts/lib/sandbox.mjs)", () => {
  const stateDir = join(SCRATCH, "state");

  /** Runs `fn` with PATH and ASSAY_SANDBOX_ISOLATION replaced (this file's tests run one at a time). */
  async function withEnv(env, fn) {
    const saved = { PATH: process.env.PATH, ASSAY_SANDBOX_ISOLATION: process.env.ASSAY_SANDBOX_ISOLATION };
    Object.assign(process.env, env);
    try {
      return await fn();
    } finally {
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }

  test("without bubblewrap the banner names the isolation in force and the install command", async () => {
    const local = await withEnv({ PATH: NO_BWRAP }, () => startLocalSandbox({ stateDir, concurrency: 1 }));
    try {
      assert.equal(local.sandbox?.isolation, "unshare");
      assert.equal(local.note, `${local.sandbox.url} (unshare isolation, 1 at a time)\n${" ".repeat(18)}passed over bubblewrap: bubblewrap is not installed (apt-get install -y bubblewrap)`);
      assert.deepEqual(Object.keys(local.vars), ["ASSAY_SANDBOX_URL", "ASSAY_SANDBOX_SECRET"]);
    } finally {
      await local.sandbox?.close();
    }
  });

  test("an isolation asked for that cannot be had stops npm start instead of running without it", async () => {
    await assert.rejects(
      withEnv({ PATH: NO_BWRAP, ASSAY_SANDBOX_ISOLATION: "bubblewrap" }, () => startLocalSandbox({ stateDir, concurrency: 1 })),
      { message: /^ASSAY_SANDBOX_ISOLATION=bubblewrap asks for bubblewrap isolation, which cannot be had here \(bubblewrap is not installed \(apt-get install -y bubblewrap\)\)/ },
    );
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
