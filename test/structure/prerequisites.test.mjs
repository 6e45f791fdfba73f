// `npm test` on a machine without Chromium, bubblewrap or Python stops
// before any suite starts and says, one line each, what is missing and the
// command that installs it; .ci/run installs every one of them.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { PREREQUISITES } from "../../scripts/lib/prerequisites.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

test(".ci/apt-packages installs every prerequisite npm test checks", () => {
  const listed = readFileSync(join(ROOT, ".ci", "apt-packages"), "utf8").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
  for (const p of PREREQUISITES) assert.ok(listed.includes(p.apt), `${p.name}: .ci/apt-packages lacks ${p.apt}`);
});

test("a machine lacking all three is told which and how to install each, and no suite starts", () => {
  // Only node's own folder on PATH (no bwrap, no python3), and a Chromium path that does not exist.
  const env = { PATH: dirname(process.execPath), HOME: process.env.HOME, CHROMIUM_PATH: "/nonexistent/chromium" };
  const r = spawnSync(process.execPath, ["scripts/test.mjs"], { cwd: ROOT, env, encoding: "utf8", timeout: 60_000 });
  const lines = r.stdout.trimEnd().split("\n");
  assert.equal(r.status, 1, r.stdout + r.stderr);
  for (const [name, install] of [["Chromium", "apt-get install -y chromium"], ["bubblewrap", "apt-get install -y bubblewrap"], ["Python 3", "apt-get install -y python3"]]) {
    assert.equal(lines.filter((l) => l.trimStart().startsWith(`${name} (`) && l.endsWith(`: ${install}`)).length, 1, `${name}:\n${r.stdout}`);
  }
  assert.equal(lines.at(-1), "0 passed, 1 failed");
  assert.doesNotMatch(r.stdout, /▶/, "a suite started");
});

test("without the browser tests (ASSAY_SKIP=test:e2e) Chromium is not asked for", () => {
  const env = { PATH: dirname(process.execPath), HOME: process.env.HOME, CHROMIUM_PATH: "/nonexistent/chromium", ASSAY_SKIP: "test:e2e" };
  const r = spawnSync(process.execPath, ["scripts/test.mjs"], { cwd: ROOT, env, encoding: "utf8", timeout: 60_000 });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.doesNotMatch(r.stdout, /Chromium/);
  assert.match(r.stdout, /apt-get install -y bubblewrap/);
});
