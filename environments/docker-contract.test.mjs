// The docker backend's contract with the Docker Engine API, where no
// engine runs: trials replayed against Engine API exchanges recorded from
// a real engine (Podman 4.3's Docker-compatible service; see
// scripts/record-engine-exchanges.mjs), on a fake engine on loopback.
// Each trial must end as it ended against the real engine; every request
// the backend makes must be one the recording answered and must fit the
// Engine API's documented shapes (v1.41: ContainerConfig and HostConfig,
// ExecConfig, ExecStartConfig, the build, pull and archive parameters);
// and the container a trial gets is contained by its configuration: a PID
// limit, memory without swap beyond it, no network, no new privileges, no
// added capability, device, mount or host namespace.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { z } from "zod";
import { dockerBackend } from "./backends/docker.mjs";
import { startReplayEngine } from "./backends/engine-replay.mjs";
import { startEnvironmentRunner } from "./server.mjs";
import { taskRows } from "./tasks.mjs";
import { attemptFor, dispatch, phasesOf, startFakeAssay, unpullableTaskRow } from "./test-support.mjs";
import { loadKit } from "./trial.mjs";

const DIR = new URL("./fixtures/engine/", import.meta.url);
const scenarios = readdirSync(DIR).filter((f) => f.endsWith(".json")).map((f) => JSON.parse(readFileSync(new URL(f, DIR), "utf8")));
const SECRET = randomBytes(24).toString("base64url");

// The Engine API's documented shapes (docs.docker.com/reference/api/engine/version/v1.41), for the fields the backend sends.
const Int = z.number().int();
const Strings = z.array(z.string());
const HostConfig = z.strictObject({
  Memory: Int.min(0),
  MemorySwap: Int,
  NanoCpus: Int.min(0),
  PidsLimit: Int.nullable(),
  NetworkMode: z.string(),
  SecurityOpt: Strings,
  Init: z.boolean().nullable(),
  ReadonlyRootfs: z.boolean(),
  Ulimits: z.array(z.strictObject({ Name: z.string(), Soft: Int, Hard: Int })),
  StorageOpt: z.record(z.string(), z.string()).optional(),
});
const ContainerCreate = z.strictObject({
  Image: z.string(),
  Entrypoint: Strings,
  Cmd: Strings,
  WorkingDir: z.string().optional(),
  Env: z.array(z.string().regex(/^[^=]+=/)),
  Hostname: z.string(),
  Tty: z.boolean(),
  OpenStdin: z.boolean(),
  Labels: z.record(z.string(), z.string()),
  HostConfig,
});
const ExecConfig = z.strictObject({ AttachStdin: z.boolean(), AttachStdout: z.boolean(), AttachStderr: z.boolean(), Tty: z.boolean(), Cmd: Strings.min(1), Env: z.array(z.string()), WorkingDir: z.string().optional() });
const ExecStartConfig = z.strictObject({ Detach: z.boolean(), Tty: z.boolean() });
/** The documented query parameters of each endpoint the backend calls. */
const ROUTES = [
  { method: "GET", re: /^\/_ping$/, query: [] },
  { method: "GET", re: /^\/version$/, query: [] },
  { method: "GET", re: /^\/images\/[^/]+\/json$/, query: [] },
  { method: "POST", re: /^\/images\/create$/, query: ["fromImage", "tag"] },
  { method: "POST", re: /^\/build$/, query: ["t", "rm", "forcerm"], body: "tar" },
  { method: "POST", re: /^\/containers\/create$/, query: ["name"], json: ContainerCreate },
  { method: "POST", re: /^\/containers\/[0-9a-f]{12,64}\/start$/, query: [] },
  { method: "POST", re: /^\/containers\/[0-9a-f]{12,64}\/exec$/, query: [], json: ExecConfig },
  { method: "POST", re: /^\/exec\/[0-9a-f]{12,64}\/start$/, query: [], json: ExecStartConfig },
  { method: "GET", re: /^\/exec\/[0-9a-f]{12,64}\/json$/, query: [] },
  { method: "PUT", re: /^\/containers\/[0-9a-f]{12,64}\/archive$/, query: ["path"], body: "tar" },
  { method: "GET", re: /^\/containers\/[0-9a-f]{12,64}\/archive$/, query: ["path"] },
  { method: "GET", re: /^\/containers\/[0-9a-f]{12,64}\/json$/, query: [] },
  { method: "DELETE", re: /^\/containers\/[0-9a-f]{12,64}$/, query: ["force", "v"] },
];

