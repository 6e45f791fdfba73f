// The CLI is JavaScript typed by JSDoc: route names, call options and
// command shapes are checked by the TypeScript compiler (cli/tsconfig.json).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { REPO } from "./test-support.mjs";

test("the CLI type-checks", () => {
  const r = spawnSync(process.execPath, [join(REPO, "node_modules", "typescript", "bin", "tsc"), "-p", join(REPO, "cli", "tsconfig.json")], { encoding: "utf8" });
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
});
