import { describe, expect, it } from "vitest";
import { cacheKeyText, responseCacheDigest, type CacheKeyInput } from "./response-cache-key";

const base: CacheKeyInput = {
  provider: "openai",
  base_url: "https://models.example/v1?token=url-secret-42",
  model: "m-1",
  messages: [{ role: "user", content: "What is 2 + 2?" }],
  tools: null,
  sampling: { temperature: 0, top_p: undefined, max_output_tokens: 256 },
  params: { seed: 7 },
  attempt_index: 0,
};

describe("the response cache key", () => {
  it("changes with every field that decides the reply, and with the project", async () => {
    const d = (input: CacheKeyInput, project = "prj_a") => responseCacheDigest("server-secret", project, input);
    const ref = await d(base);
    const variants: CacheKeyInput[] = [
      { ...base, provider: "anthropic" },
      { ...base, base_url: "https://other.example/v1" },
      { ...base, model: "m-2" },
      { ...base, messages: [{ role: "user", content: "What is 2 + 3?" }] },
      { ...base, tools: [{ name: "f", description: "", parameters: {} }] },
      { ...base, sampling: { ...base.sampling, temperature: 0.5 } },
      { ...base, sampling: { ...base.sampling, top_p: 0.9 } },
      { ...base, sampling: { ...base.sampling, max_output_tokens: 512 } },
      { ...base, params: { seed: 8 } },
      { ...base, attempt_index: 1 },
    ];
    const digests = await Promise.all(variants.map((v) => d(v)));
    expect(new Set([ref, ...digests, await d(base, "prj_b")]).size).toBe(variants.length + 2);
    // The same request is the same key, whatever the order of its object keys.
    expect(await d({ ...base, params: { seed: 7 }, sampling: { max_output_tokens: 256, top_p: undefined, temperature: 0 } })).toBe(ref);
    expect(ref).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is keyed: the digest depends on the server's secret, so an object name reveals nothing of the base URL", async () => {
    expect(await responseCacheDigest("one", "prj_a", base)).not.toBe(await responseCacheDigest("two", "prj_a", base));
    expect(cacheKeyText("prj_a", base)).toContain("attempt_index");
  });
});
