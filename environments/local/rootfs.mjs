/**
 * Root file systems for the local backend, built from Debian (or Ubuntu)
 * packages with debootstrap and cached outside the repository, keyed by
 * what went in: `<cache>/rootfs/<key>/root`, key = sha256 of the
 * distribution, suite, variant, mirror and sorted package list. A second
 * environment wanting the same root reuses it; two processes wanting it at
 * once build it once (a lock directory holding the builder's pid; a lock
 * whose builder is gone is taken over).
 *
 * Every file's owner is shifted by ENV_UID_BASE (root → 100000, _apt →
 * 100042, ...): environments run in a user namespace whose uids 0–65535
 * are host uids 100000–165535, so the root's files belong to the
 * environment's own users and to no host user.
 *
 * debootstrap needs root (it makes device nodes and chroots to configure
 * packages), and the Ubuntu suites need debootstrap's script for the suite
 * and the Ubuntu archive keyring; what is missing is said, with how to get
 * it. I/O: runs debootstrap (network, to the mirror), writes the cache.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { lchown, lstat, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";

/** Host uid (and gid) of uid 0 inside every environment; 65536 ids from here on are the environment's. */
export const ENV_UID_BASE = 100_000;
export const ENV_UID_COUNT = 65_536;
const VARIANT = "minbase";
export const MIRRORS = { debian: "http://deb.debian.org/debian", ubuntu: "http://archive.ubuntu.com/ubuntu" };
const UBUNTU_KEYRING = "/usr/share/keyrings/ubuntu-archive-keyring.gpg";

/**
 * Where built roots and images are kept: ASSAY_ENV_CACHE, else
 * /var/cache/assay for root (a root's home is closed to the environments'
 * uids, which must reach their layers), else ~/.cache/assay.
 */
export function defaultCacheDir(env = process.env, uid = process.getuid?.() ?? 0) {
  if (env.ASSAY_ENV_CACHE) return env.ASSAY_ENV_CACHE;
  return uid === 0 ? "/var/cache/assay" : join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "assay");
}

export class RootfsError extends Error {}

/** The cache key of a root: what went into it. */
export function rootfsKey({ distro, suite, packages, mirror = MIRRORS[distro] }) {
  const spec = JSON.stringify({ v: 1, distro, suite, variant: VARIANT, mirror, packages: [...new Set(packages)].sort() });
  return createHash("sha256").update(spec).digest("hex").slice(0, 20);
}

/** Why this machine cannot build `distro`/`suite` roots, or null. */
export function cannotBuild(distro, suite, { debootstrap = "/usr/sbin/debootstrap", uid = process.getuid?.() ?? 0 } = {}) {
  if (uid !== 0) return "building a root file system with debootstrap needs root (run the environment runner as root, as a container engine runs)";
  if (!existsSync(debootstrap)) return "debootstrap is not installed (apt-get install -y debootstrap)";
  if (!existsSync(`/usr/share/debootstrap/scripts/${suite}`)) return `this debootstrap has no script for ${distro} ${suite} (a newer debootstrap knows it)`;
  if (distro === "ubuntu" && !existsSync(UBUNTU_KEYRING)) return `building Ubuntu ${suite} needs the Ubuntu archive keyring (apt-get install -y ubuntu-keyring)`;
  return null;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err?.code === "EPERM";
  }
}

/**
 * Holds `lock` (a directory) for the duration of `fn`; waits while a live
 * process holds it, takes it over from a dead one. `ready()` says the work
 * is done already (another process finished it while we waited).
 */
