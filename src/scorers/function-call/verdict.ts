/**
 * The checker's verdict on one row, in BFCL's terms: valid or not, the
 * error in words, and BFCL's error type (`simple_function_checker:
 * missing_required`, `value_error:string`, ...) so a failure can be looked up
 * against the upstream checker. Pure, no I/O.
 */

export interface Verdict {
  valid: boolean;
  /** Empty when valid. */
  error: string;
  /** BFCL's error_type; empty when valid. */
  error_type: string;
}

export const VALID: Verdict = { valid: true, error: "", error_type: "" };

export const invalid = (error_type: string, error: string): Verdict => ({ valid: false, error, error_type });
