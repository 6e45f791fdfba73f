/**
 * Tools through both SDKs against the fixture model: the request carries
 * the tools in each wire format (OpenAI functions, Anthropic input_schema),
 * the reply's calls come back as name + JSON arguments, parallel calls
 * included; the fixture answers a known function-calling question with its
 * expected calls, a perturbed call, text, or no call. A conversation whose
 * calls and results are sent back goes out in each wire's own shape
 * (Anthropic: results as tool_result blocks, turns joined, a "." opening).
 */
import { describe, expect, it } from "vitest";
import { createProvider, type ChatMessage, type ProviderConfig, type ToolDefinition } from "./index";
import { anthropicConversation } from "./tool-messages";
import { fixtureUrl, uniqueModel } from "./test-fixture";

const configs = (): Record<"openai" | "anthropic", ProviderConfig> => ({
  openai: { provider: "openai", base_url: `${fixtureUrl()}/v1` },
  anthropic: { provider: "anthropic", base_url: fixtureUrl() },
});

const TOOLS: ToolDefinition[] = [
  {
    name: "weather_forecast",
    description: "Forecast for a city.",
    parameters: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" }, margin: { type: "number" } }, required: ["city"] },
  },
  { name: "unit_convert", description: "Convert units.", parameters: { type: "object", properties: { value: { type: "number" } }, required: ["value"] } },
];

const id = crypto.randomUUID().slice(0, 8);
const PARALLEL_Q = `What is the forecast for Paris and for Rome over the next days? (${id})`;
const IRRELEVANT_Q = `Who painted the ceiling of the Sistine Chapel? (${id})`;

async function teach() {
  const rows = [
    {
      question: PARALLEL_Q,
      ground_truth: JSON.stringify([
        { "weather.forecast": { city: ["Paris", "paris"], days: [3], margin: [0.0, ""] } },
        { "weather.forecast": { city: ["Rome"], days: ["", 5] } },
      ]).replace('"margin":[0,', '"margin":[0.0,'),
    },
    { question: IRRELEVANT_Q, ground_truth: null },
  ];
  const r = await fetch(`${fixtureUrl()}/_answers`, { method: "POST", body: JSON.stringify(rows) });
  expect(r.status).toBe(200);
}

const ask = (kind: "openai" | "anthropic", model: string, question: string, fetchImpl?: typeof fetch) =>
  createProvider(configs()[kind], { fetch: fetchImpl }).chat({ model, messages: [{ role: "user", content: question }], tools: TOOLS, timeout_ms: 5_000 });

describe.each(["openai", "anthropic"] as const)("%s tool calls", (kind) => {
  it("sends the tools in the endpoint's own format", async () => {
    await teach();
    const seen: any[] = [];
    const spy: typeof fetch = async (input, init) => {
      seen.push(JSON.parse(String(init?.body)));
      return fetch(input, init);
    };
    await ask(kind, uniqueModel(), IRRELEVANT_Q, spy);
    expect(seen[0].tools).toEqual(
      kind === "openai"
        ? TOOLS.map((t) => ({ type: "function", function: t }))
        : TOOLS.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters })),
    );
  });

  it("returns parallel calls with their JSON arguments, floats written as floats", async () => {
    await teach();
    const r = await ask(kind, uniqueModel(), PARALLEL_Q);
    expect(r.text).toBe("");
    expect(r.tool_calls!.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ["weather_forecast", { city: "Rome", days: 5 }],
      ["weather_forecast", { city: "Paris", days: 3, margin: 0 }],
    ]);
    // Both keep the float as written (Anthropic's input is read from the raw body, not the SDK's parse).
    expect(r.tool_calls![1]!.arguments).toBe(kind === "openai" ? '{"city":"Paris","days":3,"margin":0.0}' : '{"city": "Paris", "days": 3, "margin": 0.0}');
    for (const c of r.tool_calls!) expect(c.id).toMatch(/\S/);
  });

  it("perturbs one argument when wrong (miss=0)", async () => {
    await teach();
    const r = await ask(kind, uniqueModel("accuracy=0"), PARALLEL_Q);
    expect(r.tool_calls!.map((c) => JSON.parse(c.arguments))).toEqual([{ city: "Rome and something else", days: 5 }, { city: "Paris", days: 3, margin: 0 }]);
  });

  it("answers in text instead of calling when wrong with miss=1", async () => {
    await teach();
    const r = await ask(kind, uniqueModel("accuracy=0,miss=1"), PARALLEL_Q);
    expect(r.tool_calls).toBeUndefined();
    expect(r.text).toBe("I would use weather_forecast, but I will answer in words instead.");
  });

  it("makes no call where none fits, and a call when wrong", async () => {
    await teach();
    const right = await ask(kind, uniqueModel(), IRRELEVANT_Q);
    expect(right.tool_calls).toBeUndefined();
    expect(right.text).toMatch(/not calling any/);
    const wrong = await ask(kind, uniqueModel("accuracy=0"), IRRELEVANT_Q);
    expect(wrong.tool_calls!.map((c) => [c.name, c.arguments])).toEqual([["weather_forecast", "{}"]]);
  });

  it("returns no tool_calls for a plain text reply", async () => {
    const r = await createProvider(configs()[kind]).chat({ model: uniqueModel(), messages: [{ role: "user", content: "What is 2 + 3?" }], timeout_ms: 5_000 });
    expect(r.tool_calls).toBeUndefined();
    expect(r.text).toContain("5");
  });
});

