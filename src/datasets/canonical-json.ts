/**
 * JSON values of dataset rows and their canonical text: object keys sorted
 * recursively (by UTF-16 code units, as JSON.stringify compares nothing
 * else), no whitespace, so equal data always hashes the same. No I/O.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** The canonical JSON text of a value. */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k]!)}`).join(",")}}`;
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
