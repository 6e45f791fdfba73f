/**
 * Loading a built-in benchmark's data on first use: fetch its pinned
 * source files (from the dataset mirror when one is configured, else the
 * upstream raw URLs at their pinned commits), refuse any whose sha256 is
 * not the pinned one, normalise them into rows and import those as an
 * immutable global dataset revision (project_id NULL). Later calls find
 * that revision and fetch nothing. A benchmark whose data cannot be
 * obtained is an error a user can read, never an empty revision.
 *
 * The mirror base URL, in order: the `baseUrl` option (tests, operator
 * tools), then the ASSAY_DATASET_BASE_URL variable (npm start serves
 * ../shared/datasets on loopback and passes it), then none.
 * I/O: outbound fetch, the D1 handle and the R2 bucket of `env`.
 */
import { pinnedSourceOf } from "../../src/catalog";
import { gitTreeOrigin } from "../../src/catalog/git-tree";
import { setListing } from "../../src/catalog/listing";
import { openPinned } from "../../src/catalog/pinned-archive";
import { streamed, type EmbeddedLoader, type LineNormaliser, type LoadedFile, type Normaliser, type PinnedDataset, type SourceFile, type SqliteDatabasesLoader } from "../../src/catalog/types";
import { sha256Hex } from "../../src/crypto/hash";
import { setBuiltinRevision } from "../../src/db/benchmarks";
import type { Db } from "../../src/db/client";
import { findOwnRevision } from "../../src/db/datasets";
import type { BenchmarkRow, DatasetRevisionRow } from "../../src/db/schema";
import { MAX_UPLOAD_BYTES } from "../../src/datasets/limits";
import { AppError } from "../../src/domain/errors";
import { importRevision } from "../../src/storage/dataset-import";
import type { Env } from "../env";
import { importEmbedded } from "./embedded-images";
import { fetchGitTreeFiles } from "./git-tree-files";
import { fetchPinnedImages } from "./pinned-images";
import { importSqliteDatabases } from "./sqlite-databases";
import { importStreamed, StreamedDataError, type OpenFile } from "./streamed-data";
import { StreamRowError } from "../../src/storage/dataset-stream-import";

/** The Worker variables this module reads (ASSAY_DATASET_BASE_URL is optional). */
export type CatalogEnv = Pick<Env, "ARTIFACTS"> & { ASSAY_DATASET_BASE_URL?: string };

/** Why a built-in's data could not be had, in words for the run's error. */
export class BuiltinDataError extends Error {}

export interface EnsureOptions {
  /** Mirror to fetch from instead of ASSAY_DATASET_BASE_URL: `${baseUrl}/${file.path}`; null: the pinned upstream URLs even when a mirror is configured. */
  baseUrl?: string | null;
  /** The fetch to use (tests pass one serving altered bytes). */
  fetch?: typeof fetch;
  /**
   * The pinned source to load instead of the catalog's: the same paths,
   * loader, name and version with other digests (tests on a clone without
   * the real files pin the small ones they generate). Everything else,
   * fetching, checking, normalising and storing, is the same path.
   */
  data?: PinnedDataset;
}

/** Tries per file for failures that may pass (network errors, 5xx, 429). */
const FETCH_TRIES = 3;
const RETRY_DELAY_MS = 400;

