/**
 * GPQA's loader on the authors' archive format: the member opened with the
 * published password and checked against its pin, the options in
 * simple-evals' seed-0 order (the draws of CPython's random.Random(0),
 * written out here), the key where the correct answer lands. On ../shared,
 * the real CSV zipped as dataset.zip is. Assertions never show a question:
 * they compare counts, letters, permutations and digests only.
 */
import { describe, expect, inject, it } from "vitest";
import { sha256Hex } from "../../../crypto/hash";
import { testPinned } from "../../../../test/builtin-data";
import { openPinned } from "../../pinned-archive";
import { gpqaRows, GPQA_SHUFFLE_SEED } from "./normalise";
import { MINI_GPQA_QUESTIONS, miniFiles } from "./mini";
import { PythonRandom } from "./python-random";
import { GPQA_DATA } from "./source";

/** random.Random(0).sample(range(4), 4), nine times, as CPython draws them. */
const CPYTHON_DRAWS = ["3102", "3120", "2301", "2031", "1302", "2103", "3102", "3210", "0312"];

async function generated() {
  const [zip] = await miniFiles();
  const member = { ...GPQA_DATA.files[0]!.member!, sha256: await sha256Hex(zip!.member!.bytes), bytes: zip!.member!.bytes.byteLength };
  return { file: { ...GPQA_DATA.files[0]!, member }, bytes: zip!.bytes! };
}

describe("GPQA's loader", () => {
  it("draws CPython's random.Random(0) permutations", () => {
    const rng = new PythonRandom(GPQA_SHUFFLE_SEED);
    expect(CPYTHON_DRAWS.map(() => rng.permutation(4).join(""))).toEqual(CPYTHON_DRAWS);
  });

  it("opens the archive, shuffles as simple-evals does and keys the letter where the correct answer lands", async () => {
    const rows = await gpqaRows([await openPinned(await generated())]);
    expect(rows.length).toBe(MINI_GPQA_QUESTIONS);
    rows.forEach((r, i) => {
      expect((r.permutation as number[]).join("")).toBe(CPYTHON_DRAWS[i]);
      expect(r.shuffle_seed).toBe(0);
      // Position p holds answer permutation[p]; answer 0 is the correct one.
      expect(r.answer_letter).toBe("ABCD"[(r.permutation as number[]).indexOf(0)]);
      expect((r.options as string[])["ABCD".indexOf(r.answer_letter as string)]).toBe(`right ${i + 1}`);
      expect([r.option_a, r.option_b, r.option_c, r.option_d]).toEqual(r.options);
      expect(Object.keys(r).sort()).toEqual(["answer_letter", "domain", "id", "option_a", "option_b", "option_c", "option_d", "options", "permutation", "question", "shuffle_seed", "subdomain"]);
    });
  });

  it("refuses a wrong password and a member that is not the pinned one, naming the archive", async () => {
    const good = await generated();
    const wrongPassword = { ...good, file: { ...good.file, member: { ...good.file.member, password: "guessed" } } };
    await expect(openPinned(wrongPassword)).rejects.toThrow(/the archive gpqa\/dataset.zip member dataset\/gpqa_diamond.csv (does not decrypt|fails its CRC|does not inflate)/);
    const otherPin = { ...good, file: { ...good.file, member: { ...good.file.member, sha256: "0".repeat(64) } } };
    await expect(openPinned(otherPin)).rejects.toThrow(/dataset\/gpqa_diamond.csv in gpqa\/dataset.zip does not match its pin/);
  });

  it.runIf(inject("sharedPresent"))("reads the 198 real questions: their domains, seed-0 order and keys", async () => {
    const file = testPinned("bm_gpqa").files[0]!;
    const bytes = new Uint8Array(await (await fetch(`${inject("datasetsUrl")}/${file.path}`)).arrayBuffer());
    expect(await sha256Hex(bytes)).toBe(file.sha256);
    // The member is the real CSV: its pin is the catalog's, untouched by the test mirror.
    expect(file.member).toEqual(GPQA_DATA.files[0]!.member);
    const rows = await gpqaRows([await openPinned({ file, bytes })]);
    expect(rows.length).toBe(198);
    const count = (key: string) => rows.reduce<Record<string, number>>((m, r) => ({ ...m, [r[key] as string]: (m[r[key] as string] ?? 0) + 1 }), {});
    expect(count("domain")).toEqual({ Physics: 86, Chemistry: 93, Biology: 19 });
    expect(count("answer_letter")).toEqual({ A: 56, B: 47, C: 47, D: 48 });
    expect(rows.slice(0, 9).map((r) => (r.permutation as number[]).join(""))).toEqual(CPYTHON_DRAWS);
    expect(new Set(rows.map((r) => r.id)).size).toBe(198);
  });
});
