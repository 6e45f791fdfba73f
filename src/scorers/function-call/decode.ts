/**
 * The model's tool calls as BFCL decodes a function-calling model's reply:
 * each call's arguments parsed as JSON (floats kept as floats) into
 * `{name: {param: value}}`, names mapped back to the benchmark's. A reply
 * whose arguments do not parse, or parse to something other than an
 * object, is not a function call. Pure, no I/O.
 */
import type { ToolCall } from "../../domain/tools";
import { isDict, JsonError, parsePyJson, type PyValue } from "./py-values";
import type { DecodedCall } from "./simple";

export type Decoded = { ok: true; calls: DecodedCall[] } | { ok: false; error: string; error_type: string };

export function decodeCalls(calls: readonly ToolCall[], restore: (wire: string) => string): Decoded {
  const out: DecodedCall[] = [];
  for (const c of calls) {
    let args: PyValue;
    try {
      args = parsePyJson(c.arguments);
    } catch (e) {
      return { ok: false, error: `Invalid syntax. Failed to decode the arguments of ${c.name}: ${e instanceof JsonError ? e.message : String(e)}.`, error_type: "ast_decoder:decoder_failed" };
    }
    if (!isDict(args)) {
      return { ok: false, error: `Did not output in the specified format: the arguments of ${c.name} are not an object.`, error_type: "ast_decoder:decoder_wrong_output_format" };
    }
    out.push({ name: restore(c.name), params: args });
  }
  return { ok: true, calls: out };
}
