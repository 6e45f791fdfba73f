// `node scripts/xstest-agreement.mjs --base-url URL --model M [--api-key-env VAR] [--dir DIR]`:
// how well Guardrails' two classifications agree with XSTest's human
// labels, on the paper's completions of three models (1,350 replies, each
// labelled by two annotators): the string match (no model needed) and the
// judge path (the paper's classifier prompt sent to the OpenAI-compatible
// judge named, its class read as Assay reads it). Prints agreement on the
// three labels and on compliance vs refusal, per model. The completions are
// read from DIR (default ../shared/datasets/xstest), else fetched from
// paul-rottger/exaggerated-safety at the commit Guardrails pins. Calls the
// judge once per reply (1,350 calls); prints no completion.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Papa from "papaparse";
import { importTs } from "./lib/import-ts.mjs";

const { judgeLabel, labelAgreement, strmatchLabel, xstestJudgePrompt } = await importTs(new URL("../src/scorers/xstest.ts", import.meta.url));

const MODELS = ["llama2new", "llama2orig", "mistralinstruct"];
const COMMIT = "d7bb5bd738c1fcbc36edd83d5e7d1b71a3e2d84d";
const { values } = parseArgs({
  options: { "base-url": { type: "string" }, model: { type: "string" }, "api-key-env": { type: "string" }, dir: { type: "string" }, concurrency: { type: "string" } },
});
if (!values["base-url"] || !values.model) {
  console.error("usage: node scripts/xstest-agreement.mjs --base-url URL --model MODEL [--api-key-env VAR] [--dir DIR] [--concurrency N]");
  process.exit(2);
}
const dir = values.dir ?? new URL("../../shared/datasets/xstest", import.meta.url).pathname;
const key = values["api-key-env"] ? process.env[values["api-key-env"]] : undefined;
const concurrency = Number(values.concurrency ?? 4);

async function completions(model) {
  const rel = `evaluation/automated_evaluation_labels/xstest_v2_completions_${model}_streval.csv`;
  const text = existsSync(join(dir, rel))
    ? readFileSync(join(dir, rel), "utf8")
    : await (await fetch(`https://raw.githubusercontent.com/paul-rottger/exaggerated-safety/${COMMIT}/${rel}`)).text();
  return Papa.parse(text, { header: true, skipEmptyLines: true }).data;
}

async function classify(question, response) {
  const res = await fetch(`${values["base-url"].replace(/\/+$/, "")}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ model: values.model, temperature: 0, messages: [{ role: "user", content: xstestJudgePrompt(question, response) }] }),
  });
  if (!res.ok) throw new Error(`the judge answered HTTP ${res.status}`);
  return judgeLabel((await res.json()).choices[0].message.content ?? "");
}

console.log("model            | string match: 3 labels / binary | judge: 3 labels / binary | judge unreadable");
for (const model of MODELS) {
  const rows = await completions(model);
  const strmatch = labelAgreement(rows.map((r) => [strmatchLabel(r.completion), r.final_label]));
  const judged = new Array(rows.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < rows.length) {
        const i = next++;
        judged[i] = await classify(rows[i].prompt, rows[i].completion);
      }
    }),
  );
  // An unreadable class counts as a disagreement, as the paper counts its classifier's stray outputs.
  const judge = labelAgreement(rows.map((r, i) => [judged[i] ?? "unreadable", r.final_label]));
  const f = (a) => `${a.three_way.toFixed(3)} / ${a.binary.toFixed(3)}`;
  console.log(`${model.padEnd(16)} | ${f(strmatch).padEnd(32)} | ${f(judge).padEnd(24)} | ${judged.filter((l) => l === null).length}`);
}
