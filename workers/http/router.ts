/**
 * The router factory every routes file uses: OpenAPI-described routes whose
 * zod validation failures become 422 problems naming the fields.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { ZodError } from "zod";
import { AppError, type FieldError } from "../../src/domain/errors";
import type { Db } from "../../src/db/client";
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

export function fieldErrors(error: ZodError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const base = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        out.push({ field: base ? `${base}.${key}` : key, message: `unknown field '${key}'` });
      }
    } else {
      out.push({ field: base || "(body)", message: issue.message });
    }
  }
  return out;
}

export function validationError(error: ZodError, where: string): AppError {
  const errors = fieldErrors(error);
  const names = errors.map((e) => e.field).join(", ");
  return new AppError("validation_failed", `invalid ${where}: ${names}`, errors);
}

export function newRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error as ZodError, result.target);
    },
  });
}
