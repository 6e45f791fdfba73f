/**
 * A domain database per environment, cheap to make: the parsed base
 * database is shared and never written; each environment's top-level
 * collections (airline's flights, users, reservations; retail's products,
 * users, orders) copy an entry the first time it is looked up, so a
 * conversation that touches five reservations copies five, not two
 * thousand. Scans over a collection (a flight search) read the base entries
 * they pass; no tool writes during a scan. τ²'s DB hash, sha256 of
 * json.dumps(model_dump(), sort_keys=True), reuses the text of every
 * untouched base entry, computed once per base.
 * Pure apart from the memo of base texts; no I/O.
 */
import { sha256Hex } from "../../crypto/hash";
import { dumpsPy } from "./py/json";
import { deepCopy, shapeOf, tagModel } from "./py/model";
import { isModel, type PyModelObject, type PyValue } from "./py/values";

/** Entries of base collections: shared, never written, their sorted JSON memoised. */
const BASE_ENTRIES = new WeakSet<object>();
const SORTED_TEXT = new WeakMap<object, string>();

/** A dict whose entries come from a shared base, each copied on first access. Key order is Python's: base order, then new keys. */
export class CopyOnAccessDict extends Map<string, PyValue> {
  private readonly deleted = new Set<string>();
  private readonly added: string[] = [];
  private readonly base: ReadonlyMap<string, PyValue>;

  constructor(base: ReadonlyMap<string, PyValue>) {
    super();
    this.base = base;
  }

  /** Keys this environment looked up, wrote or removed (hits and misses alike). */
  readonly touched = new Set<string>();

  override get(k: string): PyValue | undefined {
    this.touched.add(k);
    if (super.has(k)) return super.get(k);
    if (this.deleted.has(k) || !this.base.has(k)) return undefined;
    const copy = deepCopy(this.base.get(k)!);
    super.set(k, copy);
    return copy;
  }

  override has(k: string): boolean {
    this.touched.add(k);
    return !this.deleted.has(k) && (super.has(k) || this.base.has(k));
  }

  override set(k: string, v: PyValue): this {
    this.touched.add(k);
    // A new key, or a base key removed and set again, goes to the end, as in a Python dict.
    if ((this.deleted.delete(k) || !this.base.has(k)) && !this.added.includes(k)) this.added.push(k);
    super.set(k, v);
    return this;
  }

  override delete(k: string): boolean {
    this.touched.add(k);
    const present = this.has(k);
    if (!present) return false;
    super.delete(k);
    const i = this.added.indexOf(k);
    if (i >= 0) this.added.splice(i, 1);
    if (this.base.has(k)) this.deleted.add(k);
    return true;
  }

  override get size(): number {
    let n = 0;
    for (const k of this.base.keys()) if (!this.deleted.has(k) && !this.added.includes(k)) n++;
    return n + this.added.length;
  }

  /** The current value of a key without counting it as a lookup: the copy if made, else the base entry (read only). */
  peek(k: string): PyValue {
    return super.has(k) ? super.get(k)! : this.base.get(k)!;
  }

  /** Whether the key is present, without counting it as a lookup. */
  present(k: string): boolean {
    return !this.deleted.has(k) && (super.has(k) || this.base.has(k));
  }

  /** The base's entry for a key (never a copy; read only), or undefined. */
  baseEntry(k: string): PyValue | undefined {
    return this.base.get(k);
  }

  /** Whether two dicts were copied from the same base (their untouched entries are then the same objects). */
  sharesBase(other: CopyOnAccessDict): boolean {
    return this.base === other.base;
  }

  override *keys(): MapIterator<string> {
    for (const k of this.base.keys()) if (!this.deleted.has(k) && !this.added.includes(k)) yield k;
    for (const k of this.added) yield k;
  }

  override *entries(): MapIterator<[string, PyValue]> {
    for (const k of this.keys()) yield [k, this.peek(k)];
  }

  override *values(): MapIterator<PyValue> {
    for (const k of this.keys()) yield this.peek(k);
  }

  override [Symbol.iterator](): MapIterator<[string, PyValue]> {
    return this.entries();
  }

  override forEach(fn: (value: PyValue, key: string, map: Map<string, PyValue>) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }
}

/** Marks a parsed database's collections as a base: shared by every environment made from it. */
export function markBase(root: PyModelObject): PyModelObject {
  for (const v of Object.values(root)) {
    if (v instanceof Map) for (const e of v.values()) if (typeof e === "object" && e !== null) BASE_ENTRIES.add(e);
  }
  return root;
}

/** A database for one environment: dict-valued fields copy on access from the base, the rest is copied whole. */
export function freshDb<T extends PyModelObject>(base: T): T {
  const out: Record<string, PyValue> = {};
  for (const [k, v] of Object.entries(base)) out[k] = v instanceof Map ? new CopyOnAccessDict(v) : deepCopy(v);
  return (isModel(base) ? tagModel(shapeOf(base), out) : out) as T;
}

const memo = {
  eligible: (v: object) => BASE_ENTRIES.has(v),
  lookup: (v: object) => SORTED_TEXT.get(v),
  store: (v: object, text: string) => void SORTED_TEXT.set(v, text),
};

/** json.dumps(model_dump(db), sort_keys=True, default=str): the text τ²'s DB hash digests. */
export function sortedDbText(db: PyValue): string {
  return dumpsPy(db, { sortKeys: true, memo });
}

/**
 * Whether two databases copied from one base hold the same data, which is
 * whether their τ² hashes are equal, without dumping either whole: entries
 * neither touched are the base's own objects, so only the keys either one
 * looked up, wrote or removed are compared (by their sorted dump).
 * `text` is the form compared (τ²'s sorted JSON; v1 passes its own).
 */
export function sameData(a: PyValue, b: PyValue, text: (v: PyValue) => string = sortedDbText): boolean {
  if (a instanceof CopyOnAccessDict && b instanceof CopyOnAccessDict && a.sharesBase(b)) {
    for (const k of new Set([...a.touched, ...b.touched])) {
      const pa = a.present(k);
      if (pa !== b.present(k)) return false;
      if (pa && text(a.peek(k)) !== text(b.peek(k))) return false;
    }
    return true;
  }
  const fields = (v: PyValue) => (isModel(v) ? Object.entries(v) : v instanceof Map && !(v instanceof CopyOnAccessDict) ? [...v] : null);
  const fa = fields(a);
  const fb = fields(b);
  if (fa && fb && fa.some(([, x]) => x instanceof CopyOnAccessDict)) {
    if (fa.length !== fb.length) return false;
    return fa.every(([k, x], i) => fb[i]![0] === k && sameData(x, fb[i]![1], text));
  }
  return text(a) === text(b);
}

/** τ²'s DB hash: sha256 hex of the sorted dump. */
export async function dbHash(db: PyValue): Promise<string> {
  return sha256Hex(sortedDbText(db));
}
