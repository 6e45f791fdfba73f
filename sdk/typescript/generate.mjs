// Generates src/schema.ts (types in the shape openapi-fetch reads: paths, components, operations) from
// openapi.json, the API's document. `node sdk/typescript/generate.mjs [URL]` first saves the document a
// running stack serves (URL default http://127.0.0.1:8787); without a URL argument and with
// --from-file it only regenerates from the saved file. A test fails when either is stale.
//
// Written here rather than taken from openapi-typescript, which needs TypeScript 5's compiler API
// (this repo builds with TypeScript 7). The subset handled is what @hono/zod-openapi emits.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const key = (k) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : JSON.stringify(k));
const pad = (depth) => "  ".repeat(depth);

/** A JSON Schema (OpenAPI 3.1 dialect) as a TypeScript type. */
export function typeOf(s, depth = 0) {
  if (s === true || s === undefined || s === null) return "unknown";
  if (s === false) return "never";
  if (s.$ref) return `components["schemas"][${JSON.stringify(s.$ref.split("/").pop())}]`;
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ") || "never";
  if (s.oneOf || s.anyOf) return union((s.oneOf ?? s.anyOf).map((x) => typeOf(x, depth)));
  if (s.allOf) return s.allOf.map((x) => `(${typeOf(x, depth)})`).join(" & ");
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (!types.length) return s.properties || s.additionalProperties ? objectOf(s, depth) : "unknown";
  return union(types.map((t) => scalar(t, s, depth)));
}

function union(parts) {
  const uniq = [...new Set(parts)];
  return uniq.length > 1 ? uniq.map((p) => (p.includes(" & ") ? `(${p})` : p)).join(" | ") : uniq[0] ?? "never";
}

function scalar(t, s, depth) {
  switch (t) {
    case "string":
      return s.format === "binary" ? "Blob | string" : "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return s.prefixItems ? `[${s.prefixItems.map((x) => typeOf(x, depth)).join(", ")}]` : `(${typeOf(s.items, depth)})[]`;
    case "object":
      return objectOf(s, depth);
    default:
      return "unknown";
  }
}

function objectOf(s, depth) {
  const required = new Set(s.required ?? []);
  const lines = Object.entries(s.properties ?? {}).map(([k, v]) => {
    const doc = v && typeof v === "object" && v.description ? `${pad(depth + 1)}/** ${String(v.description).replace(/\*\//g, "*\\/")} */\n` : "";
    return `${doc}${pad(depth + 1)}${key(k)}${required.has(k) ? "" : "?"}: ${typeOf(v, depth + 1)};`;
  });
  const extra = s.additionalProperties;
  if (extra !== undefined && extra !== false) {
    const value = extra === true || Object.keys(extra).length === 0 ? "unknown" : typeOf(extra, depth + 1);
    // An index signature must admit every named property, so the named ones join as an intersection.
    if (lines.length) return `{\n${lines.join("\n")}\n${pad(depth)}} & { [key: string]: ${value === "unknown" ? "unknown" : `${value} | undefined`} }`;
    return `{ [key: string]: ${value} }`;
  }
  return lines.length ? `{\n${lines.join("\n")}\n${pad(depth)}}` : "Record<string, never>";
}

function paramsOf(op, shared, depth) {
  const all = [...(shared ?? []), ...(op.parameters ?? [])];
  const group = (where) => {
    const ps = all.filter((p) => p.in === where);
    if (!ps.length) return "never";
    return `{\n${ps.map((p) => `${pad(depth + 2)}${key(p.name)}${p.required ? "" : "?"}: ${typeOf(p.schema, depth + 2)};`).join("\n")}\n${pad(depth + 1)}}`;
  };
  const q = group("query");
  const p = group("path");
  return `{\n${pad(depth + 1)}query${q === "never" ? "?" : ""}: ${q};\n${pad(depth + 1)}header?: never;\n${pad(depth + 1)}path${p === "never" ? "?" : ""}: ${p};\n${pad(depth + 1)}cookie?: never;\n${pad(depth)}}`;
}

