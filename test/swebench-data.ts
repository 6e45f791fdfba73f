/**
 * SWE-bench data for tests, both ways: with ../shared (served at
 * sharedUrl), the 500 Verified instances (one config.json each) and the
 * SWE-agent + Claude 3.5 Sonnet submission's files; without it, the
 * generated instances and submission of test/mini-swebench.ts. Also the
 * pinned source the instance loader reads in tests: the same loader and
 * revision name as the real parquet, pinned to the config.json files the
 * test serves (their digests computed from what is served), so the loader
 * path is the one users get.
 */
import { inject } from "vitest";
import type { PinnedDataset } from "../src/catalog/types";
import { sha256Hex } from "../src/crypto/hash";
import { SWEBENCH_VERIFIED_DATA } from "../src/environments/swebench/verified-data";
import type { EnsureOptions } from "../workers/catalog/ensure-data";
import { miniInstances, miniSubmission } from "./mini-swebench";
import { writeZip } from "./zip-writer";

export const SUBMISSION_DIR = "real-outputs/swebench_verified/20240620_sweagent_claude3.5sonnet";
export const realSwebench = () => inject("sharedPresent");

async function shared(path: string): Promise<Uint8Array> {
  const r = await fetch(`${inject("sharedUrl")}/${path}`);
  if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

/** Paths a shared SOURCE.md lists under `prefix`. */
async function listed(sourceMd: string, prefix: string): Promise<string[]> {
  const text = new TextDecoder().decode(await shared(sourceMd));
  return [...new Set([...text.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!).filter((p) => p.startsWith(prefix)))];
}

/** The instances' config.json files by mirror path (real or generated). */
async function instanceFiles(): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  if (realSwebench()) {
    const paths = (await listed("datasets/swebench_verified/SOURCE.md", "datasets/swebench_verified/instances/")).filter((p) => p.endsWith("/config.json"));
    for (let i = 0; i < paths.length; i += 50) {
      const batch = paths.slice(i, i + 50);
      const bytes = await Promise.all(batch.map((p) => shared(p)));
      batch.forEach((p, j) => files.set(p.slice("datasets/".length), bytes[j]!));
    }
  } else {
    for (const inst of miniInstances()) files.set(`swebench_verified/instances/${inst.instance_id}/config.json`, new TextEncoder().encode(JSON.stringify(inst)));
  }
  return files;
}

/** Options that load the Verified instances in a test: the test's files, pinned by digest, served from memory. */
export async function verifiedTestSource(): Promise<EnsureOptions> {
  const files = await instanceFiles();
  const base = "http://swebench-instances.test";
  const pinned: PinnedDataset = {
    ...SWEBENCH_VERIFIED_DATA,
    files: await Promise.all([...files].map(async ([path, bytes]) => ({ path, url: `${base}/${path}`, sha256: await sha256Hex(bytes), bytes: bytes.byteLength, format: "json" as const }))),
  };
  const serve = (async (input: RequestInfo | URL) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const bytes = files.get(url.slice(base.length + 1));
    return bytes ? new Response(bytes) : new Response("not found", { status: 404 });
  }) as typeof fetch;
  return { baseUrl: base, data: pinned, fetch: serve };
}

/** The submission's files (real or generated) by path within it. */
export async function submissionFiles(): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  if (realSwebench()) {
    const paths = await listed("real-outputs/swebench_verified/SOURCE.md", `${SUBMISSION_DIR}/`);
    for (let i = 0; i < paths.length; i += 50) {
      const batch = paths.slice(i, i + 50);
      const bytes = await Promise.all(batch.map((p) => shared(p)));
      batch.forEach((p, j) => out.set(p.slice("real-outputs/swebench_verified/".length), bytes[j]!));
    }
  } else {
    for (const [p, t] of Object.entries(miniSubmission().files)) out.set(p, new TextEncoder().encode(t));
  }
  return out;
}

/** The submission as the ZIP a user uploads. */
export async function submissionZip(): Promise<Uint8Array> {
  return writeZip([...(await submissionFiles())].map(([name, data]) => ({ name, data, deflate: true })));
}

/** What the submission states: its resolved count and the dataset's size (168 of 500 for the real one). */
export function statedTotals(): { resolved: number; total: number } {
  return realSwebench() ? { resolved: 168, total: 500 } : { resolved: miniSubmission().resolved.length, total: miniInstances().length };
}
