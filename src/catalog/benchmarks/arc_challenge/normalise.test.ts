import { describe, expect, it } from "vitest";
import { arcChallengeRows } from "./normalise";

describe("ARC-Challenge's normaliser", () => {
  it("names the file a definition forgot to load", async () => {
    await expect(arcChallengeRows([])).rejects.toThrow("pinned file arc_challenge/test.jsonl was not loaded");
  });
});
