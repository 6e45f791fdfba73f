/**
 * The runner's callbacks (protocol assay.runner.v1, src/runner/protocol.ts):
 * events, artifacts and the verifier result of one agent attempt. They are
 * exempt from API keys; the attempt's token (`Authorization: Bearer rt_...`,
 * sent with the attempt) authenticates: 401 when forged or malformed, 403
 * when it is another attempt's, 409 once the attempt has ended or its
 * timeout passed. The attempt's owner (workers/live/run-live.ts) decides
 * whether the dispatch is still the running one.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { parseAttemptId } from "../../../src/domain/attempt-id";
import { AppError } from "../../../src/domain/errors";
import { EventsBody, ResultBody } from "../../../src/runner/protocol";
import { checkRunnerToken, type RunnerClaims } from "../../../src/runner/tokens";
import { ARTIFACT_NAME, CONTENT_TYPE, hasArtifact, MAX_ARTIFACT_BYTES, MAX_ARTIFACTS, putArtifact, readCapped } from "../../../src/storage/artifacts";
import { ownerOf } from "../../live/client";
import { defineRoute, newRouter, type AppEnv } from "../router";
import { conflict, errorResponses, IdParam, json, jsonBody, tooLarge } from "../schemas";

const tags = ["runner"];
type Ctx = Context<AppEnv>;

/** Bytes of one events or result call. */
export const MAX_CALLBACK_BYTES = 4 * 1024 * 1024;

const security = [{ runnerToken: [] }];
const forbidden = { 403: { description: "The token is another attempt's", content: { "application/problem+json": { schema: z.object({}).passthrough() } } } };

/** The attempt's owner and the dispatch the presented token belongs to; throws the protocol's refusals. */
async function authorized(c: Ctx, id: string) {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  const check = await checkRunnerToken(c.var.config.secretKey, token, id, Date.now());
  if (!check.ok) {
    if (check.reason === "other_attempt") throw new AppError("forbidden", "this token belongs to another attempt");
    if (check.reason === "expired") throw new AppError("conflict", "the attempt's time ran out: its token no longer works");
    throw new AppError("unauthorized", "a valid attempt token is required: Authorization: Bearer rt_...");
  }
  const parsed = parseAttemptId(id);
  if (!parsed) throw new AppError("not_found", `no attempt ${id}`);
  const claims: RunnerClaims = check.claims;
  const { where, stub } = ownerOf(c.env, parsed.runId, parsed.seq, claims.s);
  return { parsed, stub, call: { where, attempt_id: id, dispatch: claims.d } };
}

function refused(reason: "not_live" | "too_many"): never {
  if (reason === "too_many") throw new AppError("payload_too_large", `an attempt keeps at most ${MAX_ARTIFACTS} artifacts`);
  throw new AppError("conflict", "the attempt has ended (or this dispatch of it was replaced): its token no longer works");
}

const tooBig = () => {
  throw new AppError("payload_too_large", `a runner call carries at most ${MAX_CALLBACK_BYTES} bytes`);
};

const ArtifactParams = z.object({
  id: z.string().min(1).max(200),
  name: z.string().regex(ARTIFACT_NAME, "letters, digits, '.', '_' and '-', not starting with '.', at most 200 characters"),
});

export const ArtifactView = z
  .object({ name: z.string(), size: z.number().int(), content_type: z.string(), sha256: z.string().nullable(), uploaded_at: z.string() })
  .openapi("Artifact");

export const runnerRoutes = newRouter();
runnerRoutes.use("/api/runner/attempts/:id/events", bodyLimit({ maxSize: MAX_CALLBACK_BYTES, onError: tooBig }));
runnerRoutes.use("/api/runner/attempts/:id/result", bodyLimit({ maxSize: MAX_CALLBACK_BYTES, onError: tooBig }));
runnerRoutes.openAPIRegistry.registerComponent("securitySchemes", "runnerToken", {
  type: "http",
  scheme: "bearer",
  description: "The attempt's token (rt_...), sent with the attempt; valid for that attempt until it ends or times out",
});

runnerRoutes
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/runner/attempts/{id}/events",
      operationId: "sendRunnerEvents",
      tags,
      summary: "Post an agent attempt's events: phase changes, committed turns, previews of requests in flight",
      security,
      request: { params: IdParam, body: jsonBody(EventsBody) },
      responses: { 200: json(z.object({ accepted: z.number().int() }), "Stored and streamed, in order"), ...conflict, ...forbidden, ...tooLarge, ...errorResponses },
    }),
    async (c) => {
      const { stub, call } = await authorized(c, c.req.valid("param").id);
      const r = await stub.events({ ...call, events: c.req.valid("json").events });
      if (!r.ok) refused(r.reason);
      return c.json({ accepted: r.accepted }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "put",
      path: "/api/runner/attempts/{id}/artifacts/{name}",
      operationId: "uploadRunnerArtifact",
      tags,
      summary: `Upload an artifact of an agent attempt (raw body, its Content-Type kept; at most ${MAX_ARTIFACT_BYTES} bytes, ${MAX_ARTIFACTS} per attempt)`,
      security,
      request: {
        params: ArtifactParams,
        body: { required: true, content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } } },
      },
      responses: { 201: json(ArtifactView, "Stored byte for byte"), ...conflict, ...forbidden, ...tooLarge, ...errorResponses },
    }),
    async (c) => {
      const { id, name } = c.req.valid("param");
      const { parsed, stub, call } = await authorized(c, id);
      const contentType = c.req.header("content-type")?.trim() || "application/octet-stream";
      if (!CONTENT_TYPE.test(contentType)) throw new AppError("validation_failed", "invalid header: content-type", [{ field: "content-type", message: "not a media type" }]);
      const declared = Number(c.req.header("content-length"));
      if (Number.isFinite(declared) && declared > MAX_ARTIFACT_BYTES) refusedSize();
      const bytes = await readCapped(c.req.raw.body, MAX_ARTIFACT_BYTES);
      if (bytes === "too_large") refusedSize();
      const fresh = !(await hasArtifact(c.env.ARTIFACTS, parsed.runId, parsed.seq, name));
      const r = await stub.artifact({ ...call, is_new: fresh });
      if (!r.ok) refused(r.reason);
      const info = await putArtifact(c.env.ARTIFACTS, parsed.runId, parsed.seq, name, bytes, contentType);
      return c.json(info, 201);
    },
  )
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/runner/attempts/{id}/result",
      operationId: "submitRunnerResult",
      tags,
      summary: "Report an agent attempt's verifier result; ends the attempt (once)",
      description:
        "reward null means the attempt ran but could not be scored (it counts as missing, never as 0). A non-null error ends the attempt failed. Afterwards the token answers 409.",
      security,
      request: { params: IdParam, body: jsonBody(ResultBody) },
      responses: {
        200: json(z.object({ attempt_id: z.string(), status: z.string(), reward: z.number().nullable() }), "The attempt ended"),
        ...conflict,
        ...forbidden,
        ...tooLarge,
        ...errorResponses,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { stub, call } = await authorized(c, id);
      const r = await stub.result({ ...call, result: c.req.valid("json") });
      if (!r.ok) refused(r.reason);
      return c.json({ attempt_id: id, status: r.status, reward: r.reward }, 200);
    },
  );

function refusedSize(): never {
  throw new AppError("payload_too_large", `an artifact holds at most ${MAX_ARTIFACT_BYTES} bytes`);
}
