import { describe, expect, it } from "vitest";
import { AppError } from "../domain/errors";
import { analyseRecords } from "./analyse";
import { canonicalJson, type JsonObject } from "./canonical-json";
import { parseCsv } from "./csv";
import { parseJsonl } from "./jsonl";
import { MAX_LABELS, MAX_REPORTED_ERRORS, MAX_ROWS } from "./limits";
import type { ParsedItem } from "./formats";
import { buildRow, revisionDigest } from "./rows";

const bytes = (s: string) => new TextEncoder().encode(s);
const items = (rows: JsonObject[]): ParsedItem[] => rows.map((data, i) => ({ where: `line ${i + 1}`, data }));

async function sha256Hex(text: string): Promise<string> {
  const buf = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes(text)));
  return [...buf].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

describe("analyseRecords: columns, keys, labels, digests", () => {
  it("detects columns in first-seen order with their kinds", async () => {
    const a = await analyseRecords(
      items([
        { q: "x", n: 1, flag: true, meta: { a: 1 }, tags: ["a"], gap: null, mix: 1 },
        { q: "y", n: 2.5, extra: "late", gap: null, mix: "one", flag: null },
      ]),
    );
    expect(a.columns).toEqual([
      { name: "q", type: "string" },
      { name: "n", type: "number" },
      { name: "flag", type: "boolean" },
      { name: "meta", type: "object" },
      { name: "tags", type: "array" },
      { name: "gap", type: "null" },
      { name: "mix", type: "mixed" },
      { name: "extra", type: "string" },
    ]);
  });

  it("digests each row as sha256 of its canonical JSON and the revision over the row digests", async () => {
    const rows = [{ b: 1, a: "x" }, { a: "y", b: 2 }];
    const a = await analyseRecords(items(rows));
    const first = buildRow(a, 0, rows[0]!);
    expect(first.digest).toBe(await sha256Hex('{"a":"x","b":1}'));
    expect(buildRow(a, 1, rows[1]!).digest).toBe(await sha256Hex(canonicalJson(rows[1]!)));
    expect(a.digest).toBe(await revisionDigest(a.rowDigests));
    expect(a.rowDigests).toHaveLength(64);
    const reordered = await analyseRecords(items([rows[1]!, rows[0]!]));
    expect(reordered.digest).not.toBe(a.digest);
    const sameKeysOtherOrder = await analyseRecords(items([{ a: "x", b: 1 }, { b: 2, a: "y" }]));
    expect(sameKeysOtherOrder.digest).toBe(a.digest);
  });

  it("gives the same digests to CSV and JSONL of the same string data", async () => {
    const csv = await analyseRecords(parseCsv(bytes('question,answer\n"What, exactly?",42\nwhy,"because\nso"\n')));
    const jsonl = await analyseRecords(
      parseJsonl(bytes('{"question":"What, exactly?","answer":"42"}\n{"answer":"because\\nso","question":"why"}\n')),
    );
    expect(csv.digest).toBe(jsonl.digest);
    expect(csv.rowDigests).toEqual(jsonl.rowDigests);
  });

  it.each([
    ["id", [{ id: "a" }, { id: "b" }], ["a", "b"]],
    ["numeric id", [{ id: 7 }, { id: 8 }], ["7", "8"]],
    ["task_id", [{ task_id: "HumanEval/0" }, { task_id: "HumanEval/1" }], ["HumanEval/0", "HumanEval/1"]],
    ["key before task_id", [{ task_id: "t", key: "k1" }, { task_id: "t", key: "k2" }], ["k1", "k2"]],
    ["id repeated, so key", [{ id: 1, key: "a" }, { id: 1, key: "b" }], ["a", "b"]],
    ["id repeated, nothing else", [{ id: 1 }, { id: 1 }], ["row-1", "row-2"]],
    ["id missing on a row", [{ id: "a" }, { x: 1 }], ["row-1", "row-2"]],
    ["id empty", [{ id: "" }, { id: "b" }], ["row-1", "row-2"]],
    ["id an object", [{ id: { a: 1 } }, { id: "b" }], ["row-1", "row-2"]],
    ["1 and '1' collide", [{ id: 1 }, { id: "1" }], ["row-1", "row-2"]],
    ["id too long", [{ id: "x".repeat(201) }, { id: "b" }], ["row-1", "row-2"]],
    ["no key column", [{ q: 1 }, { q: 2 }], ["row-1", "row-2"]],
    ["ID in capitals", [{ ID: "a" }, { ID: "b" }], ["a", "b"]],
    ["exact id before Id", [{ Id: "x", id: "a" }, { Id: "y", id: "b" }], ["a", "b"]],
    ["Id when id repeats", [{ Id: "x", id: "a" }, { Id: "y", id: "a" }], ["x", "y"]],
    ["id first seen on row 2", [{ q: 1 }, { q: 2, id: "b" }], ["row-1", "row-2"]],
  ])("keys rows: %s", async (_label, rows, keys) => {
    const a = await analyseRecords(items(rows as JsonObject[]));
    expect(rows.map((r, i) => buildRow(a, i, r as JsonObject).key)).toEqual(keys);
  });

  it("takes split and subset (subset, else subject, else category) per row and lists them distinct", async () => {
    const rows: JsonObject[] = [
      { split: "test", subject: "algebra", category: "ignored", q: 1 },
      { split: "dev", subject: "anatomy", q: 2 },
      { split: "test", subject: "algebra", q: 3 },
      { split: "", subject: null, q: 4 },
      { q: 5, split: 2024 },
    ];
    const a = await analyseRecords(items(rows));
    expect(a).toMatchObject({ splitColumn: "split", subsetColumn: "subject", splits: ["test", "dev", "2024"], subsets: ["algebra", "anatomy"] });
    expect(rows.map((r, i) => [buildRow(a, i, r).split, buildRow(a, i, r).subset])).toEqual([
      ["test", "algebra"],
      ["dev", "anatomy"],
      ["test", "algebra"],
      [null, null],
      ["2024", null],
    ]);
    const byCategory = await analyseRecords(items([{ category: "c1" }, { category: "c2" }]));
    expect(byCategory).toMatchObject({ splitColumn: null, subsetColumn: "category", splits: [], subsets: ["c1", "c2"] });
  });

  it("matches role columns ignoring case, the exact spelling first", async () => {
    const tqa = await analyseRecords(items([{ Type: "A", Category: "Misconceptions" }, { Type: "B", Category: "Proverbs" }]));
    expect(tqa).toMatchObject({ subsetColumn: "Category", subsets: ["Misconceptions", "Proverbs"] });
    const both = await analyseRecords(items([{ Category: "upper", category: "lower", Split: "S" }]));
    expect(both).toMatchObject({ subsetColumn: "category", subsets: ["lower"], splitColumn: "Split", splits: ["S"] });
    const late = await analyseRecords(items([{ q: 1 }, { q: 2, SUBJECT: "late" }]));
    expect(late).toMatchObject({ subsetColumn: "SUBJECT", subsets: ["late"] });
  });

  it("builds whole rows", async () => {
    const data = { id: "q1", split: "test", subset: "s", text: "hi" };
    const a = await analyseRecords(items([data]));
    expect(buildRow(a, 0, data)).toEqual({ index: 0, key: "q1", digest: await sha256Hex(canonicalJson(data)), split: "test", subset: "s", data });
  });
});

