/**
 * Reading a tar archive (POSIX ustar, with PAX or GNU records for long
 * names), the form in which a dataset mirror holds a pinned git folder
 * whole (`assay data pull` writes it: one file to fetch instead of one per
 * file). Regular files with their executable bit; folders are skipped
 * (implied by the paths); anything else (a link, a device) is refused by
 * name, since a pinned folder holds only files. Pure, no I/O.
 */

const BLOCK = 512;
const dec = new TextDecoder();

/** Why an archive does not read, naming the entry. */
export class TarError extends Error {}

export interface TarFile {
  path: string;
  /** Whether any execute bit is set (git keeps only that: 100755 or 100644). */
  executable: boolean;
  bytes: Uint8Array;
}

function field(h: Uint8Array, at: number, n: number): string {
  const raw = h.subarray(at, at + n);
  const end = raw.indexOf(0);
  return dec.decode(end < 0 ? raw : raw.subarray(0, end));
}

function octal(h: Uint8Array, at: number, n: number, what: string): number {
  const s = field(h, at, n).trim();
  if (!/^[0-7]*$/.test(s)) throw new TarError(`an entry's ${what} is not an octal number`);
  return s === "" ? 0 : parseInt(s, 8);
}

/** The files of an archive, in archive order. */
export function readTar(bytes: Uint8Array): TarFile[] {
  const out: TarFile[] = [];
  let at = 0;
  let longName: string | null = null;
  while (at + BLOCK <= bytes.byteLength) {
    const h = bytes.subarray(at, at + BLOCK);
    if (h.every((b) => b === 0)) return out;
    const size = octal(h, 124, 12, "size");
    const type = field(h, 156, 1) || "0";
    const prefix = field(h, 345, 155);
    const short = prefix ? `${prefix}/${field(h, 0, 100)}` : field(h, 0, 100);
    if (at + BLOCK + size > bytes.byteLength) throw new TarError(`the archive ends inside ${longName ?? short}`);
    const data = bytes.subarray(at + BLOCK, at + BLOCK + size);
    at += BLOCK + size + ((BLOCK - (size % BLOCK)) % BLOCK);
    if (type === "x" || type === "L") {
      const text = dec.decode(data);
      const m = type === "L" ? [null, text.replace(/\0[\s\S]*$/, "")] : /(?:^|\n)\d+ path=([^\n]*)\n/.exec(text);
      if (m?.[1]) longName = m[1];
      continue;
    }
    if (type === "g") continue;
    const path = (longName ?? short).replace(/^\.\//, "");
    longName = null;
    if (type === "5") continue;
    if (type !== "0" && type !== "7") throw new TarError(`${path} is not a regular file (tar type '${type}'); a pinned folder holds only files`);
    out.push({ path, executable: (octal(h, 100, 8, "mode") & 0o111) !== 0, bytes: data });
  }
  throw new TarError("the archive has no end-of-archive blocks: it was cut short");
}
