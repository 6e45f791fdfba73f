import { describe, expect, it } from "vitest";
import { scrub } from "./scrub";

describe("scrub", () => {
  it.each([
    ["401 Incorrect API key provided: sk-proj-abc123DEF456ghi", "401 Incorrect API key provided: [redacted]"],
    ["auth header Bearer abcdefgh12345678 rejected", "auth header Bearer [redacted] rejected"],
    ['{"api_key": "hunter2hunter2"}', '{"api_key": "[redacted]"}'],
    ["x-api-key: zzzzzzzz", "x-api-key: [redacted]"],
    ["plain message with no secret", "plain message with no secret"],
  ])("%s", (input, expected) => {
    expect(scrub(input)).toBe(expected);
  });

  it("removes known secret values wherever they appear", () => {
    expect(scrub("key=my-custom-token-value in url ?t=my-custom-token-value", ["my-custom-token-value"])).toBe(
      "key=[redacted] in url ?t=[redacted]",
    );
  });
});
