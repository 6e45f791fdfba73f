/**
 * Git's object ids, recomputed, so a folder of many files can be pinned by
 * the one digest its repository already states: the git tree id of the
 * folder at a commit (what `git rev-parse <commit>:<folder>` prints and
 * GitHub's git trees API returns). A tree id commits to every name, mode
 * and blob id below it, and a blob id to the file's bytes
 * (sha1("blob <size>\0" + bytes)); so a recursive listing is trusted only
 * when the tree objects rebuilt from it, bottom-up, hash to the pinned id,
 * and each file only when its bytes hash to the blob id the listing gave.
 *
 *   tree object: "tree <size>\0" + for each entry, sorted as git sorts
 *                (bytes of the name, a tree's with a trailing "/"):
 *                "<mode without leading zeros> <name>\0<20-byte id>"
 *
 * The listing is GitHub's recursive trees response (`tree`: path, mode,
 * type, sha), or the same entries made from an archive of the folder.
 * Pure apart from Web Crypto's SHA-1.
 */
import { z } from "zod";
import { toHex } from "../crypto/hash";
import type { PinnedGitTree } from "./types";

/** Why a listing or a file does not match its pin, in words naming the path. */
export class GitTreeError extends Error {}

const SHA1 = /^[0-9a-f]{40}$/;

/** One entry of a recursive listing, as GitHub's git trees API gives it. */
export const GitTreeEntry = z.object({
  path: z.string().min(1).max(4096),
  /** 100644 and 100755 files, 120000 symbolic links, 160000 submodules, 040000 folders (GitHub pads trees' mode). */
  mode: z.enum(["100644", "100755", "100664", "120000", "160000", "040000", "40000"]),
  type: z.enum(["blob", "tree", "commit"]),
  sha: z.string().regex(SHA1),
  size: z.number().int().nonnegative().optional(),
});
export type GitTreeEntry = z.infer<typeof GitTreeEntry>;

/** GitHub's `GET /repos/{owner}/{repo}/git/trees/{sha}?recursive=1` body (its url fields ignored). */
export const GitTreeListing = z.object({
  sha: z.string().regex(SHA1),
  tree: z.array(GitTreeEntry).max(100_000),
  truncated: z.boolean(),
});
export type GitTreeListing = z.infer<typeof GitTreeListing>;

const enc = new TextEncoder();

async function sha1Hex(parts: Uint8Array[]): Promise<string> {
  let n = 0;
  for (const p of parts) n += p.byteLength;
  const all = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.byteLength;
  }
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-1", all)));
}

/** The blob id of a file's bytes, as `git hash-object` computes it. */
export function gitBlobId(bytes: Uint8Array): Promise<string> {
  return sha1Hex([enc.encode(`blob ${bytes.byteLength}\0`), bytes]);
}

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Git's order of a tree's entries: by the bytes of the name, a folder's compared as if it ended in "/". */
function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

interface Child {
  name: string;
  mode: string;
  sha: string;
  tree: boolean;
}

/** The id of one tree object holding `children`. */
async function treeObjectId(children: Child[]): Promise<string> {
  const keyed = children.map((c) => ({ c, key: enc.encode(c.tree ? `${c.name}/` : c.name) }));
  keyed.sort((x, y) => compareBytes(x.key, y.key));
  const body: Uint8Array[] = [];
  for (const { c } of keyed) body.push(enc.encode(`${c.mode.replace(/^0+/, "")} ${c.name}\0`), hexBytes(c.sha));
  let size = 0;
  for (const b of body) size += b.byteLength;
  return sha1Hex([enc.encode(`tree ${size}\0`), ...body]);
}

const parentOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "");
const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/**
 * The id of the tree a recursive listing describes, rebuilt bottom-up from
 * its files (blobs, submodules) and folders. A folder the listing names
 * must hold what the listing puts in it; a listed folder id that differs
 * from the one rebuilt is refused here, naming it (the root check would
 * refuse it too, less helpfully). Throws GitTreeError on a malformed
 * listing: a repeated path, a path below a file, a name git cannot hold.
 */
