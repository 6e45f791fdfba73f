// Hostile agents in a local environment, as the code sandbox's hostile
// programs are tested: a fork bomb, memory past the limit, a disk filled,
// the network, the host's files and the runner's secret. Each is contained
// by the environment (its pids, memory and storage limits, its own network
// and mount namespaces), the host does not see what it did, and disposing
// the environment leaves no process behind. Skipped where the local
// backend cannot run (not root, no bubblewrap or debootstrap).
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, readlinkSync, statfsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { localBackend } from "./backends/local.mjs";
import { ENV_UID_BASE } from "./local/rootfs.mjs";
import { taskRows } from "./tasks.mjs";
import { localSkip, runHostile } from "./test-support.mjs";
import { loadKit } from "./trial.mjs";

const skip = localSkip();
const SECRET = "hostile-test-secret-value-000111";

/**
 * Host processes of one environment: those in its PID namespace (`ns`, as
 * /proc/<pid>/ns/pid reads) running as one of the environments' uids. Other
 * environments may run at the same time (vitest's environment runs, in the
 * other lane), so a count over every environment uid would be theirs too.
 */
function environmentProcesses(ns) {
  return readdirSync("/proc").filter((p) => /^\d+$/.test(p)).filter((p) => {
    try {
      const uid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1]);
      return uid >= ENV_UID_BASE && uid < ENV_UID_BASE + 65536 && readlinkSync(`/proc/${p}/ns/pid`) === ns;
    } catch {
      return false;
    }
  });
}

describe("hostile agents in a local environment", { skip: skip ?? false, timeout: 10 * 60_000 }, () => {
  let backend;
  let image;
  const stateDir = join(tmpdir(), `assay-hostile-${process.pid}`);
  before(async () => {
    process.env.ASSAY_ENVIRONMENT_RUNNER_SECRET = SECRET;
    const kit = await loadKit();
    const task = await kit.harborTaskFromRow((await taskRows()).find((r) => r.name === "hello-file"));
    backend = await localBackend({ stateDir });
    image = await backend.prepare({ name: task.name, dockerfile: task.environment.dockerfile, image: null, files: kit.subtree(task.files, "environment") });
  });
  after(async () => {
    delete process.env.ASSAY_ENVIRONMENT_RUNNER_SECRET;
    await rm(stateDir, { recursive: true, force: true });
  });

  it("are contained: no network, no host file, no secret, bounded disk, memory and processes, nothing left after", async () => {
    const hostFree = statfsSync("/").bavail * statfsSync("/").bsize;
    const env = await backend.start(image, { limits: { cpus: 1, memory_mb: 256, storage_mb: 64, pids: 128 }, allowInternet: false });
    const ns = readlinkSync(`/proc/${env.pid}/ns/pid`);
    let out;
    try {
      // The namespace is the environment's own: the host's processes are not in it.
      assert.notEqual(ns, readlinkSync("/proc/self/ns/pid"));
      out = await runHostile(env, { secret: SECRET });
      assert.ok(environmentProcesses(ns).length > 0, "the environment's processes are seen while it runs");
    } finally {
      await env.dispose();
    }
    const text = (r) => r.output.toString("utf8");
    // Network: only loopback, nothing reached.
    assert.doesNotMatch(text(out.network), /reached/);
    assert.deepEqual(text(out.network).trim().split("\n").filter((l) => !l.startsWith("no route")), ["lo"]);
    // The host's files are not there; its root is the environment's own; the runner's secret is in no process.
    const esc = text(out.escape).split("---\n");
    for (const path of ["/work", "/root/.cache", "/var/cache/assay"]) assert.match(esc[0], new RegExp(`${path}'?: No such file or directory`));
    assert.match(esc[2], /^wrote-root\n\/\n$/);
    assert.equal(esc[3], "end\n");
    assert.equal(existsSync("/assay-escape-probe"), false);
    assert.equal(out.secretSeen, false);
    // Disk: the writable layer is the task's storage (64 MB) and no more; the host's disk did not fill.
    assert.match(text(out.disk), /No space left on device/);
    assert.ok(Number(text(out.disk).trim().split("\n").at(-1)) <= 64 * 1024 * 1024);
    assert.ok(statfsSync("/").bavail * statfsSync("/").bsize > hostFree - 256 * 1024 * 1024);
    // Memory: the reader of 3 GB is killed at 256 MB.
    assert.match(text(out.memory), /Killed|exit=137/);
    // Processes: the bomb hits the limit, and the command still ends.
    assert.match(text(out.forkBomb), /fork: (retry: )?Resource temporarily unavailable|Cannot fork/);
    assert.ok(out.forkBomb.timed_out || /still-here/.test(text(out.forkBomb)));
    // Disposed: not one process of the environment is left on the host.
    for (let i = 0; i < 50 && environmentProcesses(ns).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(environmentProcesses(ns), []);
  });
});
