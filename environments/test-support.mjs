/**
 * Test support for the environment runner's node tests: Assay's side of
 * the runner protocol on loopback (it takes each attempt's events,
 * artifacts and result, checking the attempt's token as Assay does, and
 * answers 409 once the result came), signed attempts built as Assay builds
 * them, and whether this machine can run the local backend (root,
 * bubblewrap, debootstrap) or reach a container engine.
 * I/O: one HTTP listener; HTTP to the runner.
 */
import { createHmac, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import { localSupport } from "./local/container.mjs";

/** Why the local backend cannot run here (the tests skip with it), or null. */
export function localSkip() {
  const s = localSupport();
  if (s.missing) return s.missing;
  if (!existsSync("/usr/sbin/debootstrap")) return "debootstrap is not installed (apt-get install -y debootstrap)";
  return null;
}

/** Assay's callback side: `results` resolve per attempt id; `events(id)` lists what came. */
export async function startFakeAssay() {
  const attempts = new Map();
  const entry = (id) => {
    let e = attempts.get(id);
    if (!e) {
      let resolve;
      e = { events: [], artifacts: new Map(), result: null, done: new Promise((r) => (resolve = r)), resolve, token: null };
      attempts.set(id, e);
    }
    return e;
  };
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = Buffer.concat(chunks);
    const m = /^\/api\/runner\/attempts\/([^/]+)\/(events|result|artifacts\/(.+))$/.exec(new URL(req.url, "http://x").pathname);
    const send = (status, b = {}) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(b));
    };
    if (!m) return send(404);
    const e = entry(decodeURIComponent(m[1]));
    if (req.headers.authorization !== `Bearer ${e.token}`) return send(401, { error: "token" });
    if (e.result) return send(409, { error: "the attempt has ended" });
    if (m[2] === "events") {
      e.events.push(...JSON.parse(body.toString("utf8")).events);
      return send(200, { accepted: true });
    }
    if (m[3]) {
      e.artifacts.set(decodeURIComponent(m[3]), { type: req.headers["content-type"], body });
      return send(200, { stored: true });
    }
    e.result = JSON.parse(body.toString("utf8"));
    e.resolve(e.result);
    return send(200, { ok: true });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    /** Registers an attempt's token; returns its record. */
    expect(id, token) {
      const e = entry(id);
      e.token = token;
      return e;
    },
    get: (id) => attempts.get(id),
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

let seq = 0;

/**
 * An attempt as Assay dispatches it, for `row` (a dataset row: a Harbor
 * task's row or a SWE-bench instance), with `params` and `secrets` of the
 * profile or target. Its callbacks point at `assay`.
 */
export function attemptFor(assay, row, { params = {}, secrets = {}, timeoutS = 600, messages = null } = {}) {
  const id = `att_test${process.pid}.${++seq}`;
  const token = `rt_${randomBytes(12).toString("hex")}`;
  const base = `${assay.url}/api/runner/attempts/${encodeURIComponent(id)}`;
  const record = assay.expect(id, token);
  const attempt = {
    protocol: "assay.runner.v1",
    attempt: { id, run_id: "run_test", seq, dispatch_id: "d1", try: 1, attempt_index: 0, target: "a", timeout_s: timeoutS, deadline_at: new Date(Date.now() + timeoutS * 1000).toISOString() },
    task: { benchmark_id: "bm_test", benchmark_name: "test", key: row.name ?? row.instance_id ?? "task", digest: row.digest ?? "d", row_index: 0, subset: null, messages: messages ?? [{ role: "user", content: row.instruction ?? "" }], expected: null, data: row },
    scoring: { type: "verifier", verifier: "task-tests" },
    params,
    secrets,
    profile: "test@1",
    sampling: { temperature: 0, top_p: null, max_output_tokens: 1024 },
    callbacks: { events: `${base}/events`, artifacts: `${base}/artifacts/{name}`, result: `${base}/result` },
    token,
  };
  return { attempt, record };
}

