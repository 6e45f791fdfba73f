// SWE-bench Pro's pinned parquet as the test mirror serves it (the
// generated one, test/mini-swebench-pro.ts): it loads through the catalog's
// own loader into a global revision whose rows are Pro instances with
// their images and entry scripts; a file whose bytes differ from the pin,
// or a row whose test list is not a list literal, is refused and nothing
// is stored. The real parquet is not in ../shared, so with it present
// there is nothing here to load without the network.
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import type { PinnedDataset } from "../../src/catalog/types";
import { openDb } from "../../src/db/client";
import { findOwnRevision } from "../../src/db/datasets";
import { proEntryScript, proImage, pythonStringList, type ProInstance } from "../../src/environments/swebench/pro";
import { SWEBENCH_PRO_DATA, swebenchProRows } from "../../src/environments/swebench/pro-data";
import { SWEBENCH_PRO_SCRIPTS, swebenchProScriptRows } from "../../src/environments/swebench/pro-scripts";
import { readRows } from "../../src/storage/dataset-rows";
import { realData } from "../../test/builtin-data";
import { MINI_PRO_PARSER, MINI_PRO_PATH, MINI_PRO_RUN_SCRIPT, miniProRows } from "../../test/mini-swebench-pro";
import { BuiltinDataError, ensurePinnedRevision } from "./ensure-data";

const db = openDb(env.DB);
const base = () => inject("datasetsUrl");
const uniq = () => crypto.randomUUID().slice(0, 8);

/** The pin with the generated file's digest and size, under a fresh revision name. */
function mirrorPinned(over: Partial<{ sha256: string }> = {}): PinnedDataset {
  const pin = inject("datasetPins")[MINI_PRO_PATH];
  if (!pin) throw new Error(`the generated mirror has no ${MINI_PRO_PATH}`);
  return { ...SWEBENCH_PRO_DATA, name: `builtin.swebench-pro-${uniq()}`, files: SWEBENCH_PRO_DATA.files.map((f) => ({ ...f, sha256: pin.sha256, bytes: pin.bytes, ...over })) };
}

describe.skipIf(realData())("SWE-bench Pro's pinned parquet", { timeout: 120_000 }, () => {
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
