/**
 * The shape of a built-in benchmark, in two halves that live side by side
 * in its folder (src/catalog/benchmarks/<slug>/): the definition (how a run
 * executes it: data, normaliser, prompt, scorer, options), which the Worker
 * bundles, and the about (the detail page's prose), which only the catalog
 * sync reads. Pure types and constants, no I/O.
 */
import type { JsonObject } from "../datasets/canonical-json";
import type { ImageMediaType } from "../domain/images";
import type { SchemaEntry } from "./sqlite-schema";

/** The nine catalog groups of seed 003, as stored in `benchmarks.category`. */
export const CATEGORIES = {
  reasoning: "Reasoning",
  language: "Language",
  knowledge: "Knowledge",
  coding: "Coding",
  safety: "Safety",
  chat: "Chat",
  instruction: "Instruction",
  agent: "Agent",
  vision: "Vision",
} as const;
export type Category = keyof typeof CATEGORIES;

/**
 * Whether a run can execute the benchmark on this deployment:
 * - runnable: inline, data loadable from its pinned source, scorer present;
 * - needs_runner: its data loads, but attempts run on an external runner
 *   (code execution, agents), which the run's target must provide;
 * - unavailable: no loadable pinned data yet (and possibly no scorer or
 *   executor support); a run of it fails with `status_detail`.
 */
export type CatalogStatus = "runnable" | "needs_runner" | "unavailable";

/** One source file, pinned: the upstream raw URL at a commit and the sha256 of its bytes. */
export interface SourceFile {
  /** Path under the dataset mirror (ASSAY_DATASET_BASE_URL), e.g. "gsm8k/test.jsonl". */
  path: string;
  /** The upstream raw URL at the pinned commit, used when no mirror is configured. */
  url: string;
  /** Hex sha256 of the file's bytes as published; anything else is refused. Absent when the dataset pins its files as a set (listing_sha256), or when its publisher states an md5 instead. */
  sha256?: string;
  /** Hex md5 of the file's bytes, where that is the digest its publisher states (VLMEvalKit's table of its TSVs); only an embedded-image loader's files may be pinned by it alone. */
  md5?: string;
  /** Size in bytes as published; absent when the publisher states none, or only a rounded one (a Hugging Face page's "1.52 MB"); the digest still pins the bytes. */
  bytes?: number;
  /**
   * parquet: Apache Parquet (Hugging Face's files); tsv: a tab-separated table with a header (VLMEvalKit's, images in base64 cells);
   * txt and txt.bz2: text (bzip2-compressed); json: one JSON document (an ARC task), read by their loader;
   * zip: an archive whose `member` is the data (src/catalog/pinned-archive.ts); blob: any bytes, a file of a pinned git folder (PinnedGitTree).
   */
  format: "jsonl" | "csv" | "jsonl.gz" | "parquet" | "tsv" | "txt" | "txt.bz2" | "json" | "zip" | "blob";
  /** For a zip: the member the normaliser reads, pinned by its own digest, and the password the publisher states for it. */
  member?: ArchiveMember;
}

/** The data file inside a pinned archive (GPQA's dataset.zip): opened, checked against its sha256, handed to the normaliser in place of the archive. */
export interface ArchiveMember {
  /** Its path inside the archive. */
  name: string;
  /** The password the publisher gives with the archive (ZipCrypto), or null when the member is not encrypted. */
  password: string | null;
  sha256: string;
  bytes: number;
  format: "jsonl" | "csv";
}

/**
 * Images a pinned dataset's rows name by path (MATH-Vision's images/<id>.jpg),
 * pinned as a set: one sha256 over the listing of every image's sha256, so
 * hundreds of images cost one digest in the Worker bundle, not one each.
 * Each is fetched beside the files, checked as part of the listing, and
 * stored with the revision; its row then holds {file, sha256, media_type, bytes}.
 */
export interface PinnedImages {
  /** The row column whose value is the image's path, as the loader writes it ("images/4.jpg"). */
  column: string;
  /** Mirror path of an image: this prefix and its path ("mathvision/" + "images/4.jpg"). */
  path_prefix: string;
  /** Upstream raw URL of an image at the pinned commit: this prefix and its path. */
  url_prefix: string;
  media_type: "image/jpeg" | "image/png" | "image/gif" | "image/webp";
  /** How many distinct images the rows name, and their bytes in all. */
  count: number;
  bytes: number;
  /** Hex sha256 of the listing: one line "<sha256 of the image> <path>\n" per image, sorted by path. */
  listing_sha256: string;
}

