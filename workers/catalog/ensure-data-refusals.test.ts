import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { BUILTIN_BENCHMARKS, builtinById } from "../../src/catalog";
import { openDb } from "../../src/db/client";
import { findOwnRevision } from "../../src/db/datasets";
import { benchmarks } from "../../src/db/schema";
import { seedBenchmark } from "../../test/benchmarks";
import { catalogEntry } from "../../test/catalog-entries";
import { loadFromMirror, testPinned } from "../../test/builtin-data";
import { BuiltinDataError, ensureBuiltinRevision } from "./ensure-data";

const db = openDb(env.DB);
const base = () => inject("datasetsUrl");
const row = async (id: string) => (await db.select().from(benchmarks).where(eq(benchmarks.id, id)).get())!;

async function refusal(p: Promise<unknown>): Promise<BuiltinDataError> {
  const err = await p.then(
    () => new Error("expected a refusal"),
    (e: unknown) => e,
  );
  if (!(err instanceof BuiltinDataError)) throw err;
  return err;
}

/** A fetch serving the real file with one byte changed. */
const tampered: typeof fetch = async (input) => {
  const real = new Uint8Array(await (await fetch(input)).arrayBuffer());
  real[100] = real[100]! ^ 0x20;
  return new Response(real);
};

async function nothingStored(name: string) {
  expect(await findOwnRevision(db, null, name, 1)).toBeUndefined();
  expect((await env.ARTIFACTS.list({ prefix: `datasets/_global/${name}/` })).objects).toEqual([]);
}

describe("ensureBuiltinRevision refuses what it cannot verify", { timeout: 60_000 }, () => {
  it("rejects a file whose sha256 is not the pinned one, and stores nothing", async () => {
    const pinned = testPinned("bm_gsm8k");
    const file = pinned.files[0]!;
    const err = await refusal(ensureBuiltinRevision(env, db, await row("bm_gsm8k"), loadFromMirror("bm_gsm8k", { fetch: tampered })));
    expect(err.message).toBe(
      `${base()}/gsm8k/test.jsonl does not match the pinned data: its sha256 is ${err.message.match(/sha256 is ([0-9a-f]{64})/)![1]} (${file.bytes} bytes), ` +
        `expected ${file.sha256} (${file.bytes} bytes, openai/grade-school-math@${pinned.commit}); refusing it`,
    );
    expect(err.message).not.toContain(`sha256 is ${file.sha256}`);
    await nothingStored("builtin.gsm8k");
    expect((await row("bm_gsm8k")).datasetRevisionId).toBeNull();
  });

  // On a clone without the real data the mirror serves generated files: the catalog's own digests refuse them.
  it.skipIf(inject("sharedPresent"))("refuses the generated files against the catalog's pins", async () => {
    const catalog = builtinById("bm_truthfulqa_mc1")!.data;
    const err = await refusal(ensureBuiltinRevision(env, db, await row("bm_truthfulqa_mc1"), { baseUrl: base() }));
    expect(err.message).toMatch(new RegExp(`^${base()}/truthfulqa_mc1/test\\.jsonl does not match the pinned data: .* expected ${catalog.kind === "pinned" && catalog.files[0]!.sha256} `));
    await nothingStored("builtin.truthfulqa-mc1");
  });

  it("says which file it could not fetch", async () => {
    const err = await refusal(ensureBuiltinRevision(env, db, await row("bm_arc_challenge"), loadFromMirror("bm_arc_challenge", { baseUrl: `${base()}/no-such-mirror` })));
    expect(err.message).toBe(
      `could not fetch ${base()}/no-such-mirror/arc_challenge/test.jsonl (HTTP 404). ` +
        "The mirror may be down or lack the file: fill it with `assay data pull` (docs/cli.md) and serve it at ASSAY_DATASET_BASE_URL.",
    );
    await nothingStored("builtin.arc-challenge");
  });

  it("says in words that the upstream could not be reached, with the URL, the error and what to do", async () => {
    const offline = (async () => {
      throw new TypeError("fetch failed: getaddrinfo ENOTFOUND raw.githubusercontent.com");
    }) as typeof fetch;
    const err = await refusal(ensureBuiltinRevision(env, db, await row("bm_gsm8k"), { fetch: offline }));
    const url = builtinById("bm_gsm8k")!.data.kind === "pinned" ? (builtinById("bm_gsm8k")!.data as { files: { url: string }[] }).files[0]!.url : "";
    expect(err.message).toBe(
      `could not fetch ${url} (fetch failed: getaddrinfo ENOTFOUND raw.githubusercontent.com). ` +
        "The network may be unreachable; set ASSAY_DATASET_BASE_URL to a mirror (`assay data pull` fills one; docs/cli.md).",
    );
    await nothingStored("builtin.gsm8k");
  });

  it("names a connection workerd could not make as such, not as an internal error", async () => {
    const offline = (async () => {
      throw new Error("internal error; reference = 0hsmno9qc5vubmkug0kmttvr");
    }) as typeof fetch;
    const err = await refusal(ensureBuiltinRevision(env, db, await row("bm_gsm8k"), { fetch: offline }));
    expect(err.message).toContain("(no connection could be made; workerd's reference 0hsmno9qc5vubmkug0kmttvr). The network may be unreachable;");
    expect(err.message).not.toMatch(/internal error/);
    await nothingStored("builtin.gsm8k");
  });

  it("refuses a mirror that is not an http(s) URL", async () => {
    for (const bad of ["ftp://example.org/data", "not a url"]) {
      const err = await refusal(ensureBuiltinRevision(env, db, await row("bm_humaneval"), { baseUrl: bad }));
      expect(err.message).toMatch(/ASSAY_DATASET_BASE_URL/);
    }
    await nothingStored("builtin.humaneval");
  });

  // Whichever built-in still has no loadable data.
  const cannotRun = BUILTIN_BENCHMARKS.find((b) => b.status === "unavailable");

  it.skipIf(!cannotRun)("explains why a benchmark without loadable data cannot run", async () => {
    const err = await refusal(ensureBuiltinRevision(env, db, await row(cannotRun!.id), { baseUrl: base() }));
    expect(err.message).toBe(`${cannotRun!.name} cannot run on this deployment yet. ${catalogEntry(cannotRun!.id).status_detail}`);
    expect(err.message).toMatch(/not bundled/);
  });

  it("leaves custom benchmarks and built-in rows the catalog does not define to the caller", async () => {
    const custom = await seedBenchmark(`prj_${crypto.randomUUID().slice(0, 8)}`);
    const stray = await seedBenchmark(null);
    for (const id of [custom, stray]) expect(await ensureBuiltinRevision(env, db, await row(id), { baseUrl: base() })).toBeUndefined();
    // A project row that borrowed a built-in's id is still not the built-in.
    expect(await ensureBuiltinRevision(env, db, { ...(await row("bm_gsm8k")), projectId: "prj_x" }, { baseUrl: base() })).toBeUndefined();
  });
});
