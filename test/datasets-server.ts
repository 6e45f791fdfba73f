/**
 * Vitest global setup (runs in Node, not workerd): serves ../shared/datasets
 * read-only over loopback for the whole test run. Tests read the base URL
 * with `inject("datasetsUrl")` and pass it to the catalog loader.
 */
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { serveDatasets } from "../scripts/lib/datasets-server.mjs";

declare module "vitest" {
  interface ProvidedContext {
    /** Base URL of the shared datasets mirror, e.g. http://127.0.0.1:PORT (files at `${datasetsUrl}/gsm8k/test.jsonl`). */
    datasetsUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await serveDatasets(fileURLToPath(new URL("../../shared/datasets/", import.meta.url).href));
  project.provide("datasetsUrl", server.url);
  return () => server.close();
}
