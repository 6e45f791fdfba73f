// Fuzz over every operation of the OpenAPI document, in workerd: bodies
// generated from the operation's own schema (fast-check) plus hostile
// variants (wrong types, missing and unknown fields, 1 MB strings, nesting
// past the limit, numbers JSON cannot hold, non-JSON), hostile queries and
// path ids, all with a valid key of a fresh project. Asserts no 5xx, and
// nothing half-written: a refused write leaves every D1 table's row count
// unchanged, and the list endpoints still answer 200 afterwards.
//
// Bounded (a fixed seed and a few requests per variant) so it runs in
// seconds; every failure is collected and reported together, by operation.
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, newProject } from "../../test/http";
import { fixtureBase } from "../../test/runs";

type Schema = Record<string, any>;
type Doc = { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, Schema> } };
type Sent = { status: number; type: string; text: string };

const SEED = 20261201;
const METHODS = ["get", "put", "post", "delete", "patch"];
const MB = "a".repeat(1_000_000);

/** Nested arrays `depth` deep, as JSON text (JSON.stringify itself recurses). */
const deepText = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;

function resolve(doc: Doc, s: Schema | undefined): Schema {
  let out = s ?? {};
  for (let i = 0; out.$ref && i < 20; i++) out = doc.components?.schemas?.[String(out.$ref).split("/").pop()!] ?? {};
  return out;
}