/** POSTs an attempt to the runner, signed with `secret`; resolves the HTTP answer. */
export async function dispatch(runnerUrl, secret, attempt, { timestamp = Math.floor(Date.now() / 1000), tamper = null } = {}) {
  const body = JSON.stringify(attempt);
  const sig = `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
  const res = await fetch(runnerUrl, { method: "POST", headers: { "content-type": "application/json", "x-assay-timestamp": String(timestamp), "x-assay-signature": sig }, body: tamper ? tamper(body) : body });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** A Harbor task that names only an image no registry has (and no Dockerfile): its environment cannot be had. */
export async function unpullableTaskRow(kit) {
  const files = new Map(
    Object.entries({
      "instruction.md": "Say hello.\n",
      "task.toml": 'version = "1.0"\n[environment]\ndocker_image = "registry.invalid/assay/no-such-image:1"\nallow_internet = false\n',
      "tests/test.sh": "#!/bin/bash\necho 1 > /logs/verifier/reward.txt\n",
    }).map(([p, t]) => [p, new TextEncoder().encode(t)]),
  );
  return kit.harborTaskRow(await kit.readHarborTask(files, "unpullable-image"));
}

/** The phases an attempt went through, in order. */
export const phasesOf = (record) => record.events.filter((e) => e.kind === "phase").map((e) => e.phase);
/** The bash commands of its committed turns. */
export const commandsOf = (record) =>
  record.events
    .filter((e) => e.kind === "turn")
    .flatMap((e) => e.messages)
    .flatMap((m) => m.tool_calls ?? [])
    .map((c) => JSON.parse(c.function.arguments).command);

/**
 * A container engine for the tests: ASSAY_TEST_DOCKER_HOST, else the one at
 * /var/run/docker.sock, else a Podman API service started here (root, with
 * podman and runc installed: runc and cgroupfs, as crun refuses hybrid
 * cgroups, and explicit ulimits, as an engine without CAP_SYS_RESOURCE
 * cannot raise its containers' limits). Resolves { host, ulimits, close }
 * or { skip: reason }. Ends only the service it started, by its pid.
 */
export async function testEngine() {
  const { engineAddress, engineClient } = await import("./backends/engine.mjs");
  const answers = async (host) => {
    try {
      const r = await engineClient(engineAddress(host)).request("GET", "/_ping", { timeoutMs: 2000 });
      return r.status === 200;
    } catch {
      return false;
    }
  };
  const given = process.env.ASSAY_TEST_DOCKER_HOST;
  if (given) return (await answers(given)) ? { host: given, ulimits: process.env.ASSAY_ENV_DOCKER_ULIMITS ?? "", close: async () => {} } : { skip: `no engine answers at ASSAY_TEST_DOCKER_HOST=${given}` };
  if (existsSync("/var/run/docker.sock") && (await answers("unix:///var/run/docker.sock"))) return { host: "unix:///var/run/docker.sock", ulimits: process.env.ASSAY_ENV_DOCKER_ULIMITS ?? "", close: async () => {} };
  const { findTool } = await import("../sandbox/isolation.mjs");
  const podman = findTool("podman");
  const runc = findTool("runc");
  if ((process.getuid?.() ?? 0) !== 0 || !podman || !runc) return { skip: "no container engine here (no Docker socket; Podman's service needs root, podman and runc: apt-get install -y podman runc)" };
  const { spawn } = await import("node:child_process");
  const { mkdtemp, rm } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const dir = await mkdtemp(`${tmpdir()}/assay-test-podman-`);
  const host = `unix://${dir}/podman.sock`;
  const child = spawn(podman, ["--runtime", runc, "--cgroup-manager", "cgroupfs", "system", "service", "--time=0", host], { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr.on("data", (b) => (log = (log + b).slice(-2000)));
  for (let i = 0; i < 100 && !(await answers(host)); i++) {
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const close = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    await rm(dir, { recursive: true, force: true });
  };
  if (!(await answers(host))) {
    await close();
    return { skip: `Podman's API service did not come up: ${log.trim().slice(-300)}` };
  }
  return { host, ulimits: "nofile=1024:1024,nproc=4096:4096", close };
}

/**
 * Gives the engine at `host` the image `debian:bookworm-slim` when it lacks
 * it and cannot pull it (no registry reachable): the local backend's Debian
 * bookworm root, imported and tagged so. Resolves how it was had.
 */
export async function ensureTestBaseImage(host) {
  const { engineAddress, engineClient } = await import("./backends/engine.mjs");
  const engine = engineClient(engineAddress(host));
  const ref = "docker.io/library/debian:bookworm-slim";
  if ((await engine.request("GET", `/images/${encodeURIComponent(ref)}/json`)).status === 200) return "present";
  const pulled = await engine.request("POST", "/images/create?fromImage=docker.io%2Flibrary%2Fdebian&tag=bookworm-slim", { timeoutMs: 600_000 });
  if ((await engine.request("GET", `/images/${encodeURIComponent(ref)}/json`)).status === 200) return "pulled";
  const { ensureRootfs } = await import("./local/rootfs.mjs");
  const { execFileSync } = await import("node:child_process");
  const root = await ensureRootfs({ distro: "debian", suite: "bookworm", packages: [] });
  // Owners back to the image's own (the cached root's are shifted by 100000): all root, as a base image's files mostly are.
  const tar = execFileSync("tar", ["-C", root.dir, "--owner=0", "--group=0", "--numeric-owner", "--exclude=./proc/*", "-cf", "-", "."], { maxBuffer: 1024 * 1024 * 1024 });
  const imported = await engine.json("POST", "/images/create?fromSrc=-&repo=assay-test%2Fdebian&tag=bookworm", { body: tar, headers: { "content-type": "application/x-tar" }, timeoutMs: 600_000 }).catch((err) => ({ error: err.message }));
  const id = imported?.id ?? imported?.status;
  if (!id) throw new Error(`could not import the Debian root into the engine: ${JSON.stringify(imported).slice(0, 300)} (pull: ${pulled.body.toString().slice(0, 200)})`);
  const tagged = await engine.request("POST", `/images/${encodeURIComponent(id)}/tag?repo=docker.io%2Flibrary%2Fdebian&tag=bookworm-slim`);
  if (tagged.status >= 300) throw new Error(`could not tag the imported root: ${tagged.status} ${tagged.body.toString().slice(0, 200)}`);
  return "imported";
}

/**
 * Hostile programs run in an environment `env` (any backend), each
 * reporting what it managed: a fork bomb, memory past the limit, a disk
 * filled, the network, the host's files and the runner's secret. The
 * assertions are the caller's.
 */
export async function runHostile(env, { secret }) {
  const run = (command, timeout_s = 30) => env.exec({ command, timeout_s });
  const out = {};
  out.network = await run(
    "for t in 1.1.1.1/53 127.0.0.1/22 10.0.0.1/80; do (exec 3<>/dev/tcp/${t%/*}/${t#*/}) 2>/dev/null && echo \"reached $t\" || echo \"no route to $t\"; done; cat /proc/net/dev | tail -n +3 | cut -d: -f1 | tr -d ' '",
    20,
  );
  out.escape = await run(
    "ls -d /work /root/.cache /var/cache/assay /sys/fs/cgroup/memory 2>&1; echo ---; cat /proc/1/cmdline | tr '\\0' ' '; echo; echo ---; touch /assay-escape-probe && echo wrote-root; cd / && cd .. && pwd; echo ---; grep -l ASSAY_ENVIRONMENT_RUNNER_SECRET /proc/*/environ 2>/dev/null | head -3; echo end",
    30,
  );
  out.disk = await run("dd if=/dev/zero of=/fill bs=1M count=2048 2>&1 | tail -4; ls -l /fill | awk '{print $5}'", 60);
  out.memory = await run("head -c 3000m /dev/zero | tail > /dev/null; echo exit=$?", 60);
  out.forkBomb = await run("bomb() { bomb | bomb & }; bomb; sleep 5; echo still-here", 20);
  out.secretSeen = JSON.stringify(out).includes(secret);
  return out;
}
