// Pulling a built-in's pinned data into a mirror directory ahead of time
// (`assay data pull`): every file the pin names, fetched from its upstream
// URL (or another mirror), checked against its sha256, or as a set against
// the listing digest, and an image set found from its data file's rows;
// written under the mirror paths ASSAY_DATASET_BASE_URL serves them at; a
// folder pinned by its git tree id (Terminal-Bench 2.0's tasks) is fetched
// file by file, checked against the tree id, and written as one tar archive
// (the Worker then loads it in one request). A file already there with the
// right digest is kept. Nothing is written for a file that fails its check.
// I/O: the fetch and the directory given.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";
import { gunzipSync } from "node:zlib";
import { tarPack, tarUnpack } from "../environments/tar.mjs";
import { blobId, treeId } from "./git-tree.mjs";

const TRIES = 3;
const HINT = "The network may be unreachable; pull from another machine, or from a mirror with --from.";

const sha256 = (/** @type {Uint8Array} */ b) => createHash("sha256").update(b).digest("hex");
const md5 = (/** @type {Uint8Array} */ b) => createHash("md5").update(b).digest("hex");

/** Why a pull failed, in words naming the file and URL. */
export class PullError extends Error {}

/**
 * The listing a set of files is pinned by: "<sha256> <path>\n" per file, sorted by path (src/catalog/listing.ts).
 * @param {Map<string, string>} digests
 */
export function setListing(digests) {
  return [...digests.keys()]
    .sort()
    .map((p) => `${digests.get(p)} ${p}\n`)
    .join("");
}

/**
 * @param {string} url
 * @param {typeof fetch} fetchImpl
 * @param {number} [delayMs]
 */
async function download(url, fetchImpl, delayMs = 500, headers = undefined) {
  let last = "";
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    if (attempt > 1) await new Promise((r) => setTimeout(r, delayMs * (attempt - 1)));
    try {
      const res = await fetchImpl(url, { redirect: "follow", ...(headers ? { headers } : {}) });
      if (res.ok) return new Uint8Array(await res.arrayBuffer());
      await res.body?.cancel();
      last = `HTTP ${res.status}`;
      if (res.status !== 429 && res.status < 500) break;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
  }
  throw new PullError(`could not fetch ${url} (${last}). ${HINT}`);
}

/** The mirror path under `out`, refusing a path that would leave it. */
function target(out, path) {
  const root = resolve(out);
  const file = resolve(root, path);
  if (!file.startsWith(root + sep)) throw new PullError(`the pinned path ${path} leaves the mirror directory`);
  return file;
}

