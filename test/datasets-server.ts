/**
 * Vitest global setup (runs in Node, not workerd): serves the shared folder
 * (`ASSAY_SHARED_DIR`, default ../shared beside the repo) read-only over
 * loopback for the whole test run. A user's clone has no shared folder:
 * then `sharedPresent` is false and tests that need real benchmark data use
 * the small files the project generates in the same formats instead.
 *
 * - `inject("sharedPresent")`: whether the shared folder (with datasets/) exists;
 * - `inject("sharedUrl")`: its base URL (files at `${sharedUrl}/real-outputs/...`);
 * - `inject("datasetsUrl")`: base URL of the datasets mirror (`${datasetsUrl}/gsm8k/test.jsonl`).
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { serveDatasets } from "../scripts/lib/datasets-server.mjs";

declare module "vitest" {
  interface ProvidedContext {
    /** Whether the shared folder with real benchmark data is beside the repo (or at ASSAY_SHARED_DIR). */
    sharedPresent: boolean;
    /** Base URL of the shared folder over loopback (404 for everything when it is absent). */
    sharedUrl: string;
    /** Base URL of the shared datasets mirror, e.g. http://127.0.0.1:PORT/datasets (files at `${datasetsUrl}/gsm8k/test.jsonl`). */
    datasetsUrl: string;
  }
}

/** The shared folder the tests read real data from, or null when this clone has none. */
export function sharedDir(): string | null {
  const dir = resolve(process.env.ASSAY_SHARED_DIR ?? fileURLToPath(new URL("../../shared/", import.meta.url)));
  return existsSync(join(dir, "datasets")) ? dir : null;
}

export default async function setup(project: TestProject) {
  const dir = sharedDir();
  const server = await serveDatasets(dir ?? mkdtempSync(join(tmpdir(), "assay-no-shared-")));
  project.provide("sharedPresent", dir !== null);
  project.provide("sharedUrl", server.url);
  project.provide("datasetsUrl", `${server.url}/datasets`);
  return () => server.close();
}
