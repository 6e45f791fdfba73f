// A `node --test` reporter for `npm test` (scripts/test.mjs passes it with
// --test-reporter): one line per test file as the file finishes, a failed
// test's error as soon as it fails (and the output of a file that failed), and
// at the end the totals as the spec reporter words them ("ℹ pass N",
// "ℹ fail M"), which scripts/test.mjs reads. Cancelled tests (a file that
// timed out or crashed) count as failed. Reads the runner's event stream,
// writes text.
import { relative } from "node:path";

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const where = (file) => (file ? relative(process.cwd(), file) : "(no file)");

function errorText(error) {
  // The runner wraps what the test threw; its cause is the useful part.
  const e = error?.cause ?? error;
  const text = e?.stack ?? e?.message ?? String(e);
  const extra = e?.actual !== undefined && !/\n\s*[+-] /.test(text) ? `\n    actual: ${JSON.stringify(e.actual)?.slice(0, 500)}\n    expected: ${JSON.stringify(e.expected)?.slice(0, 500)}` : "";
  return text.split("\n").filter((l) => !l.includes("(node:internal/") && !/^\s*at async Promise\.all/.test(l)).slice(0, 30).join("\n") + extra;
}

export default async function* fileReporter(source) {
  /** Output of each file so far, shown only when one of its tests fails. */
  const output = new Map();
  for await (const event of source) {
    const { type, data } = event;
    if (type === "test:stdout" || type === "test:stderr") {
      // Output events name the file relative to the working directory, the others absolutely.
      const file = where(data.file);
      output.set(file, (output.get(file) ?? "") + data.message);
    } else if (type === "test:fail") {
      // A suite or file that failed only because a test in it did adds nothing.
      if (data.details?.error?.failureType === "subtestsFailed") continue;
      yield `  ✗ ${where(data.file)} › ${data.name}\n${errorText(data.details?.error).replace(/^/gm, "      ")}\n`;
    } else if (type === "test:summary" && data.file) {
      const c = data.counts;
      const failed = c.failed + c.cancelled;
      const skipped = c.skipped + c.todo ? `, ${c.skipped + c.todo} skipped` : "";
      const out = failed ? output.get(where(data.file))?.trimEnd() : "";
      if (out) yield `  output of ${where(data.file)} (last 40 lines):\n${out.split("\n").slice(-40).join("\n").replace(/^/gm, "      ")}\n`;
      output.delete(where(data.file));
      yield `${failed ? "✗" : "✓"} ${where(data.file)}  ${c.passed} passed${failed ? `, ${failed} failed` : ""}${skipped} (${seconds(data.duration_ms)})\n`;
    } else if (type === "test:summary") {
      const c = data.counts;
      yield `ℹ pass ${c.passed}\nℹ fail ${c.failed + c.cancelled}\nℹ skipped ${c.skipped + c.todo}\nℹ duration_ms ${Math.round(data.duration_ms)}\n`;
    }
  }
}
