// Writing results: aligned tables and key/value blocks on stdout for
// people, JSON for scripts, and notes and progress on stderr so stdout
// stays clean for pipes. Writes to the given streams only.

/**
 * @typedef {object} Io
 * @property {NodeJS.WritableStream & {isTTY?: boolean, columns?: number}} out
 * @property {NodeJS.WritableStream & {isTTY?: boolean, columns?: number}} err
 * @property {NodeJS.ProcessEnv} env
 * @property {NodeJS.ReadableStream & {isTTY?: boolean}} stdin
 */

/** On a terminal the progress line is redrawn at most this often. */
const TTY_REDRAW_MS = 100;
/** Longest cell shown in a table; the JSON output has everything. */
const MAX_CELL = 60;

/** @param {unknown} v */
export function cell(v) {
  if (v === null || v === undefined) return "-";
  if (typeof v === "object") v = JSON.stringify(v);
  const s = String(v).replace(/\s+/g, " ");
  return s.length > MAX_CELL ? s.slice(0, MAX_CELL - 1) + "…" : s;
}

/**
 * An aligned table with an upper-case header row; the columns named in
 * `right` (by header) hold numbers and are right-aligned, header included.
 * @param {Io} io
 * @param {string[]} headers
 * @param {unknown[][]} rows
 * @param {{right?: string[]}} [opts]
 */
export function printTable(io, headers, rows, { right = [] } = {}) {
  const cells = rows.map((r) => r.map(cell));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]?.length ?? 0)));
  const alignRight = headers.map((h) => right.includes(h));
  const pad = (c, i, last) => (alignRight[i] ? c.padStart(widths[i]) : last ? c : c.padEnd(widths[i]));
  const line = (r) => r.map((c, i) => pad(c, i, i === r.length - 1)).join("  ").trimEnd();
  io.out.write(line(headers.map((h) => h.toUpperCase())) + "\n");
  for (const r of cells) io.out.write(line(r) + "\n");
  if (rows.length === 0) io.out.write("(none)\n");
}

/**
 * "key   value" lines, keys aligned; null values shown as "-".
 * @param {Io} io
 * @param {[string, unknown][]} pairs
 */
export function printFields(io, pairs) {
  const width = Math.max(...pairs.map(([k]) => k.length));
  for (const [k, v] of pairs) io.out.write(`${k.padEnd(width)}  ${v === null || v === undefined ? "-" : typeof v === "object" ? JSON.stringify(v) : String(v)}\n`);
}

/**
 * @param {Io} io
 * @param {unknown} value
 */
export function printJson(io, value) {
  io.out.write(JSON.stringify(value, null, 2) + "\n");
}

/**
 * A note for people on stderr.
 * @param {Io} io
 * @param {string} text
 */
export function note(io, text) {
  io.err.write(text + "\n");
}

/**
 * A line on stderr that redraws in place on a terminal and, elsewhere (CI
 * logs), prints only when its text changed and at most every `everyMs`.
 */
export class StatusLine {
  /**
   * @param {Io} io
   * @param {{everyMs?: number, now?: () => number}} [opts]
   */
  constructor(io, { everyMs = 5000, now = Date.now } = {}) {
    this.io = io;
    this.tty = Boolean(io.err.isTTY);
    this.everyMs = everyMs;
    this.now = now;
    this.last = "";
    this.lastAt = -Infinity;
    this.drawn = false;
  }

  /** @param {string} text */
  update(text) {
    if (this.tty) {
      if (text === this.last) return;
      // Redraw at most every TTY_REDRAW_MS; the latest text is drawn when the wait is over.
      const wait = this.lastAt + TTY_REDRAW_MS - this.now();
      if (wait > 0) {
        this.pending = text;
        this.timer ??= setTimeout(() => {
          this.timer = undefined;
          if (this.pending !== undefined) this.draw(this.pending);
        }, wait);
        this.timer.unref?.();
        return;
      }
      this.draw(text);
      return;
    }
    if (text === this.last || this.now() - this.lastAt < this.everyMs) {
      this.pending = text === this.last ? undefined : text;
      return;
    }
    this.io.err.write(text + "\n");
    this.last = text;
    this.lastAt = this.now();
    this.pending = undefined;
  }

  /** Redraws the terminal line now. @param {string} text */
  draw(text) {
    const width = this.io.err.columns || 120;
    this.io.err.write(`\r\x1b[K${text.length > width - 1 ? text.slice(0, width - 2) + "…" : text}`);
    this.drawn = true;
    this.last = text;
    this.lastAt = this.now();
    this.pending = undefined;
  }

  /** Prints the final state and moves past the line. @param {string} [text] */
  done(text) {
    const final = text ?? this.pending;
    if (this.tty) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      if (final !== undefined && final !== this.last) this.draw(final);
      if (this.drawn) this.io.err.write("\n");
      this.drawn = false;
      return;
    }
    if (final !== undefined && final !== this.last) this.io.err.write(final + "\n");
  }
}

/**
 * "[#######.........]" of `width` cells.
 * @param {number} done
 * @param {number | null} total
 * @param {number} [width]
 */
export function bar(done, total, width = 24) {
  if (!total) return `[${".".repeat(width)}]`;
  const filled = Math.max(0, Math.min(width, Math.round((done / total) * width)));
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}]`;
}
