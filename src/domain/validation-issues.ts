/**
 * Turns zod's validation issues into field errors a person can act on: the
 * dotted field, what was expected and what was given ("scoring.type:
 * expected one of contains, exact_match; got 'x'"), and the one-line detail
 * of a 422 problem. Zod's own messages say "Invalid input" and never show
 * the value, so where the issue alone is not enough the value is read from
 * the input that was validated. Pure, no I/O.
 */
import type { core, ZodError } from "zod";
import type { FieldError } from "./errors";

/** Longest quoted value shown back in a message. */
const MAX_SHOWN_CHARS = 60;

/** The value at `path` inside `input`, or undefined. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let here = input;
  for (const step of path) {
    if (here === null || typeof here !== "object") return undefined;
    here = (here as Record<PropertyKey, unknown>)[step];
  }
  return here;
}

/** A short rendering of what was given: 'text', 42, an array, missing. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing (the field is missing)";
  if (value === null) return "null";
  if (typeof value === "string") {
    const shown = value.length > MAX_SHOWN_CHARS ? `${value.slice(0, MAX_SHOWN_CHARS)}…` : value;
    return `'${shown}'`;
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === "object") return "an object";
  return typeof value;
}

const oneOf = (values: readonly unknown[]) =>
  values.length === 1 ? `${describeOption(values[0])}` : `one of ${values.map(describeOption).join(", ")}`;
const describeOption = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v) ?? String(v));

/** Zod's name for a type, in the words of a JSON body. */
function typeName(value: unknown): string {
  if (value === undefined) return "nothing (the field is missing)";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "number" && !Number.isFinite(value)) return "a non-finite number";
  return `a ${typeof value}`;
}

/** What is wrong with one issue, with the offending value when zod's message lacks it. */
function issueMessage(issue: core.$ZodIssue, input: unknown): string {
  const given = valueAt(input, issue.path);
  switch (issue.code) {
    case "invalid_union": {
      const options = (issue as { options?: unknown[] }).options;
      if ((issue as { discriminator?: string }).discriminator !== undefined && options) {
        return `expected ${oneOf(options)}; got ${describeValue(given)}`;
      }
      return `matches none of the accepted shapes; got ${describeValue(given)}`;
    }
    case "invalid_value":
      return `expected ${oneOf(issue.values)}; got ${describeValue(given)}`;
    case "invalid_type": {
      if (given === undefined) return "required";
      const expected = issue.expected === "int" ? "an integer" : /^[aeiou]/.test(issue.expected) ? `an ${issue.expected}` : `a ${issue.expected}`;
      return `expected ${expected}; got ${issue.expected === "int" ? describeValue(given) : typeName(given)}`;
    }
    case "too_small":
    case "too_big": {
      const bound = issue.code === "too_small" ? issue.minimum : issue.maximum;
      const word = issue.code === "too_small" ? (issue.inclusive === false ? "more than" : "at least") : issue.inclusive === false ? "less than" : "at most";
      if (issue.origin === "string" && typeof given === "string") return `expected ${word} ${bound} characters; got ${given.length}`;
      if (issue.origin === "array" && Array.isArray(given)) return `expected ${word} ${bound} items; got ${given.length}`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        return `expected a number ${word} ${bound}; got ${describeValue(given)}`;
      }
      return issue.message;
    }
    default:
      return issue.message;
  }
}

/** Every issue as a field error; unknown keys each get their own, named. */
export function issuesToFieldErrors(error: ZodError, input?: unknown): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const base = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) out.push({ field: base ? `${base}.${key}` : key, message: `unknown field '${key}'` });
    } else {
      out.push({ field: base || "(body)", message: issueMessage(issue, input) });
    }
  }
  return out;
}

/** How a validation target is named in a detail: the JSON body is "body", the path parameters "path". */
export function targetName(target: string): string {
  return ({ json: "body", form: "form", param: "path", query: "query", header: "header", cookie: "cookie" } as Record<string, string>)[target] ?? target;
}

/** Most errors spelt out in a detail line; the rest are counted (every one stays in `errors`). */
const MAX_IN_DETAIL = 5;

/** The one-line detail of a validation problem: "invalid body: a: …; b: …". */
export function validationDetail(where: string, errors: FieldError[]): string {
  const shown = errors.slice(0, MAX_IN_DETAIL).map((e) => `${e.field}: ${e.message}`);
  const more = errors.length > MAX_IN_DETAIL ? ` (and ${errors.length - MAX_IN_DETAIL} more)` : "";
  return `invalid ${where}: ${shown.join("; ")}${more}`;
}
