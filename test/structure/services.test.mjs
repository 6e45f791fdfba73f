// HTTP handlers call services (src/services/), not each other (issue 40):
// a routes file takes from another module that defines routes only its
// views (a schema or function named ...View / ...view) or router, never a
// handler or a helper (shared helpers and schemas live in modules that
// define no routes), and nothing under workers/http reaches the app it
// belongs to (an own-app singleton once let POST /api/imports post to
// /api/eval-runs and get `any` back). Services take their ports as
// arguments: none imports workers/, hono, or names Env.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { sourceFiles } from "../../scripts/lib/import-graph.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (f) => readFileSync(join(ROOT, f), "utf8");

/** Each static import of `text`: its specifier and the names it binds (`type` dropped; `*` for a namespace). */
export function importsOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  const out = [];
  for (const m of code.matchAll(/^\s*import\s+(?:type\s+)?([^;"'`]*?)\s*from\s*["']([^"']+)["']/gm)) {
    const clause = m[1];
    const names = [];
    const braces = clause.match(/\{([^}]*)\}/);
    if (braces) for (const part of braces[1].split(",")) {
      const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0].trim();
      if (name) names.push(name);
    }
    const outside = clause.replace(/\{[^}]*\}/, "").replace(/,/g, " ").trim();
    if (outside.startsWith("*")) names.push("*");
    else if (outside) names.push(...outside.split(/\s+/).filter((w) => w && w !== "type"));
    out.push({ spec: m[2], names });
  }
  return out;
}

// Views, and the routers an index of routes mounts.
const isView = (name) => /View$|view$|Routes$/.test(name);

test("the import reader sees named, default, namespace and type imports", () => {
  assert.deepEqual(
    importsOf(`import { a, type B, c as d } from "./x";\nimport type { E } from "./y";\nimport * as z from "./z";\nimport w from "./w";\n// import { q } from "./q";`),
    [
      { spec: "./x", names: ["a", "B", "c"] },
      { spec: "./y", names: ["E"] },
      { spec: "./z", names: ["*"] },
      { spec: "./w", names: ["w"] },
    ],
  );
});

test("a routes file takes only views from another module that defines routes", () => {
  const routes = sourceFiles(ROOT, ["workers/http/routes"]);
  assert.ok(routes.length > 20, `the routes are found (${routes.length})`);
  const known = new Set(routes);
  const found = [];
  for (const f of routes) {
    for (const { spec, names } of importsOf(read(f))) {
      if (!spec.startsWith(".")) continue;
      const base = relative(ROOT, resolve(ROOT, dirname(f), spec)).replace(/\.(js|ts)$/, "");
      const target = [`${base}.ts`, join(base, "index.ts")].find((c) => known.has(c));
      if (!target || target === f || !read(target).includes("newRouter(")) continue;
      const handlers = names.filter((n) => !isView(n));
      if (handlers.length) found.push(`${f} imports ${handlers.join(", ")} from ${target}: move the operation to src/services, a helper to a module without routes`);
    }
  }
  assert.deepEqual(found, []);
});

test("nothing under workers/http calls the app it belongs to", () => {
  const files = sourceFiles(ROOT, ["workers/http"]);
  const found = [];
  for (const f of files) {
    if (basename(f) === "own-app.ts") found.push(`${f} exists`);
    if (f === "workers/http/app.ts") continue;
    for (const { spec } of importsOf(read(f))) {
      const target = relative(ROOT, resolve(ROOT, dirname(f), spec)).replace(/\.(js|ts)$/, "");
      if (target === "workers/http/app") found.push(`${f} imports the app`);
    }
  }
  assert.deepEqual(found, []);
});

test("services take their ports as arguments: no workers/ import, no hono, no Env", () => {
  const services = sourceFiles(ROOT, ["src/services"]);
  assert.ok(services.length >= 3, `the services are found (${services.length})`);
  const found = [];
  for (const f of services) {
    const text = read(f);
    for (const { spec } of importsOf(text)) {
      if (spec === "hono" || spec.startsWith("hono/") || spec.startsWith("@hono/")) found.push(`${f} imports ${spec}`);
      if (spec.startsWith(".") && relative(ROOT, resolve(ROOT, dirname(f), spec)).startsWith("workers")) found.push(`${f} imports ${spec}`);
    }
    if (/\bEnv\b/.test(text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, ""))) found.push(`${f} names Env`);
  }
  assert.deepEqual(found, []);
});
