// No binding reaches src/execution (issue 40): the invocation's entry point
// (workers/queue/consumer.ts) turns the Worker's Env into ports, and the
// attempt pipeline and its scheduler see only those ports. So no file under
// src/execution names the Env or a Cloudflare binding type (D1, R2, a queue,
// a Durable Object, a service), imports from workers/ or a cloudflare: module,
// and no name it takes from elsewhere in src/ carries one in its declaration,
// followed through the types that declaration names. (src/db and src/storage
// hold functions over D1 and R2 beside plain row types; src/execution may
// take the row types, not the functions.)
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { sourceFiles } from "../../scripts/lib/import-graph.mjs";
import { split } from "../../scripts/lib/source-split.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The Worker's Env and the binding types of @cloudflare/workers-types a port would otherwise carry. */
const BINDINGS = [
  "Env",
  "D1Database",
  "D1PreparedStatement",
  "R2Bucket",
  "Queue",
  "MessageBatch",
  "DurableObjectNamespace",
  "DurableObjectStub",
  "DurableObjectState",
  "DurableObject",
  "Fetcher",
  "ExecutionContext",
  "KVNamespace",
  "ScheduledController",
  "WorkerEntrypoint",
];
const BINDING = new RegExp(`\\b(${BINDINGS.join("|")})\\b`, "g");

/** Binding type names in code (not comments or strings). */
export function bindingNames(code) {
  return [...new Set([...code.matchAll(BINDING)].map((m) => m[1]))];
}

/** The module's imports: each name (as used here) → { from: specifier, name: as exported there }. */
export function importsOf(source) {
  const out = new Map();
  for (const m of source.matchAll(/^\s*import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/gm)) {
    for (const part of m[1].split(",")) {
      const p = part.trim().replace(/^type\s+/, "");
      if (!p) continue;
      const [name, local = name] = p.split(/\s+as\s+/).map((s) => s.trim());
      out.set(local, { from: m[2], name });
    }
  }
  return out;
}

/**
 * The text of `name`'s declaration at top level in `code` (comments and strings blanked): a type alias,
 * interface, enum, class or const whole; a function's generics, parameters and return type, not its body
 * (a body may use anything: what reaches a caller is the signature). Null when the module does not declare it.
 */
export function declarationOf(code, name) {
  const m = new RegExp(`^(?:export\\s+)?(?:declare\\s+)?(?:async\\s+)?(type|interface|function|class|const|let|enum)\\s+${name}\\b`, "m").exec(code);
  if (!m) return null;
  const kind = m[1];
  const from = m.index;
  let depth = 0;
  let closedParams = false;
  for (let i = from + m[0].length; i < code.length; i++) {
    const ch = code[i];
    if (ch === ">" && code[i - 1] === "=") continue; // an arrow, not a closing bracket
    if ("({[<".includes(ch)) {
      const before = code.slice(from, i).trimEnd();
      // A function's body: the first { at depth 0 after its parameters that does not open a return type.
      if (kind === "function" && ch === "{" && depth === 0 && closedParams && !/(:|\||&|=>|<|,)$/.test(before)) return code.slice(from, i);
      depth++;
    } else if (")}]>".includes(ch)) {
      depth--;
      if (depth === 0 && ch === ")" && kind === "function") closedParams = true;
      if (depth === 0 && ch === "}" && ["interface", "enum", "class"].includes(kind)) return code.slice(from, i + 1);
    } else if (depth === 0 && ch === ";" && ["type", "const", "let"].includes(kind)) {
      return code.slice(from, i);
    }
  }
  return code.slice(from);
}

/** The module a relative specifier names, as a path under ROOT, or null outside the sources. */
function resolveModule(from, spec) {
  if (!spec.startsWith(".")) return null;
  const base = relative(ROOT, resolve(ROOT, dirname(from), spec)).replace(/\.(js|ts|mjs)$/, "");
  for (const c of [`${base}.ts`, join(base, "index.ts")]) {
    try {
      readFileSync(join(ROOT, c));
      return c;
    } catch {}
  }
  return null;
}

const parsed = new Map();
function parse(file) {
  if (!parsed.has(file)) {
    const text = readFileSync(join(ROOT, file), "utf8");
    const { code, source } = split(text);
    parsed.set(file, { code, source, imports: importsOf(source) });
  }
  return parsed.get(file);
}

/**
 * Every binding type reached from `name` as `file` declares or imports it, following the capitalised names its
 * declaration mentions (declared there, or imported from a relative module). Each hit: "file: Name names Binding".
 */
