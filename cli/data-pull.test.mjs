// `assay data pull` and `eval run --dry-run`'s exit on unreadable data. Pull: the pins read from the server, the files fetched from
// their upstream URLs (a loopback server here), checked and written under
// their mirror paths; kept on a second pull; refused, naming the URL, when
// a digest differs or the upstream cannot be reached (exit 1, nothing
// written); a set of files and an image set checked by their listings; a
// folder pinned by its git tree id (ids git printed for it) written as one
// archive, a tampered file in it refused by URL.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { tarPack, tarUnpack } from "../environments/tar.mjs";
import { setListing } from "./data-pull.mjs";
import { EXIT } from "./errors.mjs";
import { main } from "./main.mjs";

const dir = mkdtempSync(join(tmpdir(), "assay-pull-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const sha = (s) => createHash("sha256").update(s).digest("hex");
const md5 = (s) => createHash("md5").update(s).digest("hex");

/** Upstream files by URL path; the sources the fake API serves by benchmark id. */
const files = new Map();
const sources = new Map();
let server;
let base;

before(async () => {
  server = http.createServer((req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    const source = /^\/api\/benchmarks\/([^/]+)\/source$/.exec(path);
    if (source && sources.has(source[1])) return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(sources.get(source[1])()));
    if (path === "/api/eval-runs/estimate" && req.method === "POST") return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(ESTIMATE));
    if (files.has(path)) return res.writeHead(200).end(files.get(path));
    res.writeHead(404).end("no such file");
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${server.address().port}`;

  const data = '{"q":"one","image":"images/1.jpg"}\n{"q":"two","image":"images/2.jpg"}\n';
  files.set("/up/plain.jsonl", data);
  files.set("/up/images/1.jpg", "jpeg one");
  files.set("/up/images/2.jpg", "jpeg two");
  sources.set("bm_plain", () => ({
    benchmark_id: "bm_plain", dataset: "builtin.plain@1", repository: "o/r", commit: "c", license: "MIT", notes: "",
    files: [{ path: "plain/data.jsonl", url: `${base}/up/plain.jsonl`, sha256: sha(data), bytes: data.length, format: "jsonl", member: null }],
    listing_sha256: null,
    images: {
      column: "image", path_prefix: "plain/", url_prefix: `${base}/up/`, media_type: "image/jpeg", count: 2, bytes: 16,
      listing_sha256: sha(setListing(new Map([["images/1.jpg", sha("jpeg one")], ["images/2.jpg", sha("jpeg two")]]))),
    },
  }));
  files.set("/up/set/a.json", "{}");
  files.set("/up/set/b.json", "[]");
  sources.set("bm_set", () => ({
    benchmark_id: "bm_set", dataset: "builtin.set@1", repository: "o/r", commit: "c", license: "MIT", notes: "",
    files: ["a", "b"].map((n) => ({ path: `set/${n}.json`, url: `${base}/up/set/${n}.json`, sha256: null, bytes: 2, format: "json", member: null })),
    listing_sha256: sha(setListing(new Map([["set/a.json", sha("{}")], ["set/b.json", sha("[]")]]))),
    images: null,
  }));
  sources.set("bm_tampered", () => ({ ...sources.get("bm_plain")(), benchmark_id: "bm_tampered", images: null, files: [{ path: "t/data.jsonl", url: `${base}/up/plain.jsonl`, sha256: sha("other bytes"), bytes: 11, format: "jsonl", member: null }] }));
  // A VLMEvalKit table: pinned by the md5 its publisher states, no sha256 or size.
  files.set("/up/table.tsv", "index\timage\n0\tiVBORw0KGgo=\n");
  const table = (digest) => () => ({
    ...sources.get("bm_plain")(), images: null,
    files: [{ path: "vlmevalkit/T.tsv", url: `${base}/up/table.tsv`, sha256: null, md5: digest, bytes: null, format: "tsv", member: null }],
  });
  sources.set("bm_md5", table(md5("index\timage\n0\tiVBORw0KGgo=\n")));
  sources.set("bm_md5_tampered", table(md5("other bytes")));
  // BIRD's files: no stated digest, published only inside one archive (the URL names its member after #).
  files.set("/other/bird/q.json", "[]");
  sources.set("bm_archived", () => ({
    ...sources.get("bm_plain")(), benchmark_id: "bm_archived", images: null,
    files: [{ path: "bird/q.json", url: `${base}/up/minidev.zip#MINIDEV/q.json`, sha256: null, bytes: null, format: "json", member: null }],
  }));
  sources.set("bm_offline", () => ({ ...sources.get("bm_plain")(), benchmark_id: "bm_offline", images: null, files: [{ path: "o/data.jsonl", url: "http://127.0.0.1:9/data.jsonl", sha256: sha(data), bytes: 1, format: "jsonl", member: null }] }));
});
after(() => server.close());

