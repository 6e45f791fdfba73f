/**
 * The schema of a SQLite database file, read without SQLite: the entries of
 * its sqlite_master table (type, name, tbl_name, sql), in the order a scan
 * of it returns them (rowid order), as BIRD's prompt lists its tables. Reads
 * the file format (sqlite.org/fileformat2.html): the 100-byte header, then
 * the table b-tree rooted at page 1, its interior pages, leaf cells and
 * overflow chains, and the record format of each cell. Pages come from an
 * injected reader (R2 range reads of a stored database), so a database of
 * hundreds of megabytes is read a few pages at a time. Pure; throws in words
 * on a file that is not a SQLite 3 database it can read.
 */

export class SqliteSchemaError extends Error {}

export interface SqliteHeader {
  pageSize: number;
  /** Bytes of a page the b-trees use (the page size less the reserved bytes). */
  usable: number;
  pages: number;
  encoding: "utf-8" | "utf-16le" | "utf-16be";
}

export interface SchemaEntry {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

const MAGIC = "SQLite format 3\u0000";

/** The header of a SQLite 3 file (its first 100 bytes), or an error naming what is wrong. */
export function sqliteHeader(head: Uint8Array): SqliteHeader {
  if (head.byteLength < 100 || new TextDecoder("latin1").decode(head.subarray(0, 16)) !== MAGIC) throw new SqliteSchemaError("it is not a SQLite 3 database (its first bytes are not 'SQLite format 3')");
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const raw = view.getUint16(16);
  const pageSize = raw === 1 ? 65536 : raw;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) throw new SqliteSchemaError(`its page size ${raw} is not a power of two from 512 to 65536`);
  const enc = view.getUint32(56);
  const encoding = enc === 2 ? "utf-16le" : enc === 3 ? "utf-16be" : enc === 1 || enc === 0 ? "utf-8" : null;
  if (!encoding) throw new SqliteSchemaError(`its text encoding ${enc} is not 1, 2 or 3`);
  return { pageSize, usable: pageSize - head[20]!, pages: view.getUint32(28), encoding };
}

/** A varint at `at`: its value (as a number: rowids and sizes here fit) and its length. */
function varint(b: Uint8Array, at: number): [number, number] {
  let v = 0;
  for (let i = 0; i < 8; i++) {
    const byte = b[at + i];
    if (byte === undefined) throw new SqliteSchemaError("a varint runs past its page");
    v = v * 128 + (byte & 0x7f);
    if (byte < 0x80) return [v, i + 1];
  }
  const last = b[at + 8];
  if (last === undefined) throw new SqliteSchemaError("a varint runs past its page");
  return [v * 256 + last, 9];
}

/** The values of a record (the payload of a table b-tree cell). */
function record(p: Uint8Array, decoder: TextDecoder): (string | number | null | Uint8Array)[] {
  const [headerSize, n0] = varint(p, 0);
  const types: number[] = [];
  for (let at = n0; at < headerSize; ) {
    const [t, n] = varint(p, at);
    types.push(t);
    at += n;
  }
  const out: (string | number | null | Uint8Array)[] = [];
  let at = headerSize;
  const view = new DataView(p.buffer, p.byteOffset, p.byteLength);
  const INT_BYTES = [0, 1, 2, 3, 4, 6, 8];
  for (const t of types) {
    if (t === 0) out.push(null);
    else if (t >= 1 && t <= 6) {
      const size = INT_BYTES[t]!;
      out.push(signed(p.subarray(at, at + size)));
      at += size;
    } else if (t === 7) {
      out.push(view.getFloat64(at));
      at += 8;
    } else if (t === 8 || t === 9) out.push(t - 8);
    else if (t >= 12) {
      const size = t % 2 === 0 ? (t - 12) / 2 : (t - 13) / 2;
      const bytes = p.subarray(at, at + size);
      out.push(t % 2 === 0 ? bytes : decoder.decode(bytes));
      at += size;
    } else throw new SqliteSchemaError(`a record holds the reserved serial type ${t}`);
  }
  return out;
}

function signed(bytes: Uint8Array): number {
  let v = 0;
  for (const b of bytes) v = v * 256 + b;
  return bytes.length && bytes[0]! & 0x80 ? v - 2 ** (8 * bytes.length) : v;
}

/**
 * sqlite_master's entries of the database whose header is `head`, reading
 * page n (1-based) with `page(n)`; each page is read once.
 */
export async function sqliteSchema(head: Uint8Array, page: (n: number) => Promise<Uint8Array>): Promise<SchemaEntry[]> {
  const h = sqliteHeader(head);
  const decoder = new TextDecoder(h.encoding);
  const U = h.usable;
  const X = U - 35;
  const M = Math.floor(((U - 12) * 32) / 255) - 23;
  const entries: SchemaEntry[] = [];
  let reads = 0;
  const read = async (n: number) => {
    if (n < 1 || (h.pages > 0 && n > h.pages)) throw new SqliteSchemaError(`sqlite_master points at page ${n}, outside the file's ${h.pages} pages`);
    if (++reads > 100_000) throw new SqliteSchemaError("sqlite_master spans more pages than a schema can");
    const p = await page(n);
    if (p.byteLength !== h.pageSize) throw new SqliteSchemaError(`page ${n} is ${p.byteLength} bytes, not the ${h.pageSize} its header says`);
    return p;
  };
  const payload = async (p: Uint8Array, at: number, size: number): Promise<Uint8Array> => {
    if (size <= X) return p.subarray(at, at + size);
    const K = M + ((size - M) % (U - 4));
    const local = K <= X ? K : M;
    const out = new Uint8Array(size);
    out.set(p.subarray(at, at + local));
    let filled = local;
    let next = new DataView(p.buffer, p.byteOffset + at + local, 4).getUint32(0);
    while (filled < size) {
      if (next === 0) throw new SqliteSchemaError("an overflow chain ends before its payload");
      const o = await read(next);
      const take = Math.min(U - 4, size - filled);
      out.set(o.subarray(4, 4 + take), filled);
      filled += take;
      next = new DataView(o.buffer, o.byteOffset, 4).getUint32(0);
    }
    return out;
  };
  const walk = async (n: number, depth: number): Promise<void> => {
    if (depth > 20) throw new SqliteSchemaError("sqlite_master's b-tree is deeper than any real one");
    const p = await read(n);
    const base = n === 1 ? 100 : 0;
    const view = new DataView(p.buffer, p.byteOffset, p.byteLength);
    const type = p[base];
    const cells = view.getUint16(base + 3);
    if (type === 0x05) {
      const ptrs = base + 12;
      for (let i = 0; i < cells; i++) await walk(view.getUint32(view.getUint16(ptrs + 2 * i)), depth + 1);
      await walk(view.getUint32(base + 8), depth + 1);
      return;
    }
    if (type !== 0x0d) throw new SqliteSchemaError(`page ${n} of sqlite_master is not a table b-tree page (type ${type})`);
    for (let i = 0; i < cells; i++) {
      let at = view.getUint16(base + 8 + 2 * i);
      const [size, n1] = varint(p, at);
      at += n1;
      const [, n2] = varint(p, at);
      at += n2;
      const values = record(await payload(p, at, size), decoder);
      const [t, name, tbl, , sql] = values;
      if (typeof t !== "string" || typeof name !== "string" || typeof tbl !== "string") throw new SqliteSchemaError(`a sqlite_master entry on page ${n} is not (type, name, tbl_name, rootpage, sql)`);
      entries.push({ type: t, name, tbl_name: tbl, sql: typeof sql === "string" ? sql : null });
    }
  };
  await walk(1, 0);
  return entries;
}
