/**
 * The listing whose sha256 pins a set of files (PinnedImages, a
 * PinnedDataset's listing_sha256): "<sha256> <path>\n" per file, sorted by
 * path. Pure.
 */
export function setListing(digests: ReadonlyMap<string, string>): string {
  return [...digests.keys()]
    .sort()
    .map((path) => `${digests.get(path)} ${path}\n`)
    .join("");
}
