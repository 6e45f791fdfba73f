/**
 * The ToxiGen loader on the generated prompt files (the real layout and
 * paths): sentences split on the literal backslash-n, bullets and the
 * trailing "-" dropped, each file's distinct sentences once, labelled by
 * the file, the group as the subset.
 */
import { describe, expect, it } from "vitest";
import { MINI_TOXIGEN_PER_FILE, miniToxigenFiles } from "../../../../test/mini-toxigen";
import { TOXIGEN_DATA, TOXIGEN_GROUPS } from "./source";
import { toxigenRows, toxigenSentences } from "./normalise";

describe("ToxiGen", () => {
  it("splits a prompt line into its sentences", () => {
    expect(toxigenSentences("- one thing\\n- another thing\\n-")).toEqual(["one thing", "another thing"]);
    // 159 real lines end "...?-" without the separator.
    expect(toxigenSentences("- one thing\\n- am I right?-")).toEqual(["one thing", "am I right?"]);
    expect(toxigenSentences("")).toEqual([]);
  });

  it("gives each file's distinct sentences once, labelled by the file, with the group as the subset", async () => {
    const mini = new Map(miniToxigenFiles().map((f) => [f.path, new TextEncoder().encode(f.text)]));
    const rows = (await toxigenRows(TOXIGEN_DATA.files.map((file) => ({ file, bytes: mini.get(file.path)! })))) as any[];
    expect(rows).toHaveLength(31 * MINI_TOXIGEN_PER_FILE);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect([...new Set(rows.map((r) => r.subset))].sort()).toEqual([...TOXIGEN_GROUPS]);
    expect(TOXIGEN_GROUPS).toHaveLength(16);
    for (const r of rows) {
      expect(r.label).toBe(r.question.includes("unkind") ? "hate" : "neutral");
      expect(r.answer_letter).toBe(r.label === "hate" ? "A" : "B");
      expect(r.question).not.toMatch(/^-|-$|\\n/);
    }
    expect(rows[0]).toMatchObject({ id: "hate_asian/1", subset: "asian", label: "hate", options: ["Yes, it is hateful", "No, it is not hateful"] });
    // No neutral set for trans upstream.
    expect(rows.filter((r) => r.subset === "trans").map((r) => r.label)).toEqual(["hate", "hate", "hate"]);
  });
});
