/**
 * JSON values of dataset rows and their canonical text: object keys sorted
 * recursively (by UTF-16 code units, as JSON.stringify compares nothing
 * else), no whitespace, so equal data always hashes the same. No I/O.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * The canonical JSON text of a value: keys sorted, undefined members left
 * out and undefined elements written `null` (as JSON.stringify does).
 * Iterative with its own stack, so no nesting depth can overflow the call
 * stack; the one implementation for dataset rows, profiles and boards.
 */
export function canonicalJson(value: unknown): string {
  // Work items: a value still to write, or a literal piece of punctuation.
  type Item = { value: unknown } | { text: string };
  const out: string[] = [];
  const stack: Item[] = [{ value }];
  while (stack.length) {
    const item = stack.pop()!;
    if ("text" in item) {
      out.push(item.text);
      continue;
    }
    const v = item.value;
    if (v === null || typeof v !== "object") {
      out.push(JSON.stringify(v) ?? "null");
    } else if (Array.isArray(v)) {
      out.push("[");
      stack.push({ text: "]" });
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ value: v[i] });
        if (i > 0) stack.push({ text: "," });
      }
    } else {
      const obj = v as Record<string, unknown>;
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort();
      out.push("{");
      stack.push({ text: "}" });
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push({ value: obj[keys[i]!] });
        stack.push({ text: `${i > 0 ? "," : ""}${JSON.stringify(keys[i])}:` });
      }
    }
  }
  return out.join("");
}

function base64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/**
 * Turns a decoded value (Parquet gives bigint, Date, byte arrays, typed
 * arrays) into plain JSON: bigint as a number when exactly representable,
 * else its decimal string; dates as ISO text; bytes as base64; non-finite
 * numbers and undefined as null.
 */
export function toJsonValue(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value : null;
    case "bigint":
      return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
    case "object":
      break;
    default:
      return String(value);
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return base64(value);
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number | bigint>, toJsonValue);
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value instanceof Map) return toJsonObject(Object.fromEntries(value));
  return toJsonObject(value as Record<string, unknown>);
}

export function toJsonObject(record: Record<string, unknown>): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(record)) setOwn(out, k, toJsonValue(v));
  return out;
}

/** Sets an own property, even one named `__proto__` (plain assignment would replace the prototype). */
export function setOwn(obj: JsonObject, key: string, value: JsonValue): void {
  if (key === "__proto__") Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** The JSON kind of a parsed value: string, number, boolean, object, array or null. */
export function jsonKind(value: unknown): "string" | "number" | "boolean" | "object" | "array" | "null" {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const t = typeof value;
  return t === "string" || t === "number" || t === "boolean" ? t : "object";
}
