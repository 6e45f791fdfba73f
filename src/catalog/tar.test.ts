// Reading the tar archive a dataset mirror holds a pinned git folder in
// (src/catalog/tar.ts), written by the same packer `assay data pull` uses
// (environments/tar.mjs): files with their executable bit and long (PAX)
// names, folders skipped; a link refused naming it, a cut archive refused.
import { describe, expect, it } from "vitest";
import { tarPack } from "../../environments/tar.mjs";
import { readTar, TarError } from "./tar";

const dec = new TextDecoder();
const LONG = `${"deep/".repeat(30)}file.txt`;

describe("readTar", () => {
  it("gives each file with its path, bytes and executable bit, in archive order, skipping folders", () => {
    const bytes = new Uint8Array(
      tarPack([
        { path: "task", dir: true },
        { path: "task/solution/solve.sh", data: "#!/bin/bash\necho ok\n", mode: 0o755 },
        { path: "task/instruction.md", data: "Do it.\n", mode: 0o644 },
        { path: LONG, data: "x".repeat(700) },
        { path: "empty", data: "" },
      ]),
    );
    const files = readTar(bytes);
    expect(files.map((f) => [f.path, f.executable, f.bytes.byteLength])).toEqual([
      ["task/solution/solve.sh", true, 20],
      ["task/instruction.md", false, 7],
      [LONG, false, 700],
      ["empty", false, 0],
    ]);
    expect(dec.decode(files[1]!.bytes)).toBe("Do it.\n");
  });

  it("refuses a symbolic link naming it, and an archive cut short", () => {
    const bytes = new Uint8Array(tarPack([{ path: "a.txt", data: "a" }, { path: "link", data: "" }]));
    const linked = bytes.slice();
    linked[1024 + 156] = "2".charCodeAt(0);
    expect(() => readTar(linked)).toThrow(new TarError("link is not a regular file (tar type '2'); a pinned folder holds only files"));
    expect(() => readTar(bytes.subarray(0, 1024))).toThrow(new TarError("the archive has no end-of-archive blocks: it was cut short"));
    expect(() => readTar(bytes.subarray(0, 600))).toThrow(TarError);
  });
});
