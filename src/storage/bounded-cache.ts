/**
 * An in-isolate cache bounded in bytes: an isolate has 128 MB, and a cache
 * bounded in entries is not bounded at all when an entry can be a chunk of
 * rows holding images or a plan of a hundred thousand tasks. Entries carry
 * an estimate of what they hold (a parsed JSON text takes about three bytes
 * a character: two for the string, one again for the objects it becomes);
 * the least recently read go first, and an entry bigger than the whole
 * budget is not kept. Pure: no I/O.
 */

/** What a JSON text of `chars` characters takes once parsed, about. */
export function parsedBytes(chars: number): number {
  return chars * 3;
}

export class ByteCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private held = 0;

  constructor(readonly maxBytes: number) {}

  /** The entry, now the most recently read. */
  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Keeps `value` (about `bytes`), letting the least recently read go until it fits; one bigger than the budget is not kept. */
  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    while (this.held + bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    this.entries.set(key, { value, bytes });
    this.held += bytes;
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.held -= e.bytes;
  }

  /** Bytes held now (the sum of the estimates). */
  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.entries.size;
  }
}
