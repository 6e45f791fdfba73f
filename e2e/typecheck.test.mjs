// The dashboard has its own tsconfig (DOM, Preact JSX), outside the root
// `tsc --noEmit`; this keeps it type-checked in the test run, and checks
// that its API calls are the typed client's.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT } from "./lib/harness.mjs";

test("the dashboard type-checks", () => {
  const r = spawnSync(join(ROOT, "node_modules", ".bin", "tsc"), ["-p", "dashboard/tsconfig.json"], { cwd: ROOT, encoding: "utf8" });
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
});

// The dashboard's calls go through the typed client (sdk/typescript, openapi-fetch over the generated
// paths), so tsc above checks each path, parameter and body. The exceptions are named: the route
// table's own read of /api/openapi.json (the document is not one of its paths, and the client's
// middleware waits on it) and the live WebSocket (the client speaks request/response only).
test("every dashboard API call goes through the typed client", () => {
  const files = readdirSync(join(ROOT, "dashboard", "src"), { recursive: true }).filter((f) => /\.tsx?$/.test(f));
  const raw = [];
  for (const f of files) {
    // Comments may name these freely; code may not.
    const code = readFileSync(join(ROOT, "dashboard", "src", f), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    for (const m of code.matchAll(/(?:\bfetch|\bnew\s+(?:XMLHttpRequest|EventSource|WebSocket))\s*\(([^,)]*)/g)) raw.push(`${f}: ${m[0]}`);
  }
  assert.deepEqual(raw.sort(), ['lib/api.ts: fetch("/api/openapi.json"', "lib/live.ts: new WebSocket(`${proto}//${location.host}/api/eval-runs/${this.runId}/live`"]);
  assert.ok(files.length > 10, "the dashboard's sources were found");
});