function mirrorBase(env: CatalogEnv, opts: EnsureOptions): string | undefined {
  if (opts.baseUrl === null) return undefined;
  const base = opts.baseUrl ?? (env.ASSAY_DATASET_BASE_URL || undefined);
  if (base === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new BuiltinDataError(`the dataset mirror '${base}' (ASSAY_DATASET_BASE_URL) is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new BuiltinDataError(`the dataset mirror '${base}' (ASSAY_DATASET_BASE_URL) is not an http(s) URL`);
  }
  return base.replace(/\/+$/, "");
}

/** Where a file is fetched from: the mirror's copy, or the pinned upstream URL. */
export function sourceUrl(file: SourceFile, base: string | undefined): string {
  return base === undefined ? file.url : `${base}/${file.path}`;
}

/** What to do when a file cannot be had: the mirror's files come from `assay data pull`; upstream, a mirror stands in for an unreachable network. */
function unreachableHint(fromMirror: boolean): string {
  return fromMirror
    ? "The mirror may be down or lack the file: fill it with `assay data pull` (docs/cli.md) and serve it at ASSAY_DATASET_BASE_URL."
    : "The network may be unreachable; set ASSAY_DATASET_BASE_URL to a mirror (`assay data pull` fills one; docs/cli.md).";
}

/**
 * A failed fetch in words. workerd reports a connection it could not make
 * (no route, DNS, refused) as "internal error; reference = …", which reads
 * as Assay's own fault: say what it is, keeping the reference for the logs.
 */
function fetchFailure(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const ref = /^internal error(?:; reference = (\S+))?/.exec(message);
  return ref ? `no connection could be made${ref[1] ? `; workerd's reference ${ref[1]}` : ""}` : message;
}

/**
 * What `read` makes of the first ok response for the URL, tried again on
 * failures that may pass (network errors, 5xx, 429, a body that breaks off
 * while `read` consumes it); a BuiltinDataError from `read` is final.
 */
async function fetchRead<T>(url: string, doFetch: typeof fetch, fromMirror: boolean, read: (res: Response) => Promise<T>, headers?: Record<string, string>): Promise<T> {
  let last = "";
  for (let attempt = 1; attempt <= FETCH_TRIES; attempt++) {
    if (attempt > 1) await new Promise((r) => setTimeout(r, RETRY_DELAY_MS * (attempt - 1)));
    let res: Response;
    try {
      res = await doFetch(url, { redirect: "follow", ...(headers ? { headers } : {}) });
    } catch (err) {
      last = fetchFailure(err);
      continue;
    }
    if (res.ok) {
      try {
        return await read(res);
      } catch (err) {
        if (err instanceof BuiltinDataError) throw err;
        // The connection broke mid-body: a network failure like any other, tried again.
        last = `the download broke off: ${err instanceof Error ? err.message : String(err)}`;
        continue;
      }
    }
    await res.body?.cancel();
    last = `HTTP ${res.status}`;
    if (res.status !== 429 && res.status < 500) break;
  }
  throw new BuiltinDataError(`could not fetch ${url} (${last}). ${unreachableHint(fromMirror)}`);
}

/** A file's response body, after the same tries as fetchBytes, for a file read as a stream (its size is checked as it streams). */
function openBody(url: string, doFetch: typeof fetch, fromMirror: boolean): Promise<ReadableStream<Uint8Array>> {
  return fetchRead(url, doFetch, fromMirror, async (res) => {
    if (!res.body) throw new Error("the response has no body");
    return res.body;
  });
}

function fetchBytes(url: string, doFetch: typeof fetch, fromMirror: boolean, headers?: Record<string, string>): Promise<Uint8Array> {
  return fetchRead(
    url,
    doFetch,
    fromMirror,
    async (res) => {
      const length = Number(res.headers.get("content-length") ?? 0);
      if (length > MAX_UPLOAD_BYTES) {
        await res.body?.cancel();
        throw new BuiltinDataError(`${url} is ${length} bytes, more than the ${MAX_UPLOAD_BYTES} a dataset may hold`);
      }
      return new Uint8Array(await res.arrayBuffer());
    },
    headers,
  );
}

interface FetchedPinned {
  files: LoadedFile[];
  /** What the revision records of where its data came from (its `source`). */
  source: Record<string, unknown>;
}

/** Fetches every file of the dataset and checks each against its pinned sha256; a git folder's files, after them, against its tree id. */
async function fetchPinned(data: PinnedDataset, base: string | undefined, doFetch: typeof fetch): Promise<FetchedPinned> {
  const own = await fetchPinnedFiles(data, base, doFetch);
  if (!data.git_tree) return own;
  const pin = data.git_tree;
  const got = await fetchGitTreeFiles(pin, base, {
    bytes: (url, headers) => fetchBytes(url, doFetch, base !== undefined, headers),
    refuse: (m) => new BuiltinDataError(`${gitTreeOrigin(pin, data)}: ${m}`),
  });
  const tree = { folder: pin.folder, tree: pin.tree, files: got.files.length, from: got.from, requests: got.requests };
  // A folder alone (Terminal-Bench's tasks) records itself; beside files (SWE-bench Pro's scripts), also where it comes from.
  if (data.files.length === 0) return { files: got.files, source: { repository: data.repository, commit: data.commit, git_tree: tree } };
  return { files: [...own.files, ...got.files], source: { ...own.source, git_tree: { ...tree, origin: gitTreeOrigin(pin, data) } } };
}

/** The pinned files of the dataset, each checked against its sha256 (or all of them against the set's listing). */
async function fetchPinnedFiles(data: PinnedDataset, base: string | undefined, doFetch: typeof fetch): Promise<FetchedPinned> {
  const files: LoadedFile[] = [];
  const urls: string[] = [];
  const digests = new Map<string, string>();
  for (const file of data.files) {
    const url = sourceUrl(file, base);
    const bytes = await fetchBytes(url, doFetch, base !== undefined);
    const digest = await sha256Hex(bytes);
    digests.set(file.path, digest);
    if (file.sha256 === undefined && data.listing_sha256 === undefined) throw new BuiltinDataError(`${file.path} has no pinned sha256; refusing it`);
    if (file.sha256 !== undefined && digest !== file.sha256) {
      throw new BuiltinDataError(
        `${url} does not match the pinned data: its sha256 is ${digest} (${bytes.byteLength} bytes), ` +
          `expected ${file.sha256} (${file.bytes} bytes, ${data.repository}@${data.commit}); refusing it`,
      );
    }
    files.push({ file, bytes });
    urls.push(url);
  }
  if (data.listing_sha256 !== undefined) {
    const listing = await sha256Hex(new TextEncoder().encode(setListing(digests)));
    if (listing !== data.listing_sha256) {
      throw new BuiltinDataError(
        `the ${data.files.length} files of ${data.repository}@${data.commit} do not match the pinned set: their listing's sha256 is ${listing}, ` +
          `expected ${data.listing_sha256}; refusing them`,
      );
    }
  }
  const source = {
    repository: data.repository,
    commit: data.commit,
    files: data.files.map((f, i) => ({ path: f.path, url: urls[i], sha256: f.sha256 ?? digests.get(f.path) })),
    ...(data.images ? { images: { count: data.images.count, listing_sha256: data.images.listing_sha256, from: base === undefined ? data.images.url_prefix : `${base}/${data.images.path_prefix}` } } : {}),
  };
  return { files, source };
}

