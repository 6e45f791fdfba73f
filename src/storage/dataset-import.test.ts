import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { openDb } from "../db/client";
import { findOwnRevision } from "../db/datasets";
import { CHUNK_ROWS } from "../datasets/limits";
import { importRevision, type ImportRequest } from "./dataset-import";
import { readRows } from "./dataset-rows";

const db = openDb(env.DB);
const bytes = (s: string) => new TextEncoder().encode(s);
const jsonl = (rows: object[]) => bytes(rows.map((r) => JSON.stringify(r)).join("\n"));
const project = () => `prj_${crypto.randomUUID().slice(0, 8)}`;

function request(over: Partial<ImportRequest> & { projectId: string | null }): ImportRequest {
  return { name: "ds", format: "jsonl", bytes: jsonl([{ q: "a" }, { q: "b" }]), ...over };
}

async function keysUnder(prefix: string): Promise<string[]> {
  return (await env.ARTIFACTS.list({ prefix })).objects.map((o) => o.key).sort();
}

async function failure(p: Promise<unknown>) {
  return p.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e as { code?: string; message: string },
  );
}

/** A D1 binding whose revision INSERT first runs `before(args, prepare)` — to stage a race or a failure. */
function racingD1(before: (args: unknown[], insertSql: string) => Promise<void>): D1Database {
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop !== "prepare") {
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return (sql: string) => {
        const stmt = target.prepare(sql);
        if (!/^insert into "dataset_revisions"/i.test(sql)) return stmt;
        return new Proxy(stmt, {
          get(s, p) {
            if (p !== "bind") return Reflect.get(s, p);
            return (...args: unknown[]) => {
              const bound = s.bind(...args);
              return new Proxy(bound, {
                get(b, q) {
                  const value = Reflect.get(b, q);
                  if (typeof value !== "function") return value;
                  return async (...rest: unknown[]) => {
                    await before(args, sql);
                    return value.apply(b, rest);
                  };
                },
              });
            };
          },
        });
      };
    },
  });
}

