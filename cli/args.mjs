// Command-line parsing on node:util parseArgs: the flags every command
// takes, and parse errors turned into usage errors. No I/O.
import { parseArgs } from "node:util";
import { UsageError } from "./errors.mjs";

/** @typedef {Record<string, {type: "string" | "boolean", short?: string, multiple?: boolean}>} OptionSpecs */

/** Flags accepted by every command. @type {OptionSpecs} */
export const GLOBAL_OPTIONS = {
  url: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

/**
 * Parses `argv` against a command's options (global ones added).
 * @param {string[]} argv
 * @param {OptionSpecs} options
 * @param {{min?: number, max?: number, usage: string}} positionals
 * @returns {{values: Record<string, any>, positionals: string[]}}
 */
export function parse(argv, options, { min = 0, max = Infinity, usage }) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...GLOBAL_OPTIONS, ...options }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(`${cleanParseError(err)}\nusage: ${usage}`);
  }
  if (parsed.values.help) return parsed;
  const n = parsed.positionals.length;
  if (n < min) throw new UsageError(`missing argument\nusage: ${usage}`);
  if (n > max) throw new UsageError(`unexpected argument '${parsed.positionals[max]}'\nusage: ${usage}`);
  return parsed;
}

function cleanParseError(err) {
  const msg = String(err?.message ?? err);
  const unknown = /Unknown option '([^']+)'/.exec(msg);
  if (unknown) return `unknown option ${unknown[1]}`;
  const needsValue = /Option '(?:-\w, )?(--[\w-]+)[^']*' argument missing/.exec(msg);
  if (needsValue) return `${needsValue[1]} needs a value`;
  return msg.split(". ")[0];
}

/**
 * A whole number from a flag, or undefined when the flag is absent.
 * @param {string | undefined} value
 * @param {string} flag
 */
export function intFlag(value, flag) {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`${flag} must be a whole number (got '${value}')`);
  return Number(value);
}

/**
 * A number from a flag, or undefined when the flag is absent.
 * @param {string | undefined} value
 * @param {string} flag
 */
export function numberFlag(value, flag) {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n)) throw new UsageError(`${flag} must be a number (got '${value}')`);
  return n;
}

/**
 * One of a fixed set of words.
 * @template {string} T
 * @param {string | undefined} value
 * @param {string} flag
 * @param {readonly T[]} allowed
 * @returns {T | undefined}
 */
export function choiceFlag(value, flag, allowed) {
  if (value === undefined) return undefined;
  if (!allowed.includes(/** @type {T} */ (value))) throw new UsageError(`${flag} must be one of ${allowed.join(", ")} (got '${value}')`);
  return /** @type {T} */ (value);
}