describe("analyseRecords: refusals", () => {
  it("names the line of a parse error (422) and lists several", async () => {
    const err = await failure(analyseRecords(parseJsonl(bytes('{"a":1}\n{not json}\n{"a":2}\n[1]\n'))));
    expect(err.code).toBe("validation_failed");
    expect(err.message).toMatch(/^line 2: not valid JSON: .* \(and 1 more\)$/);
    expect(err.errors?.map((e) => e.field)).toEqual(["line 2", "line 4"]);
  });

  it("stops listing after MAX_REPORTED_ERRORS", async () => {
    const err = await failure(analyseRecords(parseJsonl(bytes("x\n".repeat(MAX_REPORTED_ERRORS + 5)))));
    expect(err.errors).toHaveLength(MAX_REPORTED_ERRORS);
    expect(err.message).toContain(`the first ${MAX_REPORTED_ERRORS} are listed`);
  });

  it("refuses an upload without rows", async () => {
    for (const body of ["", "\n\n  \n", "a,b\n"]) {
      const parsed = body.includes(",") ? parseCsv(bytes(body)) : parseJsonl(bytes(body));
      const err = await failure(analyseRecords(parsed));
      expect(err).toMatchObject({ code: "validation_failed", errors: [{ field: "body", message: "no rows" }] });
    }
  });

  it("refuses more than MAX_ROWS rows with 413", async () => {
    function* many(): Generator<ParsedItem> {
      for (let i = 0; i <= MAX_ROWS; i++) yield { where: `line ${i + 1}`, data: { i } };
    }
    const err = await failure(analyseRecords(many()));
    expect(err.code).toBe("payload_too_large");
    expect(err.message).toContain(`line ${MAX_ROWS + 1}`);
  }, 60_000);

  it("refuses a subset column with too many distinct values, naming it", async () => {
    const rows = Array.from({ length: MAX_LABELS + 1 }, (_, i) => ({ category: `c${i}` }));
    const err = await failure(analyseRecords(items(rows)));
    expect(err).toMatchObject({ code: "validation_failed", errors: [{ field: "column category" }] });
  });

  it("ignores label overflow in a column that is not used", async () => {
    const rows = Array.from({ length: MAX_LABELS + 1 }, (_, i) => ({ subject: "s", category: `c${i}` }));
    expect((await analyseRecords(items(rows))).subsets).toEqual(["s"]);
  });

  it("refuses more than MAX_COLUMNS columns", async () => {
    const wide: JsonObject = {};
    for (let i = 0; i < 1001; i++) wide[`c${i}`] = i;
    const err = await failure(analyseRecords(items([{ a: 1 }, wide])));
    expect(err).toMatchObject({ code: "validation_failed", errors: [{ field: "line 2" }] });
  });

  it("refuses column metadata too large for one D1 row", async () => {
    const wide: JsonObject = {};
    for (let i = 0; i < 500; i++) wide[`${"c".repeat(150)}${i}`] = i;
    const err = await failure(analyseRecords(items([wide])));
    expect(err).toMatchObject({ code: "validation_failed", errors: [{ field: "body" }] });
  });
});
