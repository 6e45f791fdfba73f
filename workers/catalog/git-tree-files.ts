/**
 * The files of a pinned git folder (PinnedGitTree: Terminal-Bench 2.0's
 * tasks), each trusted only as far as the pinned tree id commits to it:
 *
 * - upstream: GitHub's recursive listing of the tree (one request), whose
 *   entries must rebuild the pinned tree id (src/catalog/git-tree.ts), then
 *   every file from raw.githubusercontent.com at the commit (one request
 *   each, a few at a time), each refused unless its bytes hash to the blob
 *   id the listing gave;
 * - from a dataset mirror: one tar archive of the folder (`assay data
 *   pull` writes it), its files' modes and bytes rebuilding the tree id.
 *
 * What loading costs a Worker: upstream, 1 + (files) subrequests (860 for
 * Terminal-Bench 2.0's 859 files), under the 1,000 of a paid plan; from a
 * mirror, 1. Any difference refuses the whole folder, naming the path.
 * I/O: the fetch passed in.
 */
import { GitTreeError, GitTreeListing, gitBlobId, gitTreeIdOf, listingOfFiles, type GitTreeEntry } from "../../src/catalog/git-tree";
import { readTar, TarError } from "../../src/catalog/tar";
import type { LoadedFile, PinnedGitTree } from "../../src/catalog/types";

/** Fetches in flight at once: a Worker holds six connections open. */
const FETCH_CONCURRENCY = 6;

/** GitHub's API answers 403 to a request without a User-Agent. */
const LISTING_HEADERS = { accept: "application/vnd.github+json", "user-agent": "assay-dataset-loader" };

export interface GitTreeIo {
  /** One URL's bytes, with the caller's retries, size limit and wording when it cannot be had. */
  bytes: (url: string, headers?: Record<string, string>) => Promise<Uint8Array>;
  /** Wraps a refusal in the caller's error type. */
  refuse: (message: string) => Error;
}

export interface GitTreeFiles {
  files: LoadedFile[];
  /** Where they came from: the listing's URL, or the mirror's archive. */
  from: string;
  /** Requests made. */
  requests: number;
}

/** A path within the folder as a URL path: each segment escaped. */
const urlPath = (path: string) => path.split("/").map(encodeURIComponent).join("/");

function loaded(path: string, url: string, bytes: Uint8Array): LoadedFile {
  return { file: { path, url, format: "blob", bytes: bytes.byteLength }, bytes };
}

async function checkedRoot(entries: readonly GitTreeEntry[], pin: PinnedGitTree, what: string, refuse: GitTreeIo["refuse"]): Promise<void> {
  let root: string;
  try {
    root = await gitTreeIdOf(entries);
  } catch (err) {
    if (err instanceof GitTreeError) throw refuse(`${what}: ${err.message}; refusing it`);
    throw err;
  }
  if (root !== pin.tree) throw refuse(`${what} does not match the pinned folder: its entries hash to the tree ${root}, expected ${pin.tree}; refusing it`);
}

/** The folder from GitHub: the listing checked against the tree id, then each file against its blob id. */
async function fromUpstream(pin: PinnedGitTree, io: GitTreeIo): Promise<GitTreeFiles> {
  const text = new TextDecoder().decode(await io.bytes(pin.listing_url, LISTING_HEADERS));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  const parsed = GitTreeListing.safeParse(json);
  if (!parsed.success) throw io.refuse(`${pin.listing_url} is not a git trees listing (${parsed.error.issues[0]?.path.join(".") || "body"}: ${parsed.error.issues[0]?.message}); refusing it`);
  const listing = parsed.data;
  if (listing.truncated) throw io.refuse(`${pin.listing_url} is truncated (GitHub lists at most 100,000 entries); the folder cannot be checked whole`);
  await checkedRoot(listing.tree, pin, `the listing ${pin.listing_url}`, io.refuse);
  for (const e of listing.tree) {
    if (e.mode === "120000" || e.type === "commit") throw io.refuse(`${e.path} is a ${e.type === "commit" ? "submodule" : "symbolic link"}, which a task's files cannot carry; refusing the folder`);
  }
  const blobs = listing.tree.filter((e) => e.type === "blob").sort((a, b) => (a.path < b.path ? -1 : 1));
  const out = new Array<LoadedFile>(blobs.length);
  let next = 0;
  const worker = async () => {
    while (next < blobs.length) {
      const i = next++;
      const e = blobs[i]!;
      const url = pin.raw_url_prefix + urlPath(e.path);
      const bytes = await io.bytes(url);
      const id = await gitBlobId(bytes);
      if (id !== e.sha) throw io.refuse(`${url} does not match the pinned folder: its git blob id is ${id} (${bytes.byteLength} bytes), the listing gives ${e.sha}; refusing the folder`);
      out[i] = loaded(e.path, url, bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, blobs.length) }, worker));
  return { files: out, from: pin.listing_url, requests: 1 + blobs.length };
}

/** The folder from a mirror's archive, its files rebuilding the tree id. */
async function fromArchive(pin: PinnedGitTree, base: string, io: GitTreeIo): Promise<GitTreeFiles> {
  const url = `${base}/${pin.archive_path}`;
  let tar;
  try {
    tar = readTar(await io.bytes(url));
  } catch (err) {
    if (err instanceof TarError) throw io.refuse(`${url} does not read as a tar archive: ${err.message}; refusing it`);
    throw err;
  }
  await checkedRoot(await listingOfFiles(tar), pin, `the archive ${url}`, io.refuse);
  const files = tar.map((f) => loaded(f.path, `${url}#${f.path}`, f.bytes)).sort((a, b) => (a.file.path < b.file.path ? -1 : 1));
  return { files, from: url, requests: 1 };
}

/** The folder's files, sorted by path, from the mirror when one is set (`base`), else upstream. */
export function fetchGitTreeFiles(pin: PinnedGitTree, base: string | undefined, io: GitTreeIo): Promise<GitTreeFiles> {
  return base === undefined ? fromUpstream(pin, io) : fromArchive(pin, base, io);
}
