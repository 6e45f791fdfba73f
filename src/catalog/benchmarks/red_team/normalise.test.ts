import { describe, expect, inject, it } from "vitest";
import { gzip } from "../../../../test/catalog-files";
import { MINI_RED_TEAM_DIALOGUES, miniFiles } from "./mini";
import { humanTurns, redTeamRows, transcriptTurns } from "./normalise";
import { RED_TEAM_DATA } from "./source";

describe("Red Team's normaliser (hh-rlhf harmless-base)", () => {
  it("takes the human turns before the final Assistant reply", () => {
    const t = "\n\nHuman: first?\n\nAssistant: a reply\n\nHuman: second?\n\nAssistant: the final reply";
    expect(transcriptTurns(t).map((x) => x.speaker)).toEqual(["Human", "Assistant", "Human", "Assistant"]);
    expect(humanTurns(t, "here")).toEqual(["first?", "second?"]);
    expect(() => humanTurns("\n\nHuman: no reply", "line 3")).toThrow("line 3: no Assistant turn");
  });

  it("gives one row per dialogue with its turns and the first as the prompt", async () => {
    const bytes = await gzip(new TextEncoder().encode(miniFiles()[0]!.text));
    const rows = await redTeamRows([{ file: RED_TEAM_DATA.files[0]!, bytes }]);
    expect(rows.length).toBe(MINI_RED_TEAM_DIALOGUES);
    expect(rows[1]).toEqual({ id: "harmless-base-test-2", first_turn: "Made-up request 2.1?", turns: ["Made-up request 2.1?", "Made-up request 2.2?"], human_turns: 2 });
  });

  it.runIf(inject("sharedPresent"))("reads the 2,312 real dialogues, 1 to 18 human turns each", async () => {
    const f = RED_TEAM_DATA.files[0]!;
    const rows = await redTeamRows([{ file: f, bytes: new Uint8Array(await (await fetch(`${inject("datasetsUrl")}/${f.path}`)).arrayBuffer()) }]);
    expect(rows.length).toBe(2312);
    const turns = rows.reduce<Record<number, number>>((m, r) => ({ ...m, [r.human_turns as number]: (m[r.human_turns as number] ?? 0) + 1 }), {});
    expect(turns).toEqual({ 1: 662, 2: 584, 3: 590, 4: 354, 5: 69, 6: 20, 7: 16, 8: 7, 9: 5, 10: 1, 11: 2, 12: 1, 18: 1 });
  });
});
