// What the test suites need from the machine besides node_modules, checked
// before `npm test` starts anything (scripts/test.mjs): Chromium (the
// browser tests, e2e/), bubblewrap (the code sandbox's isolation) and
// Python 3 (the programs the sandbox runs, sdk/python). Each check runs the
// program, so a binary that is present but cannot work here is caught too.
// .ci/run installs them from .ci/apt-packages, which must name every
// `apt` package below (test/structure/prerequisites.test.mjs checks it).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * @typedef {{ name: string, apt: string, neededBy: string, suite?: string, check: () => string | null }} Prerequisite
 * check: null when usable, else why not (one line); suite: the only node suite that needs it (not needed when
 * ASSAY_SKIP leaves that suite out), else every run needs it.
 */

/** Runs `cmd` briefly; null when it exits 0, else its first line of complaint. */
function runs(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: "utf8", timeout: 20_000, stdio: ["ignore", "pipe", "pipe"] });
  if (r.error) return /** @type {NodeJS.ErrnoException} */ (r.error).code === "ENOENT" ? "not installed" : r.error.message;
  if (r.status === 0) return null;
  const said = `${r.stderr}${r.stdout}`.trim().split("\n")[0];
  return `\`${cmd} ${args.join(" ")}\` failed${said ? `: ${said}` : ` (exit ${r.status})`}`;
}

/** The Chromium the browser tests drive (e2e/lib/harness.mjs reads the same variable). */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium";
}

/** @type {Prerequisite[]} */
export const PREREQUISITES = [
  {
    name: "Chromium",
    apt: "chromium",
    neededBy: "the browser tests (e2e/)",
    suite: "test:e2e",
    check: () => (existsSync(chromiumPath()) ? runs(chromiumPath(), ["--headless", "--no-sandbox", "--version"]) : `not found at ${chromiumPath()} (set CHROMIUM_PATH to use another)`),
  },
  {
    name: "bubblewrap",
    apt: "bubblewrap",
    neededBy: "the code sandbox's isolation (sandbox/, the code benchmarks' tests)",
    // Present is not enough: it must be able to make its namespaces here (a container may forbid them).
    check: () => runs("bwrap", ["--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "true"]),
  },
  {
    name: "Python 3",
    apt: "python3",
    neededBy: "the programs the code sandbox runs, and sdk/python",
    check: () => runs(process.env.ASSAY_SANDBOX_PYTHON || "python3", ["--version"]),
  },
];

/** The prerequisites that are missing or unusable here, each with why; `skipped` names node suites left out of the run. */
export function missingPrerequisites(skipped = new Set()) {
  return PREREQUISITES.filter((p) => !(p.suite && skipped.has(p.suite))).flatMap((p) => {
    const why = p.check();
    return why === null ? [] : [{ ...p, why }];
  });
}

/** Lines that say what is missing and how to install it, one per prerequisite. */
export function describeMissing(missing) {
  return missing.map((p) => `  ${p.name} (${p.why}), needed by ${p.neededBy}: apt-get install -y ${p.apt}`);
}
