// Where `npm start` puts the fixture model: a fixed port, so the runs,
// copies and triggers saved against its URL still reach it after a
// restart (a random port broke them). No I/O.

/** The fixture model's port when ASSAY_FIXTURE_PORT is unset (8787 is the API's). */
export const DEFAULT_FIXTURE_PORT = 8788;

/**
 * The port ASSAY_FIXTURE_PORT asks for: unset or empty gives the default;
 * 0 asks for any free port (a new one at every start).
 * @param {string | undefined} value
 * @returns {{port: number} | {error: string}}
 */
export function fixturePort(value) {
  if (value === undefined || value.trim() === "") return { port: DEFAULT_FIXTURE_PORT };
  const v = value.trim();
  if (!/^[0-9]{1,5}$/.test(v) || Number(v) > 65535) return { error: `ASSAY_FIXTURE_PORT must be a port number from 0 to 65535, got '${value}'` };
  return { port: Number(v) };
}

/**
 * What to tell the user when the fixture model cannot listen.
 * @param {number} port
 * @param {unknown} err
 */
export function fixtureListenError(port, err) {
  const code = /** @type {NodeJS.ErrnoException} */ (err)?.code;
  if (code === "EADDRINUSE") {
    return `the fixture model's port ${port} is already in use: stop what holds it, or set ASSAY_FIXTURE_PORT to a free port (default ${DEFAULT_FIXTURE_PORT})`;
  }
  return `the fixture model could not listen on port ${port} (ASSAY_FIXTURE_PORT): ${err instanceof Error ? err.message : String(err)}`;
}
