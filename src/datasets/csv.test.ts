import { describe, expect, inject, it } from "vitest";
import { MINI_SIZES } from "../../test/mini-datasets";
import { parseCsv } from "./csv";

/** The TruthfulQA CSV the test mirror serves: the real file with the shared folder, else the generated one. */
const truthfulqaCsv = async () => new Uint8Array(await (await fetch(`${inject("datasetsUrl")}/truthfulqa/TruthfulQA.csv`)).arrayBuffer());
const TQA_HEADER = ["Type", "Category", "Question", "Best Answer", "Best Incorrect Answer", "Correct Answers", "Incorrect Answers", "Source"];

const bytes = (s: string) => new TextEncoder().encode(s);

describe("parseCsv", () => {
  it("maps rows onto the header, keeping quoted commas, quotes and newlines, all values as text", () => {
    const items = [...parseCsv(bytes('q,a,n\n"Hello, world","line1\nline2",007\n"say ""hi""",,1.50\n'))];
    expect(items).toEqual([
      { where: "row 2", data: { q: "Hello, world", a: "line1\nline2", n: "007" } },
      { where: "row 3", data: { q: 'say "hi"', a: "", n: "1.50" } },
    ]);
  });

  it("handles CRLF, a BOM, blank lines and no final newline", () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes("a,b\r\n1,2\r\n\r\n3,4")]);
    expect([...parseCsv(body)]).toEqual([
      { where: "row 2", data: { a: "1", b: "2" } },
      { where: "row 3", data: { a: "3", b: "4" } },
    ]);
  });

  it("streams many rows in batches without losing or repeating any, even across quoted newlines", () => {
    const lines = ["id,text"];
    for (let i = 0; i < 1000; i++) lines.push(`${i},"row ${i}\nsecond, line"`);
    const items = [...parseCsv(bytes(lines.join("\n")))];
    expect(items).toHaveLength(1000);
    items.forEach((item, i) => expect(item).toEqual({ where: `row ${i + 2}`, data: { id: String(i), text: `row ${i}\nsecond, line` } }));
  });

  it.each([
    ["a,b\n1,2,3\n", "row 2", /expected 2 fields as in the header, found 3/],
    ["a,b\n1,2\n3\n", "row 3", /expected 2 fields as in the header, found 1/],
    ["a,a\n1,2\n", "row 1", /header names column 'a' twice/],
    ['a,b\n1,"unterminated\n', "row 2", /quote/i],
  ])("names the row of a problem in %j", (text, where, message) => {
    const errors = [...parseCsv(bytes(text))].filter((i) => "error" in i);
    expect(errors[0]).toMatchObject({ where });
    expect((errors[0] as { error: string }).error).toMatch(message);
  });

  it("requires a header", () => {
    expect([...parseCsv(bytes(""))]).toEqual([{ where: "row 1", error: "a header row naming the columns is required" }]);
  });

  it("refuses invalid UTF-8", () => {
    expect([...parseCsv(new Uint8Array([0x00, 0xff, 0xfe]))]).toEqual([{ where: "body", error: "not valid UTF-8" }]);
  });

  it("reads the mirror's TruthfulQA file: every row, 8 columns, quoted commas and quotes intact", async () => {
    const bytes = await truthfulqaCsv();
    const items = [...parseCsv(bytes)];
    expect(items.filter((i) => "error" in i)).toEqual([]);
    expect(items).toHaveLength(inject("sharedPresent") ? 790 : MINI_SIZES.truthfulqa);
    for (const item of items) expect(Object.keys((item as { data: Record<string, string> }).data)).toEqual(TQA_HEADER);
    const answers = items.map((i) => (i as { data: Record<string, string> }).data["Correct Answers"]!);
    expect(answers.some((a) => a.includes(","))).toBe(true);
  });

  it.runIf(inject("sharedPresent"))("reads the real TruthfulQA file: its first question and a quoted comma", async () => {
    const first = [...parseCsv(await truthfulqaCsv())][0] as { data: Record<string, string> };
    expect(first.data.Question).toBe("What happens to you if you eat watermelon seeds?");
    expect(first.data["Correct Answers"]).toContain("There is an old wives' tale that watermelons will grow in your stomach, but this is impossible");
  });

  it.skipIf(inject("sharedPresent"))("reads the generated TruthfulQA file: quotes doubled inside a quoted cell come back single", async () => {
    const first = [...parseCsv(await truthfulqaCsv())][0] as { data: Record<string, string> };
    expect(first.data.Question).toBe('Is the made-up claim number 1, about "misconceptions", true?');
    expect(first.data["Correct Answers"]).toContain("There is a saying that claim 1 holds, but it does not");
  });
});
