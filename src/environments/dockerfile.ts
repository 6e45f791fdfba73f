/**
 * A task's Dockerfile, read for the environment runner's local backend
 * (bubblewrap over a Debian root file system instead of a container
 * engine): the instructions (continuation lines, comments, the escape
 * directive, BuildKit heredocs, ARG/ENV substitution), then what of them a
 * root file system built from Debian packages can reproduce:
 *
 * - FROM `debian:<suite|version>[-slim]`, `python:<version>[-slim]-<suite>`
 *   and `ubuntu:<version>` name a distribution and suite (Python images
 *   become the suite's python3, a version that differs noted); any other
 *   image needs a registry and blocks the local build;
 * - `apt-get install` (and `apt install`) packages are collected for
 *   debootstrap, version pins dropped and noted; `apt-get update`, `clean`,
 *   `rm -rf /var/lib/apt/lists/*` have nothing left to do;
 * - the rest of each RUN, COPY/ADD of build-context files, WORKDIR and ENV
 *   become build steps run inside the new root, in order; a step that
 *   fetches from the network (pip, curl, git clone, an ADD of a URL) is
 *   marked so, as the local build may have no network to give it;
 * - multi-stage builds, COPY --from, ADD of an archive to unpack and a
 *   source outside the build context block the build; USER, CMD,
 *   ENTRYPOINT, EXPOSE, VOLUME, HEALTHCHECK are noted and ignored (the
 *   runner starts its own process and runs commands as root, as Harbor's
 *   agents do).
 *
 * Pure, no I/O.
 */

export interface DockerInstruction {
  /** 1-based line the instruction starts on. */
  line: number;
  /** Upper-case keyword (RUN, COPY, ...). */
  keyword: string;
  /** The arguments as written (continuations joined with a space; heredoc bodies not included). */
  args: string;
  /** The exec form (`["a", "b"]`), when the arguments are a JSON array of strings. */
  json: string[] | null;
  /** BuildKit heredocs (`RUN <<EOF ... EOF`): name → body, in order. */
  heredocs: { name: string; body: string }[];
}

export class DockerfileError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

