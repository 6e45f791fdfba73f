// The CLI's failure kinds and their exit codes, and how an API problem
// reads as one line. No I/O.

/** Exit codes, documented in docs/cli.md. */
export const EXIT = Object.freeze({
  OK: 0,
  /** A check failed: score below --min-score, incomplete coverage, or the run ended failed/cancelled. */
  CHECK_FAILED: 1,
  /** The command line is wrong (unknown flag, missing argument, unreadable file, no API key). */
  USAGE: 2,
  /** The API answered with an error (problem+json). */
  API: 3,
  /** The API could not be reached (refused, DNS, timeout, connection dropped). */
  NETWORK: 4,
  /** An unexpected failure: a bug in the CLI. */
  INTERNAL: 70,
  /** Interrupted by Ctrl-C. */
  INTERRUPTED: 130,
});

/** A mistake on the command line; the message says what to type instead. */
export class UsageError extends Error {
  exitCode = EXIT.USAGE;
}

/**
 * An error answer from the API. `problem` is the RFC 9457 body when the
 * server sent one ({type, title, status, detail, code, errors?}).
 */
export class ApiError extends Error {
  exitCode = EXIT.API;
  /**
   * @param {number} status
   * @param {{title?: string, detail?: string, code?: string, errors?: {field: string, message: string}[]} | null} problem
   * @param {string} where "METHOD /path", for errors without a body
   */
  constructor(status, problem, where) {
    super(problemLine(status, problem, where));
    this.status = status;
    this.problem = problem;
    this.code = problem?.code ?? null;
  }
}

/** The API could not be reached or the connection broke. */
export class NetworkError extends Error {
  exitCode = EXIT.NETWORK;
}

/**
 * One line for a problem: the fields at fault first, then status and code.
 *   options.attempts: Too big: expected number to be <=100 (422 validation_failed)
 *   no eval run run_x (404 not_found)
 * @param {number} status
 * @param {{title?: string, detail?: string, code?: string, errors?: {field: string, message: string}[]} | null} problem
 * @param {string} where
 */
export function problemLine(status, problem, where) {
  const tag = problem?.code ? `${status} ${problem.code}` : `HTTP ${status}`;
  const fields = Array.isArray(problem?.errors) ? problem.errors.filter((e) => e && typeof e.field === "string") : [];
  let text;
  if (fields.length) text = fields.map((e) => `${e.field}: ${oneLine(String(e.message ?? "invalid"))}`).join("; ");
  else if (problem?.detail) text = oneLine(problem.detail);
  else if (problem?.title) text = oneLine(problem.title);
  else text = `${where} failed`;
  return `${text} (${tag})`;
}

function oneLine(s) {
  return s.replace(/\s+/g, " ").trim();
}