export function bindingsReached(file, name, seen = new Set()) {
  const key = `${file}#${name}`;
  if (seen.has(key)) return [];
  seen.add(key);
  const mod = parse(file);
  const imported = mod.imports.get(name);
  if (imported) {
    const target = resolveModule(file, imported.from);
    return target ? bindingsReached(target, imported.name, seen) : [];
  }
  let decl = declarationOf(mod.code, name);
  if (decl === null) {
    // A re-export: `export { name } from "./x"` or `export * from "./x"`.
    for (const m of mod.source.matchAll(/^\s*export\s+(?:type\s+)?(?:\{([^}]*)\}|\*)\s*from\s*["']([^"']+)["']/gm)) {
      if (m[1] && !m[1].split(",").some((p) => p.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop() === name)) continue;
      const target = resolveModule(file, m[2]);
      if (target) {
        const hits = bindingsReached(target, name, seen);
        if (hits.length || m[1]) return hits;
      }
    }
    return [];
  }
  const own = bindingNames(decl).filter((b) => b !== name).map((b) => `${file}: ${name} names ${b}`);
  const mentioned = new Set([...decl.matchAll(/\b([A-Z]\w*)\b/g)].map((m) => m[1]).filter((n) => n !== name && !BINDINGS.includes(n)));
  return [...own, ...[...mentioned].flatMap((n) => bindingsReached(file, n, seen))];
}

const executionFiles = () => sourceFiles(ROOT, ["src/execution"]);

test("no file under src/execution names Env or a binding type, or imports from workers/ or cloudflare:", () => {
  const files = executionFiles();
  assert.ok(files.length >= 15, `the walk covers src/execution (${files.length} files)`);
  const offenders = files.flatMap((f) => {
    const { code, imports } = parse(f);
    const hits = bindingNames(code).map((b) => `${f}: names ${b}`);
    for (const { from } of imports.values()) {
      if (from.startsWith("cloudflare:") || /(^|\/)workers\//.test(relative(ROOT, resolve(ROOT, dirname(f), from)))) hits.push(`${f}: imports ${from}`);
    }
    return [...new Set(hits)];
  });
  assert.deepEqual(offenders, [], "take ports (src/execution/ports.ts, stage.ts); the entry point wires them from the bindings");
});

test("what src/execution takes from the rest of src/ carries no binding type, through the types it names", () => {
  const taken = executionFiles().flatMap((f) =>
    [...parse(f).imports.entries()]
      .filter(([, { from }]) => from.startsWith(".") && !resolve(ROOT, dirname(f), from).startsWith(join(ROOT, "src/execution")))
      .map(([local]) => [f, local]),
  );
  assert.ok(taken.length >= 20, `src/execution takes names from elsewhere (${taken.length})`);
  const offenders = [...new Set(taken.flatMap(([f, local]) => bindingsReached(f, local)))];
  assert.deepEqual(offenders, []);
});

test("the scan finds a binding type in a declaration and in the types it names, and not in comments or strings", () => {
  assert.deepEqual(bindingNames(split(`// a D1Database\nconst s = "R2Bucket";\nexport function f(q: Queue<Job>, env: Env) {}`).code), ["Queue", "Env"]);
  assert.deepEqual(bindingNames(split(`type Message = { role: string }; const environment = 1;`).code), []);
  const code = (t) => split(t).code;
  assert.match(declarationOf(code(`export interface Ports {\n  rows: RowPort;\n  db: D1Database;\n}\nexport const x = 1;`), "Ports"), /D1Database;\n}$/);
  assert.match(declarationOf(code(`export async function read(d1: D1Database, id: string): Promise<Row[]> {\n  return [];\n}`), "read"), /D1Database/);
  assert.doesNotMatch(declarationOf(code(`export function pure(row: Row): { n: number } {\n  const db: D1Database = x;\n}`), "pure"), /D1Database/);
  assert.match(declarationOf(code(`export function pure(row: Row): { n: number } {\n  return 1;\n}`), "pure"), /\{ n: number \}\s*$/);
  assert.doesNotMatch(declarationOf(code(`export type Slot = {\n  seq: number;\n};\nexport function f(d1: D1Database) {}`), "Slot"), /D1Database/);
  assert.match(declarationOf(code(`export type Result =\n  | { kind: "a" }\n  | { kind: "b"; q: Queue };\nconst y = 2;`), "Result"), /Queue/);
  assert.match(declarationOf(code(`export const make = (d1: D1Database) => (id: string) => d1;`), "make"), /D1Database/);
  assert.equal(declarationOf(code(`export const x = 1;`), "Missing"), null);
});
