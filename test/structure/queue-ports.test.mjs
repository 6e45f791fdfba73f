// No file under workers/queue/ takes the Worker's whole Env past its entry
// point (issue 40): the consumer's entry (workers/queue/consumer.ts) wires
// the invocation's ports from the env, and everything after it takes the
// ports or bindings it uses, so a reader can tell what a step touches and a
// test need not build everything. Before, twenty-six functions there took
// the whole Env. Also: the path from a queue message to its stored reward
// enters src/execution once, through the scheduler.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { sourceFiles } from "../../scripts/lib/import-graph.mjs";
import { split } from "../../scripts/lib/source-split.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The entry point: the one file that turns the env into ports. */
const ENTRY = "workers/queue/consumer.ts";

/** Where a file names the Worker's Env type (imported from workers/env), as code, not in comments or strings. */
export function envUses(text) {
  const { code, source } = split(text);
  const imports = [...source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["'][./]*\/?(?:\.\.\/)*env["']/g)];
  const named = imports.flatMap((m) => m[1].split(",").map((s) => s.trim().replace(/^type\s+/, "")));
  const hits = [];
  if (named.some((n) => n === "Env" || n.startsWith("Env as "))) hits.push("imports the Env type");
  const lines = code.split("\n");
  lines.forEach((l, i) => {
    if (/\bEnv\b/.test(l) && !/^\s*import\b/.test(l)) hits.push(`line ${i + 1}: ${l.trim().slice(0, 100)}`);
  });
  return hits;
}

test("no file under workers/queue/ but its entry point takes the whole Env", () => {
  const files = sourceFiles(ROOT, ["workers/queue"]);
  assert.ok(files.length >= 10, `the walk covers workers/queue/ (${files.length} files)`);
  assert.ok(files.includes(ENTRY), "the entry point is where it is said to be");
  const offenders = files.filter((f) => f !== ENTRY).flatMap((f) => envUses(readFileSync(`${ROOT}/${f}`, "utf8")).map((h) => `${f}: ${h}`));
  assert.deepEqual(offenders, [], "take the ports or bindings used (workers/queue/ports.ts), wired in consumer.ts");
});

test("the scan sees an Env parameter, field or generic, and not the word in comments or strings", () => {
  assert.deepEqual(envUses(`import type { Env } from "../env";\nexport function f(env: Env) {}`).length, 2);
  assert.deepEqual(envUses(`import { readConfig, type Env } from "../env";`), ["imports the Env type"]);
  assert.deepEqual(envUses(`const x: Pick<Env, "DB"> = y;`).length, 1);
  assert.deepEqual(envUses(`// takes the Env\nconst s = "Env";\nconst environment = 1;`), []);
});

/** The src/execution modules a file imports values (not only types) from. */
export function executionValueImports(text) {
  const { source } = split(text);
  const out = [];
  for (const m of source.matchAll(/^\s*import\s+(type\s+)?\{([^}]*)\}\s*from\s*["']([^"']*src\/execution\/[^"']+)["']/gm)) {
    const names = m[2].split(",").map((n) => n.trim()).filter(Boolean);
    if (!m[1] && names.some((n) => !n.startsWith("type "))) out.push(m[3].replace(/^.*src\/execution\//, ""));
  }
  return out;
}

test("the queue's path enters src/execution once, through the scheduler (which runs each attempt's pipeline)", () => {
  const execution = sourceFiles(ROOT, ["workers/queue"]).flatMap((f) => executionValueImports(readFileSync(`${ROOT}/${f}`, "utf8")));
  // Types and the rules below the ports (the model port, the plan's layout) may be named by the wiring; behaviour is entered once.
  const entries = new Set(execution.filter((m) => ["pipeline", "scheduler", "stages/index"].includes(m)));
  assert.deepEqual([...entries], ["scheduler"]);
});

test("a type-only import is not an entry", () => {
  assert.deepEqual(executionValueImports(`import type { A } from "../../src/execution/pipeline";\nimport { type B, runScheduled } from "../../src/execution/scheduler";\nimport { type C } from "../../src/execution/stage";`), ["scheduler"]);
});
