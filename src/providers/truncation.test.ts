/**
 * Whether a reply was cut by the token limit, in both wire formats: OpenAI's
 * finish_reason "length" and Anthropic's stop_reason "max_tokens" read as
 * truncated, every other ending as not, and a body naming no ending as not
 * recorded. Against the fixture (its `truncate` knob and a real output cap)
 * and through the batch path's replayed bodies (src/providers/batch.ts).
 */
import { describe, expect, it } from "vitest";
import { liveResult } from "./batch";
import { createProvider, type ProviderConfig } from "./index";
import { fixtureUrl, uniqueModel } from "./test-fixture";

const configs = (): Record<"openai" | "anthropic", ProviderConfig> => ({
  openai: { provider: "openai", base_url: `${fixtureUrl()}/v1`, api_key: "sk-test-trunc" },
  anthropic: { provider: "anthropic", base_url: fixtureUrl(), api_key: "sk-test-trunc" },
});

const ask = (kind: "openai" | "anthropic", model: string, question: string, max_output_tokens = 200) =>
  createProvider(configs()[kind]).chat({ model, messages: [{ role: "user", content: question }], max_output_tokens, timeout_ms: 5_000 });

describe.each(["openai", "anthropic"] as const)("%s replies say whether the token limit cut them", (kind) => {
  it("a whole reply is not truncated; one cut by the truncate knob or by a small output cap is", async () => {
    const whole = await ask(kind, uniqueModel(), "What is 17 + 25?");
    expect(whole).toMatchObject({ text: "17 + 25 = 42.\n#### 42", truncated: false });
    const cut = await ask(kind, uniqueModel("truncate=1"), "What is 17 + 25?");
    expect(cut.truncated).toBe(true);
    expect(whole.text.startsWith(cut.text) && cut.text.length < whole.text.length).toBe(true);
    expect((await ask(kind, uniqueModel(), "What is 17 + 25?", 2)).truncated).toBe(true);
  });

  it("truncate=0.5 cuts some prompts and not others, the same prompt the same way every time", async () => {
    // A fixed name, so the draws (and this test's outcome) are the same on every run.
    const model = "fixture-truncation-test:truncate=0.5";
    const questions = Array.from({ length: 16 }, (_, i) => `What is ${i + 3} + ${2 * i + 5}?`);
    const first = await Promise.all(questions.map((q) => ask(kind, model, q)));
    const flags = first.map((r) => r.truncated);
    expect(flags.every((f) => typeof f === "boolean")).toBe(true);
    expect(flags.some((f) => f) && flags.some((f) => !f)).toBe(true);
    const again = await Promise.all(questions.map((q) => ask(kind, model, q)));
    expect(again.map((r) => r.truncated)).toEqual(flags);
  });
});

describe("batch results read the same endings", () => {
  const req = { model: "m", messages: [{ role: "user" as const, content: "hi" }], timeout_ms: 5_000 };
  const openai = (finish_reason?: string) => ({ id: "c", object: "chat.completion", created: 0, model: "m", choices: [{ index: 0, message: { role: "assistant", content: "x" }, ...(finish_reason ? { finish_reason } : {}) }] });
  const anthropic = (stop_reason: string | null) => ({ id: "m", type: "message", role: "assistant", model: "m", content: [{ type: "text", text: "x" }], stop_reason, usage: { input_tokens: 1, output_tokens: 1 } });

  it("length / max_tokens are truncated, other endings are not, no ending is not recorded", async () => {
    const o = configs().openai;
    const a = configs().anthropic;
    expect((await liveResult(o, req, openai("length"), 0)).truncated).toBe(true);
    expect((await liveResult(o, req, openai("stop"), 0)).truncated).toBe(false);
    expect((await liveResult(o, req, openai(), 0)).truncated).toBeNull();
    expect((await liveResult(a, req, anthropic("max_tokens"), 0)).truncated).toBe(true);
    expect((await liveResult(a, req, anthropic("end_turn"), 0)).truncated).toBe(false);
    expect((await liveResult(a, req, anthropic(null), 0)).truncated).toBeNull();
  });
});
