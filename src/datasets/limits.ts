/** Limits of a dataset revision, as named constants. No I/O. */

/** Largest upload accepted, compressed or not; a gzip body may not inflate past it either. */
export const MAX_UPLOAD_BYTES = 32 * 1024 * 1024;

/** Most bytes a ZIP upload's files may inflate to together (declared sizes; each is also held to its own). */
export const MAX_ARCHIVE_INFLATED_BYTES = 64 * 1024 * 1024;

/** Most rows one revision may hold. */
export const MAX_ROWS = 200_000;

/** Rows per R2 chunk object: small enough to page cheaply, large enough to keep object counts low. */
export const CHUNK_ROWS = 500;

/** Most distinct columns; beyond it the data is almost certainly not a table of tasks. */
export const MAX_COLUMNS = 1_000;

/** Most distinct split or subset values kept for one revision. */
export const MAX_LABELS = 1_000;

/**
 * Ceiling on the JSON of columns, splits and subsets together: they live in
 * one D1 row, and a D1 statement may not exceed 100 KB.
 */
export const MAX_META_BYTES = 60_000;

/** A key column's values longer than this make it unusable as a row key. */
export const MAX_KEY_LENGTH = 200;

/** Parse errors listed in one 422; parsing stops after this many. */
export const MAX_REPORTED_ERRORS = 20;
