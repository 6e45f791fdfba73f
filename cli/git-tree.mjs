// Git's object ids for `assay data pull` of a folder pinned by its git tree
// id (Terminal-Bench 2.0's tasks): the CLI's own copy of the rule the
// Worker checks with (src/catalog/git-tree.ts), since the CLI runs on Node
// 20 without TypeScript. A blob id is sha1("blob <size>\0" + bytes); a tree
// id sha1("tree <size>\0" + entries sorted by name, a folder's as if it
// ended in "/", each "<mode> <name>\0<20-byte id>"). Pure, no I/O.
import { createHash } from "node:crypto";

const sha1 = (/** @type {Buffer[]} */ parts) => {
  const h = createHash("sha1");
  for (const p of parts) h.update(p);
  return h.digest("hex");
};

/** @param {Uint8Array} bytes */
export const blobId = (bytes) => sha1([Buffer.from(`blob ${bytes.byteLength}\0`), Buffer.from(bytes)]);

/**
 * The root tree id of a folder's files and submodules, each `{path, mode, sha}` (mode 100644, 100755, 120000, 160000).
 * @param {{path: string, mode: string, sha: string}[]} entries
 */
export function treeId(entries) {
  /** @type {Map<string, {name: string, mode: string, sha: string, tree: boolean}[]>} */
  const dirs = new Map([["", []]]);
  const parent = (/** @type {string} */ p) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "");
  for (const e of entries) {
    for (let d = parent(e.path); !dirs.has(d); d = parent(d)) dirs.set(d, []);
    dirs.get(parent(e.path)).push({ name: e.path.slice(e.path.lastIndexOf("/") + 1), mode: e.mode, sha: e.sha, tree: false });
  }
  // Deepest first, the root last, so each folder's subfolders are hashed before it.
  const depth = (/** @type {string} */ d) => (d === "" ? 0 : d.split("/").length);
  const order = [...dirs.keys()].sort((a, b) => depth(b) - depth(a));
  /** @type {string} */
  let root = "";
  for (const d of order) {
    const kids = dirs.get(d).map((c) => ({ c, key: Buffer.from(c.tree ? `${c.name}/` : c.name) }));
    kids.sort((x, y) => Buffer.compare(x.key, y.key));
    const body = Buffer.concat(kids.flatMap(({ c }) => [Buffer.from(`${c.mode.replace(/^0+/, "")} ${c.name}\0`), Buffer.from(c.sha, "hex")]));
    const id = sha1([Buffer.from(`tree ${body.length}\0`), body]);
    if (d === "") root = id;
    else dirs.get(parent(d)).push({ name: d.slice(d.lastIndexOf("/") + 1), mode: "40000", sha: id, tree: true });
  }
  return root;
}
