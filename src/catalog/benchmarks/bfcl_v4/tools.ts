/**
 * BFCL function documents as tools for a function-calling API, converted
 * as BFCL's own harness does for OpenAI and Anthropic models
 * (model_handler/utils.py convert_to_tool with GORILLA_TO_OPENAPI): dotted
 * names get `_`, the parameters' type becomes `object`, BFCL's type names
 * become JSON Schema's (dict → object, float → number with format float
 * and a note in the description, tuple → array, any → string, unknown →
 * string) through properties, items and nested properties, and each
 * description ends with BFCL's language hint. Pure, no I/O.
 */
import type { JsonObject, JsonValue } from "../../../datasets/canonical-json";
import type { ToolDefinition } from "../../../domain/tools";
import { wireName } from "../../../scorers/function-call/names";

/** BFCL's GORILLA_TO_OPENAPI. */
const TO_OPENAPI: Record<string, string> = {
  integer: "integer", number: "number", float: "number", string: "string", boolean: "boolean", bool: "boolean",
  array: "array", list: "array", dict: "object", object: "object", tuple: "array", any: "string",
  byte: "integer", short: "integer", long: "integer", double: "number", char: "string",
  ArrayList: "array", Array: "array", HashMap: "object", Hashtable: "object", Queue: "array", Stack: "array",
  Any: "string", String: "string", Bigint: "integer",
};

/** What BFCL appends to each Python function's description when it asks a model. */
export const PYTHON_HINT = " Note that the provided function is in Python 3 syntax.";

const mapType = (t: unknown) => (typeof t === "string" && Object.hasOwn(TO_OPENAPI, t) ? TO_OPENAPI[t]! : "string");
const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** BFCL's _cast_to_openai_type over one properties map (a fresh copy; the input is left alone). */
export function castProperties(properties: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, raw] of Object.entries(properties)) {
    const p: JsonObject = isObject(raw) ? structuredClone(raw) : {};
    if (p.type === undefined) p.type = "string";
    else {
      if (p.type === "float") {
        p.format = "float";
        p.description = `${typeof p.description === "string" ? p.description : ""} This is a float type value.`;
      }
      p.type = mapType(p.type);
    }
    if (p.type === "array" || p.type === "object") {
      if (isObject(p.properties)) p.properties = castProperties(p.properties);
      else if (isObject(p.items)) {
        const items = p.items;
        items.type = mapType(items.type);
        if (items.type === "array" && isObject(items.items)) items.items.type = mapType(items.items.type);
        else if (items.type === "object" && isObject(items.properties)) items.properties = castProperties(items.properties);
      }
    }
    out[key] = p;
  }
  return out;
}

/** One BFCL function document as the tool a model is offered. */
export function bfclTool(doc: JsonObject, hint = PYTHON_HINT): ToolDefinition {
  const params: JsonObject = isObject(doc.parameters) ? structuredClone(doc.parameters) : {};
  params.type = "object";
  params.properties = castProperties(isObject(params.properties) ? params.properties : {});
  return {
    name: wireName(String(doc.name)),
    description: `${typeof doc.description === "string" ? doc.description : ""}${hint}`,
    parameters: params as Record<string, JsonValue>,
  };
}
