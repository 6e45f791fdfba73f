/**
 * brucewlee/nutcracker-db, the JSON Lines re-encoding several built-ins
 * load from (MMLU, ARC-Challenge, TruthfulQA MC1): its pinned commit, a
 * file of it as a pinned source, and its multiple-choice records
 * ({centerpiece, options, correct_options, correct_options_idx, ...}) as
 * choice items, checked for consistency: the letter, index and literal must
 * name the same option. Pure, no I/O.
 */
import type { JsonObject } from "../datasets/canonical-json";
import { LETTERS, type ChoiceItem } from "./choices";
import { rawUrl } from "./github";
import { text } from "./read";
import type { SourceFile } from "./types";

export const NUTCRACKER = "brucewlee/nutcracker-db";
export const NUTCRACKER_COMMIT = "95fa9aa468d4d0e179e2e950cc68cd5058463503";

/** One nutcracker-db file pinned at NUTCRACKER_COMMIT, served by a mirror under `mirrorPath`. */
/** `sha256` undefined: the dataset pins its files as a set (listing_sha256). */
export const nutcrackerFile = (mirrorPath: string, upstreamPath: string, sha256: string | undefined, bytes: number): SourceFile => ({
  path: mirrorPath,
  url: rawUrl(NUTCRACKER, NUTCRACKER_COMMIT, upstreamPath),
  ...(sha256 === undefined ? {} : { sha256 }),
  bytes,
  format: "jsonl",
});

export function nutcrackerItem(record: JsonObject, where: string): ChoiceItem {
  const question = text(record, "centerpiece", where);
  const options = record.options;
  if (!Array.isArray(options) || !options.every((o): o is string => typeof o === "string")) {
    throw new Error(`${where}: 'options' is not a list of texts`);
  }
  const idx = record.correct_options_idx;
  const letters = record.correct_options;
  if (!Array.isArray(idx) || idx.length !== 1 || typeof idx[0] !== "number") {
    throw new Error(`${where}: expected exactly one correct option index`);
  }
  const answer = idx[0];
  if (!Array.isArray(letters) || letters[0] !== LETTERS[answer]) {
    throw new Error(`${where}: correct_options ${JSON.stringify(letters)} disagrees with index ${answer}`);
  }
  const literal = Array.isArray(record.correct_options_literal) ? record.correct_options_literal[0] : undefined;
  if (literal !== undefined && literal !== options[answer]) {
    throw new Error(`${where}: correct_options_literal disagrees with option ${LETTERS[answer]}`);
  }
  return { question, options, answer };
}