function contentOf(content, depth) {
  const entries = Object.entries(content ?? {});
  if (!entries.length) return "never";
  return `{\n${entries.map(([t, m]) => `${pad(depth + 1)}${JSON.stringify(t)}: ${typeOf(m.schema, depth + 1)};`).join("\n")}\n${pad(depth)}}`;
}

function operationOf(op, shared, depth) {
  const out = [`${pad(depth + 1)}parameters: ${paramsOf(op, shared, depth + 1)};`];
  if (op.requestBody) out.push(`${pad(depth + 1)}requestBody${op.requestBody.required ? "" : "?"}: {\n${pad(depth + 2)}content: ${contentOf(op.requestBody.content, depth + 2)};\n${pad(depth + 1)}};`);
  else out.push(`${pad(depth + 1)}requestBody?: never;`);
  const responses = Object.entries(op.responses ?? {}).map(
    ([status, r]) =>
      `${pad(depth + 2)}${/^\d+$/.test(status) ? status : key(status)}: {\n${pad(depth + 3)}headers: { [name: string]: unknown };\n${pad(depth + 3)}content${r.content ? "" : "?"}: ${contentOf(r.content, depth + 3)};\n${pad(depth + 2)}};`,
  );
  out.push(`${pad(depth + 1)}responses: {\n${responses.join("\n")}\n${pad(depth + 1)}};`);
  return `{\n${out.join("\n")}\n${pad(depth)}}`;
}

/** The whole schema.ts text for a document. */
export function generate(doc) {
  const out = [
    "// Generated from sdk/typescript/openapi.json by sdk/typescript/generate.mjs: do not edit by hand.",
    `// ${doc.info?.title ?? "API"} ${doc.info?.version ?? ""}`.trimEnd(),
    "/* eslint-disable */",
    "",
    "export interface paths {",
  ];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    out.push(`  ${JSON.stringify(path)}: {`);
    out.push("    parameters: { query?: never; header?: never; path?: never; cookie?: never };");
    for (const m of METHODS) {
      const op = item[m];
      if (!op) out.push(`    ${m}?: never;`);
      else {
        if (op.summary) out.push(`    /** ${String(op.summary).replace(/\*\//g, "*\\/")} */`);
        out.push(`    ${m}: ${operationOf(op, item.parameters, 2)};`);
      }
    }
    out.push("  };");
  }
  out.push("}", "", "export interface components {", "  schemas: {");
  for (const [name, s] of Object.entries(doc.components?.schemas ?? {})) {
    if (s.description) out.push(`    /** ${String(s.description).replace(/\*\//g, "*\\/")} */`);
    out.push(`    ${key(name)}: ${typeOf(s, 2)};`);
  }
  out.push("  };", "}", "");
  out.push("/** operationId → [method, path], for finding an operation by its stable id. */");
  const ids = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) for (const m of METHODS) if (item[m]?.operationId) ids.push(`  ${key(item[m].operationId)}: [${JSON.stringify(m)}, ${JSON.stringify(path)}],`);
  out.push(`export const operations = {\n${ids.join("\n")}\n} as const;`, "");
  return out.join("\n");
}

export const DOC_FILE = `${HERE}openapi.json`;
export const SCHEMA_FILE = `${HERE}src/schema.ts`;

/** The document as committed: paths and components (servers name a deployment, so they are not kept). */
export function normalise(doc) {
  const { servers: _servers, ...rest } = doc;
  return rest;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!process.argv.includes("--from-file")) {
    const url = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "http://127.0.0.1:8787";
    const r = await fetch(`${url}/api/openapi.json`);
    if (!r.ok) throw new Error(`${url}/api/openapi.json answered ${r.status}`);
    writeFileSync(DOC_FILE, JSON.stringify(normalise(await r.json()), null, 2) + "\n");
  }
  writeFileSync(SCHEMA_FILE, generate(JSON.parse(readFileSync(DOC_FILE, "utf8"))));
  console.log(`wrote ${SCHEMA_FILE}`);
}
