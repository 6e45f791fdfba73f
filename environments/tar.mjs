/**
 * tar archives (POSIX ustar, with PAX headers for long names), the form in
 * which files go into an environment (tests/, solution/: `tar -x` inside a
 * local environment, the Docker Engine's PUT /containers/{id}/archive) and
 * come out of one (GET .../archive), and in which a Docker build context
 * is sent. Regular files and directories only. Pure, no I/O.
 */

const BLOCK = 512;

function octal(n, width) {
  return n.toString(8).padStart(width - 1, "0") + "\0";
}

function header(name, { size, mode, type }) {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, "utf8");
  h.write(octal(mode, 8), 100, "ascii");
  h.write(octal(0, 8), 108, "ascii");
  h.write(octal(0, 8), 116, "ascii");
  h.write(octal(size, 12), 124, "ascii");
  h.write(octal(0, 12), 136, "ascii");
  h.write("        ", 148, "ascii");
  h.write(type, 156, "ascii");
  h.write("ustar\0", 257, "ascii");
  h.write("00", 263, "ascii");
  let sum = 0;
  for (const b of h) sum += b;
  h.write(octal(sum, 7) + " ", 148, "ascii");
  return h;
}

function pad(size) {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** A PAX extended header carrying `path` (for names over 100 bytes). */
function paxPath(path) {
  const record = (body) => {
    // The length prefix counts itself.
    let len = body.length + 3;
    while (`${len} ${body}\n`.length !== len) len = `${len} ${body}\n`.length;
    return `${len} ${body}\n`;
  };
  const data = Buffer.from(record(`path=${path}`), "utf8");
  return [header("PaxHeader", { size: data.length, mode: 0o644, type: "x" }), data, pad(data.length)];
}

/**
 * An archive of `entries` ({ path, data?: Buffer | Uint8Array | string, mode?, dir? }),
 * parents first where the caller lists them so; paths relative, POSIX.
 * @param {{ path: string, data?: Buffer | Uint8Array | string, mode?: number, dir?: boolean }[]} entries
 */
export function tarPack(entries) {
  const parts = [];
  for (const e of entries) {
    const path = e.dir ? `${e.path.replace(/\/+$/, "")}/` : e.path;
    if (Buffer.byteLength(path) > 100) parts.push(...paxPath(path));
    if (e.dir) {
      parts.push(header(path.slice(0, 100), { size: 0, mode: e.mode ?? 0o755, type: "5" }));
      continue;
    }
    const data = Buffer.isBuffer(e.data) ? e.data : typeof e.data === "string" ? Buffer.from(e.data, "utf8") : Buffer.from(e.data ?? []);
    parts.push(header(path.slice(0, 100), { size: data.length, mode: e.mode ?? 0o644, type: "0" }), data, pad(data.length));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

/**
 * The entries of an archive: { path, type: "file" | "dir" | "other", mode, data }.
 * Reads ustar, GNU long names and PAX path records.
 */
export function tarUnpack(buf) {
  const out = [];
  let at = 0;
  let longName = null;
  while (at + BLOCK <= buf.length) {
    const h = buf.subarray(at, at + BLOCK);
    if (h.every((b) => b === 0)) break;
    const str = (o, n) => h.subarray(o, o + n).toString("utf8").replace(/\0.*$/s, "");
    const size = parseInt(str(124, 12).trim() || "0", 8);
    const type = str(156, 1) || "0";
    const prefix = str(345, 155);
    let name = prefix ? `${prefix}/${str(0, 100)}` : str(0, 100);
    const data = buf.subarray(at + BLOCK, at + BLOCK + size);
    at += BLOCK + size + ((BLOCK - (size % BLOCK)) % BLOCK);
    if (type === "L") {
      longName = data.toString("utf8").replace(/\0.*$/s, "");
      continue;
    }
    if (type === "x") {
      const m = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data.toString("utf8"));
      if (m) longName = m[1];
      continue;
    }
    if (type === "g") continue;
    if (longName !== null) {
      name = longName;
      longName = null;
    }
    const mode = parseInt(str(100, 8).trim() || "0", 8);
    out.push({ path: name.replace(/^\.\//, ""), type: type === "0" || type === "\0" ? "file" : type === "5" ? "dir" : "other", mode, data: Buffer.from(data) });
  }
  return out;
}

/** Entries for a file tree: its directories (each once, parents first) and files; `mode` picks a file's mode. */
export function treeEntries(files, mode = () => 0o644) {
  const dirs = new Set();
  const entries = [];
  for (const path of [...files.keys()].sort()) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) {
      const d = parts.slice(0, i).join("/");
      if (!dirs.has(d)) {
        dirs.add(d);
        entries.push({ path: d, dir: true });
      }
    }
    const data = files.get(path);
    entries.push({ path, data: Buffer.from(data), mode: mode(path, data) });
  }
  return entries;
}

/** 0755 for scripts (a `#!` first line) and shell files, else 0644: a task folder read from a row or a ZIP has lost its modes. */
export function guessMode(path, data) {
  return (data.length > 1 && data[0] === 0x23 && data[1] === 0x21) || /\.(sh|bash)$/.test(path) ? 0o755 : 0o644;
}
