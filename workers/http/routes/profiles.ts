/**
 * Profiles: immutable, versioned parameter sets for a target (`name@version`).
 * Secret parameters are sealed at rest and shown only as {set: true}.
 */
import { validationDetail } from "../../../src/domain/validation-issues";
import { z } from "@hono/zod-openapi";
import { newId } from "../../../src/crypto/ids";
import type { Db } from "../../../src/db/client";
import { findProfileByRef, getProfile, insertProfile, listProfiles, newProfileRow, profileDigest } from "../../../src/db/profiles";
import type { ProfileRow } from "../../../src/db/schema";
import { AppError } from "../../../src/domain/errors";
import { decodeCursor, pageOf } from "../../../src/domain/paging";
import { canonicalJson } from "../../../src/datasets/canonical-json";
import { PARAM_NAME, PROFILE_NAME, PROFILE_VERSION } from "../../../src/domain/profile";
import { defineRoute, newRouter } from "../router";
import { conflict, errorResponses, IdParam, json, jsonBody, PageQuery, pageOf as pageSchema } from "../schemas";

/** Bounds on what a profile may hold, far below D1's 2 MB row. */
const MAX_PARAMS_BYTES = 64 * 1024;
const MAX_SECRETS = 50;
const MAX_SECRET_CHARS = 8 * 1024;

export const ProfileView = z
  .object({
    id: z.string(),
    name: z.string(),
    version: z.string(),
    ref: z.string().openapi({ description: "name@version" }),
    params: z.record(z.string(), z.unknown()),
    secret_params: z
      .record(z.string(), z.object({ set: z.literal(true) }))
      .openapi({ description: "The secret parameters' names; their values are never returned" }),
    content_digest: z.string().openapi({ description: "HMAC of params and secret params: equal content, equal digest" }),
    created_at: z.string(),
  })
  .openapi("Profile");

export function profileView(p: ProfileRow): z.infer<typeof ProfileView> {
  return {
    id: p.id,
    name: p.name,
    version: p.version,
    ref: `${p.name}@${p.version}`,
    params: p.params,
    secret_params: Object.fromEntries(p.secretNames.map((n) => [n, { set: true as const }])),
    content_digest: p.contentDigest,
    created_at: p.createdAt,
  };
}

const ParamName = z.string().regex(PARAM_NAME, "a parameter name: a letter or '_', then letters, digits, '_', '.', '-' (at most 100)");

const CreateProfile = z
  .strictObject({
    name: z.string().regex(PROFILE_NAME, "lowercase letters, digits, '.', '_', '/', '-', starting with a letter or digit (at most 100)"),
    version: z.string().regex(PROFILE_VERSION, "letters, digits, '.', '_', '-' (1 to 50)"),
    params: z
      .record(ParamName, z.unknown())
      .default({})
      .refine((p) => canonicalJson(p).length <= MAX_PARAMS_BYTES, `params exceed ${MAX_PARAMS_BYTES} bytes`)
      .openapi({ description: "Parameters the target or runner reads, as a JSON object" }),
    secret_params: z
      .record(ParamName, z.string().max(MAX_SECRET_CHARS))
      .default({})
      .refine((s) => Object.keys(s).length <= MAX_SECRETS, `at most ${MAX_SECRETS} secret parameters`)
      .openapi({ description: "Secret string parameters: stored encrypted, never returned" }),
  })
  .openapi("CreateProfile");

const ListQuery = PageQuery.extend({
  name: z.string().min(1).max(100).optional().openapi({ description: "Only this profile name's versions" }),
});

const RefQuery = z.strictObject({ ref: z.string().min(1).max(200).openapi({ description: "name@version" }) });

async function profileByIdOrRef(db: Db, projectId: string, idOrRef: string): Promise<ProfileRow> {
  const p = idOrRef.includes("@") ? await findProfileByRef(db, projectId, idOrRef) : await getProfile(db, projectId, idOrRef);
  if (!p) throw new AppError("not_found", `no profile ${idOrRef}`);
  return p;
}

export const profilesRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/profiles",
      operationId: "createProfile",
      tags: ["profiles"],
      summary: "Publish a profile version; the same name@version with the same content returns it (200), other content is 409",
      request: { body: jsonBody(CreateProfile) },
      responses: {
        200: json(ProfileView, "The existing profile, same content"),
        201: json(ProfileView, "The new profile"),
        ...errorResponses,
        ...conflict,
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { projectId } = c.var.auth;
      const { secretKey } = c.var.config;
      const overlap = Object.keys(body.secret_params).filter((n) => Object.hasOwn(body.params, n));
      if (overlap.length) {
        const errors = overlap.map((n) => ({ field: `secret_params.${n}`, message: `'${n}' is also in params; give it in one place` }));
        throw new AppError("validation_failed", validationDetail("body", errors), errors);
      }
      const ref = `${body.name}@${body.version}`;
      const same = async (existing: ProfileRow) => {
        if (existing.contentDigest !== (await profileDigest(secretKey, body.params, body.secret_params))) {
          throw new AppError("conflict", `profile ${ref} already exists with other content; profiles are immutable, publish a new version`);
        }
        return c.json(profileView(existing), 200);
      };
      const existing = await findProfileByRef(c.var.db, projectId, ref);
      if (existing) return same(existing);
      const row = await newProfileRow(
        secretKey,
        { id: newId("prof"), projectId, name: body.name, version: body.version, createdAt: new Date().toISOString() },
        body.params,
        body.secret_params,
      );
      const result = await insertProfile(c.var.db, row);
      if (!result.created) return same(result.row);
      return c.json(profileView(result.row), 201);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/profiles",
      operationId: "listProfiles",
      tags: ["profiles"],
      summary: "List the project's profiles, newest first",
      request: { query: ListQuery },
      responses: { 200: json(pageSchema(ProfileView), "A page of profiles"), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const rows = await listProfiles(c.var.db, c.var.auth.projectId, { name: q.name, after: decodeCursor(q.cursor), limit: q.limit });
      const page = pageOf(rows, q.limit, (p) => p.id);
      return c.json({ items: page.items.map(profileView), next_cursor: page.next_cursor }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/profiles/by-ref",
      operationId: "getProfileByRef",
      tags: ["profiles"],
      summary: "One profile by name@version (no URL-encoding of '/' needed)",
      request: { query: RefQuery },
      responses: { 200: json(ProfileView, "The profile"), ...errorResponses },
    }),
    async (c) => {
      const { ref } = c.req.valid("query");
      const p = await findProfileByRef(c.var.db, c.var.auth.projectId, ref);
      if (!p) throw new AppError("not_found", `no profile ${ref}`);
      return c.json(profileView(p), 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/profiles/{id}",
      operationId: "getProfile",
      tags: ["profiles"],
      summary: "One profile by id, or by name@version URL-encoded (team%2Feval%401)",
      request: { params: IdParam },
      responses: { 200: json(ProfileView, "The profile"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(profileView(await profileByIdOrRef(c.var.db, c.var.auth.projectId, id)), 200);
    },
  );
