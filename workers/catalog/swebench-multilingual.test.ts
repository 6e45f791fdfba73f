// SWE-bench Multilingual's pinned parquet as the test mirror serves it
// (the generated one, test/mini-swebench-multilingual.ts): it loads through
// the catalog's own loader into a global revision whose rows are
// instances with eval plans; a file whose bytes differ from the pin is
// refused and nothing is stored. The real parquet is not in ../shared, so
// with it present there is nothing here to load without the network.
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { builtinById } from "../../src/catalog";
import { openDb } from "../../src/db/client";
import { findOwnRevision } from "../../src/db/datasets";
import { evalPlan } from "../../src/environments/swebench/eval-plan";
import { SwebenchInstance } from "../../src/environments/swebench/instance";
import { swebenchRows } from "../../src/environments/swebench/verified-data";
import { readRows } from "../../src/storage/dataset-rows";
import { realData, testPinned } from "../../test/builtin-data";
import { miniMultilingualRows } from "../../test/mini-swebench-multilingual";
import { BuiltinDataError, ensurePinnedRevision } from "./ensure-data";

const ID = "bm_swe_bench_multilingual";
const db = openDb(env.DB);
const base = () => inject("datasetsUrl");
const uniq = () => crypto.randomUUID().slice(0, 8);

describe.skipIf(realData())("SWE-bench Multilingual's pinned parquet", { timeout: 120_000 }, () => {
  it("loads from the mirror into instance rows, each with its eval plan", async () => {
    const data = { ...testPinned(ID), name: `builtin.swebench-multilingual-${uniq()}` };
    const rev = await ensurePinnedRevision(env, db, data, builtinById(ID)!.normalise as typeof swebenchRows, { baseUrl: base() });
    expect(rev.rowCount).toBe(miniMultilingualRows().length);
    const rows = await readRows(env.ARTIFACTS, rev, 0, rev.rowCount);
    const plans = rows.map((r) => evalPlan(SwebenchInstance.parse(r.data)));
    const commandByImage = new Map(plans.map((p) => [p.image, p.test_command]));
    expect(commandByImage.size).toBe(rows.length);
    expect(commandByImage.get("swebench/sweb.eval.x86_64.burntsushi_1776_ripgrep-2209:latest")).toBe("RUSTFLAGS=-Awarnings cargo test --package ripgrep --test integration -- regression::r2208 --exact");
    expect(commandByImage.get("swebench/sweb.eval.x86_64.caddyserver_1776_caddy-6411:latest")).toBe('go test -v . -run "TestReplacerNew*"');
    expect(commandByImage.get("swebench/sweb.eval.x86_64.laravel_1776_framework-53206:latest")).toBe("vendor/bin/phpunit --testdox --colors=never tests/Support/SupportJsTest.php");
    expect(commandByImage.get("swebench/sweb.eval.x86_64.jekyll_1776_jekyll-8761:latest")).toBe("bundle exec cucumber --publish-quiet --format progress --no-color features/post_data.feature:6 features/post_data.feature:30");
  });

  it("refuses a parquet whose digest is not the pinned one, storing nothing", async () => {
    const pinned = testPinned(ID);
    const name = `builtin.swebench-multilingual-${uniq()}`;
    const data = { ...pinned, name, files: pinned.files.map((f) => ({ ...f, sha256: "0".repeat(64) })) };
    const err = await ensurePinnedRevision(env, db, data, swebenchRows, { baseUrl: base() }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BuiltinDataError);
    expect((err as Error).message).toContain("swebench_multilingual/data/test-00000-of-00001.parquet");
    expect(await findOwnRevision(db, null, name, 1)).toBeUndefined();
  });
});