/** An arbitrary value shaped by a JSON Schema (the subset zod-openapi writes), bounded in size and depth. */
function arb(doc: Doc, raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(doc, raw);
  if (depth > 5) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (Array.isArray(alts) && alts.length) return fc.oneof(...alts.map((a: Schema) => arb(doc, a, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length) return arb(doc, s.allOf[0], depth + 1);
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ["object"] : ["string", "number", "boolean", "null"];
  return fc.oneof(
    ...types.map((t): fc.Arbitrary<unknown> => {
      switch (t) {
        case "string":
          return fc.string({ minLength: Math.min(s.minLength ?? 0, 50), maxLength: Math.max(Math.min(s.maxLength ?? 20, 20), Math.min(s.minLength ?? 0, 50)) });
        case "integer":
          return fc.integer({ min: Math.max(Math.ceil(s.minimum ?? -1000), -1e6), max: Math.min(Math.floor(s.maximum ?? 1000), 1e6) });
        case "number":
          return fc.double({ min: Math.max(s.minimum ?? -1000, -1e6), max: Math.min(s.maximum ?? 1000, 1e6), noNaN: true });
        case "boolean":
          return fc.boolean();
        case "null":
          return fc.constant(null);
        case "array":
          return fc.array(arb(doc, s.items, depth + 1), { minLength: Math.min(s.minItems ?? 0, 3), maxLength: Math.max(Math.min(s.maxItems ?? 3, 3), Math.min(s.minItems ?? 0, 3)) });
        case "object": {
          const props: Record<string, Schema> = s.properties ?? {};
          const model: Record<string, fc.Arbitrary<unknown>> = {};
          for (const [k, v] of Object.entries(props)) model[k] = arb(doc, v, depth + 1);
          return fc.record(model, { requiredKeys: (s.required ?? []).filter((k: string) => k in props) });
        }
        default:
          return fc.constant(null);
      }
    }),
  );
}

/** A few sample values, deterministic for the operation. */
function samples(doc: Doc, schema: Schema | undefined, n: number, salt: number): unknown[] {
  return fc.sample(arb(doc, schema), { numRuns: n, seed: SEED + salt });
}

/** Hostile variants of a generated body, as raw JSON text (so numbers and nesting JSON.stringify cannot write survive). */
function hostileBodies(doc: Doc, schema: Schema | undefined, valid: unknown): string[] {
  const s = resolve(doc, schema);
  const obj = valid && typeof valid === "object" && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};
  const keys = Object.keys(s.properties ?? {});
  const first = keys[0] ?? "x";
  const out: string[] = [];
  const withField = (k: string, text: string) => {
    const rest = { ...obj };
    delete rest[k];
    const base = JSON.stringify(rest);
    return base === "{}" ? `{${JSON.stringify(k)}:${text}}` : `{${JSON.stringify(k)}:${text},${base.slice(1)}`;
  };
  for (const k of keys.slice(0, 2)) {
    for (const wrong of ["[]", '"x"']) out.push(withField(k, wrong));
  }
  if (keys[2]) out.push(withField(keys[2], "12"));
  for (const k of s.required ?? []) {
    const rest = { ...obj };
    delete rest[k];
    out.push(JSON.stringify(rest));
  }
  out.push(JSON.stringify({ ...obj, zz_unknown_field: 1 }));
  out.push(withField(first, JSON.stringify(MB)));
  out.push(withField(first, `{"a":${deepText(80)}}`));
  for (const n of ["1e309", "9007199254740993", "-1.5"]) out.push(withField(first, n));
  out.push("[]", "{", "");
  return out;
}

const HOSTILE_QUERY = ["-1", "1e309", "x".repeat(3000), "%ff", "%00"];
const HOSTILE_IDS = ["nope", "x".repeat(300), "%ff", "%2e%2e", "run_0000000000000000000", "null", "0"];

async function send(method: string, path: string, key: string, body?: string, type = "application/json"): Promise<Sent> {
  const headers = new Headers({ authorization: `Bearer ${key}` });
  if (body !== undefined) headers.set("content-type", type);
  const res = await exports.default.fetch(new Request(`http://assay.test${path}`, { method: method.toUpperCase(), headers, body: method === "get" ? undefined : body }));
  const ctype = res.headers.get("content-type") ?? "";
  // A live stream never ends: its status is the answer.
  if (ctype.includes("event-stream") || res.status === 101) {
    await res.body?.cancel();
    return { status: res.status, type: ctype, text: "" };
  }
  return { status: res.status, type: ctype, text: (await res.text()).slice(0, 300) };
}

/** Rows per table, in one statement. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'`,
  ).all<{ name: string }>();
  const out: Record<string, number> = {};
  // Scalar subqueries in chunks: D1 caps compound SELECTs and columns per statement.
  for (let i = 0; i < tables.results.length; i += 40) {
    const chunk = tables.results.slice(i, i + 40);
    const row = await env.DB.prepare(`SELECT ${chunk.map((t, j) => `(SELECT COUNT(*) FROM "${t.name}") AS c${j}`).join(", ")}`).first<Record<string, number>>();
    chunk.forEach((t, j) => (out[t.name] = row![`c${j}`]!));
  }
  return out;
}

/**
 * Real objects of the project, so path ids reach past "not found", and the
 * bodies that created them: hostile values planted inside a body that is
 * otherwise valid reach the handler, the store and what reads it back.
 */
async function seed(key: string) {
  const rows = [1, 2, 3].map((i) => JSON.stringify({ id: `q${i}`, question: `What is ${i} + 1?`, answer: String(i + 1) })).join("\n");
  const ds = await call("POST", "/api/datasets/fuzz/revisions", { key, raw: rows, type: "application/x-ndjson" });
  const ref = `${ds.body.revision?.name ?? ds.body.name}@${ds.body.revision?.version ?? ds.body.version}`;
  const good: Record<string, unknown> = {};
  const create = async (path: string, body: unknown) => {
    good[`POST ${path}`] = body;
    return (await call("POST", path, { key, body })).body;
  };
  const bm = await create("/api/benchmarks", { name: "fuzz", dataset: ref, prompt_template: "{question}", answer_column: "answer", scoring: { type: "exact_match" } });
  const target = { kind: "model", provider: "openai", base_url: fixtureBase(), model: "fixture-fuzz:accuracy=1", params: { effort: "low" } };
  const run = await create("/api/eval-runs", { benchmarks: [bm.id], target, options: { attempts: 1 } });
  const profile = await create("/api/profiles", { name: "fuzz", version: "1", params: { a: 1 } });
  const trigger = await create("/api/triggers", { name: "fuzz", run_template: { benchmarks: [bm.id], target } });
  const webhook = await create("/api/webhooks", { url: "https://example.com/hook", events: ["run.completed"] });
  good["PATCH /api/eval-runs/{id}"] = { display_name: "fuzzed", target };
  good["POST /api/runner/attempts/{id}/events"] = { events: [{ kind: "turn", messages: [{ role: "assistant", content: "hi" }] }] };
  good["POST /api/runner/attempts/{id}/result"] = { reward: 1, structured: { composite: 1 } };
  const ids = [bm.id, run.id, profile.id, trigger.trigger?.id, webhook.id].filter((x): x is string => typeof x === "string");
  return { ref, ids, good };
}

/** The paths of a value's members, depth first, up to `max`. */
function containerPaths(value: unknown, max = 10): (string | number)[][] {
  const out: (string | number)[][] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    if (out.length >= max || v === null || typeof v !== "object") return;
    for (const [k, child] of Object.entries(v)) {
      const p = [...path, Array.isArray(v) ? Number(k) : k];
      out.push(p);
      walk(child, p);
    }
  };
  walk(value, []);
  return out.slice(0, max);
}

/** `value` with `replacement` at `path` (a copy). */
function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]!] = setAt(copy[path[0]!], path.slice(1), replacement);
  return copy;
}

