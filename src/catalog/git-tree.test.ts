// Git object ids recomputed (src/catalog/git-tree.ts) against ids git
// itself printed (`git hash-object`, `git write-tree`, `git ls-tree -r -t`
// of a small folder), so the order git sorts a folder's entries in ("a-b",
// "a.b", then the folder "a" as "a/", then "a0"), executable modes and
// nesting are each held to git's answer; and a listing that contradicts
// itself refused naming the path.
import { describe, expect, it } from "vitest";
import { GitTreeError, gitBlobId, gitTreeIdOf, listingOfFiles, type GitTreeEntry } from "./git-tree";

const enc = new TextEncoder();

/** `git ls-tree -r -t -l` of the folder below, as git wrote it; its root tree is ROOT. */
const LISTING: GitTreeEntry[] = [
  { path: "a-b", mode: "100644", type: "blob", sha: "975fbec8256d3e8a3797e7a3611380f27c49f4ac" },
  { path: "a.b", mode: "100644", type: "blob", sha: "ce013625030ba8dba906f756967f9e9ca394464a" },
  { path: "a", mode: "040000", type: "tree", sha: "4866f32714682efd781202b6fa522110570ee95a" },
  { path: "a/run.sh", mode: "100755", type: "blob", sha: "4163036efa65bd4a469e752267498f01ea36a55c" },
  { path: "a/sub", mode: "040000", type: "tree", sha: "f115c6d5cfb15ca1a72429900dcaca0fd1057951" },
  { path: "a/sub/x", mode: "100644", type: "blob", sha: "c1b0730e0133447badcfd47fd144e254807b06e1" },
  { path: "a0", mode: "100644", type: "blob", sha: "fa7af8bf5fdd704f73beb3adc5612682a98e1af5" },
  { path: "empty", mode: "100644", type: "blob", sha: "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391" },
];
const ROOT = "446d18f04a6760b9ce7e65b743c2a6a3619fc274";

/** The folder's files: what `git add -A` hashed into LISTING. */
const FILES = [
  { path: "a/sub/x", executable: false, bytes: enc.encode("x") },
  { path: "a0", executable: false, bytes: enc.encode("z") },
  { path: "a.b", executable: false, bytes: enc.encode("hello\n") },
  { path: "a/run.sh", executable: true, bytes: enc.encode("#!/bin/sh\necho hi\n") },
  { path: "empty", executable: false, bytes: new Uint8Array() },
  { path: "a-b", executable: false, bytes: enc.encode("y\n") },
];

describe("git object ids", () => {
  it("a blob id is git hash-object's", async () => {
    expect(await gitBlobId(new Uint8Array())).toBe("e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
    expect(await gitBlobId(enc.encode("what is up, doc?"))).toBe("bd9dbf5aae1a3862dd1526723246b20206e5fc37");
  });

  it("the empty folder is git's empty tree", async () => {
    expect(await gitTreeIdOf([])).toBe("4b825dc642cb6eb9a060e54bf8d69288fbee4904");
  });

  it("a recursive listing rebuilds git's root tree id, in any order, with or without its folders listed", async () => {
    expect(await gitTreeIdOf(LISTING)).toBe(ROOT);
    expect(await gitTreeIdOf([...LISTING].reverse())).toBe(ROOT);
    expect(await gitTreeIdOf(LISTING.filter((e) => e.type === "blob"))).toBe(ROOT);
    // GitHub's API writes a folder's mode unpadded.
    expect(await gitTreeIdOf(LISTING.map((e) => (e.type === "tree" ? { ...e, mode: "40000" as const } : e)))).toBe(ROOT);
  });

  it("the files of an archive of the folder rebuild the same id", async () => {
    const listing = await listingOfFiles(FILES);
    expect(await gitTreeIdOf(listing)).toBe(ROOT);
    expect(listing.find((e) => e.path === "a/run.sh")).toMatchObject({ mode: "100755", sha: "4163036efa65bd4a469e752267498f01ea36a55c", size: 18 });
  });

  it("one changed byte, mode or name changes the root", async () => {
    const other = async (change: (f: (typeof FILES)[number]) => (typeof FILES)[number]) => gitTreeIdOf(await listingOfFiles(FILES.map((f) => (f.path === "a/sub/x" ? change(f) : f))));
    expect(await other((f) => ({ ...f, bytes: enc.encode("X") }))).not.toBe(ROOT);
    expect(await other((f) => ({ ...f, executable: true }))).not.toBe(ROOT);
    expect(await other((f) => ({ ...f, path: "a/sub/y" }))).not.toBe(ROOT);
  });

  it("refuses a listing that contradicts itself, naming the path", async () => {
    const refused = (entries: GitTreeEntry[]) => gitTreeIdOf(entries).then(
      () => "accepted",
      (e: unknown) => (e instanceof GitTreeError ? e.message : `threw ${String(e)}`),
    );
    const wrongFolder = LISTING.map((e) => (e.path === "a/sub" ? { ...e, sha: "0".repeat(40) } : e));
    expect(await refused(wrongFolder)).toBe(`the listing gives the folder 'a/sub' the tree id ${"0".repeat(40)}, but its entries hash to f115c6d5cfb15ca1a72429900dcaca0fd1057951`);
    expect(await refused([...LISTING, LISTING[0]!])).toBe("the listing names 'a-b' twice");
    expect(await refused([...LISTING, { path: "a0/inner", mode: "100644", type: "blob", sha: "0".repeat(40) }])).toBe("the listing puts 'a0/inner' below 'a0', which it lists as a blob");
    expect(await refused([{ path: "a/../etc", mode: "100644", type: "blob", sha: "0".repeat(40) }])).toBe("the listing names 'a/../etc', which is not a path git can hold");
    expect(await refused([{ path: "x", mode: "100644", type: "tree", sha: "0".repeat(40) }])).toBe("the listing gives 'x' the mode 100644 and the type tree, which do not go together");
  });
});
