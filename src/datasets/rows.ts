/**
 * The normalised row of a dataset revision and the rules that derive its
 * key, digest, split and subset from the raw record. Digests use Web
 * Crypto; otherwise no I/O.
 */
import { toHex } from "../crypto/hash";
import { canonicalJson, type JsonObject, type JsonValue } from "./canonical-json";
import { MAX_KEY_LENGTH } from "./limits";

/** One row of a revision, as stored in R2 and served by the rows API. */
export interface DatasetRow {
  /** 0-based position in the revision. */
  index: number;
  /** Stable key: the row's `id`, `key` or `task_id` (any case) when that column is unique, else `row-<index+1>`. */
  key: string;
  /** sha256 hex of the canonical JSON of `data` (the task digest). */
  digest: string;
  /** Value of the `split` column (any case), if the revision has one. */
  split: string | null;
  /** Value of the `subset` column, else `subject`, else `category` (any case), if present. */
  subset: string | null;
  /** The record as uploaded. */
  data: JsonObject;
}

/*
 * Role columns are matched ignoring case ("ID", "Category" count), the exact
 * lower-case name first when both spellings exist.
 */

/** Columns that may give a row its key, in order of preference. */
export const KEY_COLUMNS = ["id", "key", "task_id"] as const;
/** The column naming a row's split. */
export const SPLIT_COLUMN = "split";
/** Columns that may give a row its subset, in order of preference. */
export const SUBSET_COLUMNS = ["subset", "subject", "category"] as const;

/** How pass two turns a record into a row, decided by pass one. */
export interface RowPlan {
  keyColumn: string | null;
  splitColumn: string | null;
  subsetColumn: string | null;
  /** 32 bytes per row, in row order. */
  rowDigests: Uint8Array;
}

/** A value usable as a key, as text; undefined if it cannot be one. */
export function keyText(value: JsonValue | undefined): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value !== "" && value.length <= MAX_KEY_LENGTH) return value;
  return undefined;
}

/** A split or subset label: non-empty text, or a number or boolean as text; anything else is no label. */
export function labelText(value: JsonValue | undefined): string | null {
  if (typeof value === "string") return value === "" ? null : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

/** The raw sha256 of a record's canonical JSON. */
export async function rowDigestBytes(data: JsonObject): Promise<Uint8Array> {
  const buf = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonicalJson(data)));
  return new Uint8Array(buf);
}

/** sha256 hex of a record's canonical JSON, as a row's `digest`. */
export async function rowDigest(data: JsonObject): Promise<string> {
  return toHex(await rowDigestBytes(data));
}

/**
 * The revision digest: sha256 over the rows' 32-byte digests concatenated
 * in row order (so the same rows in another order make another revision).
 */
export async function revisionDigest(rowDigests: Uint8Array): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", rowDigests)));
}

/** Builds row `index` from its record, following the plan of pass one. */
export function buildRow(plan: RowPlan, index: number, data: JsonObject): DatasetRow {
  const key = plan.keyColumn ? keyText(data[plan.keyColumn]) : undefined;
  return {
    index,
    key: key ?? `row-${index + 1}`,
    digest: toHex(plan.rowDigests.subarray(index * 32, index * 32 + 32)),
    split: plan.splitColumn ? labelText(data[plan.splitColumn]) : null,
    subset: plan.subsetColumn ? labelText(data[plan.subsetColumn]) : null,
    data,
  };
}
