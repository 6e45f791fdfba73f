/**
 * Cursor paging shared by every list: the cursor is an opaque base64url
 * token wrapping the last id of the previous page. No I/O.
 */
import { AppError } from "./errors";

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 200;

export function encodeCursor(lastKey: string): string {
  return btoa(lastKey).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined || cursor === "") return undefined;
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw new AppError("bad_request", "cursor is not one this API issued");
  let key: string;
  try {
    key = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    throw new AppError("bad_request", "cursor is not one this API issued");
  }
  if (!/^[\x20-\x7e]{1,300}$/.test(key)) throw new AppError("bad_request", "cursor is not one this API issued");
  return key;
}

/** Given limit+1 fetched rows, the page and the cursor for the next one. */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => string): { items: T[]; next_cursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
