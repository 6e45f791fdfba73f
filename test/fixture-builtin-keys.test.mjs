// The fixture's answer keys for built-ins it cannot read as they are (MMLU-Pro's Parquet, HellaSwag's bzip2, ToxiGen's
// prompt files): with ../shared (ASSAY_SHARED_DIR), `npm start`'s fixture answers their questions right at accuracy 1,
// through the project's own normalisers; without it there are none, and nothing fails.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { builtinKeyRows } from "../fixture/builtin-keys.mjs";
import { startFixtureModel } from "../fixture/model-server.mjs";

const DATASETS = join(process.env.ASSAY_SHARED_DIR || join(import.meta.dirname, "..", "..", "shared"), "datasets");

test("without the shared folder there are no such keys", async () => {
  assert.deepEqual(await builtinKeyRows(join(import.meta.dirname, "no-such-folder")), []);
});

test("with ../shared, the fixture answers MMLU-Pro, HellaSwag and ToxiGen questions by their keys", { skip: !existsSync(DATASETS) && "no ../shared on this machine" }, async () => {
  const rows = await builtinKeyRows(DATASETS);
  assert.ok(rows.length > 22_000, `keys for the three sets: ${rows.length}`);
  const fixture = await startFixtureModel({ answers: rows });
  try {
    // MMLU-Pro's first question, HellaSwag's last context and ToxiGen's last statement (the sets come in that order),
    // each inside a longer prompt as the catalog's templates put it.
    for (const row of [rows[0], rows[rows.length - 723], rows.at(-1)]) {
      const ask = async (model) => {
        const r = await fetch(`${fixture.url}/v1/chat/completions`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: "Bearer sk-test" },
          body: JSON.stringify({ model, messages: [{ role: "user", content: `Answer the question.\n\nQuestion: ${row.question}\n\nA. one\nB. two\nC. three\nD. four\n\nAnswer:` }] }),
        });
        return (await r.json()).choices[0].message.content;
      };
      assert.equal(await ask("keys:accuracy=1"), `The answer is (${row.answer}).`);
      assert.notEqual(await ask("keys:accuracy=0"), `The answer is (${row.answer}).`);
    }
  } finally {
    await fixture.close();
  }
});
