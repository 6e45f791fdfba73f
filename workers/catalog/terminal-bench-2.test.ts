// Terminal-Bench 2.0 from its pinned folder (src/catalog/benchmarks/
// terminal_bench_2): the tasks load as Harbor task rows from a mirror's one
// archive or "upstream" (a git trees listing, then every file), each way
// trusted only when git's tree id rebuilds; the test mirror's folders are
// made and hashed by git itself (mini.ts), the real 17 tasks with ../shared,
// generated ones without. A tampered file is refused naming it and nothing
// is stored. Then the built-in runs like SWE-bench Verified: a model target
// goes to the environment runner, whose bash harness drives the fixture
// model through three tasks, each ending rewarded.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { builtinById } from "../../src/catalog";
import { terminalBenchRows } from "../../src/catalog/benchmarks/terminal_bench_2/normalise";
import type { PinnedDataset } from "../../src/catalog/types";
import { openDb } from "../../src/db/client";
import { findOwnRevision } from "../../src/db/datasets";
import { benchmarks } from "../../src/db/schema";
import { readRows } from "../../src/storage/dataset-rows";
import { realData, testPinned } from "../../test/builtin-data";
import { call, newProject } from "../../test/http";
import { attemptPrefix, pumpRelay } from "../../test/runner";
import { attemptsOf, createRun, waitForRun } from "../../test/runs";
import { recordPublicOrigin } from "../agent/callbacks";
import { BuiltinDataError, ensureBuiltinRevision, ensurePinnedRevision } from "./ensure-data";

const ID = "bm_terminal_bench_2";
const db = openDb(env.DB);
const base = () => inject("datasetsUrl");
const uniq = () => crypto.randomUUID().slice(0, 8);
const CATALOG = builtinById(ID)!.data as PinnedDataset;
/** The generated folder (three of the shipped tasks), served beside the catalog's: mini.ts's GENERATED_*. */
const GENERATED = { archive: "terminal_bench_2/generated.tar", prefix: "terminal_bench_2/generated/", tasks: ["assay/count-words", "fix-sum-script", "hello-file"] };

/** The catalog's pin with the test mirror's tree id; `prefix` set: its listing and loose files served there as upstream. */
function pinned(name: string, archive = CATALOG.git_tree!.archive_path, prefix?: string): PinnedDataset {
  const data = archive === CATALOG.git_tree!.archive_path ? testPinned(ID) : { ...CATALOG, git_tree: { ...CATALOG.git_tree!, archive_path: archive, ...inject("datasetPins")[archive]!.git_tree! } };
  const upstream = prefix ? { listing_url: `${base()}/${prefix}git-tree.json`, raw_url_prefix: `${base()}/${prefix}` } : {};
  return { ...data, name, git_tree: { ...data.git_tree!, ...upstream } };
}

/** A fetch that counts requests and, for the URL `change` names, serves the bytes it returns. */
function counting(change?: { url: string; bytes: (b: Uint8Array) => Uint8Array }) {
  const seen: string[] = [];
  const doFetch: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    seen.push(url);
    const res = await fetch(input, init);
    if (change?.url !== url) return res;
    return new Response(change.bytes(new Uint8Array(await res.arrayBuffer())));
  };
  return { seen, doFetch };
}

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => new Error("expected a refusal"),
    (e: unknown) => e,
  );
  if (!(err instanceof BuiltinDataError)) throw err;
  return err.message;
}

async function nothingStored(name: string) {
  expect(await findOwnRevision(db, null, name, 1)).toBeUndefined();
  expect((await env.ARTIFACTS.list({ prefix: `datasets/_global/${name}/` })).objects).toEqual([]);
}

const flip = (at: number) => (b: Uint8Array) => {
  const c = b.slice();
  c[at] = c[at]! ^ 0x20;
  return c;
};

