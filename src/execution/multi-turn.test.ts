/**
 * The multi-turn plan: each later user turn goes out after the model's own
 * reply to the turn before, in one conversation; the replies become one
 * labelled output; a scoring retry rebuilds the same conversation from
 * the kept replies; a turns cell that is not a list of turns is refused.
 */
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../domain/prompt";
import type { ChatResult } from "../providers/types";
import { conversationResult, converse, followUpTurns, replayConversation, turnPairs, turnsColumnOf } from "./multi-turn";

const reply = (text: string, tokens: number | null = 10): ChatResult => ({ text, input_tokens: tokens, output_tokens: tokens, latency_ms: 5, model: "m", truncated: false });

describe("the multi-turn plan", () => {
  it("reads the turns column from the benchmark's options and the follow-ups from the row", () => {
    expect(turnsColumnOf({ turns_column: "turns" })).toBe("turns");
    expect(turnsColumnOf({ few_shot: 0 })).toBeNull();
    expect(turnsColumnOf(null)).toBeNull();
    expect(followUpTurns("turns", { turns: ["first", "second"] })).toEqual(["second"]);
    expect(followUpTurns("turns", { turns: ["only"] })).toEqual([]);
    for (const bad of [undefined, "text", [], ["a", ""], ["a", 3], Array(25).fill("x")]) {
      expect(() => followUpTurns("turns", { turns: bad })).toThrow(/column 'turns' does not hold a list of 1 to 24 user turns/);
    }
  });

  it("sends turn 2 with the model's own turn-1 reply in the conversation", async () => {
    const sent: ChatMessage[][] = [];
    const first: ChatMessage[] = [{ role: "system", content: "Be brief." }, { role: "user", content: "Q1" }];
    const seen: number[] = [];
    const { messages, replies } = await converse(first, ["Q2"], async (m) => reply(`answer ${sent.push(m)}`), (m) => seen.push(m.length));
    expect(sent).toEqual([
      [{ role: "system", content: "Be brief." }, { role: "user", content: "Q1" }],
      [{ role: "system", content: "Be brief." }, { role: "user", content: "Q1" }, { role: "assistant", content: "answer 1" }, { role: "user", content: "Q2" }],
    ]);
    expect(messages.at(-1)).toEqual({ role: "assistant", content: "answer 2" });
    expect(replies.map((r) => r.text)).toEqual(["answer 1", "answer 2"]);
    expect(seen).toEqual([3, 5]);
    // The caller's first messages are not changed.
    expect(first).toHaveLength(2);
    expect(turnPairs(messages, 2)).toEqual([
      { question: "Q1", answer: "answer 1" },
      { question: "Q2", answer: "answer 2" },
    ]);
    expect(replayConversation(first, ["Q2"], ["answer 1", "answer 2"])).toEqual(messages);
  });

  it("a failed call fails the conversation (the attempt's retry starts it again)", async () => {
    let n = 0;
    const send = async () => {
      if (++n === 2) throw new Error("503");
      return reply("ok");
    };
    await expect(converse([{ role: "user", content: "Q1" }], ["Q2"], send)).rejects.toThrow("503");
  });

  it("turns the replies into one labelled output with summed usage", () => {
    expect(conversationResult([reply("one"), reply("two", 7)])).toEqual({ text: "[Turn 1]\none\n\n[Turn 2]\ntwo", input_tokens: 17, output_tokens: 17, latency_ms: 10, model: "m", truncated: false });
    expect(conversationResult([reply("one"), reply("two", null)]).input_tokens).toBeNull();
  });

  it("a conversation is truncated if any turn's reply was cut, not recorded if a turn does not say", () => {
    const cut = { ...reply("cut"), truncated: true };
    const unknown = { ...reply("?"), truncated: null };
    expect(conversationResult([reply("one"), cut]).truncated).toBe(true);
    expect(conversationResult([unknown, cut]).truncated).toBe(true);
    expect(conversationResult([reply("one"), unknown]).truncated).toBeNull();
  });

  it("pairs only the last turns, after any few-shot examples", () => {
    const m: ChatMessage[] = [
      { role: "user", content: "example" },
      { role: "assistant", content: "shown" },
      { role: "user", content: "Q1" },
      { role: "assistant", content: "A1" },
      { role: "user", content: "Q2" },
      { role: "assistant", content: "A2" },
    ];
    expect(turnPairs(m, 2).map((p) => p.question)).toEqual(["Q1", "Q2"]);
  });
});
