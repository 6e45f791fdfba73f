/**
 * Terminal-Bench 2.0's folder for the test mirror, made a git tree by git
 * itself: the files are written into a temporary repository, `git add`ed,
 * and `git write-tree` gives the tree id the test pins, `git ls-tree -r -t
 * -l` the listing GitHub's trees API would return for it. So the loader's
 * own rebuilding of tree ids (src/catalog/git-tree.ts) is checked against
 * git's on every run. Each folder is served three ways, as upstream and a
 * mirror hold it: the listing (`<prefix>/git-tree.json`), the loose files
 * (`<prefix>/<path>`), and one tar archive (`<archive>`).
 *
 * - `terminal_bench_2/tasks.tar` (the catalog's archive path), `…/tasks/`:
 *   without ../shared, generated tasks; with it, the 17 real tasks
 *   (../shared/datasets/terminal_bench_2/tasks, already served loose).
 * - `terminal_bench_2/generated.tar`, `…/generated/`: always the generated
 *   tasks (three of the tasks Assay ships, which the local backend runs, a
 *   README beside them and an executable solve.sh), for runs.
 *
 * Test data only; runs in Node (the datasets server's setup).
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import type { MiniFile } from "../../../../test/mini-datasets";
import { tarPack } from "../../../../environments/tar.mjs";
import { SHIPPED_TASKS_DIR } from "../../../../environments/tasks.mjs";
import { TERMINAL_BENCH_2_DATA } from "./source";

const PIN = TERMINAL_BENCH_2_DATA.git_tree!;

/** Where the generated folder is served: its archive, and the prefix of its listing and loose files. */
export const GENERATED_ARCHIVE = "terminal_bench_2/generated.tar";
export const GENERATED_PREFIX = "terminal_bench_2/generated/";
/** The generated folder's tasks, by name, in path order. */
export const GENERATED_TASKS = ["assay/count-words", "fix-sum-script", "hello-file"];

export interface FolderFile {
  path: string;
  bytes: Uint8Array;
  executable: boolean;
}

/** Every file under `dir`, by its path relative to it, with its executable bit. */
function filesUnder(dir: string, prefix = ""): FolderFile[] {
  const out: FolderFile[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push({ path: prefix + relative(dir, full).split("\\").join("/"), bytes: new Uint8Array(readFileSync(full)), executable: false });
    }
  };
  walk(dir);
  return out;
}

/** The generated folder: three shipped tasks as Terminal-Bench lays them out, solve.sh executable, a README at the top. */
export function generatedFolder(): FolderFile[] {
  const files = ["hello-file", "count-words", "fix-sum-script"].flatMap((t) => filesUnder(join(SHIPPED_TASKS_DIR, t), `${t}/`));
  for (const f of files) if (f.path.endsWith("/solution/solve.sh")) f.executable = true;
  files.push({ path: "README.md", bytes: new TextEncoder().encode("# Generated tasks\n\nA folder of Harbor tasks laid out as Terminal-Bench 2.0's.\n"), executable: false });
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

const git = (cwd: string, args: string[]) => execFileSync("git", ["-c", "core.autocrlf=false", "-c", "core.fileMode=true", ...args], { cwd, env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" } });

/** The folder as git sees it: its tree id, and the recursive listing in the shape of GitHub's trees API. */
export function gitListing(files: FolderFile[]): { tree: string; listing: unknown } {
  const repo = mkdtempSync(join(tmpdir(), "assay-git-tree-"));
  try {
    git(repo, ["init", "-q"]);
    for (const f of files) {
      const full = join(repo, f.path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, f.bytes);
      chmodSync(full, f.executable ? 0o755 : 0o644);
    }
    git(repo, ["add", "-A"]);
    const tree = git(repo, ["write-tree"]).toString().trim();
    const entries = git(repo, ["ls-tree", "-r", "-t", "-l", "-z", tree])
      .toString()
      .split("\0")
      .filter(Boolean)
      .map((line) => {
        const [meta, path] = line.split("\t") as [string, string];
        const [mode, type, sha, size] = meta.split(/ +/) as [string, string, string, string];
        return { path, mode, type, sha, ...(type === "blob" ? { size: Number(size) } : {}), url: `https://api.github.com/repos/example/example/git/${type}s/${sha}` };
      });
    return { tree, listing: { sha: tree, url: `https://api.github.com/repos/example/example/git/trees/${tree}`, tree: entries, truncated: false } };
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}

/** The archive `assay data pull` writes of a folder: a tar of its files with their modes. */
export function folderArchive(files: FolderFile[]): Uint8Array {
  return new Uint8Array(tarPack(files.map((f) => ({ path: f.path, data: Buffer.from(f.bytes), mode: f.executable ? 0o755 : 0o644 }))));
}

/** A folder served as listing, archive and (when `loose`) its files, the archive pinned by git's tree id. */
function served(files: FolderFile[], archive: string, prefix: string, loose: boolean): MiniFile[] {
  const { tree, listing } = gitListing(files);
  const bytes = folderArchive(files);
  return [
    { path: archive, text: "", gzip: false, bytes, gitTree: { tree, files: files.length, bytes: files.reduce((n, f) => n + f.bytes.byteLength, 0) } },
    { path: `${prefix}git-tree.json`, text: JSON.stringify(listing), gzip: false },
    ...(loose ? files.map((f) => ({ path: prefix + f.path, text: "", gzip: false, bytes: f.bytes })) : []),
  ];
}

export function miniFiles(): MiniFile[] {
  const generated = generatedFolder();
  return [...served(generated, PIN.archive_path, "terminal_bench_2/tasks/", true), ...served(generated, GENERATED_ARCHIVE, GENERATED_PREFIX, true)];
}

export function sharedFiles(datasetsDir: string): MiniFile[] {
  // The 17 shared tasks are served loose from ../shared at terminal_bench_2/tasks/ already.
  const real = filesUnder(join(datasetsDir, "terminal_bench_2", "tasks"));
  return [...served(real, PIN.archive_path, "terminal_bench_2/tasks/", false), ...served(generatedFolder(), GENERATED_ARCHIVE, GENERATED_PREFIX, true)];
}
