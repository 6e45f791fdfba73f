/**
 * One produced call against one expected call, as BFCL's
 * simple_function_checker: the name must be the expected function's; every
 * required parameter present; no parameter the function or the answer does
 * not know; each value of the right type and among the acceptable values
 * (strings standardised, dicts and lists of dicts key by key); a parameter
 * left out only if its acceptable values include `""`. Ints are accepted
 * where floats are declared. Pure, no I/O.
 */
import type { ExpectedCall, FunctionDoc } from "./docs";
import { isDict, PyFloat, pyIn, pyRepr, type PyValue } from "./py-values";
import { NESTED_TYPES, pythonType, typeCheck } from "./types";
import { dictChecker, listChecker, listDictChecker, stringChecker } from "./values";
import { invalid, VALID, type Verdict } from "./verdict";

/** A call the model made, its name mapped back to the benchmark's and its arguments decoded. */
export interface DecodedCall {
  name: string;
  params: Record<string, PyValue>;
}

const list = (values: readonly PyValue[]) => `[${values.map(pyRepr).join(", ")}]`;

export function simpleFunctionChecker(doc: FunctionDoc, call: DecodedCall, expected: ExpectedCall): Verdict {
  const properties = doc.parameters.properties;
  if (call.name !== doc.name) return invalid("simple_function_checker:wrong_func_name", `Function name '${doc.name}' not found in model output.`);
  for (const param of doc.parameters.required) {
    if (!Object.hasOwn(call.params, param)) return invalid("simple_function_checker:missing_required", `Missing required parameter: '${param}'.`);
  }
  for (const [param, given] of Object.entries(call.params)) {
    if (!Object.hasOwn(properties, param) || !Object.hasOwn(expected.params, param)) {
      return invalid("simple_function_checker:unexpected_param", `Unexpected parameter: '${param}'.`);
    }
    const possible = expected.params[param]!;
    const details = properties[param]!;
    const declared = details.type ?? "";
    const expectedType = pythonType(declared);
    if (expectedType === null) return invalid("type_error:unknown", `Parameter '${param}' declares type '${declared}', which BFCL's Python checker does not know.`);
    const nested = NESTED_TYPES.has(declared) ? pythonType(details.items?.type) : null;
    // Python's own int-to-float conversion, which BFCL allows.
    const value = declared === "float" && typeof given === "number" ? new PyFloat(given) : given;

    const typed = typeCheck(param, value, possible, declared, expectedType, nested);
    if (typed.verdict) return typed.verdict;
    if (!typed.is_variable) {
      let special: Verdict | null = null;
      if (expectedType === "dict") special = isDict(value) ? dictChecker(value, possible) : null;
      else if (expectedType === "list" && nested === "dict") special = listDictChecker(value as PyValue[], possible);
      else if (expectedType === "str") special = stringChecker(param, value as string, possible);
      else if (expectedType === "list") special = listChecker(param, value as PyValue[], possible);
      if (special) {
        if (!special.valid) return special;
        continue;
      }
    }
    if (!pyIn(value, possible)) return invalid("value_error:others", `Invalid value for parameter '${param}': ${pyRepr(value)}. Expected one of ${list(possible)}.`);
  }
  for (const [param, possible] of Object.entries(expected.params)) {
    if (!Object.hasOwn(call.params, param) && !possible.includes("")) {
      return invalid("simple_function_checker:missing_optional", `Optional parameter '${param}' not provided and not marked as optional.`);
    }
  }
  return VALID;
}
