/**
 * What tests of the built-in benchmarks load and expect, both ways: with
 * the shared folder, the catalog's own pinned sources and the real sizes;
 * without it (a user's clone), the same sources pinned to the generated
 * mini files the test mirror serves (test/mini-datasets.ts) and their
 * sizes. The loader path is the same; only the digests and counts differ.
 */
import { inject } from "vitest";
import { builtinById } from "../src/catalog";
import { setListing } from "../src/catalog/listing";
import { sha256Hex } from "../src/crypto/hash";
import { MMLU_SUBJECTS } from "../src/catalog/benchmarks/mmlu/source";
import { TRUTHFULQA_CATEGORIES } from "../src/catalog/benchmarks/truthfulqa/source";
import type { PinnedDataset, SourceFile } from "../src/catalog/types";
import type { DatasetPin } from "./datasets-server";
import type { EnsureOptions } from "../workers/catalog/ensure-data";
import { MINI_SIZES, MINI_TRUTHFULQA_CATEGORIES } from "./mini-datasets";

/** Whether the mirror serves the real files (else the generated ones). */
export const realData = () => inject("sharedPresent");

/** A file's pin replaced by what the mirror serves under its path (an archive's member too), or kept when it serves the real file. */
function pinned(f: SourceFile, pin: DatasetPin | undefined): SourceFile {
  if (!pin) return f;
  return { ...f, sha256: pin.sha256, bytes: pin.bytes, ...(f.member && pin.member ? { member: { ...f.member, ...pin.member } } : {}) };
}

/** The pinned source of built-in `id` as the test mirror serves it. */
export function testPinned(id: string): PinnedDataset {
  const data = builtinById(id)!.data;
  if (data.kind !== "pinned") throw new Error(`${id} has no pinned data`);
  const pins = inject("datasetPins");
  // A git folder: the mirror's archive of it, pinned by the tree id git computed for it (with real data, of the shared tasks).
  if (data.git_tree) {
    const pin = pins[data.git_tree.archive_path]?.git_tree;
    if (!pin) throw new Error(`the test mirror has no archive at ${data.git_tree.archive_path}`);
    // Beside files (SWE-bench Pro's parquet): those as the mirror serves them too.
    return { ...data, files: data.files.map((f) => pinned(f, pins[f.path])), git_tree: { ...data.git_tree, ...pin } };
  }
  // Real files are served as they are, but for the few the setup builds from them (GPQA's archive from the shared CSV).
  if (realData()) return { ...data, files: data.files.map((f) => pinned(f, pins[f.path])) };
  const set = data.images ? pins[data.images.path_prefix] : undefined;
  if (data.images && !set) throw new Error(`the generated mirror has no image set under ${data.images.path_prefix}`);
  // The generated files are pinned one by one; a set's listing is of the real files.
  const { listing_sha256: _set, ...own } = data;
  return {
    ...own,
    files: data.files.map((f) => {
      if (!pins[f.path]) throw new Error(`the generated mirror has no ${f.path}`);
      return pinned(f, pins[f.path]);
    }),
    ...(data.images && set ? { images: { ...data.images, listing_sha256: set.sha256, bytes: set.bytes, count: set.count ?? 0 } } : {}),
  };
}

/**
 * Options that load built-in `id` from the test mirror, for any built-in:
 * as loadFromMirror, and where the catalog pins a set of files (ARC's
 * tasks) of which the generated mirror serves a few, those few pinned as a
 * set of their own.
 */
export async function loadAnyFromMirror(id: string): Promise<EnsureOptions> {
  const data = builtinById(id)!.data;
  if (realData() || data.kind !== "pinned" || data.listing_sha256 === undefined) return loadFromMirror(id);
  const pins = inject("datasetPins");
  // The generated files beside the pinned ones (ARC's made-up tasks live in the same folder as the real ones would).
  const folder = data.files[0]!.path.slice(0, data.files[0]!.path.lastIndexOf("/") + 1);
  const files = Object.keys(pins)
    .filter((p) => p.startsWith(folder) && !p.slice(folder.length).includes("/"))
    .sort()
    .map((path) => ({ path, url: `https://example.invalid/${path}`, format: data.files[0]!.format, bytes: pins[path]!.bytes }));
  const listing = setListing(new Map(files.map((f) => [f.path, pins[f.path]!.sha256])));
  return { baseUrl: inject("datasetsUrl"), data: { ...data, files, listing_sha256: await sha256Hex(new TextEncoder().encode(listing)) } };
}

/** Options that load built-in `id` from the test mirror, verified against the pins of what it serves. */
export function loadFromMirror(id: string, over: EnsureOptions = {}): EnsureOptions {
  return { baseUrl: inject("datasetsUrl"), ...(builtinById(id)?.data.kind === "pinned" ? { data: testPinned(id) } : {}), ...over };
}

/** Rows per MMLU subject and split, in MMLU_SUBJECTS order. */
export function mmluCounts(): [number, number][] {
  const real: [number, number][] = [
    [100, 5],
    [135, 5],
    [100, 5],
    [270, 5],
    [204, 5],
    [201, 5],
  ];
  return realData() ? real : MMLU_SUBJECTS.map((s) => [MINI_SIZES.mmlu.test[s], MINI_SIZES.mmlu.dev]);
}

/** Row counts of each loaded built-in: all rows, and those of the evaluated split. */
export function builtinSizes() {
  if (realData()) {
    return {
      gsm8k: { rows: 1319, evaluated: 1319 },
      mmlu: { rows: 1010 + 30, evaluated: 1010 },
      arc_challenge: { rows: 1172 + 100, evaluated: 1172 },
      truthfulqa_mc1: { rows: 817, evaluated: 817 },
      truthfulqa: { rows: 790, evaluated: 790, categories: TRUTHFULQA_CATEGORIES as readonly string[] },
      humaneval: { rows: 164, evaluated: 164 },
      mbpp_plus: { rows: 399, evaluated: 399 },
    };
  }
  const mmluTest = Object.values(MINI_SIZES.mmlu.test).reduce((a, b) => a + b, 0);
  const arc = MINI_SIZES.arc_challenge;
  return {
    gsm8k: { rows: MINI_SIZES.gsm8k, evaluated: MINI_SIZES.gsm8k },
    mmlu: { rows: mmluTest + MMLU_SUBJECTS.length * MINI_SIZES.mmlu.dev, evaluated: mmluTest },
    arc_challenge: { rows: arc.test + arc.dev, evaluated: arc.test },
    truthfulqa_mc1: { rows: MINI_SIZES.truthfulqa_mc1, evaluated: MINI_SIZES.truthfulqa_mc1 },
    truthfulqa: { rows: MINI_SIZES.truthfulqa, evaluated: MINI_SIZES.truthfulqa, categories: MINI_TRUTHFULQA_CATEGORIES as readonly string[] },
    humaneval: { rows: MINI_SIZES.humaneval, evaluated: MINI_SIZES.humaneval },
    mbpp_plus: { rows: MINI_SIZES.mbpp_plus, evaluated: MINI_SIZES.mbpp_plus },
  };
}