/** A dataset Assay can load: pinned files plus the normaliser that turns them into revision rows. */
export interface PinnedDataset {
  kind: "pinned";
  /** Name and version of the global revision it becomes (name@version). */
  name: string;
  version: number;
  /** Repository the files come from, owner/name, and the commit they are pinned to. */
  repository: string;
  commit: string;
  license: string;
  files: SourceFile[];
  /**
   * The files' sha256s pinned as a set, for datasets of hundreds of small
   * files (ARC's tasks): hex sha256 of the listing, one line
   * "<sha256 of the file> <path>\n" per file, sorted by path. When set, the
   * files carry no sha256 of their own; one changed file refuses them all.
   */
  listing_sha256?: string;
  /** Images the rows refer to, pinned as a set and stored with the revision. */
  images?: PinnedImages;
  /**
   * A whole folder of a repository pinned by its git tree id, listed and checked against it: the data
   * itself (Terminal-Bench's tasks; `files` stays empty), or beside `files`, whose files the loader gets
   * first (SWE-bench Pro's parquet, then the harness's run scripts, from their own repository).
   */
  git_tree?: PinnedGitTree;
  /** Caveats about the copy (converted format, mirror instead of upstream). */
  notes: string;
}

/**
 * A folder of a git repository pinned by the one digest the repository
 * states for it: its tree id at the pinned commit (src/catalog/git-tree.ts).
 * Upstream, the loader fetches the recursive listing, checks that it hashes
 * to the tree id, then fetches each file and checks its blob id; from a
 * dataset mirror, one tar archive of the folder checked the same way.
 */
export interface PinnedGitTree {
  /** The folder's git tree id (40 hex). */
  tree: string;
  /** The folder's path in the repository at the commit ("" for its root). */
  folder: string;
  /** GitHub's recursive listing of the tree (api.github.com/repos/{repo}/git/trees/{tree}?recursive=1). */
  listing_url: string;
  /** A file's upstream URL is this and its path within the folder (raw.githubusercontent.com at the commit). */
  raw_url_prefix: string;
  /** Mirror path of the folder as one tar archive (what `assay data pull` writes). */
  archive_path: string;
  /** Files and bytes in the folder, as its listing states them (what loading costs: one request per file upstream). */
  files: number;
  bytes: number;
}

/** A dataset Assay names but does not load (yet): where it lives upstream. */
export interface ExternalDataset {
  kind: "external";
  /** Where the data is published (repository, dataset hub page or site). */
  location: string;
  /** A pinned revision when the upstream publishes one; null otherwise. */
  revision: string | null;
  license: string | null;
  notes: string;
}

export type DataSource = PinnedDataset | ExternalDataset;

/** The bytes of one pinned file, already checked against its sha256. */
export interface LoadedFile {
  file: SourceFile;
  bytes: Uint8Array;
}

/**
 * Pinned source files in, the rows of a built-in revision out: the source's
 * content plus what prompts and scorers need (ids, split and subset columns,
 * lettered options), so a template stays a plain `{column}` fill and the
 * revision digest covers exactly what the model is shown. Deterministic (the
 * same bytes give the same rows); throws, naming the file and line, on data
 * it does not expect.
 */
export type Normaliser = (files: LoadedFile[]) => Promise<JsonObject[]>;

/** Where a line of a streamed file is, for errors that name it. */
export interface LineRef {
  file: SourceFile;
  /** 1-based. */
  line: number;
}

/** A file a streamed row refers to (a revision file, like an image), as its row cell holds it. */
export interface RevisionFileRef {
  /** Path under the revision's files/. */
  file: string;
  sha256: string;
  bytes: number;
}

/** Stores files beside a streamed revision's rows, under its files/ (src/storage/dataset-rows.ts). */
export interface RowFiles {
  put(path: string, content: string, contentType: string): Promise<RevisionFileRef>;
  /** A file too large to hold (BIRD's databases) streamed into the revision: `bytes` is its exact size; its sha256 is computed as it passes. */
  putStream?(path: string, body: ReadableStream<Uint8Array>, bytes: number, contentType: string): Promise<RevisionFileRef>;
  /** Bytes [offset, offset + length) of a file put before (fewer at its end). */
  readRange?(path: string, offset: number, length: number): Promise<Uint8Array>;
}

