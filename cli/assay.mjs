#!/usr/bin/env node
// The `assay` command: runs main() on this process's arguments and streams,
// Ctrl-C aborting whatever is in flight.
import { main } from "./main.mjs";

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
