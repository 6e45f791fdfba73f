// The import graph of the TypeScript sources (static imports and
// re-exports, type-only ones included: a type import still couples two
// modules), and its cycles. Used by test/structure/import-cycles.test.mjs.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Non-test .ts files under the given folders, as paths relative to root. */
export function sourceFiles(root, folders) {
  const out = [];
  const walk = (dir) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") && !e.name.endsWith(".d.ts")) out.push(p);
    }
  };
  for (const f of folders) if (existsSync(join(root, f))) walk(f);
  return out.sort();
}

/** Relative specifiers a module imports or re-exports statically. */
export function importSpecifiers(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  const specs = [];
  for (const m of code.matchAll(/^\s*(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']/gm)) specs.push(m[1]);
  for (const m of code.matchAll(/^\s*import\s*["']([^"']+)["']/gm)) specs.push(m[1]);
  return specs.filter((s) => s.startsWith("."));
}

/** file → the files it imports, for the given files (imports leaving the set are dropped). */
export function importGraph(root, files) {
  const known = new Set(files);
  const graph = new Map();
  for (const f of files) {
    const deps = new Set();
    for (const spec of importSpecifiers(readFileSync(join(root, f), "utf8"))) {
      const base = relative(root, resolve(root, dirname(f), spec)).replace(/\.(js|ts|mjs)$/, "");
      const hit = [`${base}.ts`, join(base, "index.ts")].find((c) => known.has(c));
      if (hit) deps.add(hit);
    }
    graph.set(f, [...deps]);
  }
  return graph;
}

/** The strongly connected components with more than one module, or a module importing itself (Tarjan). */
export function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** One path around a component, for the failure message: a → b → … → a. */
export function cyclePath(graph, component) {
  const inside = new Set(component);
  const start = component[0];
  const seen = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u = v; u !== start; u = seen.get(u)) path.splice(1, 0, u);
        return [...path, start].join(" → ");
      }
      if (!seen.has(w)) {
        seen.set(w, v);
        queue.push(w);
      }
    }
  }
  return component.join(", ");
}