/**
 * A normaliser for pinned files too large to hold whole in a Worker's 128 MB
 * (SuperGPQA's 24 MB of JSON Lines, LiveCodeBench's 134 MB): each file is
 * fetched as a stream, checked against its sha256 and size as it streams,
 * and turned into rows one line at a time, written to R2 as they come
 * (workers/catalog/streamed-data.ts). A row's large parts can go to files
 * of the revision instead of the row (LiveCodeBench's hidden tests), so a
 * row stays small wherever rows are read. The revision's key, split and
 * subset columns are named up front, since no first pass chooses them.
 */
export interface LineNormaliser {
  kind: "lines";
  /** The row columns that give each row its key (unique, as the revision needs), split and subset. */
  columns: { key: string; split: string | null; subset: string | null };
  /** The rows of one non-blank line (usually one); throws naming `where` on data it does not expect. */
  rows(line: string, where: LineRef, files: RowFiles): Promise<JsonObject[]>;
}

/** Whether a pinned source's normaliser reads it line by line, as a stream. */
export function streamed(normalise: Normaliser | LineNormaliser | EmbeddedLoader | SqliteDatabasesLoader): normalise is LineNormaliser {
  return typeof normalise !== "function" && normalise.kind === "lines";
}

/** An image a loader took out of a data file (a Parquet image struct, a TSV's base64 cell), stored with the revision under files/<path>. */
export interface ExtractedImage {
  /** Path under the revision's files/, content-addressed (images/<sha256>.png), so an image several rows share is stored once. */
  path: string;
  bytes: Uint8Array;
  media_type: ImageMediaType;
}

/** One row of a data file that embeds its images: the row, its image cells already revision files ({file, sha256, media_type, bytes}), and the images it names. */
export interface ExtractedRow {
  row: JsonObject;
  images: ExtractedImage[];
}

/**
 * The loader of a dataset whose files embed their images (MMMU's Parquet
 * shards, VLMEvalKit's TSVs): it reads one pinned file as it arrives and
 * yields its rows one by one with the images each names, so the images go
 * to storage as they come and no more than one file's bytes (a Parquet
 * shard) or one line (a TSV) is held at a time. The file's digest is
 * checked beside it, on the same bytes; a mismatch refuses everything.
 * Deterministic; throws, naming the file and row, on data it does not expect.
 */
export interface EmbeddedLoader {
  kind: "embedded";
  rows: (file: SourceFile, body: ReadableStream<Uint8Array>) => AsyncIterable<ExtractedRow>;
}

/**
 * The loader of questions asked of SQLite databases (BIRD): the questions
 * file and each database it names are pinned files; every database is
 * streamed into the revision's files (never held whole: BIRD's largest is
 * 598 MB), checked as a SQLite 3 file whose sqlite_master holds the tables
 * its publisher lists, and its schema (read by range from the stored file:
 * src/catalog/sqlite-schema.ts) is handed to `rows` with the file's ref.
 * Where no digest pins a file, its size, the question count and the tables
 * are what is checked (workers/catalog/sqlite-databases.ts).
 */
export interface SqliteDatabasesLoader {
  kind: "sqlite_databases";
  /** The pinned path of the questions file. */
  questions: string;
  /** The pinned path of a database's file, by its id. */
  databasePath: (dbId: string) => string;
  /** The ids of the databases the questions ask about (throws naming a record the loader cannot read). */
  databaseIds: (questions: string) => string[];
  /** Tables a database must hold, by id, as its publisher lists them; a database not named here is checked as SQLite only. */
  tables: Readonly<Record<string, readonly string[]>>;
  /** How many questions the file holds, checked when no digest pins it. */
  questionCount: number;
  /** The revision's key, split and subset columns. */
  columns: { key: string; split: string | null; subset: string | null };
  /** Why the databases cannot come from their upstream URLs, when they cannot (BIRD's are published only inside an archive): the loader then needs a mirror. */
  mirrorOnly?: string;
  /** The rows, given the questions' text and each database's stored file and sqlite_master entries. */
  rows: (questions: string, databases: ReadonlyMap<string, { ref: RevisionFileRef; schema: SchemaEntry[] }>) => JsonObject[];
}

/** A service a benchmark drives for real, whose credential the run must supply. */
export interface ServiceCredential {
  service: string;
  /** What the credential is and what it needs access to. */
  description: string;
}