describe("importRevision", () => {
  it("writes the source and row chunks under the revision's own prefix, then the D1 row", async () => {
    const projectId = project();
    const rows = Array.from({ length: CHUNK_ROWS * 2 + 1 }, (_, i) => ({ id: `t${i}`, q: `question ${i}` }));
    const { revision, created } = await importRevision(db, env.ARTIFACTS, request({ projectId, name: "big", bytes: jsonl(rows), source: "test" }));
    expect(created).toBe(true);
    expect(revision).toMatchObject({
      projectId,
      name: "big",
      version: 1,
      rowCount: rows.length,
      columns: [
        { name: "id", type: "string" },
        { name: "q", type: "string" },
      ],
      format: "jsonl",
      chunkRows: CHUNK_ROWS,
      source: "test",
    });
    expect(revision.storagePrefix).toBe(`datasets/${projectId}/big/1/${revision.id}/`);
    expect(await keysUnder(revision.storagePrefix)).toEqual(
      ["rows-00000.jsonl", "rows-00001.jsonl", "rows-00002.jsonl", "source.jsonl"].map((k) => revision.storagePrefix + k),
    );
    expect(await findOwnRevision(db, projectId, "big", 1)).toEqual(revision);
    const tail = await readRows(env.ARTIFACTS, revision, CHUNK_ROWS * 2 - 1, 5);
    expect(tail.map((r) => r.key)).toEqual([`t${CHUNK_ROWS * 2 - 1}`, `t${CHUNK_ROWS * 2}`]);
  });

  it("stores a gzip upload as received and parses it inflated", async () => {
    const projectId = project();
    const plain = jsonl([{ q: "x" }]);
    const packed = new Uint8Array(await new Response(new Blob([plain]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
    const { revision } = await importRevision(db, env.ARTIFACTS, request({ projectId, bytes: packed }));
    expect(revision.sizeBytes).toBe(packed.byteLength);
    const source = await env.ARTIFACTS.get(`${revision.storagePrefix}source.jsonl.gz`);
    expect(new Uint8Array(await source!.arrayBuffer())).toEqual(packed);
    const plainRev = await importRevision(db, env.ARTIFACTS, request({ projectId, bytes: plain }));
    expect(plainRev).toEqual({ revision, created: false });
  });

  it("keeps global revisions apart from a project's, under _global", async () => {
    const name = `g${crypto.randomUUID().slice(0, 8)}`;
    const global = await importRevision(db, env.ARTIFACTS, request({ projectId: null, name }));
    expect(global.revision).toMatchObject({ projectId: null, version: 1 });
    expect(global.revision.storagePrefix.startsWith(`datasets/_global/${name}/1/`)).toBe(true);
    expect((await importRevision(db, env.ARTIFACTS, request({ projectId: null, name }))).created).toBe(false);
    const own = await importRevision(db, env.ARTIFACTS, request({ projectId: project(), name }));
    expect(own).toMatchObject({ created: true, revision: { version: 1 } });
  });

  it("numbers versions per owner and name, and honours an explicit one", async () => {
    const projectId = project();
    const v1 = await importRevision(db, env.ARTIFACTS, request({ projectId }));
    const v2 = await importRevision(db, env.ARTIFACTS, request({ projectId, bytes: jsonl([{ q: "changed" }]) }));
    expect([v1.revision.version, v2.revision.version]).toEqual([1, 2]);
    const v7 = await importRevision(db, env.ARTIFACTS, request({ projectId, version: 7, bytes: jsonl([{ q: "seven" }]) }));
    expect(v7.revision.version).toBe(7);
    expect((await importRevision(db, env.ARTIFACTS, request({ projectId, bytes: jsonl([{ q: "next" }]) }))).revision.version).toBe(8);
    // An explicit version pins a ref even when the same content lives at another version.
    const pinned = await importRevision(db, env.ARTIFACTS, request({ projectId, version: 20 }));
    expect(pinned).toMatchObject({ created: true, revision: { version: 20, digest: v1.revision.digest } });
    expect(await importRevision(db, env.ARTIFACTS, request({ projectId, version: 20 }))).toEqual({ revision: pinned.revision, created: false });
    const err = await failure(importRevision(db, env.ARTIFACTS, request({ projectId, version: 2 })));
    expect(err).toMatchObject({ code: "conflict" });
  });

  it.each([
    [{ name: "-bad" }, "validation_failed"],
    [{ name: "a/b" }, "validation_failed"],
    [{ version: 0 }, "validation_failed"],
    [{ version: 1.5 }, "validation_failed"],
    [{ bytes: new Uint8Array() }, "validation_failed"],
  ])("refuses %o with %s and writes nothing", async (over, code) => {
    const projectId = project();
    expect(await failure(importRevision(db, env.ARTIFACTS, request({ projectId, ...over })))).toMatchObject({ code });
    expect(await keysUnder(`datasets/${projectId}/`)).toEqual([]);
  });

  it("deletes what it wrote when the D1 insert fails", async () => {
    const projectId = project();
    const broken = openDb(
      racingD1(async () => {
        throw new Error("D1 is down");
      }),
    );
    const err = await failure(importRevision(broken, env.ARTIFACTS, request({ projectId, bytes: jsonl(Array.from({ length: 1200 }, (_, i) => ({ i }))) })));
    expect(String((err as { cause?: unknown }).cause)).toMatch(/D1 is down/);
    expect(await keysUnder(`datasets/${projectId}/`)).toEqual([]);
    expect(await findOwnRevision(db, projectId, "ds", 1)).toBeUndefined();
  });

  it("deletes what it wrote when an R2 write fails", async () => {
    const projectId = project();
    let puts = 0;
    const flaky = {
      put: (key: string, value: string | Uint8Array) => (++puts === 3 ? Promise.reject(new Error("R2 is down")) : env.ARTIFACTS.put(key, value)),
      delete: (keys: string[]) => env.ARTIFACTS.delete(keys),
    } as unknown as R2Bucket;
    const err = await failure(importRevision(db, flaky, request({ projectId, bytes: jsonl(Array.from({ length: 3000 }, (_, i) => ({ i }))) })));
    expect(err.message).toMatch(/R2 is down/);
    expect(await keysUnder(`datasets/${projectId}/`)).toEqual([]);
    expect(await findOwnRevision(db, projectId, "ds", 1)).toBeUndefined();
  });

  it.each([
    ["the same content", true],
    ["other content", false],
  ])("loses a race for a version to %s: cleans up, then returns the winner or 409", async (_label, sameDigest) => {
    const projectId = project();
    const racing = openDb(
      racingD1(async (args, sql) => {
        // Columns are bound in table order: id, project_id, name, version, digest, ..., storage_prefix, ...
        const winner = args.map((a) => (typeof a === "string" && a.startsWith("datasets/") ? a.replace(/dsr_[^/]+\/$/, "dsr_winner/") : a));
        winner[0] = "dsr_winner" + crypto.randomUUID().slice(0, 6);
        if (!sameDigest) winner[4] = "f".repeat(64);
        await env.DB.prepare(sql).bind(...winner).run();
      }),
    );
    const result = importRevision(racing, env.ARTIFACTS, request({ projectId }));
    if (sameDigest) {
      const { revision, created } = await result;
      expect(created).toBe(false);
      expect(revision.id.startsWith("dsr_winner")).toBe(true);
    } else {
      expect(await failure(result)).toMatchObject({ code: "conflict" });
    }
    expect(await keysUnder(`datasets/${projectId}/`)).toEqual([]);
    const stored = await findOwnRevision(db, projectId, "ds", 1);
    expect(stored?.id.startsWith("dsr_winner")).toBe(true);
    expect(stored?.storagePrefix).toMatch(/\/dsr_winner\/$/);
  });
});
