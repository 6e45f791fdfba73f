#!/usr/bin/env node
// The `assay` command: runs main() on this process's arguments and streams,
// Ctrl-C aborting whatever is in flight.
import { EXIT } from "./errors.mjs";
import { main } from "./main.mjs";

// A reader that stopped reading (`assay benchmark list | head -2`) wants no
// more output: end quietly with 0, as other Unix tools do, instead of
// crashing on the broken pipe.
process.stdout.on("error", (err) => {
  if (/** @type {NodeJS.ErrnoException} */ (err).code === "EPIPE") process.exit(EXIT.OK);
  throw err;
});

const controller = new AbortController();
process.on("SIGINT", () => {
  // A second Ctrl-C leaves at once.
  if (controller.signal.aborted) process.exit(130);
  controller.abort(new Error("interrupted"));
});

const code = await main(process.argv.slice(2), {
  io: { out: process.stdout, err: process.stderr, env: process.env, stdin: process.stdin },
  env: process.env,
  signal: controller.signal,
});
process.exitCode = code;
