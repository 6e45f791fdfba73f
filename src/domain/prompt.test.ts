import { describe, expect, it } from "vitest";
import { buildMessages, expectedAnswer, renderPrompt } from "./prompt";

const spec = { prompt_template: "Q: {question}\nA:", prompt_column: null, answer_column: "final" };

describe("prompt", () => {
  it("renders a template from the row", () => {
    expect(renderPrompt(spec, { question: "What is 2+2?", final: "4" })).toBe("Q: What is 2+2?\nA:");
  });

  it("uses a prompt column verbatim", () => {
    expect(renderPrompt({ ...spec, prompt_template: null, prompt_column: "question" }, { question: "Hi" })).toBe("Hi");
  });

  it("reads the expected answer as text, null when absent", () => {
    expect(expectedAnswer(spec, { final: 18 })).toBe("18");
    expect(expectedAnswer(spec, { final: null })).toBeNull();
    expect(expectedAnswer({ ...spec, answer_column: null }, { final: "x" })).toBeNull();
  });

  it("puts few-shot examples before the task as user/assistant turns", () => {
    const messages = buildMessages({ ...spec, system_prompt: "Be brief." }, { question: "3+3?", final: "6" }, [
      { question: "1+1?", final: "2" },
    ]);
    expect(messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Q: 1+1?\nA:" },
      { role: "assistant", content: "2" },
      { role: "user", content: "Q: 3+3?\nA:" },
    ]);
  });
});