async function run(argv) {
  let out = "";
  let err = "";
  const io = { out: { write: (s) => void (out += s) }, err: { write: (s) => void (err += s) }, env: {}, stdin: process.stdin };
  const code = await main(argv, { io, env: { XDG_CONFIG_HOME: dir, ASSAY_URL: base, ASSAY_API_KEY: "ak_x" }, signal: new AbortController().signal });
  return { code, out, err };
}

/** What the server estimates for a draft whose built-in's data cannot be fetched. */
const UNREADABLE = "could not fetch https://raw.example/data.jsonl (HTTP 503). The network may be unreachable; set ASSAY_DATASET_BASE_URL to a mirror (`assay data pull` fills one; docs/cli.md).";
const ESTIMATE = {
  benchmarks: [{ benchmark_id: "bm_gsm8k", tasks: 0, attempts: 1, calls: 0, rendered: 0, input_tokens: 0, output_tokens: 0, max_output_tokens: 64, cost_usd: null, error: UNREADABLE }],
  total: { calls: 0, input_tokens: 0, output_tokens: 0, cost_usd: null },
  budget_exceeded_by: null,
  budget: null,
};

describe("assay eval run --dry-run", () => {
  test("exits 1 naming why when a benchmark's data cannot be read", async () => {
    const r = await run(["eval", "run", "bm_gsm8k", "-m", "fixture", "--base-url", `${base}/v1`, "--dry-run"]);
    assert.equal(r.code, EXIT.CHECK_FAILED);
    assert.ok(r.err.includes(`bm_gsm8k cannot run: ${UNREADABLE}`), r.err);
    const json = await run(["eval", "run", "bm_gsm8k", "-m", "fixture", "--base-url", `${base}/v1`, "--dry-run", "--json"]);
    assert.equal(json.code, EXIT.CHECK_FAILED);
    assert.equal(JSON.parse(json.out).plan[0].error, UNREADABLE);
  });
});

describe("assay data pull", () => {
  test("writes each checked file and its images under their mirror paths, and keeps them on a second pull", async () => {
    const out = join(dir, "m1");
    const first = await run(["data", "pull", "bm_plain", "bm_set", "--out", out, "--json"]);
    assert.equal(first.code, EXIT.OK, first.err);
    assert.deepEqual(JSON.parse(first.out).pulled.map((r) => [r.benchmark, r.files, r.fetched, r.error]), [["bm_plain", 3, 3, null], ["bm_set", 2, 2, null]]);
    assert.equal(readFileSync(join(out, "plain/data.jsonl"), "utf8"), files.get("/up/plain.jsonl"));
    assert.equal(readFileSync(join(out, "plain/images/2.jpg"), "utf8"), "jpeg two");
    assert.equal(readFileSync(join(out, "set/b.json"), "utf8"), "[]");
    const again = await run(["data", "pull", "bm_plain", "--out", out, "--json"]);
    assert.deepEqual(JSON.parse(again.out).pulled.map((r) => r.fetched), [0]);
  });

  test("refuses a file whose digest differs, naming the URL, and writes nothing for it (exit 1)", async () => {
    const out = join(dir, "m2");
    const r = await run(["data", "pull", "bm_tampered", "--out", out]);
    assert.equal(r.code, EXIT.CHECK_FAILED);
    assert.match(r.err, new RegExp(`bm_tampered: ${base}/up/plain.jsonl does not match its pin: sha256 ${sha(files.get("/up/plain.jsonl"))}`));
    assert.equal(existsSync(join(out, "t/data.jsonl")), false);
  });

  test("checks a file pinned by md5 (VLMEvalKit's tables), keeping it on a second pull and refusing one that differs", async () => {
    const out = join(dir, "m5");
    const first = await run(["data", "pull", "bm_md5", "--out", out, "--json"]);
    assert.equal(first.code, EXIT.OK, first.err);
    assert.equal(readFileSync(join(out, "vlmevalkit/T.tsv"), "utf8"), files.get("/up/table.tsv"));
    const again = await run(["data", "pull", "bm_md5", "--out", out, "--json"]);
    assert.deepEqual(JSON.parse(again.out).pulled.map((r) => r.fetched), [0]);
    const bad = await run(["data", "pull", "bm_md5_tampered", "--out", join(dir, "m6")]);
    assert.equal(bad.code, EXIT.CHECK_FAILED);
    assert.match(bad.err, new RegExp(`bm_md5_tampered: ${base}/up/table.tsv does not match its pin: md5 ${md5(files.get("/up/table.tsv"))} \\(\\d+ bytes\\), expected ${md5("other bytes")}`));
    assert.equal(existsSync(join(dir, "m6", "vlmevalkit/T.tsv")), false);
  });

  test("refuses a file with no stated digest that comes only inside an archive, unless it is unpacked already or pulled from a mirror", async () => {
    const out = join(dir, "m7");
    const r = await run(["data", "pull", "bm_archived", "--out", out]);
    assert.equal(r.code, EXIT.CHECK_FAILED);
    assert.ok(r.err.includes(`bm_archived: bird/q.json has no digest its publisher states and comes only inside ${base}/up/minidev.zip; unpack that archive into ${out}`), r.err);
    assert.equal(existsSync(join(out, "bird/q.json")), false);
    const copied = await run(["data", "pull", "bm_archived", "--out", out, "--from", `${base}/other`]);
    assert.equal(copied.code, EXIT.OK, copied.err);
    assert.equal(readFileSync(join(out, "bird/q.json"), "utf8"), "[]");
    // Unpacked by hand (here, by the pull before): kept, nothing fetched.
    const again = await run(["data", "pull", "bm_archived", "--out", out, "--json"]);
    assert.equal(again.code, EXIT.OK, again.err);
  });

  test("says in words that the upstream could not be reached", async () => {
    const r = await run(["data", "pull", "bm_offline", "--out", join(dir, "m3")]);
    assert.equal(r.code, EXIT.CHECK_FAILED);
    assert.match(r.err, /bm_offline: could not fetch http:\/\/127\.0\.0\.1:9\/data\.jsonl \(.+\)\. The network may be unreachable; pull from another machine, or from a mirror with --from\./);
  });

  test("pulls from another mirror with --from, by mirror path", async () => {
    files.set("/other/plain/data.jsonl", files.get("/up/plain.jsonl"));
    files.set("/other/plain/images/1.jpg", "jpeg one");
    files.set("/other/plain/images/2.jpg", "jpeg two");
    const r = await run(["data", "pull", "bm_plain", "--out", join(dir, "m4"), "--from", `${base}/other`]);
    assert.equal(r.code, EXIT.OK, r.err);
    assert.equal(readFileSync(join(dir, "m4", "plain/images/1.jpg"), "utf8"), "jpeg one");
  });
});

