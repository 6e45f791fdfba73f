// `assay login`, `logout` and `whoami`: store a checked API key for a
// server in the user's config file (0600), forget it, show the project.
// Reads stdin for the key; writes the config file.
import { Client } from "../client.mjs";
import { loadConfig, removeConfig, saveConfig } from "../config.mjs";
import { UsageError } from "../errors.mjs";
import { note, printFields, printJson } from "../output.mjs";

/**
 * The key from a pipe (`echo $KEY | assay login`) or typed at a hidden prompt.
 * @param {import("../output.mjs").Io} io
 * @returns {Promise<string>}
 */
async function readKey(io) {
  const stdin = /** @type {NodeJS.ReadStream} */ (io.stdin);
  if (!stdin.isTTY) {
    let text = "";
    for await (const chunk of stdin) text += chunk;
    return text.trim();
  }
  io.err.write("API key (input hidden): ");
  return new Promise((resolve, reject) => {
    let key = "";
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    const finish = (err) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      io.err.write("\n");
      err ? reject(err) : resolve(key.trim());
    };
    const onData = (s) => {
      for (const ch of s) {
        if (ch === "\r" || ch === "\n") return finish();
        if (ch === "\u0003") return finish(new UsageError("login cancelled"));
        if (ch === "\u007f" || ch === "\b") key = key.slice(0, -1);
        else key += ch;
      }
    };
    stdin.on("data", onData);
  });
}

/** @type {Record<string, import("./index.mjs").Command>} */
export const loginCommands = {
  login: {
    summary: "check an API key and store it for this server (config file, mode 0600)",
    usage: "assay login [--url URL]   (the key comes from ASSAY_API_KEY, a pipe, or a hidden prompt)",
    max: 0,
    async run(ctx) {
      const { url } = ctx.settings;
      const key = ctx.env.ASSAY_API_KEY || (await readKey(ctx.io));
      if (!key) throw new UsageError("no API key given");
      const project = await new Client({ url, apiKey: key }).json("getProject", { signal: ctx.signal });
      saveConfig(ctx.configFile, { ...loadConfig(ctx.configFile), url, api_key: key });
      if (ctx.json) return printJson(ctx.io, { url, project, config: ctx.configFile });
      ctx.io.out.write(`logged in to ${url} as project ${project.name} (${project.id})\n`);
      note(ctx.io, `key stored in ${ctx.configFile} (readable by you only)`);
    },
  },

  logout: {
    summary: "forget the stored key",
    usage: "assay logout",
    max: 0,
    async run(ctx) {
      removeConfig(ctx.configFile);
      if (ctx.json) return printJson(ctx.io, { removed: ctx.configFile });
      ctx.io.out.write(`removed ${ctx.configFile}\n`);
    },
  },

  whoami: {
    summary: "the server, and the project of the key in use",
    usage: "assay whoami",
    max: 0,
    async run(ctx) {
      const project = await ctx.client().json("getProject", { signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, { url: ctx.settings.url, key_from: ctx.settings.source, project });
      printFields(ctx.io, [
        ["server", ctx.settings.url],
        ["key from", ctx.settings.source === "config" ? ctx.configFile : ctx.settings.source],
        ["project", `${project.name} (${project.id})`],
        ["plan", project.plan],
        ["evaluations", project.evaluations_enabled ? "enabled" : "not in this plan"],
        ["credits", project.credits],
      ]);
    },
  },
};
