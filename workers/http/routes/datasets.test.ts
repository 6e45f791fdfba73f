import { env } from "cloudflare:workers";
import { parquetWriteBuffer } from "hyparquet-writer";
import { describe, expect, inject, it } from "vitest";
import { openDb } from "../../../src/db/client";
import { canonicalJson } from "../../../src/datasets/canonical-json";
import { MAX_UPLOAD_BYTES } from "../../../src/datasets/limits";
import { importRevision } from "../../../src/storage/dataset-import";
import { call, expectProblem, keyWith, newProject, type Reply } from "../../../test/http";
import { MINI_SIZES, MINI_TRUTHFULQA_CATEGORIES } from "../../../test/mini-datasets";

const NDJSON = "application/x-ndjson";
const CSV = "text/csv";
const PARQUET = "application/vnd.apache.parquet";

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";

function upload(key: string, name: string, raw: BodyInit, type: string | undefined = NDJSON, query = ""): Promise<Reply> {
  return call("POST", `/api/datasets/${name}/revisions${query}`, { key, raw, type });
}

async function gzip(text: string): Promise<Uint8Array> {
  return new Uint8Array(await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
}

async function sha256Hex(text: string): Promise<string> {
  const buf = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...buf].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Every row of a revision, following next_cursor. */
async function allRows(key: string, ref: string, limit: number) {
  const rows: { index: number; key: string; digest: string; data: Record<string, unknown> }[] = [];
  let cursor: string | null = "";
  let pages = 0;
  while (cursor !== null) {
    const r: Reply = await call("GET", `/api/datasets/${ref}/rows?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, { key });
    expect(r.status).toBe(200);
    expect(r.body.items.length).toBeLessThanOrEqual(limit);
    rows.push(...r.body.items);
    cursor = r.body.next_cursor;
    if (++pages > 10_000) throw new Error("paging does not end");
  }
  return { rows, pages };
}

describe("datasets: happy path", () => {
  it("creates a revision from JSONL and reads it back", async () => {
    const { key } = await newProject();
    const r = await upload(key, "qa", jsonl([{ id: "q1", question: "1+1?", answer: 2 }, { id: "q2", question: "2+2?", answer: 4 }]));
    expect(r.status).toBe(201);
    const rowDigest = await sha256Hex('{"answer":2,"id":"q1","question":"1+1?"}');
    expect(r.body).toEqual({
      id: expect.stringMatching(/^dsr_/),
      ref: "qa@1",
      name: "qa",
      version: 1,
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      row_count: 2,
      columns: [
        { name: "id", type: "string" },
        { name: "question", type: "string" },
        { name: "answer", type: "number" },
      ],
      splits: [],
      subsets: [],
      format: "jsonl",
      size_bytes: expect.any(Number),
      source: null,
      created_at: expect.any(String),
      global: false,
    });
    const got = await call("GET", "/api/datasets/qa@1", { key });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(r.body);
    const rows = await call("GET", "/api/datasets/qa@1/rows", { key });
    expect(rows.body).toEqual({
      items: [
        { index: 0, key: "q1", digest: rowDigest, split: null, subset: null, data: { id: "q1", question: "1+1?", answer: 2 } },
        { index: 1, key: "q2", digest: expect.stringMatching(/^[0-9a-f]{64}$/), split: null, subset: null, data: { id: "q2", question: "2+2?", answer: 4 } },
      ],
      next_cursor: null,
    });
  });

  it("parses CSV with quoted commas, quotes and newlines; splits and subsets come from their columns", async () => {
    const { key } = await newProject();
    const csv = 'question,answer,split,subject\n"Hello, world?","line one\nline two",test,algebra\n"say ""hi""",x,dev,anatomy\n';
    const r = await upload(key, "quoted", csv, "text/csv; charset=utf-8");
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ row_count: 2, format: "csv", splits: ["test", "dev"], subsets: ["algebra", "anatomy"] });
    expect(r.body.columns.map((c: { type: string }) => c.type)).toEqual(["string", "string", "string", "string"]);
    const rows = await call("GET", "/api/datasets/quoted@1/rows", { key });
    expect(rows.body.items.map((i: object) => ({ ...i, digest: undefined }))).toEqual([
      { index: 0, key: "row-1", split: "test", subset: "algebra", data: { question: "Hello, world?", answer: "line one\nline two", split: "test", subject: "algebra" } },
      { index: 1, key: "row-2", split: "dev", subset: "anatomy", data: { question: 'say "hi"', answer: "x", split: "dev", subject: "anatomy" } },
    ]);
  });

  it.each(["application/jsonl", "application/x-jsonlines", "application/x-ndjson; charset=utf-8"])("accepts JSONL sent as %s", async (type) => {
    const { key } = await newProject();
    const r = await upload(key, "typed", jsonl([{ a: 1 }]), type);
    expect(r.status).toBe(201);
    expect(r.body.format).toBe("jsonl");
  });

  it("documents its routes in the OpenAPI document", async () => {
    const doc = await call("GET", "/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(["/api/datasets", "/api/datasets/{name}/revisions", "/api/datasets/{ref}", "/api/datasets/{ref}/rows"]),
    );
    expect(Object.keys(doc.body.paths["/api/datasets/{name}/revisions"].post.requestBody.content)).toContain("text/csv");
  });

  it("accepts gzip-compressed JSONL, detected by its magic bytes", async () => {
    const { key } = await newProject();
    const text = jsonl([{ task_id: "HumanEval/0", prompt: "def f():" }, { task_id: "HumanEval/1", prompt: "def g():" }]);
    const packed = await gzip(text);
    const r = await upload(key, "he", packed);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ row_count: 2, size_bytes: packed.byteLength });
    const rows = await call("GET", "/api/datasets/he@1/rows", { key });
    expect(rows.body.items.map((i: { key: string }) => i.key)).toEqual(["HumanEval/0", "HumanEval/1"]);
    const plain = await upload(key, "he", text);
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual(r.body);
  });

  it("reads Parquet", async () => {
    const { key } = await newProject();
    const buffer = parquetWriteBuffer({
      columnData: [
        { name: "id", data: ["a", "b", "c"], type: "STRING" },
        { name: "score", data: [1n, 2n, 3n], type: "INT64" },
        { name: "ok", data: [true, false, null], type: "BOOLEAN" },
      ],
    });
    const r = await upload(key, "pq", new Uint8Array(buffer), PARQUET);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      row_count: 3,
      format: "parquet",
      columns: [
        { name: "id", type: "string" },
        { name: "score", type: "number" },
        { name: "ok", type: "boolean" },
      ],
    });
    const rows = await call("GET", "/api/datasets/pq@1/rows", { key });
    expect(rows.body.items.map((i: { key: string; data: object }) => [i.key, i.data])).toEqual([
      ["a", { id: "a", score: 1, ok: true }],
      ["b", { id: "b", score: 2, ok: false }],
      ["c", { id: "c", score: 3, ok: null }],
    ]);
    const asJsonl = await upload(key, "pq", jsonl([{ id: "a", score: 1, ok: true }, { id: "b", score: 2, ok: false }, { id: "c", score: 3, ok: null }]));
    expect(asJsonl.status).toBe(200);
    expect(asJsonl.body.ref).toBe("pq@1");
  });

  it("returns the existing revision for the same content (200, same body) and bumps the version for new content", async () => {
    const { key } = await newProject();
    const first = await upload(key, "idem", jsonl([{ q: "a" }]));
    expect(first.status).toBe(201);
    const again = await upload(key, "idem", jsonl([{ q: "a" }]));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const second = await upload(key, "idem", jsonl([{ q: "b" }]));
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ ref: "idem@2", version: 2 });
    expect(second.body.digest).not.toBe(first.body.digest);
    const back = await upload(key, "idem", jsonl([{ q: "a" }]));
    expect(back.status).toBe(200);
    expect(back.body.ref).toBe("idem@1");
  });

  it("honours ?version, answers 409 when that version holds other content and 200 when it holds the same", async () => {
    const { key } = await newProject();
    const v5 = await upload(key, "pinned", jsonl([{ q: "a" }]), NDJSON, "?version=5");
    expect(v5.status).toBe(201);
    expect(v5.body.ref).toBe("pinned@5");
    expect((await upload(key, "pinned", jsonl([{ q: "a" }]), NDJSON, "?version=5")).status).toBe(200);
    const clash = expectProblem(await upload(key, "pinned", jsonl([{ q: "b" }]), NDJSON, "?version=5"), 409, "conflict");
    expect(clash.detail).toContain("pinned@5");
    expect((await upload(key, "pinned", jsonl([{ q: "b" }]))).body.ref).toBe("pinned@6");
    expect((await call("GET", "/api/datasets/pinned@5/rows", { key })).body.items[0].data).toEqual({ q: "a" });
  });

  it("gives CSV and JSONL of the same text data the same digests", async () => {
    const { key } = await newProject();
    const fromJsonl = await upload(key, "same-a", jsonl([{ q: "What, exactly?", a: "42" }, { q: "why", a: "because\nso" }]));
    const fromCsv = await upload(key, "same-b", 'q,a\n"What, exactly?",42\nwhy,"because\nso"\n', CSV);
    expect(fromCsv.body.digest).toBe(fromJsonl.body.digest);
    const a = await call("GET", "/api/datasets/same-a@1/rows", { key });
    const b = await call("GET", "/api/datasets/same-b@1/rows", { key });
    expect(b.body.items.map((i: { digest: string }) => i.digest)).toEqual(a.body.items.map((i: { digest: string }) => i.digest));
    expect((await upload(key, "same-a", 'q,a\n"What, exactly?",42\nwhy,"because\nso"\n', CSV)).status).toBe(200);
  });

  it("pages rows across chunk boundaries: every row once, in order", async () => {
    const { key } = await newProject();
    const n = 1_203;
    const r = await upload(key, "many", jsonl(Array.from({ length: n }, (_, i) => ({ id: `t${i}`, n: i }))));
    expect(r.body.row_count).toBe(n);
    for (const limit of [137, 500, 1]) {
      if (limit === 1) {
        const tail = await call("GET", `/api/datasets/many@1/rows?limit=1`, { key });
        expect(tail.body.items.map((i: { index: number }) => i.index)).toEqual([0]);
        continue;
      }
      const { rows, pages } = await allRows(key, "many@1", limit);
      expect(pages).toBe(Math.ceil(n / limit));
      expect(rows.map((row) => row.index)).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(rows.map((row) => row.key)).toEqual(Array.from({ length: n }, (_, i) => `t${i}`));
      expect(rows[n - 1]!.data).toEqual({ id: `t${n - 1}`, n: n - 1 });
    }
    const defaultPage = await call("GET", "/api/datasets/many@1/rows", { key });
    expect(defaultPage.body.items).toHaveLength(100);
  });

  // The mirror's files: the real ones with the shared folder, else the generated ones in the same formats.
  const mirrorText = async (path: string) => (await fetch(`${inject("datasetsUrl")}/${path}`)).text();

  it("imports the mirror's GSM8K test file: every line a row, row digests of the canonical JSON", async () => {
    const gsm8k = await mirrorText("gsm8k/test.jsonl");
    const lines = gsm8k.split("\n").filter((l) => l.trim());
    const n = lines.length;
    if (inject("sharedPresent")) expect(n).toBe(1319);
    const { key } = await newProject();
    const r = await upload(key, "gsm8k", gsm8k);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      row_count: n,
      columns: [
        { name: "question", type: "string" },
        { name: "answer", type: "string" },
      ],
      size_bytes: new TextEncoder().encode(gsm8k).byteLength,
    });
    const { rows } = await allRows(key, "gsm8k@1", 500);
    expect(rows).toHaveLength(n);
    expect(rows[0]!.digest).toBe(await sha256Hex(canonicalJson(JSON.parse(lines[0]!))));
    expect(rows[n - 1]).toMatchObject({ index: n - 1, key: `row-${n}`, data: JSON.parse(lines[n - 1]!) });
    expect((rows[0]!.data as { question: string }).question).toMatch(inject("sharedPresent") ? /^Janet’s ducks lay 16 eggs per day/ : /^In puzzle 1, Janet has /);
  });

  it("imports the mirror's TruthfulQA CSV with its categories as subsets", async () => {
    const truthfulqa = await mirrorText("truthfulqa/TruthfulQA.csv");
    const { key } = await newProject();
    const r = await upload(key, "truthfulqa", truthfulqa, CSV);
    expect(r.status).toBe(201);
    expect(r.body.row_count).toBe(inject("sharedPresent") ? 790 : MINI_SIZES.truthfulqa);
    expect(r.body.columns.map((c: { name: string }) => c.name)).toEqual([
      "Type",
      "Category",
      "Question",
      "Best Answer",
      "Best Incorrect Answer",
      "Correct Answers",
      "Incorrect Answers",
      "Source",
    ]);
    // Role columns match ignoring case: "Category" gives the subsets.
    if (inject("sharedPresent")) {
      expect(r.body.subsets).toHaveLength(37);
      expect(r.body.subsets.slice(0, 3)).toEqual(["Misconceptions", "Proverbs", "Misquotations"]);
    } else expect(r.body.subsets).toEqual(MINI_TRUTHFULQA_CATEGORIES);
    const rows = await call("GET", "/api/datasets/truthfulqa@1/rows?limit=2", { key });
    expect(rows.body.items.map((i: { key: string; subset: string }) => [i.key, i.subset])).toEqual([
      ["row-1", "Misconceptions"],
      ["row-2", "Misconceptions"],
    ]);
  });

  it("lists own and global revisions newest first, with a cursor and a name filter", async () => {
    const { key } = await newProject();
    const name = `builtin-${crypto.randomUUID().slice(0, 8)}`;
    const global = await importRevision(openDb(env.DB), env.ARTIFACTS, {
      projectId: null,
      name,
      format: "jsonl",
      bytes: new TextEncoder().encode(jsonl([{ q: "global" }])),
      source: "shared/datasets/example",
    });
    for (const q of ["a", "b", "c"]) await upload(key, "listed", jsonl([{ q }]));
    const first = await call("GET", "/api/datasets?limit=2&name=listed", { key });
    expect(first.status).toBe(200);
    expect(first.body.items.map((i: { ref: string }) => i.ref)).toEqual(["listed@3", "listed@2"]);
    const second = await call("GET", `/api/datasets?limit=2&name=listed&cursor=${first.body.next_cursor}`, { key });
    expect(second.body).toMatchObject({ items: [{ ref: "listed@1" }], next_cursor: null });
    const globals = await call("GET", `/api/datasets?name=${name}`, { key });
    expect(globals.body.items).toEqual([expect.objectContaining({ ref: `${name}@1`, global: true, source: "shared/datasets/example" })]);
    const all = await call("GET", "/api/datasets?limit=200", { key });
    const ids = all.body.items.map((i: { id: string }) => i.id);
    expect(ids).toContain(global.revision.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    const read = await call("GET", `/api/datasets/${name}@1/rows`, { key });
    expect(read.body.items[0].data).toEqual({ q: "global" });
  });
});

describe("datasets: validation", () => {
  it("answers a malformed line with 422 naming it", async () => {
    const { key } = await newProject();
    const r = expectProblem(await upload(key, "bad", '{"a":1}\n{not json}\n'), 422, "validation_failed");
    expect(r.detail).toMatch(/^line 2: /);
    expect(r.errors).toEqual([{ field: "line 2", message: expect.stringMatching(/^not valid JSON/) }]);
    expect((await call("GET", "/api/datasets?name=bad", { key })).body.items).toEqual([]);
  });

  it.each([
    ['{"a":1}\n\n[1,2]\n', "line 3", /expected a JSON object, got array/],
    ['{"a":1}\n"text"\n', "line 2", /got string/],
    ["\n\nnull\n", "line 3", /got null/],
  ])("answers JSONL %j with 422 naming %s", async (body, field, message) => {
    const { key } = await newProject();
    const r = expectProblem(await upload(key, "bad", body), 422, "validation_failed");
    expect(r.errors?.[0]).toEqual({ field, message: expect.stringMatching(message) });
    expect(r.detail.startsWith(`${field}: `)).toBe(true);
  });

  it.each([
    ["a,b\n1,2\n3,4,5\n", "row 3"],
    ["a,a\n1,2\n", "row 1"],
    ['a,b\n1,"open\n', "row 2"],
  ])("answers CSV %j with 422 naming %s", async (body, field) => {
    const { key } = await newProject();
    const r = expectProblem(await upload(key, "bad", body, CSV), 422, "validation_failed");
    expect(r.errors?.[0]?.field).toBe(field);
  });

  it.each([
    ["an empty body", "", NDJSON],
    ["only blank lines", "\n \n\n", NDJSON],
    ["a CSV header without rows", "a,b\n", CSV],
  ])("answers %s with 422", async (_label, body, type) => {
    const { key } = await newProject();
    const r = expectProblem(await upload(key, "empty", body, type), 422, "validation_failed");
    expect(r.errors?.[0]?.field).toBe("body");
  });

  it.each([
    ["application/json", '{"a":1}'],
    ["text/plain", '{"a":1}\n'],
    ["application/octet-stream", "x"],
    [undefined, '{"a":1}\n'],
  ])("answers content type %s with 415", async (type, body) => {
    const { key } = await newProject();
    const r = await call("POST", "/api/datasets/x/revisions", { key, raw: body, ...(type ? { type } : {}) });
    expectProblem(r, 415, "unsupported_media_type");
  });

  it("answers bytes \\x00\\xff\\xfe sent as application/json with 415", async () => {
    const { key } = await newProject();
    expectProblem(await upload(key, "x", new Uint8Array([0x00, 0xff, 0xfe]), "application/json"), 415, "unsupported_media_type");
  });

  it.each([
    ["-starts-with-dash", ""],
    ["has space", ""],
    ["x".repeat(101), ""],
    ["ok", "?version=0"],
    ["ok", "?version=abc"],
    ["ok", "?version=1.5"],
    ["ok", "?version=1000000000"],
    ["ok", "?other=1"],
  ])("refuses name %s with query %s with 422 naming the field", async (name, query) => {
    const { key } = await newProject();
    const r = expectProblem(await upload(key, encodeURIComponent(name), jsonl([{ a: 1 }]), NDJSON, query), 422, "validation_failed");
    const field = query.includes("other") ? "other" : query ? "version" : "name";
    expect(r.errors?.map((e) => e.field)).toContain(field);
  });

  it("refuses a body over MAX_UPLOAD_BYTES with 413", async () => {
    const { key } = await newProject();
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(0x20);
    expectProblem(await upload(key, "huge", big), 413, "payload_too_large");
  });

  it("refuses a streamed body that passes the limit without a content-length, with 413", async () => {
    const { key } = await newProject();
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_UPLOAD_BYTES) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const r = await call("POST", "/api/datasets/streamed/revisions", { key, raw: stream, type: NDJSON });
    expectProblem(r, 413, "payload_too_large");
  });

  it("refuses a gzip body that inflates past the limit with 413", async () => {
    const { key } = await newProject();
    const line = `${JSON.stringify({ pad: "x".repeat(1000) })}\n`;
    const bomb = await gzip(line.repeat(Math.ceil((MAX_UPLOAD_BYTES + 1) / line.length)));
    expect(bomb.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
    expectProblem(await upload(key, "bomb", bomb), 413, "payload_too_large");
  }, 60_000);

  it.each([
    ["rows?cursor=%25%25", 400],
    [`rows?cursor=${btoa("99999").replace(/=+$/, "")}`, 400],
    [`rows?cursor=${btoa("-1").replace(/=+$/, "")}`, 400],
    ["rows?limit=0", 422],
    ["rows?limit=501", 422],
    ["rows?extra=1", 422],
  ])("refuses %s with %i", async (path, status) => {
    const { key } = await newProject();
    await upload(key, "paged", jsonl([{ a: 1 }]));
    const r = await call("GET", `/api/datasets/paged@1/${path}`, { key });
    expectProblem(r, status);
  });

  it.each(["nover", "x@0", "x@abc", "@1"])("refuses the malformed ref %s with 422 naming ref", async (ref) => {
    const { key } = await newProject();
    const r = expectProblem(await call("GET", `/api/datasets/${encodeURIComponent(ref)}`, { key }), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain("ref");
  });

  it("answers an unknown revision with 404", async () => {
    const { key } = await newProject();
    expectProblem(await call("GET", "/api/datasets/nothing@1", { key }), 404, "not_found");
    expectProblem(await call("GET", "/api/datasets/nothing@1/rows", { key }), 404, "not_found");
  });

  const garbage: [string, Uint8Array][] = [
    ["nul ff fe", new Uint8Array([0x00, 0xff, 0xfe])],
    ["gzip magic then junk", new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0xde, 0xad, 0xbe, 0xef])],
    ["parquet magic around junk", new TextEncoder().encode("PAR1\x00\x01\x02 junk PAR1")],
    ["random bytes", Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)],
    ["a lone quote", new TextEncoder().encode('"')],
  ];
  it.each(garbage.flatMap(([label, body]) => [NDJSON, CSV, PARQUET, "application/json", "text/csv; charset=latin1"].map((t) => [label, t, body] as const)))(
    "never answers garbage (%s as %s) with a 5xx",
    async (_label, type, body) => {
      const { key } = await newProject();
      const r = await upload(key, "garbage", body, type);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.headers.get("content-type")).toContain("application/problem+json");
    },
  );
});

describe("datasets: auth", () => {
  it("requires a key for every route", async () => {
    expectProblem(await call("POST", "/api/datasets/x/revisions", { raw: jsonl([{ a: 1 }]), type: NDJSON }), 401, "unauthorized");
    expectProblem(await call("GET", "/api/datasets"), 401, "unauthorized");
    expectProblem(await call("GET", "/api/datasets/x@1"), 401, "unauthorized");
    expectProblem(await call("GET", "/api/datasets/x@1/rows"), 401, "unauthorized");
    expectProblem(await call("GET", "/api/datasets", { key: "ak_unknown" }), 401, "unauthorized");
  });

  it("needs write to upload; read may list and read", async () => {
    const { key } = await newProject();
    const read = await keyWith(key, ["read"]);
    const write = await keyWith(key, ["write"]);
    expectProblem(await upload(read, "scoped", jsonl([{ a: 1 }])), 403, "forbidden");
    expect((await upload(write, "scoped", jsonl([{ a: 1 }]))).status).toBe(201);
    expect((await call("GET", "/api/datasets", { key: read })).status).toBe(200);
    expect((await call("GET", "/api/datasets/scoped@1", { key: read })).status).toBe(200);
    expect((await call("GET", "/api/datasets/scoped@1/rows", { key: read })).status).toBe(200);
  });

  it("stops a revoked key", async () => {
    const { key } = await newProject();
    const created = await call("POST", "/api/keys", { key, body: { name: "ci", scopes: ["write"] } });
    expect((await call("DELETE", `/api/keys/${created.body.key.id}`, { key })).status).toBe(200);
    expectProblem(await upload(created.body.api_key, "revoked", jsonl([{ a: 1 }])), 401, "unauthorized");
  });
});

describe("datasets: isolation", () => {
  it("hides a project's revisions from another project: 404 on read, absent from lists", async () => {
    const a = await newProject("a");
    const b = await newProject("b");
    const created = await upload(a.key, "private", jsonl([{ secret: "a's data" }]));
    expect(created.status).toBe(201);
    expectProblem(await call("GET", "/api/datasets/private@1", { key: b.key }), 404, "not_found");
    expectProblem(await call("GET", "/api/datasets/private@1/rows", { key: b.key }), 404, "not_found");
    const list = await call("GET", "/api/datasets?limit=200", { key: b.key });
    expect(JSON.stringify(list.body)).not.toContain(created.body.id);
    expect((await call("GET", "/api/datasets?name=private", { key: b.key })).body.items).toEqual([]);
  });

  it("keeps versions and idempotency per project", async () => {
    const a = await newProject("a");
    const b = await newProject("b");
    const body = jsonl([{ q: "shared content" }]);
    const fromA = await upload(a.key, "common", body);
    const fromB = await upload(b.key, "common", body);
    expect([fromA.status, fromB.status]).toEqual([201, 201]);
    expect(fromB.body.id).not.toBe(fromA.body.id);
    expect(fromB.body.ref).toBe("common@1");
    const bRows = await call("GET", "/api/datasets/common@1/rows", { key: b.key });
    expect(bRows.body.items[0].data).toEqual({ q: "shared content" });
    expect((await upload(b.key, "common", jsonl([{ q: "b only" }]))).body.ref).toBe("common@2");
    expectProblem(await call("GET", "/api/datasets/common@2", { key: a.key }), 404);
  });

  it("prefers a project's own revision over a global one of the same ref", async () => {
    const { key } = await newProject();
    const name = `shadow-${crypto.randomUUID().slice(0, 8)}`;
    await importRevision(openDb(env.DB), env.ARTIFACTS, { projectId: null, name, format: "jsonl", bytes: new TextEncoder().encode(jsonl([{ q: "global" }])) });
    expect((await call("GET", `/api/datasets/${name}@1`, { key })).body.global).toBe(true);
    const own = await upload(key, name, jsonl([{ q: "own" }]));
    expect(own.body.ref).toBe(`${name}@1`);
    const got = await call("GET", `/api/datasets/${name}@1/rows`, { key });
    expect(got.body.items[0].data).toEqual({ q: "own" });
  });
});