/** Whether a request is one the Engine API documents, with its documented fields only. */
function checkRequest(r) {
  const url = new URL(r.path, "http://engine");
  const route = ROUTES.find((x) => x.method === r.method && x.re.test(url.pathname));
  assert.ok(route, `${r.method} ${url.pathname} is not an endpoint the backend is meant to call`);
  for (const k of url.searchParams.keys()) assert.ok(route.query.includes(k), `${r.method} ${url.pathname}: '${k}' is not a documented parameter`);
  if (route.json) {
    const parsed = route.json.safeParse(r.request?.json);
    assert.ok(parsed.success, `${r.method} ${url.pathname}: ${parsed.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    assert.match(r.headers["content-type"], /application\/json/);
  }
  if (route.body === "tar") assert.equal(r.headers["content-type"], "application/x-tar");
}

/** The Ulimits the recording's engine was given (ASSAY_ENV_DOCKER_ULIMITS when it was recorded), the per-file bound aside. */
function recordedUlimits(s) {
  const create = s.exchanges.find((e) => e.path.startsWith("/containers/create"));
  return (create?.request.json.HostConfig.Ulimits ?? []).filter((u) => u.Name !== "fsize");
}

describe("the docker backend against recorded Engine API exchanges", () => {
  let assay;
  let rows;
  let kit;
  before(async () => {
    kit = await loadKit();
    rows = [...(await taskRows()), await unpullableTaskRow(kit)];
    assay = await startFakeAssay();
  });
  after(() => assay?.close());

  for (const s of scenarios) {
    it(`${s.scenario}: ends as it ended against ${s.engine}, asking only documented questions`, async () => {
      const engine = await startReplayEngine(s.exchanges);
      const backend = await dockerBackend({ dockerHost: engine.host, ulimits: recordedUlimits(s) });
      const runner = await startEnvironmentRunner({ secret: SECRET, backend, concurrency: 1 });
      try {
        const row = rows.find((r) => r.name === s.task);
        const { attempt, record } = attemptFor(assay, row, { params: s.params });
        assert.equal((await dispatch(runner.url, SECRET, attempt)).status, 202);
        const result = await record.done;
        await runner.idle();
        assert.deepEqual({ reward: result.reward, error: result.error }, s.result);
        assert.deepEqual(engine.unmatched, []);
        for (const r of engine.requests) checkRequest(r);
        const creates = engine.requests.filter((r) => r.path.startsWith("/containers/create"));
        if (s.result.reward !== null) {
          assert.deepEqual(phasesOf(record), ["boot", "setup", "agent", "verify", "finalize"]);
          assert.ok(creates.length >= 1);
          const task = await kit.harborTaskFromRow(row);
          for (const c of creates) {
            const h = c.request.json.HostConfig;
            // Contained by its configuration: processes, memory (and no swap past it), no network, no privilege gained.
            assert.ok(h.PidsLimit > 0 && h.PidsLimit <= 4096, `PidsLimit ${h.PidsLimit}`);
            assert.equal(h.Memory, task.config.limits.memory_mb * 1024 * 1024);
            assert.equal(h.MemorySwap, h.Memory);
            assert.equal(h.NanoCpus, task.config.limits.cpus * 1e9);
            assert.equal(h.NetworkMode, "none");
            assert.ok(h.SecurityOpt.includes("no-new-privileges"));
            assert.equal(h.Init, true);
            for (const k of ["Privileged", "CapAdd", "Binds", "Mounts", "Devices", "PidMode", "IpcMode", "UsernsMode"]) assert.equal(h[k], undefined, `${k} is set`);
          }
          // The engine refused the storage quota (Podman on overlay without xfs pquota): the retry bounds each file instead.
          const last = creates.at(-1).request.json.HostConfig;
          if (creates.length > 1) assert.deepEqual({ storage: last.StorageOpt, fsize: last.Ulimits.find((u) => u.Name === "fsize")?.Hard }, { storage: undefined, fsize: task.config.limits.storage_mb * 1024 * 1024 });
          // Every command but the first probe runs under `timeout -s KILL`, so it dies in the container at its time.
          const execs = engine.requests.filter((r) => /\/exec$/.test(r.path)).map((r) => r.request.json.Cmd);
          assert.ok(execs.slice(1).every((cmd) => cmd[0] === "timeout" && cmd[1] === "-s" && cmd[2] === "KILL"), JSON.stringify(execs));
          // Tests reach the container only after the agent, through the archive endpoint.
          const puts = engine.requests.filter((r) => r.method === "PUT");
          assert.equal(puts.length, 2);
        }
      } finally {
        await runner.close();
        await engine.close();
      }
    });
  }

  it("a request the recording never answered is an engine error the trial reports, not a reward", async () => {
    const s = scenarios.find((x) => x.scenario === "oracle-hello-file");
    // Drop the recorded build: the replay engine then answers it 500, as an engine would a broken request.
    const engine = await startReplayEngine(s.exchanges.filter((e) => !e.path.startsWith("/build")));
    const backend = await dockerBackend({ dockerHost: engine.host, ulimits: recordedUlimits(s) });
    const runner = await startEnvironmentRunner({ secret: SECRET, backend, concurrency: 1 });
    try {
      const { attempt, record } = attemptFor(assay, rows.find((r) => r.name === "hello-file"), { params: { agent: "oracle" } });
      await dispatch(runner.url, SECRET, attempt);
      const result = await record.done;
      assert.equal(result.reward, null);
      assert.match(result.error, /^the environment failed to build: docker build failed: 500 .*no recorded answer/);
      assert.equal(engine.unmatched.length, 1);
    } finally {
      await runner.close();
      await engine.close();
    }
  });
});