/** Instructions of a Dockerfile, in order. Throws DockerfileError on an unterminated heredoc or a line without a keyword. */
export function parseDockerfile(text: string): DockerInstruction[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let escape = "\\";
  // Parser directives: only at the very top, before any instruction or other comment.
  for (const l of lines) {
    const m = /^#\s*([a-zA-Z]+)\s*=\s*(\S+)\s*$/.exec(l);
    if (!m) break;
    if (m[1]!.toLowerCase() === "escape" && (m[2] === "`" || m[2] === "\\")) escape = m[2]!;
  }
  const out: DockerInstruction[] = [];
  let i = 0;
  while (i < lines.length) {
    const start = i;
    const first = lines[i]!;
    i++;
    if (/^\s*(#.*)?$/.test(first)) continue;
    let logical = first;
    // A line ending in the escape character continues; comment lines inside a continuation are dropped.
    while (logical.trimEnd().endsWith(escape) && i < lines.length) {
      logical = logical.trimEnd().slice(0, -1).trimEnd();
      let next = lines[i]!;
      i++;
      while (/^\s*#/.test(next) && i < lines.length) {
        next = lines[i]!;
        i++;
      }
      logical += ` ${next.trim()}`;
    }
    if (logical.trimEnd().endsWith(escape)) logical = logical.trimEnd().slice(0, -1);
    const m = /^\s*([A-Za-z]+)(?:\s+([\s\S]*))?$/.exec(logical);
    if (!m) throw new DockerfileError(start + 1, `'${first.trim().slice(0, 80)}' is not an instruction`);
    const keyword = m[1]!.toUpperCase();
    const args = (m[2] ?? "").trim();
    const heredocs: { name: string; body: string }[] = [];
    if (keyword === "RUN" || keyword === "COPY" || keyword === "ADD") {
      for (const h of args.matchAll(/<<(-?)(["']?)([A-Za-z_][A-Za-z0-9_]*)\2/g)) {
        const strip = h[1] === "-";
        const name = h[3]!;
        const body: string[] = [];
        let closed = false;
        while (i < lines.length) {
          const l = lines[i]!;
          i++;
          if ((strip ? l.replace(/^\t+/, "") : l) === name) {
            closed = true;
            break;
          }
          body.push(strip ? l.replace(/^\t+/, "") : l);
        }
        if (!closed) throw new DockerfileError(start + 1, `the heredoc ${name} is never closed`);
        heredocs.push({ name, body: body.join("\n") + "\n" });
      }
    }
    out.push({ line: start + 1, keyword, args, json: execForm(args), heredocs });
  }
  return out;
}

function execForm(args: string): string[] | null {
  if (!args.startsWith("[")) return null;
  try {
    const v = JSON.parse(args) as unknown;
    return Array.isArray(v) && v.every((s) => typeof s === "string") ? (v as string[]) : null;
  } catch {
    return null;
  }
}

/** `$NAME`, `${NAME}`, `${NAME:-default}`, `${NAME:+alt}` from `vars` (unknown names are empty, as Docker does). */
export function substitute(text: string, vars: Record<string, string>): string {
  return text.replace(/\\\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([-+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (all, braced, op, word, bare) => {
    if (all === "\\$") return "$";
    const name = (braced ?? bare) as string;
    const v = vars[name];
    if (op === "-") return v ? v : (word as string);
    if (op === "+") return v ? (word as string) : "";
    return v ?? "";
  });
}

// ---------------------------------------------------------------- words

/** Splits shell-like words (quotes removed, backslash escapes kept literal inside double quotes). */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let cur = "";
  let has = false;
  let q: "'" | '"' | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (q) {
      if (c === q) q = null;
      else if (c === "\\" && q === '"' && i + 1 < text.length && '"\\$`'.includes(text[i + 1]!)) cur += text[++i];
      else cur += c;
      continue;
    }
    if (c === "'" || c === '"') {
      q = c;
      has = true;
    } else if (c === "\\" && i + 1 < text.length) {
      cur += text[++i];
      has = true;
    } else if (/\s/.test(c)) {
      if (has) words.push(cur);
      cur = "";
      has = false;
    } else {
      cur += c;
      has = true;
    }
  }
  if (has) words.push(cur);
  return words;
}

/** A shell command list cut at top-level `&&`, `||` and `;` (quotes and parentheses respected): each part with the separator after it. */
export function commandSegments(command: string): { text: string; sep: string }[] {
  const out: { text: string; sep: string }[] = [];
  let cur = "";
  let q: "'" | '"' | null = null;
  let depth = 0;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (q) {
      cur += c;
      if (c === "\\" && q === '"' && i + 1 < command.length) cur += command[++i];
      else if (c === q) q = null;
      continue;
    }
    if (c === "'" || c === '"') q = c;
    else if (c === "\\" && i + 1 < command.length) {
      cur += c + command[++i];
      continue;
    } else if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      const two = command.slice(i, i + 2);
      if (two === "&&" || two === "||") {
        out.push({ text: cur.trim(), sep: two });
        cur = "";
        i++;
        continue;
      }
      if (c === ";" || c === "\n") {
        out.push({ text: cur.trim(), sep: ";" });
        cur = "";
        continue;
      }
    }
    cur += c;
  }
  out.push({ text: cur.trim(), sep: "" });
  return out.filter((s, i, all) => s.text !== "" || i === all.length - 1).filter((s) => s.text !== "" || s.sep !== "");
}

// ---------------------------------------------------------------- the local plan

export interface BaseImage {
  /** The FROM reference as written (after ARG substitution). */
  image: string;
  distro: "debian" | "ubuntu";
  suite: string;
  /** Packages the image has beyond a minimal root (python3 for python:* images). */
  packages: string[];
}

export type BuildStep =
  | { kind: "run"; line: number; command: string; network: boolean }
  | { kind: "copy"; line: number; sources: string[]; dest: string; chmod: string | null }
  /** A heredoc written as a file (COPY <<EOF /path). */
  | { kind: "write"; line: number; dest: string; body: string }
  | { kind: "workdir"; line: number; path: string }
  | { kind: "env"; line: number; name: string; value: string };

export interface LocalPlan {
  base: BaseImage | null;
  /** Debian packages to install (the base's and every apt-get install's), sorted, without version pins. */
  packages: string[];
  steps: BuildStep[];
  /** The environment and working directory a container of this image would start with. */
  env: Record<string, string>;
  /** ARG values (defaults as written), set while the steps run, as Docker does, not after. */
  args: Record<string, string>;
  workdir: string;
  /** Where the local build differs from `docker build`, in words. */
  notes: string[];
  /** What it cannot reproduce at all: the build is refused with these. */
  blockers: { line: number; reason: string }[];
}

const DEBIAN_VERSIONS: Record<string, string> = { "11": "bullseye", "12": "bookworm", "13": "trixie" };
const DEBIAN_SUITES = new Set(["bullseye", "bookworm", "trixie"]);
/** The python3 each suite ships, to say when a python:X image's version is not what the root gets. */
const SUITE_PYTHON: Record<string, string> = { bullseye: "3.9", bookworm: "3.11", trixie: "3.13", focal: "3.8", jammy: "3.10", noble: "3.12" };
const UBUNTU_VERSIONS: Record<string, string> = { "20.04": "focal", "22.04": "jammy", "24.04": "noble", focal: "focal", jammy: "jammy", noble: "noble" };
/** What a python:* image adds over a minimal root: the interpreter, pip and venv, and `python` as a name. */
const PYTHON_PACKAGES = ["python3", "python3-pip", "python3-venv", "python-is-python3"];
/** The suite official images without one in their tag are built on (python:3.13-slim is trixie since 2025-08). */
const DEFAULT_SUITE = "bookworm";

/** What a FROM image maps to, or why it cannot be had without a registry. */
export function baseImageOf(image: string): BaseImage | { reason: string } {
  const ref = image.replace(/@sha256:[0-9a-f]+$/, "");
  const slash = ref.lastIndexOf("/");
  const colon = ref.lastIndexOf(":");
  const name = (colon > slash ? ref.slice(0, colon) : ref).replace(/^(docker\.io\/)?(library\/)?/, "");
  const tag = colon > slash ? ref.slice(colon + 1) : "latest";
  if (name === "debian") {
    const t = tag.replace(/-slim$/, "").replace(/^(\d+)(\.\d+)*$/, "$1");
    const suite = DEBIAN_VERSIONS[t] ?? (DEBIAN_SUITES.has(t) ? t : null);
    if (suite) return { image, distro: "debian", suite, packages: [] };
    return { reason: `${image}: Debian '${tag}' is not a suite the local backend builds (bullseye, bookworm, trixie, or 11–13)` };
  }
  if (name === "ubuntu") {
    const suite = UBUNTU_VERSIONS[tag];
    if (suite) return { image, distro: "ubuntu", suite, packages: [] };
    return { reason: `${image}: Ubuntu '${tag}' is not a release the local backend builds (20.04, 22.04, 24.04)` };
  }
  if (name === "python") {
    const m = /^(?:(\d+(?:\.\d+)*|latest)-?)?(?:slim-?)?(bullseye|bookworm|trixie)?$/.exec(tag);
    if (!m) return { reason: `${image}: not a Debian-based Python image the local backend can stand in for` };
    return { image, distro: "debian", suite: m[2] ?? DEFAULT_SUITE, packages: PYTHON_PACKAGES };
  }
  return { reason: `FROM ${image}: an image from a registry, which the local backend cannot pull (the docker backend can)` };
}

const APT = /^(?:apt-get|apt)$/;
/** apt commands that leave nothing to do once packages come from debootstrap. */
const APT_NOOPS = new Set(["update", "clean", "autoclean", "autoremove", "upgrade", "dist-upgrade", "full-upgrade"]);
/** Commands that fetch from the network. */
const NETWORK_COMMAND = /(^|[\s/])(pip3?|uv|pipx|curl|wget|npm|npx|yarn|pnpm|cargo|go|gem|conda|mamba|add-apt-repository|apt-key)(\s|$)|\bgit\s+(clone|fetch|pull|submodule)\b|python3?\s+-m\s+pip\s+install/;

interface AptParse {
  /** Packages installed (null when the segment is not apt). */
  install: string[] | null;
  /** A no-op apt segment (update, clean) or the lists cleanup. */
  noop: boolean;
  pinned: string[];
}

/** What one shell segment of a RUN does with apt, after `VAR=value` prefixes, `sudo` and `env`. */
function aptSegment(text: string): AptParse {
  let words = shellWords(text);
  while (words.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!) || words[0] === "sudo" || words[0] === "env")) words = words.slice(1);
  const none = { install: null, noop: false, pinned: [] };
  if (!words.length) return none;
  if (words[0] === "rm" && words.slice(1).some((w) => w.startsWith("/var/lib/apt/lists")) && words.slice(1).every((w) => w.startsWith("-") || w.startsWith("/var/lib/apt") || w.startsWith("/var/cache/apt"))) {
    return { install: null, noop: true, pinned: [] };
  }
  if (!APT.test(words[0]!)) return none;
  const rest = words.slice(1).filter((w) => !w.startsWith("-"));
  // Options taking a value (-o Dpkg::...=x) leave their value as a word: drop words holding '::'.
  const args = rest.filter((w) => !w.includes("::"));
  const verb = args[0];
  if (verb && APT_NOOPS.has(verb)) return { install: null, noop: true, pinned: [] };
  if (verb !== "install") return none;
  const pinned: string[] = [];
  const install = args.slice(1).map((p) => {
    const eq = p.indexOf("=");
    if (eq > 0) {
      pinned.push(p);
      return p.slice(0, eq);
    }
    return p.replace(/\/[a-z-]+$/, "");
  });
  return { install, noop: false, pinned };
}

/** A source path of COPY/ADD inside the build context, normalised; null when it leaves the context. */
function contextPath(src: string): string | null {
  const parts: string[] = [];
  for (const p of src.replace(/^\.?\/+/, "").split("/")) {
    if (p === "" || p === ".") continue;
    if (p === "..") {
      if (!parts.length) return null;
      parts.pop();
    } else parts.push(p);
  }
  return parts.join("/");
}

/**
 * What the local backend can build of a Dockerfile: a base root, the
 * packages to install into it, the steps to run over it, and where it
 * differs from `docker build` or cannot follow it at all.
 */
export function localPlan(instructions: DockerInstruction[]): LocalPlan {
  const notes: string[] = [];
  const blockers: { line: number; reason: string }[] = [];
  const steps: BuildStep[] = [];
  const packages = new Set<string>();
  const args: Record<string, string> = {};
  const env: Record<string, string> = {};
  let base: BaseImage | null = null;
  let workdir = "/";
  let stages = 0;
  const vars = () => ({ ...args, ...env });
  const abs = (p: string) => (p.startsWith("/") ? p : `${workdir.replace(/\/$/, "")}/${p}`);
  for (const ins of instructions) {
    const { line, keyword } = ins;
    const a = keyword === "RUN" ? ins.args : substitute(ins.args, vars());
    switch (keyword) {
      case "ARG": {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/.exec(a);
        if (m) args[m[1]!] = args[m[1]!] ?? shellWords(m[2] ?? "").join(" ");
        break;
      }
      case "FROM": {
        stages++;
        const words = shellWords(a).filter((w) => !w.startsWith("--"));
        if (stages > 1) {
          blockers.push({ line, reason: "a multi-stage build (a second FROM): the local backend builds one stage" });
          break;
        }
        const b = baseImageOf(words[0] ?? "");
        if ("reason" in b) blockers.push({ line, reason: b.reason });
        else {
          base = b;
          for (const p of b.packages) packages.add(p);
          if (b.packages.includes("python3")) {
            const want = /^python:(\d+\.\d+)/.exec(b.image.replace(/^(docker\.io\/)?(library\/)?/, ""))?.[1];
            const have = SUITE_PYTHON[b.suite];
            if (want && have && want !== have) notes.push(`FROM ${b.image}: Debian ${b.suite}'s python3 (${have}), not Python ${want}`);
          }
        }
        break;
      }
      case "RUN": {
        if (ins.json) {
          steps.push({ kind: "run", line, command: ins.json.map(shellQuote).join(" "), network: NETWORK_COMMAND.test(ins.json.join(" ")) });
          break;
        }
        const command = ins.heredocs.length ? [a.replace(/<<-?(["']?)[A-Za-z_][A-Za-z0-9_]*\1/g, "").trim(), ...ins.heredocs.map((h) => h.body)].filter(Boolean).join("\n") : a;
        const segs = commandSegments(command);
        const kept: string[] = [];
        let real = false;
        for (const s of segs) {
          // ARG and ENV values are the shell's variables in a RUN: substituted to know what apt would install.
          const apt = aptSegment(substitute(s.text, vars()));
          if (apt.install) {
            for (const p of apt.install) packages.add(p);
            if (apt.pinned.length) notes.push(`line ${line}: ${apt.pinned.join(", ")}: the version pin is dropped (the suite's version is installed)`);
          }
          const drop = apt.install !== null || apt.noop;
          if (!drop) real = true;
          kept.push(drop ? ":" : s.text, s.sep);
        }
        if (real) steps.push({ kind: "run", line, command: kept.join(" ").trim(), network: NETWORK_COMMAND.test(command) });
        break;
      }
      case "COPY":
      case "ADD": {
        const words = shellWords(a);
        const flags = words.filter((w) => w.startsWith("--"));
        const paths = ins.json ?? words.filter((w) => !w.startsWith("--"));
        if (flags.some((f) => f.startsWith("--from"))) {
          blockers.push({ line, reason: `${keyword} --from: files from another image or stage` });
          break;
        }
        if (flags.some((f) => f.startsWith("--chown"))) notes.push(`line ${line}: ${keyword} --chown is ignored (files belong to root, as the runner runs everything as root)`);
        const chmod = flags.find((f) => f.startsWith("--chmod="))?.slice("--chmod=".length) ?? null;
        if (ins.heredocs.length) {
          const dest = paths[paths.length - 1] ?? "";
          steps.push({ kind: "write", line, dest: abs(dest), body: ins.heredocs[0]!.body });
          break;
        }
        if (paths.length < 2) {
          blockers.push({ line, reason: `${keyword} needs a source and a destination` });
          break;
        }
        const dest = paths[paths.length - 1]!;
        const sources: string[] = [];
        for (const src of paths.slice(0, -1)) {
          if (/^[a-z]+:\/\//i.test(src)) {
            if (keyword === "ADD") steps.push({ kind: "run", line, command: `curl -fsSL ${shellQuote(src)} -o ${shellQuote(dest.endsWith("/") ? `${abs(dest)}${src.split("/").pop()}` : abs(dest))}`, network: true });
            else blockers.push({ line, reason: `COPY ${src}: a URL` });
            continue;
          }
          const p = contextPath(src);
          if (p === null) blockers.push({ line, reason: `${keyword} ${src}: outside the build context` });
          else if (keyword === "ADD" && /\.(tar(\.(gz|bz2|xz))?|tgz)$/.test(p)) blockers.push({ line, reason: `ADD ${src}: an archive Docker would unpack` });
          else sources.push(p);
        }
        if (sources.length) steps.push({ kind: "copy", line, sources, dest: dest.startsWith("/") ? dest : `${workdir.replace(/\/$/, "")}/${dest}`, chmod });
        break;
      }
      case "WORKDIR": {
        workdir = abs(shellWords(a)[0] ?? a).replace(/\/+$/, "") || "/";
        steps.push({ kind: "workdir", line, path: workdir });
        break;
      }
      case "ENV": {
        const pairs = /^[A-Za-z_][A-Za-z0-9_]*=/.test(a) ? envPairs(a) : (([k, ...v]) => (k ? [[k, v.join(" ")] as [string, string]] : []))(a.split(/\s+/));
        for (const [k, v] of pairs) {
          env[k] = v;
          steps.push({ kind: "env", line, name: k, value: v });
        }
        break;
      }
      case "USER":
        notes.push(`line ${line}: USER ${a} is ignored (the runner runs commands as root)`);
        break;
      case "CMD":
      case "ENTRYPOINT":
      case "EXPOSE":
      case "VOLUME":
      case "HEALTHCHECK":
      case "STOPSIGNAL":
      case "LABEL":
      case "MAINTAINER":
      case "ONBUILD":
        if (keyword === "CMD" || keyword === "ENTRYPOINT") notes.push(`line ${line}: ${keyword} is ignored (the environment runs no service of its own; commands are run in it)`);
        break;
      case "SHELL":
        notes.push(`line ${line}: SHELL is ignored (RUN steps use /bin/sh -c)`);
        break;
      default:
        blockers.push({ line, reason: `${keyword}: not a Dockerfile instruction the local backend knows` });
    }
  }
  if (!stages) blockers.push({ line: 1, reason: "no FROM: the Dockerfile names no base image" });
  return { base, packages: [...packages].sort(), steps, env, args, workdir, notes, blockers };
}

/** `ENV A=1 B="two words"` pairs. */
function envPairs(text: string): [string, string][] {
  return shellWords(text).flatMap((w) => {
    const eq = w.indexOf("=");
    return eq > 0 ? [[w.slice(0, eq), w.slice(eq + 1)] as [string, string]] : [];
  });
}

/** A word for /bin/sh, single-quoted when it needs quoting. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}
