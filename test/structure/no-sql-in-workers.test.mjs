// workers/ holds no SQL (issue 13): every statement lives in src/db (D1) or
// src/storage (Durable Object SQLite), one query per fact, taking its
// binding as an argument, so a fact has one owner and can be tested apart
// from the edge that uses it. The failure names file:line and what was
// found there, so the statement can be moved to the module that owns it.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { sourceFiles } from "../../scripts/lib/import-graph.mjs";
import { split } from "../../scripts/lib/source-split.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Files allowed one kind of finding, and why. Keep it short: a new entry
 * needs a reason a reviewer would accept.
 */
const ALLOWED = {
  // The bench's I/O meter wraps the D1 binding in a Proxy that forwards prepare/batch and counts their
  // results' meta (npm run bench). It issues no statement of its own and holds no query text: a meter, not SQL.
  "workers/io-meter.ts": new Set(["prepare", "batch"]),
  // The edge's limits (Cloudflare's 1,000 D1 queries per invocation) wrap the D1 binding the same way, to count
  // each statement as the invocation's query: a limiter, holding no query text.
  "workers/edge/limits.ts": new Set(["prepare", "batch"]),
};

/** What counts as SQL, on the code (calls) or on the literals (statement text). */
const RULES = [
  { id: "prepare", on: "code", re: /\.\s*prepare\s*\(/g, what: "a D1 statement (.prepare)" },
  { id: "batch", on: "code", re: /\.\s*batch\s*\(/g, what: "a D1 batch (.batch)" },
  { id: "exec", on: "code", re: /\bsql\s*\.\s*exec\s*(?:<[^>]*>)?\s*\(/gi, what: "a SQLite statement (storage.sql.exec)" },
  { id: "sql-tag", on: "code", re: /\bsql\s*(?:\.\s*raw\s*\(|`)/g, what: "drizzle's sql template" },
  { id: "drizzle-import", on: "source", re: /\bfrom\s*["']drizzle-orm(?:\/[^"']*)?["']/g, what: "an import of drizzle-orm's query builders" },
  // Drizzle on a db handle, or any chain shaped like a query (Map.delete(k) and Set.delete(v) are neither).
  {
    id: "drizzle",
    on: "code",
    re: /\b(?:db|d1|tx|openDb\s*\([^()]*\))\s*\.\s*(?:select|selectDistinct|insert|update|delete)\s*\(|\.\s*select(?:Distinct)?\s*\([^()]*\)\s*\.\s*from\s*\(|\.\s*insert\s*\(\s*[\w.]+\s*\)\s*\.\s*values\s*\(|\.\s*update\s*\(\s*[\w.]+\s*\)\s*\.\s*set\s*\(|\.\s*delete\s*\(\s*[\w.]+\s*\)\s*\.\s*where\s*\(|\.\s*query\s*\.\s*\w+\s*\.\s*find(?:First|Many)\s*\(|\b(?:db|d1)\s*\.\s*\$count\s*\(/g,
    what: "a drizzle query",
  },
  {
    id: "statement",
    on: "strings",
    re: /\bSELECT\b[\s\S]{0,400}?\bFROM\b|\bINSERT\s+(?:OR\s+[A-Z]+\s+)?INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE\s+FROM\b|\b(?:CREATE|DROP|ALTER)\s+(?:UNIQUE\s+)?(?:TABLE|INDEX|TRIGGER|VIEW)\b|\bREPLACE\s+INTO\b/g,
    what: "SQL text",
  },
];

/** Every SQL finding in one file's text: { line, rule, what, excerpt }. */
export function findSql(text) {
  const parts = split(text);
  const lines = text.split("\n");
  const starts = [0];
  for (let k = 0; k < text.length; k++) if (text[k] === "\n") starts.push(k + 1);
  const lineOf = (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const found = [];
  for (const rule of RULES) {
    for (const m of parts[rule.on].matchAll(rule.re)) {
      const line = lineOf(m.index);
      found.push({ line, rule: rule.id, what: rule.what, excerpt: lines[line - 1].trim().slice(0, 120) });
    }
  }
  // One report per line and rule (a chain can match twice).
  const seen = new Set();
  return found
    .filter((f) => {
      const k = `${f.line}:${f.rule}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .sort((a, b) => a.line - b.line);
}

test("workers/ holds no SQL: statements live in src/db and src/storage", () => {
  const files = sourceFiles(ROOT, ["workers"]);
  assert.ok(files.length > 50, `the walk covers workers/ (${files.length} files)`);
  const offenders = [];
  for (const f of files) {
    const allowed = ALLOWED[f] ?? new Set();
    const byLine = new Map();
    for (const hit of findSql(readFileSync(`${ROOT}/${f}`, "utf8"))) {
      if (allowed.has(hit.rule)) continue;
      const at = byLine.get(hit.line) ?? { whats: [], excerpt: hit.excerpt };
      at.whats.push(hit.what);
      byLine.set(hit.line, at);
    }
    for (const [line, at] of byLine) offenders.push(`${f}:${line}: ${at.whats.join(" + ")}: ${at.excerpt}`);
  }
  assert.deepEqual(offenders, [], `move these into src/db (D1) or src/storage (Durable Object SQLite):\n${offenders.join("\n")}`);
});

test("every allowlisted file exists and still needs its exception", () => {
  for (const [f, rules] of Object.entries(ALLOWED)) {
    const used = new Set(findSql(readFileSync(`${ROOT}/${f}`, "utf8")).map((h) => h.rule));
    for (const r of rules) assert.ok(used.has(r), `${f} no longer needs its '${r}' exception: remove it`);
  }
});

test("the scan finds statements, drizzle queries and SQLite calls, each on its line", () => {
  const src = [
    /* 1 */ `import { eq } from "drizzle-orm";`,
    /* 2 */ "const a = await env.DB.prepare(`SELECT id FROM eval_runs WHERE id = ?1`).bind(id).first();",
    /* 3 */ "await env.DB.batch([stmt]);",
    /* 4 */ "this.sql.exec(`DELETE FROM ended WHERE id = ?`, id);",
    /* 5 */ "const run = await openDb(env.DB).select().from(evalRuns).get();",
    /* 6 */ "await db",
    /* 7 */ "  .update(benchmarks)",
    /* 8 */ "  .set({ archivedAt: null });",
    /* 9 */ "const q = `",
    /* 10 */ "  SELECT count(*) AS n",
    /* 11 */ "  FROM attempts`;",
    /* 12 */ "const i = 'INSERT OR IGNORE INTO t (a) VALUES (?)';",
    /* 13 */ "const u = \"UPDATE run_finishes SET tries = tries + 1\";",
    /* 14 */ "await c.var.db.delete(webhooks).where(eq(webhooks.id, id));",
    /* 15 */ "ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS meta (k TEXT)`);",
    /* 16 */ "const w = sql`status = ${s}`;",
    /* 17 */ "const t = `${a ? `SELECT 1 FROM x` : ''}`;",
    /* 18 */ "const o = this.sql",
    /* 19 */ "  .exec<{ t: number | null }>(q).one();",
    /* 20 */ "const results = await target.batch(stmts);",
    /* 21 */ "const r = await c.var.db.query.evalRuns.findFirst({ where: eq(evalRuns.id, id) });",
  ].join("\n");
  assert.deepEqual(
    findSql(src).map((h) => `${h.line}:${h.rule}`),
    ["1:drizzle-import", "2:prepare", "2:statement", "3:batch", "4:exec", "4:statement", "5:drizzle", "6:drizzle", "10:statement", "12:statement", "13:statement", "14:drizzle", "15:exec", "15:statement", "16:sql-tag", "17:statement", "18:exec", "20:batch", "21:drizzle"],
  );
});

test("the scan leaves alone what is not SQL: Map/Set delete, regex exec, HTTP verbs, prose and comments", () => {
  const src = [
    "const seen = new Map(); seen.delete(key); new Set([1]).delete(1);",
    "cache.delete(runId); this.sockets.delete(ws);",
    "const m = /^Bearer\\s+(\\S+)$/i.exec(header);",
    "const r = /['\"`]select/.exec(s); const half = total / 2 / count;",
    "await own(c, \"DELETE\", `/api/eval-runs/${run.id}`);",
    "const s = \"select a benchmark from the list, then update its settings\";",
    "const url = \"https://live/follow\"; // SELECT x FROM y in a comment",
    "/* DELETE FROM attempts */ const note = 'the UPDATE button';",
    "const p = items.select; const up = state.update(patch);",
    "await env.ATTEMPTS.sendBatch(messages);",
    "const rows = results.filter((r) => r.select !== undefined);",
  ].join("\n");
  assert.deepEqual(findSql(src), []);
});