/** A small folder and the ids git gave it (`git ls-tree -r -t`, `git write-tree`): GitHub's trees listing of it. */
const TREE = "446d18f04a6760b9ce7e65b743c2a6a3619fc274";
const FOLDER = [
  { path: "a-b", mode: "100644", sha: "975fbec8256d3e8a3797e7a3611380f27c49f4ac", text: "y\n" },
  { path: "a.b", mode: "100644", sha: "ce013625030ba8dba906f756967f9e9ca394464a", text: "hello\n" },
  { path: "a/run.sh", mode: "100755", sha: "4163036efa65bd4a469e752267498f01ea36a55c", text: "#!/bin/sh\necho hi\n" },
  { path: "a/sub/x", mode: "100644", sha: "c1b0730e0133447badcfd47fd144e254807b06e1", text: "x" },
  { path: "a0", mode: "100644", sha: "fa7af8bf5fdd704f73beb3adc5612682a98e1af5", text: "z" },
  { path: "empty", mode: "100644", sha: "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391", text: "" },
];
const LISTING = {
  sha: TREE,
  truncated: false,
  tree: [
    { path: "a", mode: "040000", type: "tree", sha: "4866f32714682efd781202b6fa522110570ee95a" },
    { path: "a/sub", mode: "040000", type: "tree", sha: "f115c6d5cfb15ca1a72429900dcaca0fd1057951" },
    ...FOLDER.map((f) => ({ path: f.path, mode: f.mode, type: "blob", sha: f.sha, size: Buffer.byteLength(f.text) })),
  ],
};

/** A source pinning the folder whose files are served under /<at>/. */
function treeSource(id, at) {
  files.set(`/${at}/listing.json`, JSON.stringify(LISTING));
  return () => ({
    benchmark_id: id, dataset: "builtin.tree@1", repository: "o/r", commit: "c", license: "MIT", notes: "", files: [], listing_sha256: null, images: null,
    git_tree: { tree: TREE, folder: "tasks", listing_url: `${base}/${at}/listing.json`, raw_url_prefix: `${base}/${at}/raw/`, archive_path: "tree/tasks.tar", files: 6, bytes: 34 },
  });
}

