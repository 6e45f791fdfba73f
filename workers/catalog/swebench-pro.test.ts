// SWE-bench Pro's pinned parquet as the test mirror serves it (the
// generated one, test/mini-swebench-pro.ts): it loads through the catalog's
// own loader into a global revision whose rows are Pro instances with
// their images and entry scripts; a file whose bytes differ from the pin,
// or a row whose test list is not a list literal, is refused and nothing
// is stored. Neither the real parquet nor the real run_scripts/ is in
// ../shared, so the generated ones are served in both modes. The catalog
// entry loads both at once, each instance joined with its two scripts.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { builtinById } from "../../src/catalog";
import { swebenchProTaskRows } from "../../src/catalog/benchmarks/swe_bench_pro/normalise";
import type { LoadedFile, PinnedDataset } from "../../src/catalog/types";
import { openDb } from "../../src/db/client";
import { findOwnRevision } from "../../src/db/datasets";
import { benchmarks } from "../../src/db/schema";
import { proEntryScript, proImage, pythonStringList, type ProInstance } from "../../src/environments/swebench/pro";
import { SWEBENCH_PRO_DATA, swebenchProRows } from "../../src/environments/swebench/pro-data";
import { SWEBENCH_PRO_SCRIPTS, swebenchProScriptRows } from "../../src/environments/swebench/pro-scripts";
import { ProTaskRow, proInstruction } from "../../src/environments/swebench/pro-task";
import { readRows } from "../../src/storage/dataset-rows";
import { testPinned } from "../../test/builtin-data";
import { MINI_PRO_PARSER, MINI_PRO_PATH, MINI_PRO_RUN_SCRIPT, miniProRows } from "../../test/mini-swebench-pro";
import { call, newProject } from "../../test/http";
import { miniProParquet } from "../../test/mini-swebench-pro";
import { BuiltinDataError, ensureBuiltinRevision, ensurePinnedRevision } from "./ensure-data";

const db = openDb(env.DB);
const base = () => inject("datasetsUrl");
const uniq = () => crypto.randomUUID().slice(0, 8);

/** The pin with the generated file's digest and size, under a fresh revision name. */
function mirrorPinned(over: Partial<{ sha256: string }> = {}): PinnedDataset {
  const pin = inject("datasetPins")[MINI_PRO_PATH];
  if (!pin) throw new Error(`the generated mirror has no ${MINI_PRO_PATH}`);
  return { ...SWEBENCH_PRO_DATA, name: `builtin.swebench-pro-${uniq()}`, files: SWEBENCH_PRO_DATA.files.map((f) => ({ ...f, sha256: pin.sha256, bytes: pin.bytes, ...over })) };
}

