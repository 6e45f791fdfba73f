/**
 * The router factory every routes file uses: OpenAPI-described routes whose
 * zod validation failures become 422 problems naming the fields.
 */
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { ZodError } from "zod";
import { AppError, type FieldError } from "../../src/domain/errors";
import type { Db } from "../../src/db/client";
import { depthField, TOO_DEEP_MESSAGE, tooDeepPath } from "../../src/domain/json-depth";
import { issuesToFieldErrors, targetName, validationDetail } from "../../src/domain/validation-issues";
import type { Config, Env } from "../env";

export interface Auth {
  projectId: string;
  keyId: string;
  scopes: string[];
}

export type AppEnv = {
  Bindings: Env;
  Variables: { db: Db; config: Config; auth: Auth };
};

/** Zod issues as field errors; with the validated `input`, messages show what was given. */
export function fieldErrors(error: ZodError, input?: unknown): FieldError[] {
  return issuesToFieldErrors(error, input);
}

/** The 422 for a failed validation of `where` (json, query, param, header): each field with what is wrong. */
export function validationError(error: ZodError, where: string, input?: unknown): AppError {
  const errors = fieldErrors(error, input);
  return new AppError("validation_failed", validationDetail(targetName(where), errors), errors);
}

/**
 * Refuses a JSON value nested past MAX_JSON_DEPTH with a 422 naming where
 * (`prefix` goes before the path), before any handler, store or Durable
 * Object walks it. Every route built with newRouter runs it on its body.
 */
export function refuseTooDeep(value: unknown, prefix?: string): void {
  const path = tooDeepPath(value);
  if (!path) return;
  const field = depthField(path, prefix);
  throw new AppError("validation_failed", `invalid json: ${field} is ${TOO_DEEP_MESSAGE}`, [{ field, message: TOO_DEEP_MESSAGE }]);
}

/**
 * createRoute for every Assay route: the type requires a stable
 * `operationId` (camelCase verbNoun, unique across the document; SDKs name
 * their methods after it) and a `summary`, so no operation reaches the
 * OpenAPI document unnamed. workers/http/openapi.test.ts checks uniqueness.
 */
export function defineRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P; operationId: string; summary: string }>(route: R) {
  return createRoute<P, R>(route);
}

export function newRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error as ZodError, result.target, (result as { data?: unknown }).data);
      if (result.target === "json") refuseTooDeep(result.data);
    },
  });
}
