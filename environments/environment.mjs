/**
 * What every backend gives a trial: an environment to run commands in and
 * move files through, whatever builds it (a container engine, namespaces
 * over a Debian root). The trial (trial.mjs) and the agents only use this.
 *
 *   exec({ command | argv, cwd?, env?, timeout_s, stdin? })
 *     → { exit_code, signal, timed_out, duration_ms, output (Buffer: stdout
 *        and stderr together, head and tail kept), output_bytes }
 *   writeFiles(dir, files: Map<relative path, bytes>)   (a tar, unpacked inside)
 *   readFile(path, maxBytes) → Buffer | null
 *   dispose()
 *
 * and the errors a backend throws: EnvironmentError when the environment
 * cannot be built or started (the trial then fails with its reason, never
 * a reward of 0). No I/O of its own.
 */
import { guessMode, tarPack, treeEntries } from "./tar.mjs";

export class EnvironmentError extends Error {
  /**
   * @param {"build" | "start" | "exec"} stage where it broke
   * @param {string} message the reason, in words a user can act on
   * @param {string} [log] the build's or engine's own output, when there is some
   */
  constructor(stage, message, log = "") {
    super(message);
    this.stage = stage;
    this.log = log;
  }
}

/** Largest file read back out of an environment (a reward file, a verifier's log). */
export const MAX_READ_BYTES = 4 * 1024 * 1024;

/** Exit status `sh -c` gives a command it cannot find. */
export const NOT_FOUND = 127;

/**
 * The shared half of an environment over a backend's `run(argv, o)`:
 * commands as `bash -c` (or `sh -c` where the image has no bash), files in
 * through `tar -x`, out through `cat`. A backend with its own file API
 * overrides writeFiles / readFile.
 */
export function environmentOver(run, { hasBash = true } = {}) {
  const shell = hasBash ? "bash" : "sh";
  return {
    exec({ command, argv, ...o }) {
      return run(argv ?? [shell, "-c", command], o);
    },
    async writeFiles(dir, files) {
      const tar = tarPack(treeEntries(files, guessMode));
      const r = await run(["sh", "-c", 'mkdir -p "$1" && tar -x -o -f - -C "$1"', "write", dir], { stdin: tar, timeout_s: 120 });
      if (r.exit_code !== 0) throw new EnvironmentError("exec", `could not copy files into ${dir}: ${r.output.toString("utf8").trim().slice(-300) || `exit ${r.exit_code}`}`);
    },
    async readFile(path, maxBytes = MAX_READ_BYTES) {
      const r = await run(["sh", "-c", '[ -f "$1" ] || exit 44; head -c "$2" -- "$1"', "read", path, String(maxBytes)], { timeout_s: 60, maxOutput: maxBytes + 1024 });
      return r.exit_code === 0 ? r.output : null;
    },
  };
}
