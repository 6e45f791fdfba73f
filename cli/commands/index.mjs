// Every command, by name: groups (`job submit`) and single words
// (`leaderboard`). No I/O.
import { benchmarkCommands } from "./benchmark.mjs";
import { boardCommands } from "./boards.mjs";
import { dataCommands } from "./data.mjs";
import { datasetCommands } from "./dataset.mjs";
import { evalCommands } from "./eval.mjs";
import { importCommands } from "./import.mjs";
import { jobCommands } from "./job.mjs";
import { loginCommands } from "./login.mjs";
import { profileCommands } from "./profile.mjs";

/**
 * @typedef {object} Command
 * @property {string} summary One line for `assay --help`
 * @property {string} usage
 * @property {Record<string, {type: "string" | "boolean", short?: string, multiple?: boolean}>} [options]
 * @property {number} [min] Fewest positional arguments
 * @property {number} [max] Most positional arguments
 * @property {(ctx: import("../context.mjs").Context, values: Record<string, any>, args: string[]) => Promise<number | void>} run
 *   Resolves to an exit code (undefined: 0)
 */

/** @type {Record<string, Record<string, Command>>} */
export const GROUPS = {
  job: jobCommands,
  profile: profileCommands,
  dataset: datasetCommands,
  data: dataCommands,
  benchmark: benchmarkCommands,
  eval: evalCommands,
  import: importCommands,
};

/** @type {Record<string, Command>} */
export const SINGLES = {
  ...loginCommands,
  ...boardCommands,
};