export async function gitTreeIdOf(entries: readonly GitTreeEntry[]): Promise<string> {
  const kinds = new Map<string, GitTreeEntry>();
  for (const e of entries) {
    const parts = e.path.split("/");
    if (parts.some((p) => p === "" || p === "." || p === ".." || p.includes("\0"))) throw new GitTreeError(`the listing names '${e.path}', which is not a path git can hold`);
    if (kinds.has(e.path)) throw new GitTreeError(`the listing names '${e.path}' twice`);
    if ((e.type === "tree") !== (e.mode === "040000" || e.mode === "40000") || (e.type === "commit") !== (e.mode === "160000")) {
      throw new GitTreeError(`the listing gives '${e.path}' the mode ${e.mode} and the type ${e.type}, which do not go together`);
    }
    kinds.set(e.path, e);
  }
  // Every folder a path passes through is a tree; one listed as anything else is a contradiction.
  const children = new Map<string, Child[]>([["", []]]);
  for (const e of entries) {
    for (let dir = parentOf(e.path); ; dir = parentOf(dir)) {
      const listed = kinds.get(dir);
      if (dir !== "" && listed && listed.type !== "tree") throw new GitTreeError(`the listing puts '${e.path}' below '${dir}', which it lists as a ${listed.type}`);
      if (!children.has(dir)) children.set(dir, []);
      if (dir === "") break;
    }
    if (e.type === "tree" && !children.has(e.path)) children.set(e.path, []);
  }
  for (const e of entries) if (e.type !== "tree") children.get(parentOf(e.path))!.push({ name: nameOf(e.path), mode: e.mode, sha: e.sha, tree: false });
  // Deepest folders first, so each folder's subfolders are known when it is hashed.
  const dirs = [...children.keys()].sort((a, b) => b.split("/").length - a.split("/").length || (a < b ? -1 : 1));
  const ids = new Map<string, string>();
  for (const dir of dirs) {
    if (dir === "") continue;
    const id = await treeObjectId(children.get(dir)!);
    const listed = kinds.get(dir);
    if (listed && listed.sha !== id) throw new GitTreeError(`the listing gives the folder '${dir}' the tree id ${listed.sha}, but its entries hash to ${id}`);
    ids.set(dir, id);
    children.get(parentOf(dir))!.push({ name: nameOf(dir), mode: "40000", sha: id, tree: true });
  }
  return treeObjectId(children.get("")!);
}

/** The listing of files read from an archive of the folder (paths, git modes, blob ids); folders are implied by the paths. */
export async function listingOfFiles(files: readonly { path: string; executable: boolean; bytes: Uint8Array }[]): Promise<GitTreeEntry[]> {
  const out: GitTreeEntry[] = [];
  for (const f of files) out.push({ path: f.path, mode: f.executable ? "100755" : "100644", type: "blob", sha: await gitBlobId(f.bytes), size: f.bytes.byteLength });
  return out;
}

/**
 * Where a pinned folder comes from, as `owner/name@commit:folder`, read from
 * its raw URL prefix (GitHub's raw files at the commit); `data`'s own
 * repository and commit for a folder served elsewhere.
 */
export function gitTreeOrigin(pin: PinnedGitTree, data: { repository: string; commit: string }): string {
  const m = /^https:\/\/raw\.githubusercontent\.com\/([^/]+\/[^/]+)\/([0-9a-f]{40})\//.exec(pin.raw_url_prefix);
  return `${m ? `${m[1]}@${m[2]}` : `${data.repository}@${data.commit}`}:${pin.folder}`;
}

/** A pinned git folder on GitHub: its listing and raw URLs follow from the repository, commit, tree and folder. */
export function githubTreePin(repo: string, commit: string, pin: Omit<PinnedGitTree, "listing_url" | "raw_url_prefix">): PinnedGitTree {
  return {
    ...pin,
    listing_url: `https://api.github.com/repos/${repo}/git/trees/${pin.tree}?recursive=1`,
    raw_url_prefix: `https://raw.githubusercontent.com/${repo}/${commit}/${pin.folder}/`,
  };
}
