// The CLI's git object ids (cli/git-tree.mjs), which `assay data pull`
// checks a pinned folder with, against ids git itself printed for a small
// folder (`git hash-object`, `git write-tree`): git's entry order ("a-b",
// "a.b", the folder "a" as "a/", "a0"), an executable mode, nesting. The
// Worker's copy of the rule is held to the same ids (src/catalog/git-tree.test.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { blobId, treeId } from "./git-tree.mjs";

const FILES = [
  { path: "a-b", mode: "100644", sha: "975fbec8256d3e8a3797e7a3611380f27c49f4ac" },
  { path: "a.b", mode: "100644", sha: "ce013625030ba8dba906f756967f9e9ca394464a" },
  { path: "a/run.sh", mode: "100755", sha: "4163036efa65bd4a469e752267498f01ea36a55c" },
  { path: "a/sub/x", mode: "100644", sha: "c1b0730e0133447badcfd47fd144e254807b06e1" },
  { path: "a0", mode: "100644", sha: "fa7af8bf5fdd704f73beb3adc5612682a98e1af5" },
  { path: "empty", mode: "100644", sha: "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391" },
];

test("a blob id is git hash-object's", () => {
  assert.equal(blobId(new Uint8Array()), "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
  assert.equal(blobId(Buffer.from("what is up, doc?")), "bd9dbf5aae1a3862dd1526723246b20206e5fc37");
  assert.equal(blobId(Buffer.from("#!/bin/sh\necho hi\n")), "4163036efa65bd4a469e752267498f01ea36a55c");
});

test("a folder's files rebuild git's tree id in any order; the empty folder is git's empty tree", () => {
  assert.equal(treeId(FILES), "446d18f04a6760b9ce7e65b743c2a6a3619fc274");
  assert.equal(treeId([...FILES].reverse()), "446d18f04a6760b9ce7e65b743c2a6a3619fc274");
  assert.equal(treeId([]), "4b825dc642cb6eb9a060e54bf8d69288fbee4904");
  assert.notEqual(treeId(FILES.map((f) => (f.path === "a/sub/x" ? { ...f, mode: "100755" } : f))), "446d18f04a6760b9ce7e65b743c2a6a3619fc274");
});
