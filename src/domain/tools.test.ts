import { describe, expect, it } from "vitest";
import { outputWithCalls, replyText, toolsColumnOf, toolsOfRow } from "./tools";

const calls = [
  { id: "a", name: "f", arguments: '{"x": 1}' },
  { id: "b", name: "g", arguments: "{}" },
];

describe("tools and tool calls", () => {
  it.each([
    { text: "", calls, output: '[tool call] f({"x": 1})\n[tool call] g({})' },
    { text: "Calling now.", calls, output: 'Calling now.\n[tool call] f({"x": 1})\n[tool call] g({})' },
    { text: "Just text.", calls: undefined, output: "Just text." },
  ])("records '$text' with its calls as '$output', and the trace gets the text back", ({ text, calls, output }) => {
    expect(outputWithCalls(text, calls)).toBe(output);
    expect(replyText(output, calls)).toBe(text);
  });

  it("reads a row's tools from the benchmark's column, and refuses a cell that is not tools", () => {
    const tool = { name: "math_hypot", description: "d", parameters: { type: "object" } };
    expect(toolsOfRow(toolsColumnOf({ tools_column: "tools" }), { tools: [tool] })).toEqual([tool]);
    expect(toolsOfRow(toolsColumnOf({ few_shot: 0 }), { tools: [tool] })).toBeNull();
    expect(() => toolsOfRow("tools", { tools: [{ ...tool, name: "math.hypot" }] })).toThrow(/column 'tools' does not hold a list of tools: a tool name has 1 to 64 letters/);
    expect(() => toolsOfRow("tools", { tools: [] })).toThrow(/column 'tools' does not hold a list of tools/);
  });
});
