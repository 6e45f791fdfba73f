/**
 * The local backend: environments for machines without a container
 * engine. A task's Dockerfile is read for what a Debian root can
 * reproduce (src/environments/dockerfile.ts localPlan): its base and every
 * apt-get install become one debootstrap root, cached by what went in
 * (local/rootfs.mjs); its other steps (RUN, COPY, WORKDIR, ENV) run once in
 * a container over that root, and what they write is kept as the task's
 * image layer, cached by the root, the steps and the build context; each
 * trial then gets a container (local/container.mjs) of layer + root with a
 * writable tmpfs of the task's storage size on top.
 *
 * What cannot be reproduced is said and the build refused with it: an
 * image from a registry, a multi-stage build, a step that fetches from the
 * network when the build has none (ASSAY_ENV_BUILD_NETWORK=host gives
 * builds the host's network). The plan's smaller differences (a Python
 * image's version, dropped version pins, USER) are the image's notes,
 * reported with each trial.
 *
 * I/O: debootstrap, the cache directory, processes of local/container.mjs.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { importTs } from "../../scripts/lib/import-ts.mjs";
import { EnvironmentError, environmentOver } from "../environment.mjs";
import { localSupport, startContainer } from "../local/container.mjs";
import { defaultCacheDir, ensureRootfs, ENV_UID_BASE, RootfsError, withLock } from "../local/rootfs.mjs";

const dockerfileModule = () => importTs(new URL("../../src/environments/dockerfile.ts", import.meta.url).href);

/** Memory, CPUs and processes a build may use (a task's own limits bind its trials, not its build). */
const BUILD_LIMITS = { memory_mb: 4096, cpus: 2, pids: 4096 };
/** The build script's exit status when a step failed (the line before it names the step). */
const BUILD_EXIT_FAILED = 97;

