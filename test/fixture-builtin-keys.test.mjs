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
  const all = await builtinKeyRows(DATASETS);
  const rows = all.filter((r) => "question" in r);
  assert.ok(rows.length > 22_000, `keys for the three sets: ${rows.length}`);
  const fixture = await startFixtureModel({ answers: all });
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
    // HellaSwag by log-likelihood: the gold ending after its context is the most likely continuation at accuracy 1.
    const key = all.find((r) => "context" in r);
    assert.ok(key, "HellaSwag's contexts and gold endings");
    const r = await fetch(`${fixture.url}/v1/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer sk-test" },
      body: JSON.stringify({ model: "keys:accuracy=1", prompt: [key.context + key.continuation, `${key.context} an ending nobody wrote`], echo: true, logprobs: 1, max_tokens: 0 }),
    });
    const choices = (await r.json()).choices;
    const sum = (c) => c.logprobs.token_logprobs.slice(1).reduce((n, x) => n + (x ?? 0), 0);
    assert.ok(sum(choices[0]) > sum(choices[1]), "the gold ending is the more likely");
  } finally {
    await fixture.close();
  }
});
