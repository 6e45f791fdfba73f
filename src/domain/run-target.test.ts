import { describe, expect, it } from "vitest";
import { JudgeInput, keyEndpoint, nextKey, storeJudge, storeTarget, TargetInput, targetView, judgeView } from "./run-target";

const MODEL = { kind: "model", provider: "openai", base_url: "https://api.example.com/v1", model: "gpt-x" } as const;
const AGENT = { kind: "agent", runner_url: "http://runner.local:8080", profile: "coder@1" } as const;

function fieldsOf(input: unknown): string[] {
  const r = TargetInput.safeParse(input);
  if (r.success) return [];
  return r.error.issues.map((i) => [i.path.join("."), ...(i.code === "unrecognized_keys" ? i.keys : [])].filter(Boolean).join("."));
}

describe("targets", () => {
  it("parses a model target, filling params", () => {
    expect(TargetInput.parse({ ...MODEL, api_key: "sk-1", price: { input_per_mtok: 1, output_per_mtok: 2 } })).toEqual({
      ...MODEL,
      api_key: "sk-1",
      params: {},
      price: { input_per_mtok: 1, output_per_mtok: 2 },
    });
  });

  it("parses an agent target", () => {
    expect(TargetInput.parse({ ...AGENT, params: { max_turns: 20 } })).toEqual({ ...AGENT, params: { max_turns: 20 } });
  });

  it.each([
    [{ ...MODEL, kind: "robot" }, "kind"],
    [{ ...MODEL, provider: "gemini" }, "provider"],
    [{ ...MODEL, base_url: "ftp://x/v1" }, "base_url"],
    [{ ...MODEL, base_url: "not a url" }, "base_url"],
    [{ ...MODEL, base_url: "https://user:pw@api.example.com/v1" }, "base_url"],
    [{ ...MODEL, model: "" }, "model"],
    [{ ...MODEL, api_key: "" }, "api_key"],
    [{ ...MODEL, params: [] }, "params"],
    [{ ...MODEL, params: { headers: { Authorization: "Bearer x" } } }, "params"],
    [{ ...MODEL, params: { api_key: "x" } }, "params"],
    [{ ...MODEL, price: { input_per_mtok: 1 } }, "price.output_per_mtok"],
    [{ ...MODEL, runner_url: "http://x" }, "runner_url"],
    [{ ...AGENT, profile: "no-version" }, "profile"],
    [{ ...AGENT, runner_url: "x" }, "runner_url"],
    [{ ...AGENT, api_key: "sk" }, "api_key"],
    [{ ...AGENT, base_url: "http://x" }, "base_url"],
  ])("refuses %j naming %s", (input, field) => {
    expect(fieldsOf(input)).toEqual([field]);
  });

  it("never puts the input's value in an error message", () => {
    const planted = "sk-planted-in-a-bad-field";
    for (const bad of [
      { ...MODEL, base_url: planted },
      { ...MODEL, model: planted.repeat(20) },
      { ...MODEL, api_key: 5, provider: planted },
      { ...AGENT, profile: planted },
      planted,
    ]) {
      const r = TargetInput.safeParse(bad);
      expect(r.success).toBe(false);
      expect(JSON.stringify(r.error?.issues.map((i) => i.message))).not.toContain(planted);
    }
  });
});

describe("stored form and view", () => {
  it("drops the key and marks it set; the view shows only {set: true}", () => {
    const input = TargetInput.parse({ ...MODEL, api_key: "sk-secret" });
    const stored = storeTarget(input, true);
    expect(stored).toEqual({ ...MODEL, params: {}, api_key_set: true });
    expect(targetView(stored)).toEqual({ ...MODEL, params: {}, api_key: { set: true } });
    expect(targetView(storeTarget(input, false))).toEqual({ ...MODEL, params: {} });
  });

  it("does the same for a judge", () => {
    const input = JudgeInput.parse({ provider: "anthropic", base_url: "https://api.anthropic.com", model: "claude", api_key: "k" });
    const stored = storeJudge(input, true);
    expect(JSON.stringify(stored)).not.toContain('"k"');
    expect(judgeView(stored)).toEqual({ provider: "anthropic", base_url: "https://api.anthropic.com", model: "claude", api_key: { set: true } });
  });
});

describe("keeping a key across an edit", () => {
  const before = { endpoint: keyEndpoint(MODEL), key: "sk-old" };

  it.each([
    ["a new key replaces", "sk-new", MODEL, { key: "sk-new" }],
    ["null clears", null, MODEL, { key: undefined }],
    ["omitted keeps it on the same endpoint", undefined, MODEL, { key: "sk-old" }],
    ["omitted keeps it when only the path changes", undefined, { ...MODEL, base_url: "https://api.example.com/v2" }, { key: "sk-old" }],
    ["a switch to an agent drops it", undefined, AGENT, { key: undefined }],
  ] as const)("%s", (_name, given, after, expected) => {
    expect(nextKey("target.api_key", given, before, keyEndpoint(after))).toEqual(expected);
  });

  it.each([
    ["another origin", { ...MODEL, base_url: "https://evil.example.net/v1" }],
    ["another provider", { ...MODEL, provider: "anthropic" }],
  ])("refuses to keep it for %s without the key being sent again", (_name, after) => {
    expect(nextKey("target.api_key", undefined, before, keyEndpoint(after))).toEqual({
      error: { field: "target.api_key", message: "the provider or URL origin changed: send the key again, or null to clear it" },
    });
  });

  it("has nothing to keep when no key was set", () => {
    expect(nextKey("judge.api_key", undefined, { endpoint: undefined, key: undefined }, keyEndpoint(MODEL))).toEqual({ key: undefined });
  });
});
