// What every command receives: its streams, environment, settings, a
// lazily made API client, and a signal that Ctrl-C aborts. No I/O itself.
import { Client } from "./client.mjs";
import { configPath, loadConfig, resolveSettings, tooOpen } from "./config.mjs";
import { UsageError } from "./errors.mjs";

/**
 * @typedef {object} Context
 * @property {import("./output.mjs").Io} io
 * @property {NodeJS.ProcessEnv} env
 * @property {string} configFile
 * @property {import("./config.mjs").Settings} settings
 * @property {boolean} json Print JSON for scripts instead of tables
 * @property {AbortSignal} signal
 * @property {() => Client} client The API client; a usage error when no key is configured
 */

/**
 * @param {{io: import("./output.mjs").Io, env: NodeJS.ProcessEnv, flags: {url?: string, json?: boolean}, signal: AbortSignal}} input
 * @returns {Context}
 */
export function makeContext({ io, env, flags, signal }) {
  const configFile = configPath(env);
  const settings = resolveSettings(flags, env, loadConfig(configFile));
  if (tooOpen(configFile)) io.err.write(`warning: ${configFile} holds an API key and others can read it; run: chmod 600 ${configFile}\n`);
  /** @type {Client | undefined} */
  let client;
  return {
    io,
    env,
    configFile,
    settings,
    json: Boolean(flags.json),
    signal,
    client() {
      if (!settings.apiKey) {
        const why = settings.source.startsWith("config (for") ? ` (the stored key is for ${settings.source.slice(12, -1)}, not ${settings.url})` : "";
        throw new UsageError(`no API key${why}: set ASSAY_API_KEY or run 'assay login'`);
      }
      client ??= new Client({ url: settings.url, apiKey: settings.apiKey });
      return client;
    },
  };
}
