// `assay import swebench|harbor DIR_OR_ZIP`: a folder goes up as one ZIP of
// the files the importer reads (patches and eval scripts stay home), which
// the server's own importer reads as it reads the folder; the upload's
// form is the API's; the agreement line reads the pooled dimensions.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { importTs } from "../scripts/lib/import-ts.mjs";
import { agreementLine, ARCHIVE_KEEP } from "./commands/import.mjs";
import { main } from "./main.mjs";
import { listFiles, zipDirectory } from "./zip.mjs";

const mini = await importTs(new URL("../test/mini-swebench.ts", import.meta.url).href);
const harbor = await importTs(new URL("../test/mini-harbor.ts", import.meta.url).href);
const { parseSwebenchSubmission } = await importTs(new URL("../src/imports/swebench.ts", import.meta.url).href);
const { parseHarborTrials } = await importTs(new URL("../src/imports/harbor.ts", import.meta.url).href);
const { SwebenchInstance } = await importTs(new URL("../src/environments/swebench/instance.ts", import.meta.url).href);
const { zipEntries } = await importTs(new URL("../src/imports/zip.ts", import.meta.url).href);

function writeTree(root, files) {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
}

describe("assay import swebench|harbor: folders as archives", () => {
  let dir;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "assay-import-archive-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("a submission folder zips to the files the importer reads, and the importer reads it whole", async () => {
    const root = join(dir, "submission");
    const { files, resolved } = mini.miniSubmission("");
    const iid = mini.miniInstances()[0].instance_id;
    writeTree(root, { ...files, [`logs/${iid}/patch.diff`]: "diff --git a/x b/x\n", [`logs/${iid}/eval.sh`]: "#!/bin/bash\n", "trajs/x.traj": "{}" });
    const { zip, files: n } = zipDirectory(root, ARCHIVE_KEEP.swebench);
    const names = zipEntries(new Uint8Array(zip)).map((e) => e.name);
    assert.equal(n, names.length);
    assert.ok(!names.some((p) => /patch\.diff|eval\.sh|\.traj$|README/.test(p)), names.join(" "));
    assert.ok(names.includes("results/results.json") && names.includes("metadata.yaml"));
    const instances = mini.miniInstances().map((r) => SwebenchInstance.parse(r));
    const ev = await parseSwebenchSubmission({ name: "submission.zip", bytes: new Uint8Array(zip) }, instances);
    assert.equal(ev.tasks.length, instances.length);
    assert.equal(ev.scores[0].stated, resolved.length / instances.length);
    assert.equal(ev.outputs.filter((o) => o.output !== "").length, mini.miniSubmission("").regraded.length);
  });

  test("a Harbor job folder zips to results, trajectories and reward files", async () => {
    const root = join(dir, "job");
    writeTree(root, { ...harbor.miniTrial({ trial: "hello-file__aaaaaaa" }), "hello-file__aaaaaaa/agent/episode-0/debug.log": "x", "hello-file__aaaaaaa/verifier/test-stdout.txt": "PASSED" });
    const { zip } = zipDirectory(root, ARCHIVE_KEEP.harbor);
    assert.deepEqual(zipEntries(new Uint8Array(zip)).map((e) => e.name).sort(), ["hello-file__aaaaaaa/agent/trajectory.json", "hello-file__aaaaaaa/result.json", "hello-file__aaaaaaa/verifier/reward.txt"]);
    const ev = await parseHarborTrials({ name: "job.zip", bytes: new Uint8Array(zip) });
    assert.deepEqual(ev.tasks.map((t) => t.key), ["hello-file"]);
    assert.deepEqual(listFiles(root).length, 5);
  });

  test("uploads the folder as one ZIP with format and name (--no-wait prints the run)", async () => {
    const root = join(dir, "my-submission");
    writeTree(root, mini.miniSubmission("").files);
    let seen = null;
    const server = createServer(async (req, res) => {
      const chunks = [];
      for await (const c of req) chunks.push(c);
      const form = await new Response(Buffer.concat(chunks), { headers: { "content-type": req.headers["content-type"] } }).formData();
      const file = form.get("file");
      seen = { path: req.url, format: form.get("format"), name: form.get("name"), fileName: file.name, members: zipEntries(new Uint8Array(await file.arrayBuffer())).map((e) => e.name) };
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ run_id: "run_x", source: { tool: "swebench", tool_name: "SWE-bench", tool_version: null, task: "SWE-bench Verified", model: null, files: [file.name] }, tasks: 15, outputs: 15, benchmarks: [] }));
    });
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    const out = [];
    const io = { out: { write: (s) => out.push(s), isTTY: false }, err: { write: () => {}, isTTY: false } };
    try {
      const code = await main(["import", "swebench", root, "--no-wait"], { io, env: { ASSAY_API_KEY: "k", ASSAY_URL: `http://127.0.0.1:${server.address().port}` }, signal: new AbortController().signal });
      assert.equal(code ?? 0, 0);
    } finally {
      await new Promise((r) => server.close(r));
    }
    assert.equal(seen.path, "/api/imports");
    assert.equal(seen.format, "swebench");
    assert.equal(seen.name, "swebench-my-submission");
    assert.equal(seen.fileName, "my-submission.zip");
    assert.ok(seen.members.includes("results/results.json"));
    assert.match(out.join(""), /^imported my-submission\.zip \(SWE-bench; SWE-bench Verified\): 15 tasks, 15 outputs -> run run_x\n/);
  });

  test("the agreement line reads the pooled dimensions", () => {
    const row = { score_counts: { scored: 500 }, dimensions: { regraded: { mean: 79 / 500, weight: 500, attempts: 500 }, agrees: { mean: 1, weight: 79, attempts: 79 } } };
    assert.equal(agreementLine(row), "re-graded 79 of 500 instances from their logs (the rest keep the submission's verdict); Assay and the submission: 79 of 79 set side by side agree (all agree)");
    assert.match(agreementLine({ ...row, dimensions: { ...row.dimensions, agrees: { mean: 77 / 79, weight: 79, attempts: 79 } } }), /77 of 79 set side by side agree \(2 disagree\)$/);
  });

  test("a folder with nothing the importer reads is a usage error", async () => {
    const root = join(dir, "empty");
    writeTree(root, { "notes.txt": "x" });
    const err = [];
    const io = { out: { write: () => {}, isTTY: false }, err: { write: (s) => err.push(s), isTTY: false } };
    const code = await main(["import", "harbor", root], { io, env: { ASSAY_API_KEY: "k", ASSAY_URL: "http://127.0.0.1:9" }, signal: new AbortController().signal });
    assert.equal(code, 2);
    assert.match(err.join(""), /holds no file a harbor import reads/);
  });
});
