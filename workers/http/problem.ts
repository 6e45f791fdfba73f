/** Renders every error as RFC 9457 problem+json, the same way everywhere. */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError, TITLES, type ErrorCode } from "../../src/domain/errors";

export function problemResponse(err: AppError, instance?: string): Response {
  const body: Record<string, unknown> = {
    type: `urn:assay:problem:${err.code}`,
    title: TITLES[err.code],
    status: err.status,
    detail: err.message,
    code: err.code,
  };
  if (err.errors?.length) body.errors = err.errors;
  if (instance) body.instance = instance;
  return new Response(JSON.stringify(body), {
    status: err.status,
    headers: { "content-type": "application/problem+json" },
  });
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation_failed",
  429: "rate_limited",
};

/** Maps anything thrown in a handler to a problem; unknown errors are 500 and logged. */
export function toProblem(err: unknown, c: Context): Response {
  const path = new URL(c.req.url).pathname;
  if (err instanceof AppError) return problemResponse(err, path);
  if (err instanceof HTTPException) {
    const code = STATUS_CODES[err.status] ?? "bad_request";
    const detail = /malformed json/i.test(err.message) ? "the request body is not valid JSON" : err.message;
    return problemResponse(new AppError(/json/i.test(err.message) ? "invalid_json" : code, detail || TITLES[code]), path);
  }
  console.error("unhandled error", path, err instanceof Error ? err.stack : String(err));
  return problemResponse(new AppError("internal", "an unexpected error occurred"), path);
}
