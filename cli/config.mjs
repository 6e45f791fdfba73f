// Where the CLI finds its server and key: flags, then ASSAY_URL /
// ASSAY_API_KEY, then the file `assay login` writes
// ($XDG_CONFIG_HOME/assay/config.json, else ~/.config/assay/config.json,
// owner-only: 0600 in a 0700 folder). File I/O only.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { UsageError } from "./errors.mjs";

/** Where `npm start` serves the local stack. */
export const DEFAULT_URL = "http://127.0.0.1:8787";

/**
 * @typedef {object} StoredConfig
 * @property {string} [url] The API origin, e.g. https://assay.example.com
 * @property {string} [api_key] A project API key (ak_...)
 */

/** @param {NodeJS.ProcessEnv} env */
export function configPath(env = process.env) {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith("/") ? env.XDG_CONFIG_HOME : join(env.HOME || homedir(), ".config");
  return join(base, "assay", "config.json");
}

/**
 * The stored config, {} when there is none.
 * @param {string} file
 * @returns {StoredConfig}
 */
export function loadConfig(file) {
  if (!existsSync(file)) return {};
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${err.message}`);
  }
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    throw new UsageError(`${file} is not valid JSON; fix it or run assay login again`);
  }
}

/**
 * Writes the config readable by its owner only. The file is written beside
 * the old one and renamed over it, so it never exists with wider modes.
 * @param {string} file
 * @param {StoredConfig} config
 */
export function saveConfig(file, config) {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(config, null, 2) + "\n", { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

/** @param {string} file */
export function removeConfig(file) {
  rmSync(file, { force: true });
}

/**
 * True when the file can be read by anyone but its owner.
 * @param {string} file
 */
export function tooOpen(file) {
  try {
    return (statSync(file).mode & 0o077) !== 0;
  } catch {
    return false;
  }
}

/**
 * @typedef {object} Settings
 * @property {string} url
 * @property {string | undefined} apiKey
 * @property {string} source Where the key came from, for messages
 */

/**
 * The server and key to use.
 * @param {{url?: string}} flags
 * @param {NodeJS.ProcessEnv} env
 * @param {StoredConfig} stored
 * @returns {Settings}
 */
export function resolveSettings(flags, env, stored) {
  const url = (flags.url || env.ASSAY_URL || stored.url || DEFAULT_URL).replace(/\/+$/, "");
  if (!/^https?:\/\//.test(url)) throw new UsageError(`the API URL must start with http:// or https:// (got '${url}')`);
  if (env.ASSAY_API_KEY) return { url, apiKey: env.ASSAY_API_KEY, source: "ASSAY_API_KEY" };
  // A stored key belongs to the server it was stored for: never send it to another one.
  const storedUrl = stored.url?.replace(/\/+$/, "");
  if (stored.api_key && storedUrl && storedUrl !== url) return { url, apiKey: undefined, source: `config (for ${storedUrl})` };
  return { url, apiKey: stored.api_key, source: "config" };
}