/** Normalises and imports the fetched files as the global revision `name@version`. */
async function importPinned(
  db: Db,
  env: CatalogEnv,
  name: string,
  data: PinnedDataset,
  normalise: Normaliser,
  { files, source: sourceOf }: FetchedPinned,
  base: string | undefined,
  doFetch: typeof fetch,
) {
  let rows;
  try {
    rows = await normalise(await Promise.all(files.map(openPinned)));
  } catch (err) {
    throw new BuiltinDataError(`the pinned data of ${name} could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  // Images the rows name (MATH-Vision): fetched, checked as a pinned set and stored with the revision.
  const images = data.images
    ? await fetchPinnedImages(rows, data.images, base, (url) => fetchBytes(url, doFetch, base !== undefined), (m) => new BuiltinDataError(`the images of ${name}: ${m}`))
    : undefined;
  if (images) rows = images.rows;
  const bytes = new TextEncoder().encode(rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const source = JSON.stringify(sourceOf);
  try {
    const { revision } = await importRevision(db, env.ARTIFACTS, { projectId: null, name: data.name, version: data.version, format: "jsonl", bytes, source, ...(images ? { files: images.files } : {}) });
    return revision;
  } catch (err) {
    // A 409 here means the stored name@version holds other rows: the normaliser changed without a version bump.
    if (err instanceof AppError) throw new BuiltinDataError(`the data of ${name} could not be stored: ${err.message}`);
    throw err;
  }
}

/** Remembers the revision on the built-in's row, so later plans find it by id. */
async function recordRevision(db: Db, bm: BenchmarkRow, revisionId: string): Promise<void> {
  if (bm.datasetRevisionId === revisionId) return;
  await setBuiltinRevision(db, bm.id, revisionId);
}

/**
 * The dataset revision of a built-in benchmark, loaded from its pinned
 * source the first time it is needed. Undefined when `bm` is not one of
 * the catalog's built-ins (a custom benchmark, or a built-in row the
 * catalog does not define), so callers fall back to the benchmark's own
 * dataset ref. Throws BuiltinDataError, with a reason a user can act on,
 * when the benchmark has no loadable data or its source cannot be fetched,
 * does not match its pinned digest, or does not parse.
 */
export async function ensureBuiltinRevision(env: CatalogEnv, db: Db, bm: BenchmarkRow, opts: EnsureOptions = {}): Promise<DatasetRevisionRow | undefined> {
  if (bm.projectId !== null) return undefined;
  const pinned = pinnedSourceOf(bm.id);
  if (!pinned) {
    // A catalog entry states why it has no loadable data; a global row the catalog does not define is not ours to load.
    const detail = (bm.catalog as { status_detail?: unknown } | null)?.status_detail;
    if (typeof detail !== "string") return undefined;
    throw new BuiltinDataError(`${bm.name} cannot run on this deployment yet. ${detail}`);
  }
  const data = opts.data ?? pinned.data;

  const revision = await ensurePinnedRevision(env, db, data, pinned.normalise, opts, bm.name);
  await recordRevision(db, bm, revision.id);
  return revision;
}

/**
 * The global revision of a pinned dataset, loaded the first time it is
 * needed (also for data no built-in benchmark runs, such as the SWE-bench
 * instances an import grades against). `label` names it in errors.
 */
export async function ensurePinnedRevision(
  env: CatalogEnv,
  db: Db,
  data: PinnedDataset,
  normalise: Normaliser | LineNormaliser | EmbeddedLoader | SqliteDatabasesLoader,
  opts: EnsureOptions = {},
  label = data.name,
): Promise<DatasetRevisionRow> {
  const existing = await findOwnRevision(db, null, data.name, data.version);
  if (existing) return existing;
  const base = mirrorBase(env, opts);
  if (streamed(normalise)) {
    const doFetch = opts.fetch ?? fetch;
    const open: OpenFile = async (file) => {
      const url = sourceUrl(file, base);
      return { url, body: await openBody(url, doFetch, base !== undefined) };
    };
    try {
      return await importStreamed(db, env.ARTIFACTS, data, normalise, open);
    } catch (err) {
      if (err instanceof StreamedDataError || err instanceof StreamRowError) throw new BuiltinDataError(`the pinned data of ${label} could not be read: ${err.message}`);
      throw err;
    }
  }
  if (typeof normalise !== "function") {
    // Images inside the data files (MMMU's Parquet, VLMEvalKit's TSVs): streamed file by file into storage.
    const doFetch = opts.fetch ?? fetch;
    const open = (url: string) => fetchRead(url, doFetch, base !== undefined, async (res) => res);
    // Questions asked of SQLite databases (BIRD): the databases streamed into storage, their schemas read back by range.
    if (normalise.kind === "sqlite_databases") {
      return importSqliteDatabases(db, env.ARTIFACTS, data, normalise, { url: (f) => sourceUrl(f, base), open, mirrored: base !== undefined, refuse: (m) => new BuiltinDataError(m) }, label);
    }
    return importEmbedded(db, env.ARTIFACTS, data, normalise, { url: (f) => sourceUrl(f, base), open, refuse: (m) => new BuiltinDataError(m) }, label);
  }
  const fetched = await fetchPinned(data, base, opts.fetch ?? fetch);
  return importPinned(db, env, label, data, normalise, fetched, base, opts.fetch ?? fetch);
}
