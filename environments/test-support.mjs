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