function write(file, bytes) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.part`, bytes);
  renameSync(`${file}.part`, file);
}

/**
 * The digest a file is pinned by: its sha256, else the md5 its publisher states (VLMEvalKit's tables); null when pinned only as a set.
 * @param {{sha256: string | null, md5?: string | null}} f
 */
function pinOf(f) {
  if (f.sha256 !== null) return { name: "sha256", hex: f.sha256, of: sha256 };
  if (f.md5) return { name: "md5", hex: f.md5, of: md5 };
  return null;
}

/** The bytes at `file` when it is there with the pinned digest, else null. */
function kept(file, pin) {
  if (!existsSync(file)) return null;
  const bytes = new Uint8Array(readFileSync(file));
  return pin === null || pin.of(bytes) === pin.hex ? bytes : null;
}

/**
 * The image paths a data file's rows name in `column` (JSON Lines, gzip or not), in first-seen order.
 * @param {Uint8Array} bytes
 * @param {string} format
 * @param {string} column
 */
export function imagePaths(bytes, format, column) {
  if (format !== "jsonl" && format !== "jsonl.gz") throw new PullError(`images are listed only from JSON Lines data, not ${format}`);
  const text = new TextDecoder().decode(format === "jsonl.gz" ? gunzipSync(bytes) : bytes);
  const seen = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const v = JSON.parse(line)[column];
    if (typeof v === "string" && !seen.includes(v)) seen.push(v);
  }
  return seen;
}

/** Files in flight at once when a folder is fetched file by file. */
const FOLDER_CONCURRENCY = 8;

/**
 * The files of an archive of a pinned folder, or null when it is absent or does not rebuild the tree id.
 * @param {Uint8Array} bytes
 * @param {string} tree
 */
function archiveFiles(bytes, tree) {
  let entries;
  try {
    entries = tarUnpack(Buffer.from(bytes)).filter((e) => e.type === "file");
  } catch {
    return null;
  }
  const listing = entries.map((e) => ({ path: e.path, mode: e.mode & 0o111 ? "100755" : "100644", sha: blobId(e.data) }));
  return treeId(listing) === tree ? entries : null;
}

/**
 * A folder pinned by its git tree id, as one tar archive at its mirror path: from another mirror's archive
 * (--from), else GitHub's listing and each file, every one checked against the tree id before anything is written.
 * @param {any} source
 * @param {{out: string, base?: string, fetchImpl: typeof fetch, retryDelayMs?: number}} opts
 */
async function pullGitTree(source, { out, base, fetchImpl, retryDelayMs }) {
  const pin = source.git_tree;
  const file = target(out, pin.archive_path);
  const have = existsSync(file) ? new Uint8Array(readFileSync(file)) : null;
  if (have && archiveFiles(have, pin.tree)) return { files: pin.files, bytes: have.byteLength, fetched: 0 };
  if (base !== undefined) {
    const url = `${base}/${pin.archive_path}`;
    const bytes = await download(url, fetchImpl, retryDelayMs);
    if (!archiveFiles(bytes, pin.tree)) throw new PullError(`${url} is not the pinned folder: its files do not rebuild the tree ${pin.tree}; nothing written`);
    write(file, bytes);
    return { files: pin.files, bytes: bytes.byteLength, fetched: 1 };
  }
  const text = new TextDecoder().decode(await download(pin.listing_url, fetchImpl, retryDelayMs, { accept: "application/vnd.github+json", "user-agent": "assay-data-pull" }));
  let listing;
  try {
    listing = JSON.parse(text);
  } catch {
    throw new PullError(`${pin.listing_url} is not a git trees listing; nothing written`);
  }
  if (!Array.isArray(listing?.tree) || listing.truncated) throw new PullError(`${pin.listing_url} is not a whole git trees listing; nothing written`);
  const blobs = listing.tree.filter((e) => e.type !== "tree");
  if (treeId(blobs) !== pin.tree) throw new PullError(`${pin.listing_url} does not rebuild the pinned tree ${pin.tree}; nothing written`);
  const other = blobs.find((e) => e.type !== "blob" || e.mode === "120000");
  if (other) throw new PullError(`${other.path} is a link or a submodule, which a pinned folder cannot carry; nothing written`);
  /** @type {{path: string, data: Buffer, mode: number}[]} */
  const files = [];
  let next = 0;
  const worker = async () => {
    while (next < blobs.length) {
      const e = blobs[next++];
      const url = pin.raw_url_prefix + e.path.split("/").map(encodeURIComponent).join("/");
      const bytes = await download(url, fetchImpl, retryDelayMs);
      if (blobId(bytes) !== e.sha) throw new PullError(`${url} does not match the pinned folder: its git blob id is ${blobId(bytes)}, the listing gives ${e.sha}; nothing written`);
      files.push({ path: e.path, data: Buffer.from(bytes), mode: e.mode === "100755" ? 0o755 : 0o644 });
    }
  };
  await Promise.all(Array.from({ length: Math.min(FOLDER_CONCURRENCY, blobs.length) }, worker));
  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  const archive = tarPack(files);
  write(file, archive);
  return { files: files.length, bytes: archive.byteLength, fetched: 1 + files.length };
}

/**
 * Pulls one pinned source (GET /api/benchmarks/{id}/source) into `out`.
 * @param {any} source
 * @param {{out: string, from?: string, fetchImpl?: typeof fetch, retryDelayMs?: number}} opts
 * @returns {Promise<{files: number, bytes: number, fetched: number}>}
 */
export async function pullSource(source, { out, from, fetchImpl = fetch, retryDelayMs }) {
  const base = from?.replace(/\/+$/, "");
  const tree = source.git_tree ? await pullGitTree(source, { out, base, fetchImpl, retryDelayMs }) : null;
  if (tree && source.files.length === 0) return tree;
  // A folder beside files (SWE-bench Pro's run scripts beside its parquet): both are the source, counted together.
  const own = await pullFiles(source, { out, base, fetchImpl, retryDelayMs });
  return tree ? { files: own.files + tree.files, bytes: own.bytes + tree.bytes, fetched: own.fetched + tree.fetched } : own;
}

/**
 * The pinned files of a source (and the images its rows name), each checked before it is written.
 * @param {any} source
 * @param {{out: string, base?: string, fetchImpl: typeof fetch, retryDelayMs?: number}} opts
 */
async function pullFiles(source, { out, base, fetchImpl, retryDelayMs }) {
  const urlOf = (path, upstream) => (base === undefined ? upstream : `${base}/${path}`);
  let bytesTotal = 0;
  let fetched = 0;
  /** @type {Map<string, string>} */
  const digests = new Map();
  /** @type {{file: string, bytes: Uint8Array}[]} */
  const pending = [];
  /** @type {Map<string, Uint8Array>} */
  const byPath = new Map();
  for (const f of source.files) {
    const file = target(out, f.path);
    const pin = pinOf(f);
    // A file with no stated digest, published only inside an archive (BIRD's minidev.zip): unpacked by hand, or copied from a mirror that holds it.
    if (pin === null && source.listing_sha256 === null && base === undefined && !existsSync(file)) {
      throw new PullError(`${f.path} has no digest its publisher states and comes only inside ${f.url.replace(/#.*$/, "")}; unpack that archive into ${out} as the benchmark's page says, or pull from a mirror that holds it with --from`);
    }
    let bytes = kept(file, pin);
    const url = urlOf(f.path, f.url);
    if (bytes === null || pin === null) {
      bytes = bytes ?? (fetched++, await download(url, fetchImpl, retryDelayMs));
      const digest = sha256(bytes);
      if (pin !== null && pin.of(bytes) !== pin.hex) throw new PullError(`${url} does not match its pin: ${pin.name} ${pin.of(bytes)} (${bytes.byteLength} bytes), expected ${pin.hex}; nothing written for it`);
      digests.set(f.path, digest);
      pending.push({ file, bytes });
    }
    byPath.set(f.path, bytes);
    bytesTotal += bytes.byteLength;
  }
  // Files pinned as a set are written only when the whole set matches.
  if (source.listing_sha256 !== null) {
    const listing = sha256(new TextEncoder().encode(setListing(digests)));
    if (listing !== source.listing_sha256) throw new PullError(`the ${source.files.length} files of ${source.repository}@${source.commit} do not match their pinned set (listing sha256 ${listing}, expected ${source.listing_sha256}); nothing written`);
  }
  for (const p of pending) write(p.file, p.bytes);
  const images = source.images;
  if (images) {
    const data = source.files.find((f) => f.format === "jsonl" || f.format === "jsonl.gz");
    if (!data) throw new PullError(`${source.benchmark_id}'s images cannot be listed: no JSON Lines data file`);
    const paths = imagePaths(byPath.get(data.path), data.format, images.column);
    /** @type {Map<string, string>} */
    const imageDigests = new Map();
    /** @type {{file: string, bytes: Uint8Array}[]} */
    const imageFiles = [];
    let imageBytes = 0;
    for (const path of paths) {
      const file = target(out, `${images.path_prefix}${path}`);
      let bytes = kept(file, null);
      if (bytes === null) {
        bytes = await download(urlOf(`${images.path_prefix}${path}`, `${images.url_prefix}${path}`), fetchImpl, retryDelayMs);
        fetched++;
        imageFiles.push({ file, bytes });
      }
      imageDigests.set(path, sha256(bytes));
      imageBytes += bytes.byteLength;
    }
    const listing = sha256(new TextEncoder().encode(setListing(imageDigests)));
    if (paths.length !== images.count || listing !== images.listing_sha256) {
      throw new PullError(`the ${paths.length} images of ${source.benchmark_id} do not match their pinned set (listing sha256 ${listing}, expected ${images.listing_sha256}); nothing written for them`);
    }
    for (const f of imageFiles) write(f.file, f.bytes);
    bytesTotal += imageBytes;
    return { files: source.files.length + paths.length, bytes: bytesTotal, fetched };
  }
  return { files: source.files.length, bytes: bytesTotal, fetched };
}
