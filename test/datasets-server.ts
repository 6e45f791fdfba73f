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
 * - `inject("datasetPins")`: sha256 and size of each generated file by mirror path ({} with real data).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { TestProject } from "vitest/node";
import { serveDatasets } from "../scripts/lib/datasets-server.mjs";
import { miniDatasetFiles } from "./mini-datasets";
import { miniImageSets } from "./mini-math-vision";

declare module "vitest" {
  interface ProvidedContext {
    /** Whether the shared folder with real benchmark data is beside the repo (or at ASSAY_SHARED_DIR). */
    sharedPresent: boolean;
    /** Base URL of the shared folder over loopback (404 for everything when it is absent). */
    sharedUrl: string;
    /** Base URL of the shared datasets mirror, e.g. http://127.0.0.1:PORT/datasets (files at `${datasetsUrl}/gsm8k/test.jsonl`). */
    datasetsUrl: string;
    /** sha256 and bytes of each generated file by mirror path (`gsm8k/test.jsonl`), when the mirror is the generated one; {} with real data. */
    datasetPins: Record<string, { sha256: string; bytes: number; count?: number }>;
  }
}

/** The shared folder the tests read real data from, or null when this clone has none. */
export function sharedDir(): string | null {
  const dir = resolve(process.env.ASSAY_SHARED_DIR ?? fileURLToPath(new URL("../../shared/", import.meta.url).href));
  return existsSync(join(dir, "datasets")) ? dir : null;
}

/** Writes the generated mini mirror under `root`/datasets and returns each file's pin. */
export function writeMiniMirror(root: string): Record<string, { sha256: string; bytes: number; count?: number }> {
  const pins: Record<string, { sha256: string; bytes: number; count?: number }> = {};
  for (const f of miniDatasetFiles()) {
    const path = join(root, "datasets", f.path);
    mkdirSync(dirname(path), { recursive: true });
    const bytes = f.bytes ? Buffer.from(f.bytes) : f.gzip ? gzipSync(f.text) : Buffer.from(f.text, "utf8");
    writeFileSync(path, bytes);
    pins[f.path] = { sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.byteLength };
  }
  // An image set (PinnedImages) is pinned by its listing, "<sha256> <path>\n" sorted by path: under its path prefix.
  for (const set of miniImageSets()) {
    const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
    const listing = [...set.images].sort((a, b) => (a.path < b.path ? -1 : 1)).map((i) => `${sha(i.bytes)} ${i.path}\n`).join("");
    pins[set.prefix] = { sha256: sha(new TextEncoder().encode(listing)), bytes: set.images.reduce((n, i) => n + i.bytes.byteLength, 0), count: set.images.length };
  }
  return pins;
}

export default async function setup(project: TestProject) {
  const dir = sharedDir();
  const mini = dir === null ? mkdtempSync(join(tmpdir(), "assay-mini-datasets-")) : null;
  const pins = mini === null ? {} : writeMiniMirror(mini);
  const server = await serveDatasets(dir ?? mini!);
  project.provide("sharedPresent", dir !== null);
  project.provide("sharedUrl", server.url);
  project.provide("datasetsUrl", `${server.url}/datasets`);
  project.provide("datasetPins", pins);
  return async () => {
    await server.close();
    if (mini) rmSync(mini, { recursive: true, force: true });
  };
}
