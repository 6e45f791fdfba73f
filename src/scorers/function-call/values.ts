/**
 * Value matching as BFCL's AST checker does it: strings compared after
 * standardisation (spaces and `,./-_*^` removed, lowercased, `'` read as
 * `"`), lists compared element by element with their strings standardised,
 * dicts key by key against each acceptable dict (a key whose values include
 * `""` may be left out), lists of dicts position by position. Pure, no I/O.
 */
import { isDict, pyIn, pyRepr, type PyValue } from "./py-values";
import { invalid, VALID, type Verdict } from "./verdict";

const STRIP = /[ ,./\-_*^]/g;

/** BFCL's standardize_string: "April 1, 2024" and "april 1 2024" read the same. */
export function standardizeString(s: string): string {
  return s.replace(STRIP, "").toLowerCase().replaceAll("'", '"');
}

const std = (v: PyValue): PyValue => (typeof v === "string" ? standardizeString(v) : v);
const list = (values: readonly PyValue[]) => `[${values.map(pyRepr).join(", ")}]`;

/** A string parameter: its standardised value must be among the standardised acceptable strings. */
export function stringChecker(param: string, value: string, possible: readonly PyValue[]): Verdict {
  const accepted = possible.filter((p): p is string => typeof p === "string").map(standardizeString);
  if (accepted.includes(standardizeString(value))) return VALID;
  return invalid("value_error:string", `Invalid value for parameter '${param}': ${pyRepr(value)}. Expected one of ${list(possible)}. Case insensitive.`);
}

/** A list (or tuple) parameter: equal, element by element, to one acceptable list, strings standardised on both sides. */
export function listChecker(param: string, value: PyValue[], possible: readonly PyValue[]): Verdict {
  const mine = value.map(std);
  // An acceptable value that is not a list ("" for optional) can never equal a list; upstream iterates it the same way.
  const accepted = possible.map((p) => (Array.isArray(p) ? p.map(std) : typeof p === "string" ? [...p].map(std) : p));
  if (pyIn(mine, accepted)) return VALID;
  return invalid("value_error:list/tuple", `Invalid value for parameter '${param}': ${pyRepr(value)}. Expected one of ${list(possible)}.`);
}

/**
 * A dict parameter against each acceptable dict (`""` entries skipped): every
 * key given must be known and hold an acceptable value, every key left out
 * must be optional. The error is the last acceptable dict's, as upstream.
 */
export function dictChecker(value: Record<string, PyValue>, possible: readonly PyValue[]): Verdict {
  let result = invalid("dict_checker:unclear", "");
  for (const answer of possible) {
    if (answer === "") continue;
    if (!isDict(answer)) {
      result = invalid("dict_checker:unclear", `Acceptable value ${pyRepr(answer)} is not a dict.`);
      continue;
    }
    result = dictAgainst(value, answer);
    if (result.valid) return VALID;
  }
  return result;
}

function dictAgainst(value: Record<string, PyValue>, answer: Record<string, PyValue>): Verdict {
  for (const [key, v] of Object.entries(value)) {
    if (!Object.hasOwn(answer, key)) return invalid("value_error:dict_key", `Unexpected dict key parameter: '${key}'.`);
    const options = answer[key];
    const accepted = (Array.isArray(options) ? options : [options!]).map(std);
    if (!pyIn(std(v), accepted)) {
      return invalid("value_error:dict_value", `Invalid value for parameter '${key}': ${pyRepr(v)}. Expected one of ${list(accepted)}.`);
    }
  }
  for (const [key, options] of Object.entries(answer)) {
    if (!Object.hasOwn(value, key) && !(Array.isArray(options) && options.includes(""))) {
      return invalid("value_error:dict_key", `Missing dict key parameter: '${key}'.`);
    }
  }
  return VALID;
}

/** A list of dicts: as long as one acceptable list, each dict matching the acceptable dict at its position. */
export function listDictChecker(value: PyValue[], possible: readonly PyValue[]): Verdict {
  let result = invalid("list_dict_checker:unclear", "");
  for (const answer of possible) {
    const dicts = Array.isArray(answer) ? answer : [];
    if (value.length !== dicts.length) {
      result = invalid("value_error:list_dict_count", "Wrong number of dictionaries in the list.");
      continue;
    }
    let ok = true;
    for (let i = 0; i < value.length; i++) {
      const item = value[i]!;
      result = isDict(item) ? dictChecker(item, [dicts[i]!]) : invalid("value_error:list_dict_count", `Item ${i} of the list is not a dict.`);
      if (!result.valid) {
        ok = false;
        break;
      }
    }
    if (ok) return VALID;
  }
  return result;
}
