/**
 * Type checking as BFCL's AST checker does it for Python functions: BFCL's
 * type names mapped to Python types (`any` and unknown names read as str),
 * arrays and tuples checked one level deep against the item type, and a
 * value whose type is not the declared one still accepted when it has the
 * type of the acceptable values (BFCL calls that a variable). Pure, no I/O.
 */
import { pyRepr, pyType, type PyValue } from "./py-values";
import { invalid, type Verdict } from "./verdict";

export type PyTypeName = ReturnType<typeof pyType>;

/** BFCL's PYTHON_TYPE_MAPPING. */
export const PYTHON_TYPES: Record<string, PyTypeName> = {
  string: "str",
  integer: "int",
  float: "float",
  boolean: "bool",
  array: "list",
  tuple: "list",
  dict: "dict",
  any: "str",
};

/** Types whose items are checked too. */
export const NESTED_TYPES = new Set(["array", "tuple"]);

/** The Python type of a BFCL type name, or null for a name BFCL's Python mapping does not know. */
export function pythonType(name: string | undefined): PyTypeName | null {
  return name !== undefined && Object.hasOwn(PYTHON_TYPES, name) ? PYTHON_TYPES[name]! : null;
}

/** The type of the first acceptable value that is not `""` (the optional marker); null when there is none. */
export function answerType(possible: readonly PyValue[]): PyTypeName | null {
  const first = possible.find((p) => p !== "");
  return first === undefined ? null : pyType(first);
}

export interface TypeCheck {
  verdict: Verdict | null;
  /** The value has the acceptable values' type, not the declared one: compared as is, without string/list/dict handling. */
  is_variable: boolean;
}

/**
 * BFCL's type_checker: null verdict when the value passes. `nested` is the
 * item type of an array or tuple; each acceptable list is tried in turn and
 * one whose items all type-check is enough.
 */
export function typeCheck(param: string, value: PyValue, possible: readonly PyValue[], declared: string, expected: PyTypeName, nested: PyTypeName | null): TypeCheck {
  const possibleType = answerType(possible);
  const isVariable = possibleType !== null && possibleType !== expected;
  let failure: Verdict | null = null;
  if (pyType(value) === expected) {
    if (nested === null) return { verdict: null, is_variable: isVariable };
    for (const item of possible) {
      let ok = true;
      if (Array.isArray(item)) {
        for (const v of value as PyValue[]) {
          if (typeCheck(param, v, item, nested, nested, null).verdict) {
            ok = false;
            break;
          }
        }
      }
      if (ok) return { verdict: null, is_variable: isVariable };
    }
    failure = invalid(
      "type_error:nested",
      `Nested type checking failed for parameter '${param}'. Expected outer type ${declared} with inner type ${nested}. Parameter value: ${pyRepr(value)}.`,
    );
  }
  // Upstream returns its result here as it stands: still failed after a nested failure, passed otherwise.
  if (possibleType !== null && pyType(value) === possibleType) return { verdict: failure, is_variable: true };
  return {
    verdict: invalid("type_error:simple", `Incorrect type for parameter '${param}'. Expected type ${declared}, got ${pyType(value)}. Parameter value: ${pyRepr(value)}.`),
    is_variable: false,
  };
}
