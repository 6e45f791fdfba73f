/**
 * Vitest global setup (runs in Node, not workerd): serves the shared folder
 * (`ASSAY_SHARED_DIR`, default ../shared beside the repo) read-only over
 * loopback for the whole test run. A user's clone has no shared folder:
 * then `sharedPresent` is false and the mirror serves the small files the
 * project generates in the same formats instead (test/mini-datasets.ts),
 * written to a temp folder here, with their digests in `datasetPins`.
 *
 * - `inject("sharedPresent")`: whether the shared folder (with datasets/) exists;
 * - `inject("sharedUrl")`: its base URL (files at `${sharedUrl}/real-outputs/...`);
 * - `inject("datasetsUrl")`: base URL of the datasets mirror (`${datasetsUrl}/gsm8k/test.jsonl`);
 * - `inject("datasetPins")`: sha256 and size of each generated file by mirror path, and of an archive's member
 *   (`member`), or a git folder's tree id (`git_tree`); with real data only the files built from it (GPQA's archive
 *   from the shared CSV, Terminal-Bench's folder archive from the shared tasks).
 *
 * A benchmark folder's `mini.ts` (src/catalog/benchmarks/<slug>/mini.ts) adds its files by convention:
 * `miniFiles()` to the generated mirror, and `sharedFiles(datasetsDir)`, when it has one, to the real one
 * (files the shared folder holds in another form). No list here names them.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { TestProject } from "vitest/node";
import { serveDatasets } from "../scripts/lib/datasets-server.mjs";
import { miniDatasetFiles, type MiniFile } from "./mini-datasets";
import { miniImageSets } from "./mini-math-vision";
import { miniProFiles } from "./mini-swebench-pro-scripts";

declare module "vitest" {
  interface ProvidedContext {
    /** Whether the shared folder with real benchmark data is beside the repo (or at ASSAY_SHARED_DIR). */
    sharedPresent: boolean;
    /** Base URL of the shared folder over loopback (404 for everything when it is absent). */
    sharedUrl: string;
    /** Base URL of the shared datasets mirror, e.g. http://127.0.0.1:PORT/datasets (files at `${datasetsUrl}/gsm8k/test.jsonl`). */
    datasetsUrl: string;
    /** sha256 and bytes of each generated file by mirror path (`gsm8k/test.jsonl`), when the mirror is the generated one; {} with real data. */
    datasetPins: Record<string, DatasetPin>;
  }
}

/** The shared folder the tests read real data from, or null when this clone has none. */
export function sharedDir(): string | null {
  const dir = resolve(process.env.ASSAY_SHARED_DIR ?? fileURLToPath(new URL("../../shared/", import.meta.url).href));
  return existsSync(join(dir, "datasets")) ? dir : null;
}

/** A served file's pin: sha256 and size, an image set's count, an archive member's own pin. */
export interface DatasetPin {
  sha256: string;
  bytes: number;
  count?: number;
  member?: { sha256: string; bytes: number };
  /** A git folder's archive: the tree id git computed for the folder, its files and their bytes. */
  git_tree?: { tree: string; files: number; bytes: number };
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/** Writes files under `root`/datasets and returns each one's pin. */
function writeFiles(root: string, files: MiniFile[]): Record<string, DatasetPin> {
  const pins: Record<string, DatasetPin> = {};
  for (const f of files) {
    const path = join(root, "datasets", f.path);
    mkdirSync(dirname(path), { recursive: true });
    const bytes = f.bytes ? Buffer.from(f.bytes) : f.gzip ? gzipSync(f.text) : Buffer.from(f.text, "utf8");
    writeFileSync(path, bytes);
    pins[f.path] = {
      sha256: sha(bytes),
      bytes: bytes.byteLength,
      ...(f.member ? { member: { sha256: sha(f.member.bytes), bytes: f.member.bytes.byteLength } } : {}),
      ...(f.gitTree ? { git_tree: f.gitTree } : {}),
    };
  }
  return pins;
}

const BENCHMARKS = fileURLToPath(new URL("../src/catalog/benchmarks/", import.meta.url).href);

/** The files the benchmark folders' mini.ts add: `miniFiles()` for the generated mirror, `sharedFiles(dir)` for the real one. */
async function folderFiles(kind: "mini" | "shared", datasetsDir?: string): Promise<MiniFile[]> {
  const out: MiniFile[] = [];
  for (const folder of readdirSync(BENCHMARKS).sort()) {
    const path = join(BENCHMARKS, folder, "mini.ts");
    if (!existsSync(path)) continue;
    const mod = (await import(pathToFileURL(path).href)) as { miniFiles?: () => MiniFile[] | Promise<MiniFile[]>; sharedFiles?: (dir: string) => Promise<MiniFile[]> };
    if (kind === "mini" && mod.miniFiles) out.push(...(await mod.miniFiles()));
    if (kind === "shared" && mod.sharedFiles) out.push(...(await mod.sharedFiles(datasetsDir!)));
  }
  return out;
}

/** Writes the generated mini mirror under `root`/datasets and returns each file's pin. */
export async function writeMiniMirror(root: string): Promise<Record<string, DatasetPin>> {
  const pins = writeFiles(root, [...miniDatasetFiles(), ...(await folderFiles("mini")), ...miniProFiles()]);
  // An image set (PinnedImages) is pinned by its listing, "<sha256> <path>\n" sorted by path: under its path prefix.
  for (const set of miniImageSets()) {
    const listing = [...set.images].sort((a, b) => (a.path < b.path ? -1 : 1)).map((i) => `${sha(i.bytes)} ${i.path}\n`).join("");
    pins[set.prefix] = { sha256: sha(new TextEncoder().encode(listing)), bytes: set.images.reduce((n, i) => n + i.bytes.byteLength, 0), count: set.images.length };
  }
  return pins;
}

export default async function setup(project: TestProject) {
  const dir = sharedDir();
  // Generated files: the whole mirror without ../shared; with it, only what the folders build from it, served first.
  const mini = mkdtempSync(join(tmpdir(), "assay-mini-datasets-"));
  // SWE-bench Pro's parquet and run scripts are generated either way: neither is in ../shared.
  const pins = dir === null ? await writeMiniMirror(mini) : writeFiles(mini, [...(await folderFiles("shared", join(dir, "datasets"))), ...miniProFiles()]);
  const server = await serveDatasets(dir === null ? [mini] : [mini, dir]);
  project.provide("sharedPresent", dir !== null);
  project.provide("sharedUrl", server.url);
  project.provide("datasetsUrl", `${server.url}/datasets`);
  project.provide("datasetPins", pins);
  return async () => {
    await server.close();
    rmSync(mini, { recursive: true, force: true });
  };
}
