/** OpenAPI schemas shared by several routes files. */
import { z } from "@hono/zod-openapi";
import { DEFAULT_PAGE, MAX_PAGE } from "../../src/domain/paging";

export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .openapi("Problem");

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: Problem } },
});

/** The error responses most routes can give. */
export const errorResponses = {
  400: problem("Malformed request"),
  401: problem("Missing or invalid API key"),
  403: problem("The key lacks the scope"),
  404: problem("Absent, or not this project's"),
  422: problem("Validation failed; `errors` names the fields"),
};

export const conflict = { 409: problem("The object's state forbids this") };
export const idempotencyConflict = { 409: problem("idempotency_key_reused: the request_id was used with another body; `errors` names the differing fields") };
export const paymentRequired = { 402: problem("The plan lacks evaluations, or credits are out") };
export const tooLarge = { 413: problem("The body is too large") };

export const PageQuery = z.strictObject({
  cursor: z.string().optional().openapi({ description: "next_cursor from the previous page" }),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(DEFAULT_PAGE),
});

export const IdParam = z.object({ id: z.string().min(1).max(200) });

export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}

export const json = <T extends z.ZodTypeAny>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const jsonBody = <T extends z.ZodTypeAny>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});
