/**
 * A folder as bytes by relative path: how environment inputs (a Harbor
 * task or a directory of them, a Harbor trial directory, a SWE-bench
 * submission's logs) reach the pure readers, whether they came as a ZIP
 * upload or from a directory the CLI walked. Paths are normalised to
 * POSIX form relative to the root; absolute paths, `..` and NUL refuse the
 * tree (a ZIP could otherwise name files outside it). Pure apart from the
 * Web stream API the ZIP reader inflates with.
 */
import { InputError } from "./input-error";
import { isZip, readZipEntry, zipEntries } from "../imports/zip";

/** A file tree: relative POSIX path → bytes. */
export type FileTree = Map<string, Uint8Array>;

/** A tree that cannot be read: `field` is where (`file`, `file:logs/x/report.json`). */
export class FileTreeError extends InputError {}

/** Bounds on what one tree may hold, so an upload cannot exhaust the isolate. */
export interface TreeLimits {
  /** Most files read. */
  maxFiles: number;
  /** Most bytes all read files may inflate to together. */
  maxBytes: number;
}

export const DEFAULT_TREE_LIMITS: TreeLimits = { maxFiles: 20_000, maxBytes: 96 * 1024 * 1024 };

/** A member path as a tree key, or null for a directory entry; throws on a path that escapes the root. */
export function treePath(raw: string): string | null {
  if (raw.includes("\0")) throw new FileTreeError("file", `names a path with a NUL byte`);
  const path = raw.replaceAll("\\", "/");
  if (path.endsWith("/")) return null;
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) throw new FileTreeError("file", `names an absolute path (${raw.slice(0, 200)})`);
  const parts = path.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.includes("..")) throw new FileTreeError("file", `names a path outside its root (${raw.slice(0, 200)})`);
  return parts.length ? parts.join("/") : null;
}

/**
 * The tree in a ZIP archive. `want` picks the members worth inflating (a
 * submission needs its test logs and reports, not every patch); macOS
 * resource forks are skipped.
 */
export async function treeFromZip(bytes: Uint8Array, want: (path: string) => boolean = () => true, limits: TreeLimits = DEFAULT_TREE_LIMITS): Promise<FileTree> {
  if (!isZip(bytes)) throw new FileTreeError("file", "is not a ZIP archive");
  const tree: FileTree = new Map();
  let total = 0;
  for (const entry of zipEntries(bytes)) {
    const path = treePath(entry.name);
    if (path === null || path.startsWith("__MACOSX/") || !want(path)) continue;
    if (tree.size >= limits.maxFiles) throw new FileTreeError("file", `holds more than ${limits.maxFiles} files`);
    if (total + entry.size > limits.maxBytes) throw new FileTreeError("file", `inflates to more than ${limits.maxBytes} bytes`);
    const data = await readZipEntry(bytes, entry);
    // The declared size may lie; what inflated counts.
    total += data.byteLength;
    if (total > limits.maxBytes) throw new FileTreeError("file", `inflates to more than ${limits.maxBytes} bytes`);
    tree.set(path, data);
  }
  return tree;
}

/** A tree from (path, bytes) pairs, e.g. files sent one by one; the same path checks as a ZIP's. */
export function treeFromFiles(files: Iterable<{ path: string; bytes: Uint8Array }>): FileTree {
  const tree: FileTree = new Map();
  for (const f of files) {
    const path = treePath(f.path);
    if (path !== null) tree.set(path, f.bytes);
  }
  return tree;
}

/** The subtree under `dir` (no trailing slash; "" is the whole tree), with paths relative to it. */
export function subtree(tree: FileTree, dir: string): FileTree {
  if (dir === "") return tree;
  const prefix = `${dir}/`;
  const out: FileTree = new Map();
  for (const [p, b] of tree) if (p.startsWith(prefix)) out.set(p.slice(prefix.length), b);
  return out;
}

/** The text of a file as UTF-8 (invalid bytes replaced, as Python's reading with errors tolerated would show them), or null when absent. */
export function treeText(tree: FileTree, path: string): string | null {
  const b = tree.get(path);
  return b === undefined ? null : new TextDecoder().decode(b);
}

/** The parent folder of a path ("" at the root). */
export const dirOf = (path: string): string => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "");