describe("a conversation with tool calls and results sent back", () => {
  // τ²'s shape: the assistant greets first, calls a tool, reads its result, then answers.
  const conversation: ChatMessage[] = [
    { role: "system", content: "You are an agent." },
    { role: "assistant", content: "Hi! How can I help you today?" },
    { role: "user", content: `What is the forecast for Oslo? (${id})` },
    { role: "assistant", content: "", tool_calls: [{ id: "call_1", name: "weather_forecast", arguments: '{"city": "Oslo", "margin": 0.5}' }, { id: "call_2", name: "unit_convert", arguments: '{"value": 3}' }] },
    { role: "tool", tool_call_id: "call_1", content: "rain" },
    { role: "tool", tool_call_id: "call_2", content: "Error: value out of range" },
  ];

  it("goes out in each wire's own shape", async () => {
    const seen: Record<string, any> = {};
    for (const kind of ["openai", "anthropic"] as const) {
      const spy: typeof fetch = async (input, init) => {
        seen[kind] = JSON.parse(String(init?.body));
        return fetch(input, init);
      };
      const r = await createProvider(configs()[kind], { fetch: spy }).chat({ model: uniqueModel(), messages: conversation, tools: TOOLS, timeout_ms: 5_000 });
      expect(typeof r.text).toBe("string");
    }
    expect(seen.openai.messages).toEqual([
      { role: "system", content: "You are an agent." },
      { role: "assistant", content: "Hi! How can I help you today?" },
      { role: "user", content: `What is the forecast for Oslo? (${id})` },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "weather_forecast", arguments: '{"city": "Oslo", "margin": 0.5}' } },
          { id: "call_2", type: "function", function: { name: "unit_convert", arguments: '{"value": 3}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: "rain" },
      { role: "tool", tool_call_id: "call_2", content: "Error: value out of range" },
    ]);
    // Anthropic: the system apart, a "." user turn before the assistant's greeting, both results in one user turn.
    expect(seen.anthropic.system).toBe("You are an agent.");
    expect(seen.anthropic.messages).toEqual([
      { role: "user", content: "." },
      { role: "assistant", content: "Hi! How can I help you today?" },
      { role: "user", content: `What is the forecast for Oslo? (${id})` },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "call_1", name: "weather_forecast", input: { city: "Oslo", margin: 0.5 } },
          { type: "tool_use", id: "call_2", name: "unit_convert", input: { value: 3 } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "call_1", content: "rain" },
          { type: "tool_result", tool_use_id: "call_2", content: "Error: value out of range" },
        ],
      },
    ]);
  });

  it("joins turns of one role on Anthropic, text and results alike", () => {
    const { messages } = anthropicConversation([
      { role: "user", content: "a" },
      { role: "assistant", content: "b", tool_calls: [{ id: "t1", name: "f", arguments: "{}" }] },
      { role: "tool", tool_call_id: "t1", content: "r" },
      { role: "user", content: "c" },
    ]);
    expect(messages).toEqual([
      { role: "user", content: "a" },
      { role: "assistant", content: [{ type: "text", text: "b" }, { type: "tool_use", id: "t1", name: "f", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "r" }, { type: "text", text: "c" }] },
    ]);
  });
});