export async function withLock(lock, ready, fn, { pollMs = 500 } = {}) {
  for (;;) {
    if (await ready()) return null;
    try {
      await mkdir(lock);
      await writeFile(join(lock, "pid"), String(process.pid));
      break;
    } catch (err) {
      if (err?.code !== "EEXIST") throw err;
      const pid = Number(await readFile(join(lock, "pid"), "utf8").catch(() => "0"));
      if (pid && !alive(pid)) await rm(lock, { recursive: true, force: true });
      else await sleep(pollMs);
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Adds ENV_UID_BASE to every owner under `dir` (each path once; links themselves, not their targets). */
export async function shiftOwners(dir, by = ENV_UID_BASE) {
  const walk = async (p) => {
    const st = await lstat(p);
    if (st.uid < by) await lchown(p, st.uid + by, st.gid + by);
    if (st.isDirectory()) for (const name of await readdir(p)) await walk(join(p, name));
  };
  await walk(dir);
}

function run(cmd, args, { log, signal, env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env: env ?? process.env, signal });
    let out = "";
    const keep = (b) => {
      out = (out + b.toString("utf8")).slice(-64 * 1024);
      log?.(b.toString("utf8"));
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", (err) => resolve({ code: -1, out: `${out}\n${err.message}` }));
    child.on("close", (code) => resolve({ code: code ?? -1, out }));
  });
}

/** The last lines of a build log that say what went wrong (debootstrap's E: and W: lines first). */
export function failureOf(log) {
  const lines = log.split("\n").map((l) => l.trim()).filter(Boolean);
  const errors = lines.filter((l) => /^E: |Couldn't find these debs|^dpkg: error/.test(l));
  return (errors.length ? errors : lines.slice(-3)).join(" · ").slice(0, 600);
}

/**
 * The root for `distro`/`suite` with `packages` installed: from the cache,
 * else built now. Resolves { dir, key, built, seconds }; throws RootfsError
 * with debootstrap's own reason when it cannot be built.
 */
export async function ensureRootfs({ distro, suite, packages = [], cacheDir = defaultCacheDir(), mirror = MIRRORS[distro], log = () => {}, signal }) {
  const key = rootfsKey({ distro, suite, packages, mirror });
  const base = join(cacheDir, "rootfs", key);
  const dir = join(base, "root");
  const manifest = join(base, "manifest.json");
  const ready = async () => existsSync(manifest);
  if (await ready()) return { dir, key, built: false, seconds: 0 };
  const why = cannotBuild(distro, suite);
  if (why) throw new RootfsError(why);
  await mkdir(join(cacheDir, "rootfs"), { recursive: true });
  const started = Date.now();
  const built = await withLock(`${base}.lock`, ready, async () => {
    const tmp = `${base}.tmp`;
    await rm(tmp, { recursive: true, force: true });
    const args = [`--variant=${VARIANT}`];
    if (distro === "ubuntu") args.push(`--keyring=${UBUNTU_KEYRING}`, "--components=main,universe");
    const pkgs = [...new Set(packages)].sort();
    if (pkgs.length) args.push(`--include=${pkgs.join(",")}`);
    args.push(suite, join(tmp, "root"), mirror);
    log(`debootstrap ${args.join(" ")}\n`);
    const r = await run("debootstrap", args, { log, signal, env: { ...process.env, LANG: "C.UTF-8", DEBIAN_FRONTEND: "noninteractive" } });
    if (r.code !== 0) {
      await rm(tmp, { recursive: true, force: true }).catch(() => {});
      throw new RootfsError(`debootstrap of ${distro} ${suite}${pkgs.length ? ` with ${pkgs.join(", ")}` : ""} failed: ${failureOf(r.out)}`);
    }
    const root = join(tmp, "root");
    // What a container image has that debootstrap leaves out or points at the host.
    await writeFile(join(root, "etc/hostname"), "environment\n");
    await writeFile(join(root, "etc/hosts"), "127.0.0.1\tlocalhost environment\n::1\tlocalhost ip6-localhost ip6-loopback\n");
    await rm(join(root, "var/cache/apt/archives"), { recursive: true, force: true });
    await mkdir(join(root, "var/cache/apt/archives/partial"), { recursive: true });
    await shiftOwners(root);
    await writeFile(join(tmp, "manifest.json"), JSON.stringify({ distro, suite, variant: VARIANT, mirror, packages: pkgs, built_at: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000) }, null, 2));
    await rm(base, { recursive: true, force: true });
    await rename(tmp, base);
    return true;
  });
  return { dir, key, built: built === true, seconds: Math.round((Date.now() - started) / 1000) };
}
