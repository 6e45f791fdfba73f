/**
 * The contract errors of the API: one code enum, one status per code, one
 * error class. Rendering as problem+json lives at the edge. No I/O.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_key_reused: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal: 500,
  misconfigured: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** One offending input field: a dotted path and what is wrong with it. */
export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];

  constructor(code: ErrorCode, detail: string, errors?: FieldError[]) {
    super(detail);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = errors;
  }
}

export const TITLES: Record<ErrorCode, string> = {
  bad_request: "Bad request",
  invalid_json: "Malformed JSON body",
  unauthorized: "Unauthorized",
  payment_required: "Payment required",
  forbidden: "Forbidden",
  not_found: "Not found",
  method_not_allowed: "Method not allowed",
  conflict: "Conflict",
  idempotency_key_reused: "Idempotency key reused with a different body",
  payload_too_large: "Payload too large",
  unsupported_media_type: "Unsupported media type",
  validation_failed: "Validation failed",
  rate_limited: "Rate limited",
  internal: "Internal error",
  misconfigured: "Server misconfigured",
};