describe("SWE-bench Pro's pinned parquet", { timeout: 120_000 }, () => {
  it("pins the file its URL names, at the pinned commit", () => {
    const [file] = SWEBENCH_PRO_DATA.files;
    expect(SWEBENCH_PRO_DATA.files).toHaveLength(1);
    expect(file!.path).toBe(MINI_PRO_PATH);
    expect(file!.url).toBe(`https://huggingface.co/datasets/ScaleAI/SWE-bench_Pro/resolve/${SWEBENCH_PRO_DATA.commit}/data/test-00000-of-00001.parquet`);
    expect(file!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("loads from the mirror into instance rows, in instance_id order, each with its image and entry script", async () => {
    const rev = await ensurePinnedRevision(env, db, mirrorPinned(), swebenchProRows, { baseUrl: base() });
    const want = miniProRows().sort((a, b) => (a.instance_id < b.instance_id ? -1 : 1));
    expect(rev.rowCount).toBe(want.length);
    const rows = (await readRows(env.ARTIFACTS, rev, 0, rev.rowCount)).map((r) => r.data as unknown as ProInstance);
    expect(rows.map((r) => r.instance_id)).toEqual(want.map((r) => r.instance_id));
    expect(rows.map((r) => proImage(r))).toEqual(want.map((r) => `jefzda/sweap-images:${r.dockerhub_tag}`));
    const flipt = rows.find((r) => r.repo === "flipt-io/flipt")!;
    expect(pythonStringList(flipt.pass_to_pass)).toEqual(["TestMadeUpDefault", "TestMadeUp's quote"]);
    const script = proEntryScript(flipt, ["export GOFLAGS=-mod=mod"]);
    expect(script).toContain(`git reset --hard ${flipt.base_commit}`);
    // The last line of before_repo_set_cmd, then run_script.sh on the selected files.
    expect(script).toContain("git checkout 000000000000000000000000000000000000d001 -- internal/made_up_test.go\n");
    expect(script).toContain("bash /workspace/run_script.sh internal/made_up_test.go > /workspace/stdout.log");
  });

  it("refuses a parquet whose digest is not the pinned one, storing nothing", async () => {
    const data = mirrorPinned({ sha256: "0".repeat(64) });
    const err = await ensurePinnedRevision(env, db, data, swebenchProRows, { baseUrl: base() }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BuiltinDataError);
    expect((err as Error).message).toContain(MINI_PRO_PATH);
    expect(await findOwnRevision(db, null, data.name, 1)).toBeUndefined();
  });

  it("refuses rows whose test list is not a list literal, naming the row and field", async () => {
    const bad = async () => {
      const file = { ...SWEBENCH_PRO_DATA.files[0]!, format: "parquet" as const };
      const { parquetWriteBuffer } = await import("hyparquet-writer");
      const rows = miniProRows();
      rows[1]!.fail_to_pass = "TestMadeUpFlag";
      const cols = Object.keys(rows[0]!) as (keyof (typeof rows)[0])[];
      const bytes = new Uint8Array(parquetWriteBuffer({ columnData: cols.map((name) => ({ name, data: rows.map((r) => r[name]), type: "STRING" as const })) }));
      return swebenchProRows([{ file, bytes }]);
    };
    await expect(bad()).rejects.toThrow(/row 2: fail_to_pass not a list of strings/);
  });
});

// The harness's run_scripts/ folder, pinned by its git tree id, as the
// mirror serves it (generated in both modes: test/mini-swebench-pro-scripts.ts).
describe("SWE-bench Pro's pinned run scripts", { timeout: 120_000 }, () => {
  const scriptsPinned = (tree?: string): PinnedDataset => {
    const pin = inject("datasetPins")[SWEBENCH_PRO_SCRIPTS.git_tree!.archive_path]?.git_tree;
    if (!pin) throw new Error("the test mirror has no run_scripts archive");
    return { ...SWEBENCH_PRO_SCRIPTS, name: `builtin.swebench-pro-scripts-${uniq()}`, git_tree: { ...SWEBENCH_PRO_SCRIPTS.git_tree!, ...pin, ...(tree ? { tree } : {}) } };
  };

  it("loads from the mirror's archive into one row per instance: its run_script.sh and parser.py", async () => {
    const rev = await ensurePinnedRevision(env, db, scriptsPinned(), swebenchProScriptRows, { baseUrl: base() });
    const rows = (await readRows(env.ARTIFACTS, rev, 0, rev.rowCount)).map((r) => r.data as { instance_id: string; run_script: string; parser: string });
    expect(rows.map((r) => r.instance_id)).toEqual(miniProRows().map((r) => r.instance_id).sort());
    expect(rows.every((r) => r.run_script === MINI_PRO_RUN_SCRIPT && r.parser === MINI_PRO_PARSER)).toBe(true);
  });

  it("refuses a folder whose files do not hash to the pinned tree id, storing nothing", async () => {
    const data = scriptsPinned("1".repeat(40));
    const err = await ensurePinnedRevision(env, db, data, swebenchProScriptRows, { baseUrl: base() }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BuiltinDataError);
    expect((err as Error).message).toMatch(/does not match the pinned folder/);
    expect(await findOwnRevision(db, null, data.name, 1)).toBeUndefined();
  });

  it("refuses an instance directory without its parser.py, naming it", async () => {
    const file = (path: string) => ({ file: { path, url: "", format: "blob" as const, bytes: 1 }, bytes: new TextEncoder().encode("x") });
    await expect(swebenchProScriptRows([file("instance_a/run_script.sh"), file("instance_a/parser.py"), file("instance_b/run_script.sh")])).rejects.toThrow("instance_b: has no parser.py");
  });
});

// The catalog entry: the parquet and the run_scripts/ folder in one pinned
// source, each public instance's row carrying its own two scripts, as the
// environment runner's SWE-bench Pro branch reads a task row.
describe("SWE-bench Pro's catalog entry", { timeout: 120_000 }, () => {
  const ID = "bm_swe_bench_pro";

  it("loads the parquet and the run scripts together: one task row per public instance, as the runner reads it", async () => {
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, ID)).get())!;
    const data = { ...testPinned(ID), name: `builtin.swebench-pro-tasks-${uniq()}` };
    const rev = (await ensureBuiltinRevision(env, db, bm, { baseUrl: base(), data }))!;
    const want = miniProRows().sort((a, b) => (a.instance_id < b.instance_id ? -1 : 1));
    expect(rev.rowCount).toBe(want.length);
    const rows = (await readRows(env.ARTIFACTS, rev, 0, rev.rowCount)).map((r) => r.data as Record<string, unknown>);
    expect(rows.map((r) => r.instance_id)).toEqual(want.map((r) => r.instance_id));
    for (const [i, row] of rows.entries()) {
      const task = ProTaskRow.parse(row);
      expect(task).toMatchObject({ environment: "swebench_pro", run_script: MINI_PRO_RUN_SCRIPT, parser: MINI_PRO_PARSER, exports: [] });
      expect(task.instance).toMatchObject({ instance_id: want[i]!.instance_id, base_commit: want[i]!.base_commit, patch: want[i]!.patch, fail_to_pass: want[i]!.fail_to_pass });
      // What the agent is told is the entry's prompt column: statement, requirements, interface.
      expect(row.instruction).toBe(proInstruction(task.instance));
      expect(row.instruction).toContain(`Requirements:\n${want[i]!.requirements}`);
      // Only what the runner and the grader read: the test patch stays in the parquet.
      expect(row.instance).not.toHaveProperty("test_patch");
      expect(row.instance).toHaveProperty("repo_language", want[i]!.repo_language);
    }
    // The revision records both pins: the parquet's file and the folder's tree, with where each came from.
    const source = JSON.parse(rev.source ?? "{}");
    expect(source.files.map((f: { path: string }) => f.path)).toEqual([MINI_PRO_PATH]);
    expect(source.git_tree).toMatchObject({ folder: "run_scripts", tree: data.git_tree!.tree, origin: "scaleapi/SWE-bench_Pro-os@ca10a60a5fcae51e6948ffe1485d4153d421e6c5:run_scripts", from: `${base()}/swebench_pro/run_scripts.tar`, requests: 1 });
  });

  it("refuses the whole source when either pin does not match, storing nothing", async () => {
    const bm = (await db.select().from(benchmarks).where(eq(benchmarks.id, ID)).get())!;
    const pinned = testPinned(ID);
    for (const data of [
      { ...pinned, name: `builtin.swebench-pro-tasks-${uniq()}`, files: pinned.files.map((f) => ({ ...f, sha256: "0".repeat(64) })) },
      { ...pinned, name: `builtin.swebench-pro-tasks-${uniq()}`, git_tree: { ...pinned.git_tree!, tree: "1".repeat(40) } },
    ]) {
      const err = await ensureBuiltinRevision(env, db, bm, { baseUrl: base(), data }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(BuiltinDataError);
      expect((err as Error).message).toMatch(data.git_tree!.tree === pinned.git_tree!.tree ? /does not match the pinned data/ : /^scaleapi\/SWE-bench_Pro-os@ca10a60a5fcae51e6948ffe1485d4153d421e6c5:run_scripts: .*does not match the pinned folder/);
      expect(await findOwnRevision(db, null, data.name, 1)).toBeUndefined();
    }
  });

  it("refuses an instance whose run_scripts/ directory is missing, naming it; directories of other instances are not rows", async () => {
    const parquet: LoadedFile = { file: { ...SWEBENCH_PRO_DATA.files[0]! }, bytes: miniProParquet() };
    const script = (path: string): LoadedFile => ({ file: { path, url: "", format: "blob", bytes: 1 }, bytes: new TextEncoder().encode("x") });
    const ids = miniProRows().map((r) => r.instance_id).sort();
    const dirs = (only: string[]) => only.flatMap((id) => [script(`${id}/run_script.sh`), script(`${id}/parser.py`)]);
    // A directory for an instance outside the public set is ignored.
    const rows = await swebenchProTaskRows([parquet, ...dirs([...ids, "instance_held__out-0000000000000000000000000000000000000000-vnan"])]);
    expect(rows.map((r) => r.instance_id)).toEqual(ids);
    await expect(swebenchProTaskRows([parquet, ...dirs(ids.slice(1))])).rejects.toThrow(`${ids[0]}: run_scripts/ has no directory for it`);
  });

  it("is an environment-runner benchmark of the 731 public instances, its pin showing both sources", async () => {
    const { key } = await newProject();
    const catalog = builtinById(ID)!.data as PinnedDataset;
    const source = (await call("GET", `/api/benchmarks/${ID}/source`, { key })).body;
    expect(source).toMatchObject({ repository: "ScaleAI/SWE-bench_Pro", commit: SWEBENCH_PRO_DATA.commit, files: [{ path: MINI_PRO_PATH, sha256: SWEBENCH_PRO_DATA.files[0]!.sha256 }], git_tree: SWEBENCH_PRO_SCRIPTS.git_tree });
    expect(catalog.git_tree).toEqual(SWEBENCH_PRO_SCRIPTS.git_tree);
    const view = (await call("GET", `/api/benchmarks/${ID}`, { key })).body;
    expect(view).toMatchObject({ kind: "runner", status: "needs_runner", sample_size: 731, scoring: { type: "verifier", verifier: "swe-bench-pro-tests" } });
  });
});
