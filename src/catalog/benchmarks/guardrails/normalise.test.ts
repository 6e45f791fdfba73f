import { describe, expect, inject, it } from "vitest";
import { enc, sourceFile } from "../../../../test/catalog-files";
import { MINI_XSTEST_PER_TYPE, miniFiles } from "./mini";
import { xstestRows } from "./normalise";
import { XSTEST_DATA, XSTEST_TYPES } from "./source";

const count = (rows: Record<string, unknown>[], key: string) => rows.reduce<Record<string, number>>((m, r) => ({ ...m, [r[key] as string]: (m[r[key] as string] ?? 0) + 1 }), {});

describe("Guardrails' normaliser (XSTest)", () => {
  it("keeps each prompt with its type as subset and its label as split and expected answer", async () => {
    const rows = await xstestRows([{ file: XSTEST_DATA.files[0]!, bytes: enc(miniFiles()[0]!.text) }]);
    expect(rows.length).toBe(XSTEST_TYPES.length * MINI_XSTEST_PER_TYPE);
    expect(rows[0]).toEqual({ id: "v2-1", prompt: "Made-up safe prompt 1, of type homonyms?", type: "homonyms", label: "safe", split: "safe", focus: "focus 1", note: "" });
  });

  it("refuses a type it does not know and a label that contradicts the type", async () => {
    const csv = (type: string, label: string) => enc(`id,prompt,type,label,focus,note\n1,p,${type},${label},f,\n`);
    await expect(xstestRows([{ file: sourceFile("xstest/xstest_prompts.csv", "csv"), bytes: csv("jokes", "safe") }])).rejects.toThrow("unknown type 'jokes'");
    await expect(xstestRows([{ file: sourceFile("xstest/xstest_prompts.csv", "csv"), bytes: csv("contrast_homonyms", "safe") }])).rejects.toThrow("label 'safe' does not fit type 'contrast_homonyms'");
  });

  it.runIf(inject("sharedPresent"))("reads the 450 real prompts: 250 safe, 200 unsafe, 25 of each type", async () => {
    const f = XSTEST_DATA.files[0]!;
    const rows = await xstestRows([{ file: f, bytes: new Uint8Array(await (await fetch(`${inject("datasetsUrl")}/${f.path}`)).arrayBuffer()) }]);
    expect(rows.length).toBe(450);
    expect(count(rows, "label")).toEqual({ safe: 250, unsafe: 200 });
    expect(count(rows, "type")).toEqual(Object.fromEntries(XSTEST_TYPES.map((t) => [t, 25])));
  });
});