/** A valid body with, at each of its paths in turn, nesting past the limit, a 1 MB string, a number JSON cannot hold. */
function plantedBodies(good: unknown): string[] {
  const out: string[] = [];
  for (const path of containerPaths(good)) {
    for (const marker of ["@deep", "@mb", "@huge"]) out.push(JSON.stringify(setAt(good, path, marker)));
  }
  out.push(JSON.stringify(good));
  return out.map((t) =>
    t
      .replace('"@deep"', deepText(7_000))
      .replace('"@mb"', JSON.stringify(MB))
      .replace('"@huge"', "1e309"),
  );
}

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? "nope");
}

describe("fuzz: every operation of the OpenAPI document", () => {
  it("answers hostile input with 4xx, never 5xx, and leaves nothing half-written", { timeout: 180_000 }, async () => {
    // A free-plan project: runs cannot start, so no background work moves the row counts.
    const { key } = await newProject("fuzz", { plan: "free" });
    const real = await seed(key);
    const doc = (await call("GET", "/api/openapi.json")).body as Doc;
    const failures: string[] = [];
    // Lists a project key may read (the bootstrap token's are the operator's).
    const lists = Object.entries(doc.paths)
      .filter(([p, item]) => item.get && !p.includes("{") && p.startsWith("/api/") && !JSON.stringify(item.get.security ?? []).includes("bootstrap"))
      .map(([p]) => p);
    let sent = 0;
    let counts = await tableCounts();
    let salt = 0;

    for (const [template, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        salt++;
        const where = `${method.toUpperCase()} ${template}`;
        const params: Schema[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => resolve(doc, p));
        const pathNames = params.filter((p) => p.in === "path").map((p) => p.name as string);
        const queryParams = params.filter((p) => p.in === "query");
        const idChoices = (name: string) => (name === "ref" ? [real.ref, ...HOSTILE_IDS, "a@b"] : name === "name" ? ["fuzz", ...HOSTILE_IDS] : [...real.ids, ...HOSTILE_IDS]);
        const paths = (template.includes("{") ? [0, 1, 2, 3] : [0]).map((i) =>
          fill(template, Object.fromEntries(pathNames.map((n) => { const c = idChoices(n); return [n, c[(i + salt) % c.length]!]; }))),
        );
        const queries = [""];
        for (const q of queryParams) {
          for (const v of HOSTILE_QUERY) queries.push(`?${encodeURIComponent(q.name)}=${v}`);
          queries.push(`?${q.name}=1&${q.name}=2`);
        }
        queries.push("?zz_unknown=1");

        const content = op.requestBody?.content ?? {};
        const jsonSchema = content["application/json"]?.schema;
        const bodies: { text?: string; type?: string }[] = [];
        if (jsonSchema) {
          const generated = samples(doc, jsonSchema, 3, salt);
          for (const g of generated) bodies.push({ text: JSON.stringify(g) });
          for (const h of hostileBodies(doc, jsonSchema, generated[0])) bodies.push({ text: h });
          if (real.good[where] !== undefined) for (const h of plantedBodies(real.good[where])) bodies.push({ text: h });
          bodies.push({ text: '{"a":1}', type: "text/plain" });
        } else if (Object.keys(content).length) {
          const type = Object.keys(content)[0]!;
          bodies.push({ text: "", type }, { text: "\u0000\u00ff garbage", type }, { text: `{"q":${deepText(10_000)}}\n`, type }, { text: MB, type }, { text: '{"a":1}', type: "application/json" });
        } else if (method !== "get") {
          bodies.push({}, { text: '{"a":1}' }, { text: deepText(5_000) });
        }

        const attempts: { path: string; body?: { text?: string; type?: string } }[] = [];
        for (const p of paths) attempts.push({ path: p, body: bodies[0] });
        for (const q of queries) attempts.push({ path: paths[0] + q, body: bodies[0] });
        for (const b of bodies) attempts.push({ path: paths[0]!, body: b });

        for (const a of attempts) {
          const r = await send(method, a.path, key, a.body?.text, a.body?.type);
          sent++;
          const label = `${where} → ${a.path.slice(0, 120)} body ${(a.body?.text ?? "(none)").slice(0, 80)}`;
          if (r.status >= 500) failures.push(`${label}: ${r.status} ${r.text}`);
          if (method === "get") continue;
          // Counts are taken after every write: a refused one must leave them as the last one left them.
          const after = await tableCounts();
          if (r.status >= 400) {
            const changed = Object.keys(after).filter((t) => after[t] !== counts[t]);
            if (changed.length) failures.push(`${label}: refused with ${r.status} but changed rows of ${changed.join(", ")}`);
          }
          counts = after;
        }
      }
    }

    for (const list of lists) {
      const r = await send("get", list, key);
      if (r.status !== 200 && r.status !== 422) failures.push(`after the fuzz, GET ${list}: ${r.status} ${r.text}`);
    }
    expect(sent).toBeGreaterThan(700);
    expect(failures).toEqual([]);
  });
});