describe("Terminal-Bench 2.0's pinned folder", { timeout: 120_000 }, () => {
  it("loads from a mirror's archive in one request: one Harbor task row per task, checked against the tree id", async () => {
    const data = pinned(`builtin.tb2-mirror-${uniq()}`);
    const { seen, doFetch } = counting();
    const rev = await ensurePinnedRevision(env, db, data, terminalBenchRows, { baseUrl: base(), fetch: doFetch });
    expect(seen).toEqual([`${base()}/terminal_bench_2/tasks.tar`]);
    const rows = (await readRows(env.ARTIFACTS, rev, 0, rev.rowCount)).map((r) => r.data as { name: string; instruction: string; files: { path: string; content: string }[] });
    if (realData()) {
      expect(rows).toHaveLength(17);
      const fixGit = rows.find((r) => r.name === "fix-git")!;
      expect(fixGit.files.find((f) => f.path === "task.toml")!.content).toContain('docker_image = "alexgshaw/fix-git:20251031"');
    } else {
      expect(rows.map((r) => r.name)).toEqual(GENERATED.tasks);
    }
    for (const r of rows) expect(r.files.map((f) => f.path)).toEqual(expect.arrayContaining(["instruction.md", "task.toml", "tests/test.sh"]));
    expect(JSON.parse(rev.source!)).toEqual({
      repository: CATALOG.repository,
      commit: CATALOG.commit,
      git_tree: { folder: "terminal-bench-2", tree: data.git_tree!.tree, files: data.git_tree!.files, from: `${base()}/terminal_bench_2/tasks.tar`, requests: 1 },
    });
  });

  it("loads upstream: the listing, then each file checked against its blob id", async () => {
    const data = pinned(`builtin.tb2-upstream-${uniq()}`, GENERATED.archive, GENERATED.prefix);
    const { seen, doFetch } = counting();
    const rev = await ensurePinnedRevision(env, db, data, terminalBenchRows, { baseUrl: null, fetch: doFetch });
    expect(rev.rowCount).toBe(3);
    expect(seen[0]).toBe(`${base()}/${GENERATED.prefix}git-tree.json`);
    expect(seen).toHaveLength(1 + data.git_tree!.files);
    expect(seen).toContain(`${base()}/${GENERATED.prefix}hello-file/solution/solve.sh`);
    expect(JSON.parse(rev.source!).git_tree).toMatchObject({ tree: data.git_tree!.tree, requests: 1 + data.git_tree!.files });
  });

  it("refuses a tampered file naming it, and stores nothing", async () => {
    const data = pinned(`builtin.tb2-tampered-${uniq()}`, GENERATED.archive, GENERATED.prefix);
    const url = `${base()}/${GENERATED.prefix}hello-file/tests/test.sh`;
    const { doFetch } = counting({ url, bytes: flip(3) });
    const message = await refusal(ensurePinnedRevision(env, db, data, terminalBenchRows, { baseUrl: null, fetch: doFetch }));
    expect(message).toMatch(
      new RegExp(`^yujianll/skill-usage@${CATALOG.commit}:terminal-bench-2: ${url.replace(/[.?]/g, "\\$&")} does not match the pinned folder: its git blob id is [0-9a-f]{40} \\(\\d+ bytes\\), the listing gives [0-9a-f]{40}; refusing the folder$`),
    );
    await nothingStored(data.name);
  });

  it("refuses a listing or an archive that does not rebuild the pinned tree id", async () => {
    const other = "0123456789abcdef0123456789abcdef01234567";
    const listed = pinned(`builtin.tb2-listing-${uniq()}`, GENERATED.archive, GENERATED.prefix);
    const wrongTree = { ...listed, git_tree: { ...listed.git_tree!, tree: other } };
    expect(await refusal(ensurePinnedRevision(env, db, wrongTree, terminalBenchRows, { baseUrl: null }))).toBe(
      `yujianll/skill-usage@${CATALOG.commit}:terminal-bench-2: the listing ${listed.git_tree!.listing_url} does not match the pinned folder: its entries hash to the tree ${listed.git_tree!.tree}, expected ${other}; refusing it`,
    );
    await nothingStored(wrongTree.name);
    // One byte changed inside the archive's first file (past its 512-byte header).
    const archived = pinned(`builtin.tb2-archive-${uniq()}`, GENERATED.archive);
    const archiveUrl = `${base()}/${GENERATED.archive}`;
    const { doFetch } = counting({ url: archiveUrl, bytes: flip(520) });
    expect(await refusal(ensurePinnedRevision(env, db, archived, terminalBenchRows, { baseUrl: base(), fetch: doFetch }))).toMatch(
      new RegExp(`: the archive ${archiveUrl.replace(/[.?]/g, "\\$&")} does not match the pinned folder: its entries hash to the tree [0-9a-f]{40}, expected ${archived.git_tree!.tree}; refusing it$`),
    );
    await nothingStored(archived.name);
  });

  it("shows its pin: the folder's tree id, where the listing and files are, what loading costs", async () => {
    const { key } = await newProject();
    const source = (await call("GET", `/api/benchmarks/${ID}/source`, { key })).body;
    expect(source).toMatchObject({ repository: "yujianll/skill-usage", commit: CATALOG.commit, files: [], git_tree: CATALOG.git_tree });
    const view = (await call("GET", `/api/benchmarks/${ID}`, { key })).body;
    expect(view).toMatchObject({ kind: "runner", status: "needs_runner", sample_size: 89, scoring: { type: "verifier", verifier: "task-tests" } });
  });
});

describe("Terminal-Bench 2.0 runs on the environment runner", () => {
  it.skipIf(!!inject("environmentRunnerSkip"))(
    "with a model target: each task runs in its environment, the bash harness driving the model, every attempt rewarded",
    { timeout: 600_000 },
    async () => {
      // The built-in's revision holds the generated tasks (the real ones need their images pulled, which the local backend cannot).
      const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, ID)).get())!;
      const rev = await ensureBuiltinRevision(env, db, bm, { baseUrl: base(), data: { ...pinned(CATALOG.name, GENERATED.archive) } });
      expect(rev!.rowCount).toBe(3);
      // The fixture learns each task's solution from its row, as it learns answer keys.
      await fetch(`${inject("fixtureUrl")}/_answers`, { method: "POST", body: inject("environmentTaskRows") });
      const { key } = await newProject();
      const runId = await createRun(key, [ID], `fixture-tb2-${uniq()}`, { timeout_s: 300, concurrency: 2 });
      await recordPublicOrigin(env, runId, "http://assay.test");
      const pump = pumpRelay(attemptPrefix(runId));
      try {
        expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
        expect(await waitForRun(key, runId, 500_000)).toMatchObject({ status: "completed", terminal_attempts: 3, total_attempts: 3 });
      } finally {
        await pump.stop();
      }
      const attempts = await attemptsOf(runId);
      expect(attempts.map((a: any) => [a.row_index, a.status, a.reward, a.error]).sort()).toEqual([
        [0, "succeeded", 1, null],
        [1, "succeeded", 1, null],
        [2, "succeeded", 1, null],
      ]);
    },
  );
});
