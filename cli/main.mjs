// The CLI as a function: arguments, streams and environment in, an exit
// code out, so tests can drive it without a process. Errors end here: one
// line on stderr and the exit code of their kind (docs/cli.md).
import { readFileSync } from "node:fs";
import { GLOBAL_OPTIONS, parse } from "./args.mjs";
import { GROUPS, SINGLES } from "./commands/index.mjs";
import { makeContext } from "./context.mjs";
import { EXIT, UsageError } from "./errors.mjs";

const VERSION = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;

function topHelp() {
  const lines = ["usage: assay COMMAND [ARGS] [--url URL] [--json]", "", "commands:"];
  const width = 22;
  for (const [group, cmds] of Object.entries(GROUPS)) {
    for (const [name, c] of Object.entries(cmds)) lines.push(`  ${`${group} ${name}`.padEnd(width)}${c.summary}`);
  }
  for (const [name, c] of Object.entries(SINGLES)) lines.push(`  ${name.padEnd(width)}${c.summary}`);
  lines.push(
    "",
    "server and key: --url or ASSAY_URL (default http://127.0.0.1:8787); ASSAY_API_KEY or 'assay login'",
    "exit codes: 0 ok, 1 check failed, 2 usage error, 3 API error, 4 network error, 130 interrupted",
    "'assay COMMAND --help' shows a command's options; docs/cli.md has the details",
  );
  return lines.join("\n") + "\n";
}

/** @param {string} group */
function groupHelp(group) {
  const cmds = GROUPS[group];
  return [`usage: assay ${group} (${Object.keys(cmds).join("|")}) ...`, "", ...Object.entries(cmds).map(([n, c]) => `  ${n.padEnd(10)}${c.summary}`)].join("\n") + "\n";
}

/** @param {import("./commands/index.mjs").Command} c */
function commandHelp(c) {
  return `usage: ${c.usage}\n\n${c.summary}\nglobal options: --url URL, --json, --help\n`;
}

/**
 * Global flags written before the command (`assay --json job get X`) are moved after it.
 * @param {string[]} argv
 */
function hoistGlobals(argv) {
  const front = [];
  let i = 0;
  while (i < argv.length && argv[i].startsWith("-")) {
    const flag = argv[i].replace(/^--?/, "").split("=")[0];
    const spec = GLOBAL_OPTIONS[/** @type {keyof typeof GLOBAL_OPTIONS} */ (flag)] ?? (flag === "h" ? GLOBAL_OPTIONS.help : undefined);
    if (!spec) break;
    front.push(argv[i]);
    if (spec.type === "string" && !argv[i].includes("=")) front.push(argv[++i]);
    i++;
  }
  return { rest: argv.slice(i), front };
}

/**
 * @param {string[]} argv Arguments after `assay`
 * @param {{io: import("./output.mjs").Io, env: NodeJS.ProcessEnv, signal: AbortSignal}} opts
 * @returns {Promise<number>}
 */
export async function main(argv, { io, env, signal }) {
  try {
    const { rest, front } = hoistGlobals(argv);
    const [first, second] = rest;
    if (first === "--version" || first === "version") {
      io.out.write(`assay ${VERSION}\n`);
      return EXIT.OK;
    }
    if (!first) {
      if (front.some((f) => f === "--help" || f === "-h")) {
        io.out.write(topHelp());
        return EXIT.OK;
      }
      io.err.write(topHelp());
      return EXIT.USAGE;
    }
    if (first === "help") {
      io.out.write(topHelp());
      return EXIT.OK;
    }
    let command;
    let args;
    if (Object.hasOwn(GROUPS, first)) {
      if (!second || second === "--help" || second === "-h" || second === "help") {
        (second ? io.out : io.err).write(groupHelp(first));
        return second ? EXIT.OK : EXIT.USAGE;
      }
      if (!Object.hasOwn(GROUPS[first], second)) throw new UsageError(`unknown command '${first} ${second}'\n${groupHelp(first).trimEnd()}`);
      command = GROUPS[first][second];
      args = rest.slice(2);
    } else if (Object.hasOwn(SINGLES, first)) {
      command = SINGLES[first];
      args = rest.slice(1);
    } else {
      throw new UsageError(`unknown command '${first}'; 'assay --help' lists them`);
    }
    const { values, positionals } = parse([...args, ...front], command.options ?? {}, { min: command.min, max: command.max, usage: command.usage });
    if (values.help) {
      io.out.write(commandHelp(command));
      return EXIT.OK;
    }
    const ctx = makeContext({ io, env, flags: values, signal });
    const code = await command.run(ctx, values, positionals);
    return typeof code === "number" ? code : EXIT.OK;
  } catch (err) {
    if (signal.aborted) {
      io.err.write("\ninterrupted\n");
      return EXIT.INTERRUPTED;
    }
    if (typeof err?.exitCode === "number") {
      io.err.write(`error: ${err.message}\n`);
      return err.exitCode;
    }
    io.err.write(`internal error (a bug in assay): ${err?.stack ?? err}\n`);
    return EXIT.INTERNAL;
  }
}
