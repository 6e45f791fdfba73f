/**
 * Tools a prompt offers the model and the calls it makes, in a form both
 * the OpenAI and the Anthropic adapters translate: a tool is a name, a
 * description and a JSON Schema for its arguments; a call is the tool's
 * name and its arguments as the JSON text the endpoint sent. A benchmark
 * offers tools by naming a row column that holds them (`tools_column` in
 * its options). Pure, no I/O.
 */
import { z } from "zod";

/** Tools one request may offer. */
export const MAX_TOOLS = 128;

/** One tool: OpenAI's `function` and Anthropic's tool, without the wrapping either adds. */
export const ToolDefinition = z.strictObject({
  /** As the APIs allow it: letters, digits, `_` and `-`, at most 64. */
  name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, "a tool name has 1 to 64 letters, digits, '_' or '-'"),
  description: z.string().max(20_000).default(""),
  /** JSON Schema of the arguments object. */
  parameters: z.record(z.string(), z.unknown()),
});
export type ToolDefinition = z.infer<typeof ToolDefinition>;

export const ToolDefinitions = z.array(ToolDefinition).min(1).max(MAX_TOOLS);

/** One call the model made. */
export interface ToolCall {
  /** The endpoint's id of the call (OpenAI tool_call id, Anthropic tool_use id). */
  id: string;
  /** The tool's name as the model wrote it. */
  name: string;
  /** The arguments as JSON text: OpenAI's string as sent; Anthropic's input object serialised. */
  arguments: string;
}

/**
 * The tools a row offers, from the column the benchmark names; null when
 * the benchmark offers none. Throws with a readable message when the cell
 * is not a list of tools.
 */
export function toolsOfRow(column: string | null | undefined, row: Record<string, unknown>): ToolDefinition[] | null {
  if (!column) return null;
  const parsed = ToolDefinitions.safeParse(row[column]);
  if (!parsed.success) throw new Error(`column '${column}' does not hold a list of tools: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

/** The tools column a benchmark's stored options name, if any. */
export function toolsColumnOf(options: unknown): string | null {
  const c = (options as { tools_column?: unknown } | null)?.tools_column;
  return typeof c === "string" && c ? c : null;
}

/** A call as one readable line: `name({"a": 1})`. */
export function renderToolCall(call: ToolCall): string {
  return `${call.name}(${call.arguments})`;
}

/** What an attempt records as its output: the reply's text, then one line per call. */
export function outputWithCalls(text: string, calls: readonly ToolCall[] | undefined): string {
  if (!calls?.length) return text;
  const lines = calls.map((c) => `[tool call] ${renderToolCall(c)}`);
  return text.trim() ? `${text}\n${lines.join("\n")}` : lines.join("\n");
}

/** The reply's own text from an output outputWithCalls made (the trace shows the calls themselves). */
export function replyText(output: string, calls: readonly ToolCall[] | undefined): string {
  if (!calls?.length) return output;
  const lines = calls.map((c) => `[tool call] ${renderToolCall(c)}`).join("\n");
  if (output === lines) return "";
  return output.endsWith(`\n${lines}`) ? output.slice(0, -(lines.length + 1)) : output;
}
