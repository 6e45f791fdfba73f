// `pip install ./sdk/python` from a copy of the SDK's folder into a fresh
// virtual environment: the package imports from the environment, its
// connection error has its public name, and the folder holds exactly what it
// held before (no build/ or *.egg-info left in the clone). Writes only under
// the system's temporary folder; pip fetches the build backend from the
// configured index.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";

const SDK = fileURLToPath(new URL(".", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "assay-pip-"));
after(() => rmSync(work, { recursive: true, force: true }));

/** Every file and folder under `dir`, relative to it, sorted. */
function listing(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      out.push(relative(dir, join(d, e.name)) + (e.isDirectory() ? "/" : ""));
      if (e.isDirectory()) walk(join(d, e.name));
    }
  };
  walk(dir);
  return out.sort();
}

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { encoding: "utf8", env: { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: "1", PYTHONDONTWRITEBYTECODE: "1" }, ...opts });

test("pip install ./sdk/python leaves the folder as it was and installs an importable package", async (t) => {
  const src = join(work, "python");
  cpSync(SDK, src, { recursive: true, filter: (p) => !p.includes("__pycache__") });
  const before = listing(src);
  const venv = join(work, "venv");
  const made = run("python3", ["-m", "venv", venv]);
  if (made.status !== 0) return t.skip(`no python3 venv here: ${made.stderr.trim()}`);
  const pip = run(join(venv, "bin", "pip"), ["install", "--no-cache-dir", src], { cwd: work });
  // Offline, the build backend cannot be fetched: nothing about the SDK is known then.
  if (pip.status !== 0 && /No matching distribution found for flit_core/.test(pip.stdout + pip.stderr)) {
    return t.skip("pip could not fetch the build backend (flit_core) from its index");
  }
  assert.equal(pip.status, 0, pip.stdout + pip.stderr);
  assert.deepEqual(listing(src), before, "nothing added to the SDK's folder");
  const probe = run(join(venv, "bin", "python"), ["-c", "import assay, assay.errors as e; print(assay.__version__, issubclass(assay.APIConnectionError, assay.AssayError), hasattr(e, 'ConnectionError_'))"], { cwd: work });
  assert.equal(probe.status, 0, probe.stderr);
  assert.equal(probe.stdout.trim(), "0.1.0 True False");
});
