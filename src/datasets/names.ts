/** Dataset names and versions: what a ref `name@version` may contain. No I/O. */

/** A dataset name: a letter or digit, then letters, digits, `.`, `_` or `-`; at most 100 characters. */
export const DATASET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Largest version number a revision may carry. */
export const MAX_VERSION = 999_999_999;

export function isDatasetName(name: string): boolean {
  return DATASET_NAME.test(name);
}

export function isVersion(version: number): boolean {
  return Number.isSafeInteger(version) && version >= 1 && version <= MAX_VERSION;
}

/** The public ref of a revision. */
export function refOf(name: string, version: number): string {
  return `${name}@${version}`;
}
