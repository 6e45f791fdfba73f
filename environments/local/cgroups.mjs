/**
 * Control groups for one local environment: memory, processes and CPU
 * bounded for everything running in it, as a container engine bounds a
 * container. Each group is made as a child of the runner's own group in
 * that controller's hierarchy (so the machine's own accounting still
 * holds; a limit only tightens), in cgroup v2 (one unified tree, its
 * controllers delegated to the runner's group) or v1 (a tree per
 * controller). A process joins by its pid, before it runs anything
 * (the caller holds it until then). Where no hierarchy can be written
 * (not root, nothing delegated), `createCgroup` returns null and the
 * caller falls back to per-process limits, saying so.
 *
 * I/O: reads /proc/self/cgroup and /proc/self/mountinfo; makes, writes and
 * removes directories under /sys/fs/cgroup.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, rmdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Where each controller's hierarchy is mounted, and the runner's own group in it. */
function hierarchies(procCgroup = readFileSync("/proc/self/cgroup", "utf8"), mountinfo = readFileSync("/proc/self/mountinfo", "utf8")) {
  const mounts = [];
  for (const line of mountinfo.split("\n")) {
    const dash = line.indexOf(" - ");
    if (dash < 0) continue;
    const left = line.slice(0, dash).split(" ");
    const right = line.slice(dash + 3).split(" ");
    if (right[0] === "cgroup2") mounts.push({ v: 2, point: left[4], controllers: null });
    else if (right[0] === "cgroup") mounts.push({ v: 1, point: left[4], controllers: (right[2] ?? "").split(",") });
  }
  const own = new Map();
  for (const line of procCgroup.split("\n")) {
    const m = /^(\d+):([^:]*):(.*)$/.exec(line);
    if (m) own.set(m[2] === "" ? "" : m[2], m[3]);
  }
  return { mounts, own };
}

/**
 * A cgroup for one environment with `limits` ({ memory_mb, cpus, pids }),
 * or null when this machine gives the runner none it can write.
 * @param {string} name a name unique to the environment
 * @param {{ memory_mb: number, cpus: number, pids: number }} limits
 */
export async function createCgroup(name, limits) {
  let h;
  try {
    h = hierarchies();
  } catch {
    return null;
  }
  const made = [];
  const fail = async () => {
    for (const d of made.reverse()) await rmdir(d).catch(() => {});
    return null;
  };
  const v2 = h.mounts.find((m) => m.v === 2 && h.own.has("") && existsSync(join(m.point, h.own.get(""), "cgroup.subtree_control")));
  const v1 = (c) => h.mounts.find((m) => m.v === 1 && m.controllers.includes(c));
  const writes = [];
  if (v2 && (await readFile(join(v2.point, h.own.get(""), "cgroup.subtree_control"), "utf8").catch(() => "")).match(/\bmemory\b/)) {
    const dir = join(v2.point, h.own.get(""), name);
    try {
      await mkdir(dir);
    } catch {
      return null;
    }
    made.push(dir);
    writes.push([join(dir, "memory.max"), String(limits.memory_mb * 1024 * 1024)], [join(dir, "memory.swap.max"), "0"], [join(dir, "pids.max"), String(limits.pids)]);
    if (limits.cpus > 0) writes.push([join(dir, "cpu.max"), `${Math.round(limits.cpus * 100_000)} 100000`]);
  } else {
    const memory = v1("memory");
    const pids = v1("pids");
    const cpu = v1("cpu");
    if (!memory || !pids) return null;
    for (const [m, controller] of [[memory, "memory"], [pids, "pids"], ...(cpu ? [[cpu, "cpu"]] : [])]) {
      const ownKey = [...h.own.keys()].find((k) => k.split(",").includes(controller));
      const dir = join(m.point, (ownKey !== undefined ? h.own.get(ownKey) : null) ?? "/", name);
      try {
        await mkdir(dir);
      } catch {
        return fail();
      }
      made.push(dir);
      if (controller === "memory") writes.push([join(dir, "memory.limit_in_bytes"), String(limits.memory_mb * 1024 * 1024)]);
      if (controller === "pids") writes.push([join(dir, "pids.max"), String(limits.pids)]);
      if (controller === "cpu" && limits.cpus > 0) writes.push([join(dir, "cpu.cfs_period_us"), "100000"], [join(dir, "cpu.cfs_quota_us"), String(Math.round(limits.cpus * 100_000))]);
    }
  }
  for (const [file, value] of writes) {
    // memory.swap.max is absent without swap accounting: the rest still binds.
    if (file.endsWith("memory.swap.max") && !existsSync(file)) continue;
    try {
      await writeFile(file, value);
    } catch {
      return fail();
    }
  }
  return {
    version: v2 && made.length === 1 ? 2 : 1,
    dirs: made.slice(),
    /** Moves process `pid` (and what it starts afterwards) into the group. */
    async add(pid) {
      for (const d of made) await writeFile(join(d, "cgroup.procs"), String(pid));
    },
    /** Whether the kernel killed something in it for memory (an OOM kill). */
    async oomKilled() {
      for (const d of made) {
        const events = await readFile(join(d, "memory.events"), "utf8").catch(() => null);
        if (events && /^oom_kill [1-9]/m.test(events)) return true;
        const control = await readFile(join(d, "memory.oom_control"), "utf8").catch(() => null);
        if (control && /^oom_kill [1-9]/m.test(control)) return true;
      }
      return false;
    },
    /** Removes the groups once their processes are gone (kill them first). */
    async dispose() {
      for (const d of made.reverse()) {
        for (let i = 0; i < 50; i++) {
          try {
            await rmdir(d);
            break;
          } catch (err) {
            if (err?.code === "ENOENT") break;
            await sleep(100);
          }
        }
      }
    },
  };
}

export { hierarchies as cgroupHierarchies };
