// The dashboard has its own tsconfig (DOM, Preact JSX), outside the root
// `tsc --noEmit`; this keeps it type-checked in the test run.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT } from "./lib/harness.mjs";

test("the dashboard type-checks", () => {
  const r = spawnSync(join(ROOT, "node_modules", ".bin", "tsc"), ["-p", "dashboard/tsconfig.json"], { cwd: ROOT, encoding: "utf8" });
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
});
