/**
 * Multi-row statements for a Durable Object's SQLite. One statement per row
 * costs a trip into the storage engine each; a batch of deltas written as a
 * few multi-row statements costs a few (measured: the live object's writes
 * were a tenth of a run's CPU one row at a time).
 */

/** Durable Object SQLite binds at most 100 parameters per statement. */
const MAX_PARAMS = 100;

/** `head VALUES (?, ...), ... tail` for every row, as few statements as the parameter limit allows. */
export function insertRows(sql: SqlStorage, head: string, rows: readonly (readonly SqlStorageValue[])[], tail = ""): void {
  if (!rows.length) return;
  const width = rows[0]!.length;
  const per = Math.max(1, Math.floor(MAX_PARAMS / width));
  const tuple = `(${new Array(width).fill("?").join(", ")})`;
  for (let i = 0; i < rows.length; i += per) {
    const part = rows.slice(i, i + per);
    sql.exec(`${head} VALUES ${new Array(part.length).fill(tuple).join(", ")} ${tail}`, ...part.flat());
  }
}

/** `DELETE FROM table WHERE column IN (...)` for every key, in statements of at most MAX_PARAMS keys. */
export function deleteKeys(sql: SqlStorage, table: string, column: string, keys: readonly SqlStorageValue[]): void {
  for (let i = 0; i < keys.length; i += MAX_PARAMS) {
    const part = keys.slice(i, i + MAX_PARAMS);
    sql.exec(`DELETE FROM ${table} WHERE ${column} IN (${new Array(part.length).fill("?").join(", ")})`, ...part);
  }
}
