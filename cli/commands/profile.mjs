// `assay profile ...`: publish a profile version from a JSON file, list
// and show profiles. Reads the file it is given; network I/O via the client.
import { readFileSync } from "node:fs";
import { intFlag } from "../args.mjs";
import { UsageError } from "../errors.mjs";
import { note, printFields, printJson, printTable } from "../output.mjs";

/**
 * The create body from a profile file. Two shapes are read:
 * - Assay's: {params: {...}, secret_params: {NAME: "value"}}
 * - a seed-style file: {secret_params: ["NAME"], spec: {params: {...}}}, where
 *   the listed names are taken out of params and sent as secrets.
 * name and version in the file, when present, must match the arguments.
 * @param {unknown} file Parsed JSON
 * @param {string} name
 * @param {string} version
 * @param {string} path For messages
 */
export function profileBody(file, name, version, path) {
  if (!file || typeof file !== "object" || Array.isArray(file)) throw new UsageError(`${path} must hold a JSON object`);
  const f = /** @type {Record<string, any>} */ (file);
  for (const [key, arg] of [["name", name], ["version", version]]) {
    if (f[key] !== undefined && String(f[key]) !== arg) throw new UsageError(`${path} says ${key} '${f[key]}' but the command says '${arg}'`);
  }
  const { name: _n, version: _v, schema_version: _s, spec, secret_params, params, ...rest } = f;
  if (spec !== undefined || Array.isArray(secret_params)) {
    const all = { ...(spec?.params ?? {}), ...(params ?? {}) };
    const secretNames = Array.isArray(secret_params) ? secret_params : [];
    const secrets = {};
    for (const n of secretNames) {
      if (typeof n !== "string") throw new UsageError(`${path}: secret_params must list parameter names`);
      if (!(n in all)) throw new UsageError(`${path}: secret parameter ${n} has no value in spec.params`);
      if (typeof all[n] !== "string") throw new UsageError(`${path}: secret parameter ${n} must be a string`);
      secrets[n] = all[n];
      delete all[n];
    }
    return { name, version, params: all, secret_params: secrets, ...rest };
  }
  return { name, version, ...(params !== undefined ? { params } : {}), ...(secret_params !== undefined ? { secret_params } : {}), ...rest };
}

/** @param {import("../context.mjs").Context} ctx @param {any} p */
function printProfile(ctx, p) {
  printFields(ctx.io, [
    ["id", p.id],
    ["ref", p.ref],
    ["params", p.params],
    ["secret params", Object.keys(p.secret_params).join(", ") || "-"],
    ["digest", p.content_digest],
    ["created", p.created_at],
  ]);
}

/** @type {Record<string, import("./index.mjs").Command>} */
export const profileCommands = {
  create: {
    summary: "publish an immutable profile version from a JSON file",
    usage: "assay profile create NAME VERSION --file profile.json",
    min: 2,
    max: 2,
    options: { file: { type: "string", short: "f" } },
    async run(ctx, v, [name, version]) {
      if (!v.file) throw new UsageError("--file profile.json is required");
      let parsed;
      try {
        parsed = JSON.parse(readFileSync(v.file, "utf8"));
      } catch (err) {
        throw new UsageError(`cannot read ${v.file} as JSON: ${err.message}`);
      }
      const reply = await ctx.client().call("createProfile", { body: profileBody(parsed, name, version, v.file), signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, reply.body);
      printProfile(ctx, reply.body);
      if (reply.status === 200) note(ctx.io, `${reply.body.ref} already existed with the same content`);
    },
  },

  list: {
    summary: "the project's profiles, newest first",
    usage: "assay profile list [--name NAME] [--limit N] [--cursor C]",
    max: 0,
    options: { name: { type: "string" }, limit: { type: "string" }, cursor: { type: "string" } },
    async run(ctx, v) {
      const page = await ctx.client().json("listProfiles", { query: { name: v.name, limit: intFlag(v.limit, "--limit"), cursor: v.cursor }, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, page);
      printTable(
        ctx.io,
        ["ref", "id", "params", "secret params", "created"],
        page.items.map((p) => [p.ref, p.id, Object.keys(p.params).length, Object.keys(p.secret_params).length, p.created_at]),
      );
      if (page.next_cursor) note(ctx.io, `more: assay profile list --cursor ${page.next_cursor}`);
    },
  },

  show: {
    summary: "one profile by name@version or id",
    usage: "assay profile show NAME@VERSION|ID",
    min: 1,
    max: 1,
    async run(ctx, _v, [ref]) {
      const client = ctx.client();
      const p = ref.includes("@")
        ? await client.json("getProfileByRef", { query: { ref }, signal: ctx.signal })
        : await client.json("getProfile", { params: { id: ref }, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, p);
      printProfile(ctx, p);
    },
  },
};