const quote = (s) => `'${String(s).replaceAll("'", `'\\''`)}'`;

/** A one-line summary of a build step, for the build log and errors. */
function stepSummary(s) {
  if (s.kind === "run") return `RUN ${s.command.replace(/\s+/g, " ").slice(0, 120)}`;
  if (s.kind === "copy") return `COPY ${s.sources.join(" ")} ${s.dest}`;
  if (s.kind === "write") return `COPY <<heredoc ${s.dest}`;
  if (s.kind === "workdir") return `WORKDIR ${s.path}`;
  return `ENV ${s.name}`;
}

/** Context paths a COPY source names: the file, the folder's files, or a glob's matches. */
function expandSource(src, paths) {
  if (/[*?[]/.test(src)) {
    const re = new RegExp(`^${src.replace(/[.+^${}()|\\]/g, "\\$&").replace(/\*/g, "[^/]*").replace(/\?/g, "[^/]")}$`);
    const hits = new Set();
    for (const p of paths) {
      const parts = p.split("/");
      for (let i = 1; i <= parts.length; i++) if (re.test(parts.slice(0, i).join("/"))) hits.add(parts.slice(0, i).join("/"));
    }
    return [...hits].sort();
  }
  return src === "" || paths.some((p) => p === src || p.startsWith(`${src}/`)) ? [src] : [];
}

/**
 * The shell script that applies a plan's steps inside the build container,
 * the context at /.assay-build/context. A failed step ends it with
 * BUILD_EXIT_FAILED after a line naming the step.
 */
export function buildScript(plan, contextPaths) {
  const lines = [
    "set -u",
    `fail() { echo "### failed: line $1: exit $2"; exit ${BUILD_EXIT_FAILED}; }`,
    'copy_in() { if [ -d "$1" ]; then mkdir -p "$2" && cp -R --preserve=mode,timestamps "$1/." "$2/"; elif [ "${2%/}" != "$2" ] || [ -d "$2" ]; then mkdir -p "$2" && cp --preserve=mode,timestamps "$1" "$2/"; else mkdir -p "$(dirname "$2")" && cp --preserve=mode,timestamps "$1" "$2"; fi; }',
    "export DEBIAN_FRONTEND=noninteractive",
    ...Object.entries(plan.args).map(([k, v]) => `export ${k}=${quote(v)}`),
    "cd /",
  ];
  for (const s of plan.steps) {
    lines.push(`echo ${quote(`### line ${s.line}: ${stepSummary(s)}`)}`);
    if (s.kind === "run") lines.push(`/bin/sh -c ${quote(s.command)} </dev/null || fail ${s.line} $?`);
    else if (s.kind === "workdir") lines.push(`mkdir -p ${quote(s.path)} && cd ${quote(s.path)} || fail ${s.line} $?`);
    else if (s.kind === "env") lines.push(`export ${s.name}=${quote(s.value)}`);
    else if (s.kind === "write") lines.push(`mkdir -p "$(dirname ${quote(s.dest)})" && printf %s ${quote(s.body)} > ${quote(s.dest)} || fail ${s.line} $?`);
    else if (s.kind === "copy") {
      const sources = s.sources.flatMap((src) => expandSource(src, contextPaths));
      if (!sources.length) lines.push(`echo ${quote(`COPY ${s.sources.join(" ")}: not in the build context`)}; fail ${s.line} 1`);
      const many = sources.length > 1 || s.sources.some((x) => /[*?[]/.test(x));
      for (const src of sources) {
        const dest = many && !s.dest.endsWith("/") ? `${s.dest}/` : s.dest;
        lines.push(`copy_in ${quote(src === "" ? "/.assay-build/context" : `/.assay-build/context/${src}`)} ${quote(dest)} || fail ${s.line} $?`);
      }
      if (s.chmod) lines.push(`chmod -R ${quote(s.chmod)} ${quote(s.dest)} || fail ${s.line} $?`);
    }
  }
  lines.push("echo '### built'");
  return lines.join("\n") + "\n";
}

/**
 * @param {{ cacheDir?: string, stateDir: string, buildNetwork?: "none" | "host", agentNetwork?: "none" | "host", log?: (s: string) => void }} o
 */
export async function localBackend({ cacheDir = defaultCacheDir(), stateDir, buildNetwork = "none", agentNetwork = "none", log = () => {} }) {
  const support = localSupport();
  if (support.missing) throw new Error(`the local backend cannot run here: ${support.missing}`);
  const { localPlan, parseDockerfile } = await dockerfileModule();
  await mkdir(stateDir, { recursive: true, mode: 0o711 });
  // The environments' uids (100000+) mount below it: it must let them through (a mkdtemp folder is 0700).
  await chmod(stateDir, (await stat(stateDir)).mode | 0o011);

  /**
   * The image of a task's environment: its layers and what a container of
   * it starts with. `environment`: { dockerfile, image, files (the build
   * context, relative path → bytes) }.
   */
  async function prepare(environment, { buildTimeoutS = 600, onLog = () => {} } = {}) {
    if (environment.dockerfile === null) {
      throw new EnvironmentError("build", `the task names only a prebuilt image (${environment.image ?? "none"}), which the local backend cannot pull: run it on the docker backend`);
    }
    let plan;
    try {
      plan = localPlan(parseDockerfile(environment.dockerfile));
    } catch (err) {
      throw new EnvironmentError("build", `environment/Dockerfile line ${err.line ?? "?"}: ${err.message}`);
    }
    if (plan.blockers.length) {
      throw new EnvironmentError("build", `the local backend cannot reproduce this environment: ${plan.blockers.map((b) => `Dockerfile line ${b.line}: ${b.reason}`).join("; ")}`);
    }
    const offline = plan.steps.filter((s) => s.kind === "run" && s.network);
    if (offline.length && buildNetwork === "none") {
      throw new EnvironmentError(
        "build",
        `the local backend builds without network, and ${offline.map((s) => `Dockerfile line ${s.line} (${stepSummary(s).slice(0, 80)})`).join(", ")} fetches from it; ` +
          "ASSAY_ENV_BUILD_NETWORK=host gives builds the host's network, or run the task on the docker backend",
      );
    }
    let rootfs;
    try {
      rootfs = await ensureRootfs({ distro: plan.base.distro, suite: plan.base.suite, packages: plan.packages, cacheDir, log: onLog });
    } catch (err) {
      if (err instanceof RootfsError) throw new EnvironmentError("build", err.message);
      throw err;
    }
    const paths = [...environment.files.keys()].sort();
    const context = createHash("sha256");
    for (const p of paths) context.update(`${p}\0${createHash("sha256").update(environment.files.get(p)).digest("hex")}\n`);
    const key = createHash("sha256").update(JSON.stringify({ v: 1, rootfs: rootfs.key, steps: plan.steps, args: plan.args, context: context.digest("hex") })).digest("hex").slice(0, 20);
    const base = join(cacheDir, "images", key);
    const manifest = join(base, "image.json");
    const image = (built, seconds) => ({ key, layers: [join(base, "layer"), rootfs.dir], env: plan.env, workdir: plan.workdir, notes: plan.notes, built, seconds, rootfs: { key: rootfs.key, built: rootfs.built, seconds: rootfs.seconds } });
    if (existsSync(manifest)) return image(false, 0);
    await mkdir(join(cacheDir, "images"), { recursive: true });
    const started = Date.now();
    await withLock(`${base}.lock`, async () => existsSync(manifest), async () => {
      const tmp = `${base}.tmp`;
      await rm(tmp, { recursive: true, force: true });
      await mkdir(join(tmp, "layer"), { recursive: true, mode: 0o755 });
      await chown(join(tmp, "layer"), ENV_UID_BASE, ENV_UID_BASE);
      const ctx = join(stateDir, `build-${key}-${process.pid}`);
      await rm(ctx, { recursive: true, force: true });
      await mkdir(join(ctx, "context"), { recursive: true, mode: 0o755 });
      for (const p of paths) {
        await mkdir(join(ctx, "context", p, ".."), { recursive: true, mode: 0o755 });
        await writeFile(join(ctx, "context", p), environment.files.get(p), { mode: 0o644 });
      }
      await writeFile(join(ctx, "build.sh"), buildScript(plan, paths), { mode: 0o644 });
      let container;
      try {
        container = await startContainer({
          layers: [rootfs.dir],
          writable: { dir: join(tmp, "layer") },
          network: buildNetwork,
          limits: BUILD_LIMITS,
          stateDir,
          binds: [{ src: ctx, dest: "/.assay-build" }],
        });
        const r = await container.exec({ argv: ["/bin/sh", "/.assay-build/build.sh"], cwd: "/", timeout_s: buildTimeoutS });
        const out = r.output.toString("utf8");
        onLog(out);
        if (r.timed_out) throw new EnvironmentError("build", `the build did not finish within its ${buildTimeoutS} s (environment.build_timeout_sec)`, out);
        if (r.exit_code !== 0) {
          const m = /### failed: line (\d+): exit (\d+)/.exec(out);
          const step = m ? plan.steps.find((s) => s.line === Number(m[1])) : null;
          // What the failing step printed: after its marker, without the failure line.
          const from = m ? out.lastIndexOf(`### line ${m[1]}:`) : -1;
          const stepOut = (from >= 0 ? out.slice(out.indexOf("\n", from) + 1) : out).replace(/### failed:.*$/m, "");
          const tail = stepOut.trim().split("\n").slice(-6).join("\n");
          throw new EnvironmentError("build", step ? `Dockerfile line ${m[1]} (${stepSummary(step).slice(0, 120)}) exited ${m[2]}: ${tail.slice(-500)}` : `the build ended with exit ${r.exit_code}: ${tail.slice(-500)}`, out);
        }
      } finally {
        await container?.dispose();
        await rm(ctx, { recursive: true, force: true });
        await rm(join(tmp, "layer.work"), { recursive: true, force: true });
      }
      // The context's mount point, left in the layer by the bind.
      await rm(join(tmp, "layer", ".assay-build"), { recursive: true, force: true });
      await writeFile(join(tmp, "image.json"), JSON.stringify({ key, rootfs: rootfs.key, env: plan.env, workdir: plan.workdir, notes: plan.notes, built_at: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000) }, null, 2));
      await rm(base, { recursive: true, force: true });
      await rename(tmp, base);
    });
    return image(true, Math.round((Date.now() - started) / 1000));
  }

  /**
   * A trial's environment of `image`: the task's limits, network only when
   * the task allows it and the runner gives it, `env` over the image's.
   */
  async function start(image, { limits, allowInternet, env = {}, workdir = null }) {
    const network = allowInternet && agentNetwork === "host" ? "host" : "none";
    const notes = [];
    if (allowInternet && network === "none") notes.push("the task allows internet, but this runner gives local environments none (ASSAY_ENV_AGENT_NETWORK=host gives them the host's)");
    let container;
    try {
      container = await startContainer({
        layers: image.layers,
        writable: { tmpfsBytes: limits.storage_mb * 1024 * 1024 },
        network,
        limits: { memory_mb: limits.memory_mb, cpus: limits.cpus, pids: limits.pids },
        stateDir,
        env: { ...image.env, ...env },
        workdir: workdir ?? image.workdir,
      });
    } catch (err) {
      throw new EnvironmentError("start", `the environment did not start: ${err.message}`);
    }
    if (network === "host") {
      const resolv = await readFile("/etc/resolv.conf").catch(() => null);
      if (resolv) await container.exec({ argv: ["sh", "-c", "cat > /etc/resolv.conf"], stdin: resolv, timeout_s: 30 });
    }
    if (container.limits.enforced.memory !== "cgroup") notes.push(`no writable control groups here: memory is bounded per process (${container.limits.enforced.memory}), processes per host uid, CPU not at all`);
    return {
      backend: "local",
      network,
      // The environment's first process on the host: its PID namespace holds every process of the environment.
      pid: container.pid,
      limits: container.limits,
      notes,
      ...environmentOver((argv, o) => container.exec({ argv, ...o })),
      oomKilled: () => container.oomKilled(),
      dispose: () => container.dispose(),
    };
  }

  return {
    name: "local",
    describe: () => ({ name: "local", cache: cacheDir, build_network: buildNetwork, agent_network: agentNetwork, isolation: "user, mount, PID, network, IPC, UTS and cgroup namespaces (bubblewrap), control groups" }),
    prepare,
    start,
  };
}
