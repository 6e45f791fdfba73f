/**
 * Pass one over an upload: validates every record, detects columns,
 * chooses the key, split and subset columns, and computes the row and
 * revision digests, holding only 32 bytes per row. Pass two (storage)
 * re-reads the records and builds rows with the resulting plan. Web
 * Crypto only; no other I/O.
 */
import { AppError, type FieldError } from "../domain/errors";
import type { JsonObject } from "./canonical-json";
import { ColumnTracker, type Column } from "./columns";
import { MAX_COLUMNS, MAX_LABELS, MAX_META_BYTES, MAX_REPORTED_ERRORS, MAX_ROWS } from "./limits";
import type { ParsedItem } from "./formats";
import { KEY_COLUMNS, keyText, labelText, revisionDigest, rowDigestBytes, SPLIT_COLUMN, SUBSET_COLUMNS, type RowPlan } from "./rows";

/** What pass one learned about an upload. */
export interface Analysis extends RowPlan {
  rowCount: number;
  columns: Column[];
  /** Distinct split values in first-seen order. */
  splits: string[];
  /** Distinct subset values in first-seen order. */
  subsets: string[];
  /** sha256 hex over the row digests in order. */
  digest: string;
}

/** Values of one candidate key column; dropped once a value is missing, unusable or repeated. */
class KeyCandidate {
  values: Set<string> | null;
  /** A column first seen after row one is missing from a row, so it cannot key every row. */
  constructor(fromFirstRow: boolean) {
    this.values = fromFirstRow ? new Set() : null;
  }
  add(data: JsonObject, column: string): void {
    if (!this.values) return;
    const text = Object.hasOwn(data, column) ? keyText(data[column]) : undefined;
    if (text === undefined || this.values.has(text)) this.values = null;
    else this.values.add(text);
  }
}

/** Distinct labels of one candidate split/subset column, capped. */
class LabelCandidate {
  readonly values = new Set<string>();
  overflow = false;
  add(data: JsonObject, column: string): void {
    if (this.overflow || !Object.hasOwn(data, column)) return;
    const label = labelText(data[column]);
    if (label === null || this.values.has(label)) return;
    if (this.values.size >= MAX_LABELS) this.overflow = true;
    else this.values.add(label);
  }
}

const KEY_ROLE = new Set<string>(KEY_COLUMNS);
const LABEL_ROLE = new Set<string>([SPLIT_COLUMN, ...SUBSET_COLUMNS]);

/**
 * The first column (in `roles` order) that exists and passes `ok`: for each
 * role name the exact spelling first, then other spellings in first-seen order.
 */
function pickColumn(roles: readonly string[], present: string[], ok: (name: string) => boolean = () => true): string | null {
  for (const role of roles) {
    if (present.includes(role) && ok(role)) return role;
    const variant = present.find((n) => n !== role && n.toLowerCase() === role && ok(n));
    if (variant !== undefined) return variant;
  }
  return null;
}

function parseFailure(errors: FieldError[], more: boolean): AppError {
  const first = errors[0]!;
  const tail = more ? ` (and more problems; the first ${errors.length} are listed)` : errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  return new AppError("validation_failed", `${first.field}: ${first.message}${tail}`, errors);
}

function labelsOf(candidate: LabelCandidate, column: string, kind: string): string[] {
  if (candidate.overflow) {
    throw new AppError("validation_failed", `column '${column}' has more than ${MAX_LABELS} distinct values, too many to use as ${kind}s`, [
      { field: `column ${column}`, message: `more than ${MAX_LABELS} distinct ${kind} values` },
    ]);
  }
  return [...candidate.values];
}

/** Reads every record once. Throws 422 naming the lines or rows that do not parse, 413 past MAX_ROWS. */
export async function analyseRecords(items: Iterable<ParsedItem> | AsyncIterable<ParsedItem>): Promise<Analysis> {
  const columns = new ColumnTracker();
  const keys = new Map<string, KeyCandidate>();
  const labels = new Map<string, LabelCandidate>();
  const errors: FieldError[] = [];
  let digests = new Uint8Array(32 * 1024);
  let rowCount = 0;
  let more = false;

  for await (const item of items) {
    if ("error" in item) {
      if (errors.length >= MAX_REPORTED_ERRORS) {
        more = true;
        break;
      }
      errors.push({ field: item.where, message: item.error });
      continue;
    }
    if (errors.length > 0) continue; // keep scanning for more errors only
    if (rowCount >= MAX_ROWS) {
      throw new AppError("payload_too_large", `${item.where}: a dataset revision holds at most ${MAX_ROWS} rows`);
    }
    const { data } = item;
    for (const name of columns.add(data)) {
      const role = name.toLowerCase();
      if (KEY_ROLE.has(role)) keys.set(name, new KeyCandidate(rowCount === 0));
      if (LABEL_ROLE.has(role)) labels.set(name, new LabelCandidate());
    }
    if (columns.size > MAX_COLUMNS) {
      throw parseFailure([{ field: item.where, message: `more than ${MAX_COLUMNS} distinct columns` }], false);
    }
    for (const [name, candidate] of keys) candidate.add(data, name);
    for (const [name, candidate] of labels) candidate.add(data, name);
    if ((rowCount + 1) * 32 > digests.length) {
      const grown = new Uint8Array(digests.length * 2);
      grown.set(digests);
      digests = grown;
    }
    digests.set(await rowDigestBytes(data), rowCount * 32);
    rowCount++;
  }

  if (errors.length > 0) throw parseFailure(errors, more);
  if (rowCount === 0) {
    throw new AppError("validation_failed", "the body holds no rows", [{ field: "body", message: "no rows" }]);
  }

  const keyColumn = pickColumn(KEY_COLUMNS, [...keys.keys()], (n) => keys.get(n)!.values !== null);
  const splitColumn = pickColumn([SPLIT_COLUMN], [...labels.keys()]);
  const subsetColumn = pickColumn(SUBSET_COLUMNS, [...labels.keys()]);
  const rowDigests = digests.slice(0, rowCount * 32);
  const analysis: Analysis = {
    rowCount,
    columns: columns.columns(),
    keyColumn,
    splitColumn,
    subsetColumn,
    splits: splitColumn ? labelsOf(labels.get(splitColumn)!, splitColumn, "split") : [],
    subsets: subsetColumn ? labelsOf(labels.get(subsetColumn)!, subsetColumn, "subset") : [],
    rowDigests,
    digest: await revisionDigest(rowDigests),
  };
  const metaBytes = JSON.stringify([analysis.columns, analysis.splits, analysis.subsets]).length;
  if (metaBytes > MAX_META_BYTES) {
    throw new AppError("validation_failed", `the column names and split/subset values take ${metaBytes} characters; at most ${MAX_META_BYTES} are kept`, [
      { field: "body", message: "too many or too long column names, splits or subsets" },
    ]);
  }
  return analysis;
}
