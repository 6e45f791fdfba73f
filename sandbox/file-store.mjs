/**
 * The sandbox's store of files executions are handed read-only (BIRD's
 * SQLite databases): content-addressed by sha256, written once from an
 * upload whose bytes must hash to the name it was sent under, kept under a
 * byte cap (the least recently used file not in use goes first), and shown
 * to one execution as a directory of hard links (one per name the request
 * gives), which the isolation binds read-only at /data. Everything lives in
 * one directory the service makes and removes, so links never cross file
 * systems. I/O: that directory.
 */
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { chmod, link, mkdir, mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";

/** A file's name inside /data: a plain file name. */
export const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
export const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Opens a store under a fresh temporary directory.
 * @param {{ maxBytes: number }} o
 */
export async function openFileStore(o) {
  const dir = await mkdtemp(join(tmpdir(), "assay-sandbox-files-"));
  // Execution uids (61000+ under a root service) must reach the links and read the files.
  await chmod(dir, 0o755);
  const store = join(dir, "store");
  const exec = join(dir, "exec");
  await mkdir(store, { mode: 0o755 });
  await mkdir(exec, { mode: 0o755 });
  /** sha256 → {bytes, used (a counter, larger is more recent), pins (executions holding it)} */
  const files = new Map();
  let clock = 0;
  let total = 0;

  /** Frees room for `bytes` by dropping unpinned files, least recently used first; false when it cannot. */
  async function makeRoom(bytes) {
    if (bytes > o.maxBytes) return false;
    const idle = [...files.entries()].filter(([, f]) => f.pins === 0).sort((a, b) => a[1].used - b[1].used);
    while (total + bytes > o.maxBytes && idle.length) {
      const [sha, f] = idle.shift();
      files.delete(sha);
      total -= f.bytes;
      await rm(join(store, sha), { force: true });
    }
    return total + bytes <= o.maxBytes;
  }

  return {
    /** Where executions' data directories are made (the isolation's data root). */
    root: exec,
    maxBytes: o.maxBytes,
    get bytes() {
      return total;
    },
    /** @param {string} sha256 */
    has: (sha256) => files.has(sha256),
    /**
     * Stores `body` as `sha256`, refusing bytes of another size or digest.
     * @param {string} sha256
     * @param {number} bytes
     * @param {import("node:stream").Readable} body
     * @returns {Promise<{ stored: boolean } | { status: number, detail: string }>}
     */
    async put(sha256, bytes, body) {
      if (files.has(sha256)) {
        body.resume();
        files.get(sha256).used = ++clock;
        return { stored: false };
      }
      if (!(await makeRoom(bytes))) {
        body.resume();
        return { status: 507, detail: `the file store holds at most ${o.maxBytes} bytes beside the files in use; ${bytes} more do not fit` };
      }
      const incoming = join(store, `.incoming-${randomUUID()}`);
      const hash = createHash("sha256");
      let seen = 0;
      let over = false;
      body.on("data", (c) => {
        seen += c.length;
        if (seen <= bytes) hash.update(c);
        else if (!over) {
          over = true;
          body.destroy(new Error("longer than declared"));
        }
      });
      try {
        await pipeline(body, createWriteStream(incoming, { mode: 0o444 }));
      } catch (err) {
        await rm(incoming, { force: true });
        if (over) return { status: 422, detail: `the upload is longer than the ${bytes} bytes it was sent as` };
        return { status: 400, detail: `the upload broke off: ${err?.message ?? err}` };
      }
      const digest = hash.digest("hex");
      if (seen !== bytes || digest !== sha256) {
        await rm(incoming, { force: true });
        return { status: 422, detail: `the upload is ${seen} bytes with sha256 ${digest}, not the ${bytes} bytes with sha256 ${sha256} it was sent as` };
      }
      // Another upload of the same file may have landed meanwhile: the same bytes, so either copy will do.
      if (files.has(sha256)) {
        await rm(incoming, { force: true });
        return { stored: false };
      }
      if (!(await makeRoom(bytes))) {
        await rm(incoming, { force: true });
        return { status: 507, detail: `the file store holds at most ${o.maxBytes} bytes beside the files in use` };
      }
      await rename(incoming, join(store, sha256));
      files.set(sha256, { bytes, used: ++clock, pins: 0 });
      total += bytes;
      return { stored: true };
    },
    /**
     * A directory of hard links, one per name, to files the store holds, pinned (kept) until `release`;
     * null when one is missing (`missing` lists them).
     * @param {{ name: string, sha256: string }[]} wanted
     */
    async lend(wanted) {
      const missing = wanted.filter((w) => !files.has(w.sha256)).map((w) => w.sha256);
      if (missing.length) return { missing: [...new Set(missing)] };
      const held = wanted.map((w) => files.get(w.sha256));
      for (const f of held) {
        f.pins++;
        f.used = ++clock;
      }
      const dir = join(exec, randomUUID());
      const release = async () => {
        await rm(dir, { recursive: true, force: true });
        for (const f of held) f.pins--;
      };
      try {
        await mkdir(dir, { mode: 0o755 });
        for (const w of wanted) await link(join(store, w.sha256), join(dir, w.name));
      } catch (err) {
        await release();
        throw err;
      }
      return { dir, release };
    },
    /** Files' sizes on disk, for a check that nothing was lost. @param {string} sha256 */
    async sizeOf(sha256) {
      return (await stat(join(store, sha256))).size;
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
