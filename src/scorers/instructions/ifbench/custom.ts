/**
 * IFBench's `custom:` family: fixed tasks with one right shape each
 * (multiples of 7 from 14 to 49, four growing multiple-choice questions,
 * countries in reverse order from Zimbabwe, a sentence reversed word by word
 * or letter by letter, 26 sentences A to Z, European capitals by latitude,
 * three CSV layouts, dates in ISO format). Python's `csv` module is
 * ../csv.ts. Pure, no I/O.
 */
import { asciiFold, compareCodePoints, deletePunctuation, splitWhitespace, strip, PUNCTUATION, WORD_CHAR } from "../python-text";
import { readCsv } from "../csv";
import { splitSentences } from "../tokenize";
import type { Checker } from "../types";

const STRIP = `${PUNCTUATION} `;

const CAPITALS = [
  "Reykjavik", "Helsinki", "Oslo", "Tallinn", "Stockholm", "Riga", "Moscow", "Copenhagen", "Vilnius", "Minsk", "Dublin",
  "Berlin", "Amsterdam", "Warsaw", "London", "Brussels", "Prague", "Luxembourg", "Paris", "Vienna", "Bratislava", "Budapest",
  "Vaduz", "Chisinau", "Bern", "Ljubljana", "Zagreb",
];

const OPTION_LINE = new RegExp(`^[A-Ea-e][.|)]\\s*${WORD_CHAR}+`, "u");

function thirtyDays(month: number): boolean {
  return [4, 6, 9, 11].includes(month);
}

export const CUSTOM: Record<string, Checker> = {
  "custom:multiples": (response) => {
    const numbers = response.replaceAll(",", ", ").match(/\p{Nd}+/gu) ?? [];
    return numbers.join(" ") === "14 21 28 35 42 49";
  },
  "custom:mcq_count_length": (response) => {
    const at = response.indexOf("Question");
    // Anything before the first question is an explanation, which fails.
    if (at !== 0) return false;
    let questions = response.split(/\n*(?:Question \d+[.|):;]?\s*)/u);
    if (questions[0] === "") questions = questions.slice(1);
    questions = questions.map((q) => strip(q)).filter((q) => q);
    if (questions.length !== 4) return false;
    const lengths: number[] = [];
    for (const q of questions) {
      let text = "";
      let options = 0;
      let inOptions = false;
      for (const line of q.split("\n")) {
        if (OPTION_LINE.test(strip(line))) {
          options++;
          inOptions = true;
        } else if (!inOptions) text += ` ${strip(line)}`;
      }
      if (options !== 5) return false;
      lengths.push([...strip(text)].length);
    }
    return lengths.every((n, i) => i === 0 || lengths[i - 1]! < n);
  },
  "custom:reverse_newline": (response) => {
    const lines = response
      .split("\n")
      .map((l) => strip(l, STRIP))
      .filter((l) => l);
    const start = lines.findIndex((l) => l.includes("Zimbabwe"));
    if (start < 0) return false;
    const target = lines.slice(start);
    if (target.length < 52) return false;
    const folded = target.map(asciiFold);
    const sorted = [...folded].sort((a, b) => compareCodePoints(b, a));
    return folded.every((l, i) => l === sorted[i]);
  },
  "custom:word_reverse": (response) => {
    const value = splitWhitespace(deletePunctuation(strip(response.toLowerCase()))).reverse().join(" ");
    if (!value.includes("bald eagle")) return false;
    return splitSentences(value).includes(value);
  },
  "custom:character_reverse": (response) => response.toLowerCase().includes("elgae dlab"),
  "custom:sentence_alphabet": (response) => {
    const sentences = splitSentences(response);
    if (sentences.length !== 26) return false;
    return sentences.every((s, i) => {
      const first = splitWhitespace(s)[0];
      return first !== undefined && [...first.toLowerCase()][0] === String.fromCharCode(97 + i);
    });
  },
  "custom:european_capitals_sort": (response) => {
    const capitals = asciiFold(response)
      .split(",")
      .filter((c) => strip(c));
    return capitals.length === CAPITALS.length && capitals.every((c, i) => strip(c) === CAPITALS[i]);
  },
  "custom:csv_city": (response) => {
    const data = readCsv(response);
    if (data.length !== 8) return false;
    if (data[0]!.join("\u0000") !== ["ID", "Country", "City", "Year", "Count"].join("\u0000")) return false;
    return data.slice(1).every((row) => row.length === 5);
  },
  "custom:csv_special_character": (response) => {
    const header = strip(response.split("\n")[0]!);
    if (!/^(ProductID|"ProductID"),[ \t]*(Category|"Category"),[ \t]*(Brand|"Brand"),[ \t]*(Price|"Price"),[ \t]*(Stock|"Stock")$/.test(header)) {
      return false;
    }
    const data = readCsv(response.replaceAll('"', '"""'));
    if (data.length !== 15) return false;
    for (const row of data.slice(1)) {
      if (row.length !== 5) return false;
      if (row.some((field) => new RegExp(`^"[^\\n]*[^\\p{Nd}\\p{L}\\p{N}_\\s][^\\n]*"`, "u").test(field))) return true;
    }
    return false;
  },
  "custom:csv_quotes": (response) => {
    const header = strip(response.split("\n")[0]!);
    if (!/^(StudentID|"StudentID")\t *(Subject|"Subject")\t *(Grade|"Grade")\t *(Semester|"Semester")\t *(Score|"Score")$/.test(header)) {
      return false;
    }
    const data = readCsv(response.replaceAll('"', '"""'), "\t");
    if (data.length !== 4) return false;
    // An empty field makes upstream raise (IndexError); it is a failure here.
    return data.every((row) => row.length === 5 && row.every((f) => strip(f).startsWith('"') && strip(f).endsWith('"') && strip(f) !== ""));
  },
  "custom:date_format_list": (response) =>
    strip(response)
      .split(",")
      .every((raw) => {
        const date = strip(raw);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
        const [y, m, d] = date.split("-").map(Number) as [number, number, number];
        if (y < 1769 || y > 1821 || m > 12) return false;
        if ([1, 3, 5, 7, 8, 10, 12].includes(m) && d > 31) return false;
        if (thirtyDays(m) && d > 30) return false;
        return !(m === 2 && d > 29);
      }),
};