describe("assay data pull of a folder pinned by its git tree id", () => {
  test("fetches the listing and each file, checks them against git's ids, writes one archive, and keeps it on a second pull", async () => {
    for (const f of FOLDER) files.set(`/tree/raw/${f.path}`, f.text);
    sources.set("bm_tree", treeSource("bm_tree", "tree"));
    const out = join(dir, "t1");
    const first = await run(["data", "pull", "bm_tree", "--out", out, "--json"]);
    assert.equal(first.code, EXIT.OK, first.err);
    assert.deepEqual(JSON.parse(first.out).pulled.map((r) => [r.benchmark, r.files, r.fetched, r.error]), [["bm_tree", 6, 7, null]]);
    const entries = tarUnpack(readFileSync(join(out, "tree/tasks.tar")));
    assert.deepEqual(entries.map((e) => [e.path, e.mode & 0o777, e.data.toString()]), FOLDER.map((f) => [f.path, f.mode === "100755" ? 0o755 : 0o644, f.text]));
    const again = await run(["data", "pull", "bm_tree", "--out", out, "--json"]);
    assert.deepEqual(JSON.parse(again.out).pulled.map((r) => r.fetched), [0]);
  });

  test("refuses a file whose git blob id is not the listing's, naming its URL, and writes nothing (exit 1)", async () => {
    for (const f of FOLDER) files.set(`/bad/raw/${f.path}`, f.path === "a/sub/x" ? "X" : f.text);
    sources.set("bm_tree_tampered", treeSource("bm_tree_tampered", "bad"));
    const out = join(dir, "t2");
    const r = await run(["data", "pull", "bm_tree_tampered", "--out", out]);
    assert.equal(r.code, EXIT.CHECK_FAILED);
    assert.match(r.err, new RegExp(`bm_tree_tampered: ${base}/bad/raw/a/sub/x does not match the pinned folder: its git blob id is [0-9a-f]{40}, the listing gives c1b0730e0133447badcfd47fd144e254807b06e1; nothing written`));
    assert.equal(existsSync(join(out, "tree/tasks.tar")), false);
  });

  test("pulls a folder beside pinned files (SWE-bench Pro's scripts beside its parquet): both written, counted together", async () => {
    for (const f of FOLDER) files.set(`/both/raw/${f.path}`, f.text);
    const data = '{"q":"one"}\n';
    files.set("/up/both.jsonl", data);
    const file = { path: "both/data.jsonl", url: `${base}/up/both.jsonl`, sha256: sha(data), bytes: data.length, format: "jsonl", member: null };
    sources.set("bm_both", () => ({ ...treeSource("bm_both", "both")(), files: [file] }));
    const out = join(dir, "t5");
    const r = await run(["data", "pull", "bm_both", "--out", out, "--json"]);
    assert.equal(r.code, EXIT.OK, r.err);
    assert.deepEqual(JSON.parse(r.out).pulled.map((p) => [p.benchmark, p.files, p.fetched, p.error]), [["bm_both", 7, 8, null]]);
    assert.equal(readFileSync(join(out, "both/data.jsonl"), "utf8"), data);
    assert.equal(tarUnpack(readFileSync(join(out, "tree/tasks.tar"))).length, FOLDER.length);
    // A file that does not match refuses it, though the folder was good.
    sources.set("bm_both_bad", () => ({ ...treeSource("bm_both_bad", "both")(), files: [{ ...file, sha256: sha("other") }] }));
    const bad = await run(["data", "pull", "bm_both_bad", "--out", join(dir, "t6")]);
    assert.equal(bad.code, EXIT.CHECK_FAILED);
    assert.equal(existsSync(join(dir, "t6", "both/data.jsonl")), false);
  });

  test("takes another mirror's archive with --from only when its files rebuild the tree id", async () => {
    const archive = (x) => tarPack(FOLDER.map((f) => ({ path: f.path, data: f.path === "a/sub/x" ? x : f.text, mode: f.mode === "100755" ? 0o755 : 0o644 })));
    files.set("/m/tree/tasks.tar", archive("x"));
    files.set("/n/tree/tasks.tar", archive("X"));
    sources.set("bm_tree", treeSource("bm_tree", "tree"));
    const good = await run(["data", "pull", "bm_tree", "--out", join(dir, "t3"), "--from", `${base}/m`, "--json"]);
    assert.equal(good.code, EXIT.OK, good.err);
    assert.deepEqual(readFileSync(join(dir, "t3", "tree/tasks.tar")), files.get("/m/tree/tasks.tar"));
    const bad = await run(["data", "pull", "bm_tree", "--out", join(dir, "t4"), "--from", `${base}/n`]);
    assert.equal(bad.code, EXIT.CHECK_FAILED);
    assert.match(bad.err, new RegExp(`${base}/n/tree/tasks.tar is not the pinned folder: its files do not rebuild the tree ${TREE}; nothing written`));
    assert.equal(existsSync(join(dir, "t4", "tree/tasks.tar")), false);
  });
});
