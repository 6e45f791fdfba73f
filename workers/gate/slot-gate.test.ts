import { describe, expect, it } from "vitest";
import { coalescedRelease, RELEASE_COALESCE_MS } from "./slot-gate";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("coalescedRelease", () => {
  it("sends the slots released together in one call, each caller settled by it, and later ones in the next", async () => {
    const sent: number[] = [];
    const release = coalescedRelease(async (slots) => {
      sent.push(slots);
    });
    await Promise.all(Array.from({ length: 5 }, () => release()));
    expect(sent).toEqual([5]);
    await sleep(RELEASE_COALESCE_MS * 5);
    await Promise.all([release(), release()]);
    expect(sent).toEqual([5, 2]);
    // Nothing is sent for nothing released.
    await sleep(RELEASE_COALESCE_MS * 5);
    expect(sent).toEqual([5, 2]);
  });

  it("rejects every caller whose slot the failed call carried, and the next group goes out anew", async () => {
    let fail = true;
    const sent: number[] = [];
    const release = coalescedRelease(async (slots) => {
      sent.push(slots);
      if (fail) throw new Error("gate unreachable");
    });
    const results = await Promise.allSettled([release(), release(), release()]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    fail = false;
    await expect(release()).resolves.toBeUndefined();
    expect(sent).toEqual([3, 1]);
  });
});
