import { describe, expect, inject, it } from "vitest";
import { MINI_REDUX_ROWS, miniFiles } from "./mini";
import { correctedIndex, mmluReduxCorrectedRows, mmluReduxRows } from "./normalise";
import { MMLU_REDUX_DATA, MMLU_REDUX_SUBJECTS } from "./source";
import { decodeReduxText, errorLabel, pythonStringList, reduxRecords } from "./text";

const enc = (s: string) => new TextEncoder().encode(s);
const loaded = (bytesOf: (path: string) => Uint8Array) => MMLU_REDUX_DATA.files.map((file) => ({ file, bytes: bytesOf(file.path) }));
const mini = new Map(miniFiles().map((f) => [f.path, f.bytes ?? enc(f.text)]));
const count = (rows: Record<string, unknown>[], key: string) => rows.reduce<Record<string, number>>((m, r) => ({ ...m, [r[key] as string]: (m[r[key] as string] ?? 0) + 1 }), {});

describe("reading the authors' CSVs", () => {
  it.each([
    ["['a', 'b', 'c', 'd']", ["a", "b", "c", "d"]],
    [`["it's", 'x', "y", 'z']`, ["it's", "x", "y", "z"]],
    ['[ "23%", "38%", "53%", "68%" ]', ["23%", "38%", "53%", "68%"]],
    ["['a\\'b', 'c\\\\d', 'e\\nf', '\\x41\\u00e9']", ["a'b", "c\\d", "e\nf", "Aé"]],
    ["[]", []],
  ])("reads the Python list %s", (literal, items) => {
    expect(pythonStringList(literal)).toEqual(items);
  });

  it("refuses what is not a list of strings", () => {
    for (const bad of ["'a'", "[1, 2]", "['a' 'b']", "['a"]) expect(() => pythonStringList(bad)).toThrow();
  });

  it("decodes Mac-Roman when the bytes are not UTF-8, picks the header's separator, and reads columns by name", () => {
    expect(decodeReduxText(Uint8Array.of(0x61, 0xd5, 0x62))).toEqual({ text: "a\u2019b", encoding: "mac_roman" });
    expect(decodeReduxText(enc("a\u2019b"))).toEqual({ text: "a\u2019b", encoding: "utf-8" });
    expect(reduxRecords('question;choices;answer\r\n"a;b";[];1\r\n', "x")).toEqual([{ question: "a;b", choices: "[]", answer: "1" }]);
    expect(reduxRecords("answer,question,,\nb,a\n", "x")).toEqual([{ answer: "b", question: "a" }]);
  });

  it("normalises the 27 spellings of error_type and reads corrections given as a letter or an index", () => {
    expect(["ok", "OK ", "Ok", "wrong_groundtruth ", "Wrong Groundtruth", "bad_question_clarity"].map(errorLabel)).toEqual(["ok", "ok", "ok", "wrong groundtruth", "wrong groundtruth", "bad question clarity"]);
    expect(["C", "0", " 3 ", "", "1, 3", "B,C", "depends on"].map(correctedIndex)).toEqual([2, 0, 3, null, null, null, null]);
  });
});

describe("MMLU-Redux's normalisers", () => {
  it("give every question with its label as the split, and the corrected form keyed by the annotators' answer", async () => {
    const rows = await mmluReduxRows(loaded((p) => mini.get(p)!));
    expect(rows.length).toBe(MMLU_REDUX_SUBJECTS.length * MINI_REDUX_ROWS.length);
    expect(count(rows, "split")).toEqual({ ok: 2 * 57, "wrong groundtruth": 2 * 57, "bad question clarity": 57 });
    expect(count(rows, "subject")).toEqual(Object.fromEntries(MMLU_REDUX_SUBJECTS.map((s) => [s, MINI_REDUX_ROWS.length])));
    expect(rows.find((r) => r.subject === "moral_scenarios")!.question).toBe("Made-up scenario: my sister\u2019s head, which is right?");
    expect(rows[0]).toMatchObject({ id: "abstract_algebra/1", options: ["option 0a", "option 0b's", "option 0c", "option 0d"], choices_text: "A. option 0a\nB. option 0b's\nC. option 0c\nD. option 0d", answer_letter: "A" });
    const corrected = await mmluReduxCorrectedRows(loaded((p) => mini.get(p)!));
    expect(count(corrected, "split")).toEqual({ ok: 2 * 57, corrected: 2 * 57 });
    // Row 3 corrects to "C", row 4 to index 0 ("A").
    expect(corrected.filter((r) => r.id === "anatomy/3" || r.id === "anatomy/4").map((r) => r.answer_letter)).toEqual(["C", "A"]);
  });

  it.runIf(inject("sharedPresent"))("read the 57 real files: 5,700 questions, 5,330 labelled correct, 102 corrections", { timeout: 60_000 }, async () => {
    const bytes = new Map<string, Uint8Array>();
    for (const f of MMLU_REDUX_DATA.files) bytes.set(f.path, new Uint8Array(await (await fetch(`${inject("datasetsUrl")}/${f.path}`)).arrayBuffer()));
    const rows = await mmluReduxRows(loaded((p) => bytes.get(p)!));
    expect(rows.length).toBe(5700);
    expect(count(rows, "split")).toEqual({ ok: 5330, "bad question clarity": 132, "wrong groundtruth": 107, "multiple correct answers": 39, "no correct answer": 35, expert: 32, "bad options clarity": 25 });
    expect(count(rows, "answer_letter")).toEqual({ A: 1298, B: 1398, C: 1458, D: 1546 });
    const corrected = await mmluReduxCorrectedRows(loaded((p) => bytes.get(p)!));
    expect(count(corrected, "split")).toEqual({ ok: 5330, corrected: 102 });
  });
});