/** The detail page: our own words on what the benchmark is good for. */
export interface CatalogText {
  what_it_measures: string;
  how_it_works: string;
  strengths: string[];
  limitations: string[];
  when_to_use: string;
  use_cases: string[];
}

/** Where a definition's rows come from: pinned files and their normaliser, or an upstream it does not load (yet). */
export type DefinitionData = { data: PinnedDataset; normalise: Normaliser | LineNormaliser | EmbeddedLoader | SqliteDatabasesLoader } | { data: ExternalDataset; normalise?: undefined };

/**
 * How a run executes one built-in: the part of it the Worker bundles
 * (definition.ts of its folder). Its prose is the about (BenchmarkAbout).
 */
export type BenchmarkDefinition = DefinitionData & {
  /** Stable, readable id: bm_<slug>, where <slug> is its folder under src/catalog/benchmarks. Runs refer to it: never change it. */
  id: string;
  name: string;
  category: Category;
  /** inline: one model call per task; runner: an external runner executes and verifies each attempt. */
  kind: "inline" | "runner";
  /**
   * Set on a variant: a second benchmark of a catalog entry that needs its
   * own data or scorer (TruthfulQA MC1 beside TruthfulQA). The 40 entries of
   * seed 003 are the definitions without it.
   */
  variant_of: string | null;
  status: CatalogStatus;
  /** The revision split a run evaluates by default (null: every row). */
  split: string | null;
  prompt_template: string | null;
  answer_column: string | null;
  /**
   * The scorer spec {type, ...}. Runnable inline benchmarks use a type the
   * scorer registry has; the others state the scorer they need, which may
   * not exist yet (status_detail says so).
   */
  scoring: Record<string, unknown>;
  /** A row column holding the tools each prompt offers the model (src/domain/tools.ts); absent when it offers none. */
  tools_column?: string;
  /** A row column holding the image sent with each prompt (src/domain/images.ts); absent when the prompts are text only. */
  image_column?: string;
  /** A row column holding each row's user turns, sent one after another in one conversation (src/execution/multi-turn.ts); absent for one turn. */
  turns_column?: string;
  /**
   * A row column holding each task's release date ("YYYY-MM-DDTHH:MM:SS"), which a run's `release_window` option
   * filters by (src/domain/selection.ts); absent when tasks are not dated.
   */
  date_column?: string;
  /**
   * The fewest attempts per task a run makes, where the benchmark's own rule
   * needs more than one (ARC: 2, for the ARC Prize's pass@2). A run asking
   * for more gets more; a per-benchmark `attempts` override still wins.
   */
  min_attempts?: number;
  /** Subsets a run may pick (MMLU subjects, TruthfulQA categories); empty when the data has none. */
  subsets: string[];
  few_shot: {
    supported: boolean;
    /** Examples used when a run does not say. */
    default: number;
    /** The split examples come from (the planner's few_shot_split); null: rows outside the run's selection. */
    split: string | null;
    /** Why, or how examples are chosen. */
    note: string;
  };
  /** Tasks a full run evaluates (rows of the evaluated split); null when not loaded here. */
  sample_size: number | null;
  /**
   * Short labels for what a run needs beyond what the definition already
   * implies (a judge, the sandbox, a runner, images and credentials are
   * derived: src/catalog/needs.ts), e.g. "user simulator".
   */
  needs?: string[];
};

/** The detail page of one built-in (about.ts of its folder): prose the catalog shows, never bundled with the Worker. */
export interface BenchmarkAbout {
  /** One sentence for the catalog card; say which dataset stands behind the name when it is not obvious. */
  description: string;
  /** Why the status is what it is, and what a user needs to run it (the detail page). */
  status_detail: string;
  /** One line for the card; derived from the status and sample size when absent (src/catalog/needs.ts). */
  status_summary?: string;
  text: CatalogText;
  credentials: ServiceCredential[];
  /** What must be in place before a run: runner, judge, services. */
  requirements: string[];
  references: { title: string; url: string }[];
}

/** One built-in whole: its definition and its about. */
export type BuiltinBenchmark = BenchmarkDefinition & BenchmarkAbout;

/** A built-in whole as plain data (its normaliser left out): what the catalog sync turns into a row, and what tests of the catalog read. */
export type CatalogEntry = Omit<BuiltinBenchmark, "normalise">;
