// A reader that closes the pipe early (`assay ... | head -2`) ends the CLI
// quietly with exit 0 instead of a crash on EPIPE. The listing against the
// local stack is in e2e.test.mjs; here the pipe is closed before the CLI
// writes at all, so the broken pipe is certain.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { EXIT } from "./errors.mjs";
import { cliHead } from "./test-support.mjs";

describe("a closed stdout", () => {
  for (const args of [["--help"], ["--version"], ["help"]]) {
    test(`assay ${args.join(" ")} with the pipe's reader gone exits 0 with nothing on stderr`, async () => {
      const r = await cliHead(args, { lines: 0 });
      assert.deepEqual({ code: r.code, signal: r.signal, stderr: r.stderr }, { code: EXIT.OK, signal: null, stderr: "" });
    });
  }

  test("a reader that takes the first line and goes still gets that line", async () => {
    const r = await cliHead(["--help"], { lines: 1 });
    assert.equal(r.head, "usage: assay COMMAND [ARGS] [--url URL] [--json]\n");
    assert.deepEqual({ code: r.code, stderr: r.stderr }, { code: EXIT.OK, stderr: "" });
  });
});
