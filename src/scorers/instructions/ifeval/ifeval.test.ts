import { describe, expect, it } from "vitest";
import { IFEVAL_CHECKERS } from "../registry";
import { Args } from "../types";

/** Per instruction type: its arguments, responses that follow it and responses that break it (written here, not upstream's). */
const CASES: [id: string, kwargs: Record<string, unknown>, follows: string[], breaks: string[]][] = [
  ["keywords:existence", { keywords: ["river", "stone"] }, ["A River runs past the stone."], ["A river runs past the rock."]],
  ["keywords:frequency", { keyword: "cat", frequency: 2, relation: "at least" }, ["Cat and cat."], ["One cat only."]],
  ["keywords:frequency", { keyword: "cat", frequency: 2, relation: "less than" }, ["One cat only."], ["Cat, cat and CAT."]],
  ["keywords:forbidden_words", { forbidden_words: ["bad", "ugly"] }, ["Fine words only.", "A badger is here."], ["That was bad.", "So UGLY!"]],
  ["keywords:letter_frequency", { letter: "z", let_frequency: 3, let_relation: "at least" }, ["Zig zag zoo"], ["Zig zag"]],
  ["keywords:letter_frequency", { letter: "z", let_frequency: 2, let_relation: "less than" }, ["Zig"], ["Zig zag"]],
  ["language:response_language", { language: "de" }, ["Das ist ein kleiner Text, und er ist auf Deutsch geschrieben."], ["This is a short text and it is written in English."]],
  ["language:response_language", { language: "th" }, ["สวัสดีครับ นี่คือข้อความภาษาไทย"], ["Hello, this is not Thai."]],
  ["length_constraints:number_sentences", { num_sentences: 3, relation: "less than" }, ["One. Two."], ["One. Two. Three."]],
  ["length_constraints:number_sentences", { num_sentences: 2, relation: "at least" }, ["Dr. Smith came. He left!"], ["Dr. Smith came home."]],
  ["length_constraints:number_paragraphs", { num_paragraphs: 2 }, ["First.\n***\nSecond.", "***\nFirst.\n***\nSecond.\n***"], ["First.\n***\n\n***\nSecond.", "Only one."]],
  ["length_constraints:number_words", { num_words: 5, relation: "at least" }, ["one two three four five"], ["one two three four"]],
  // `\w+` runs, as upstream: "don't go" is three words (don, t, go).
  ["length_constraints:number_words", { num_words: 3, relation: "less than" }, ["two words"], ["one two three", "don't go"]],
  [
    "length_constraints:nth_paragraph_first_word",
    { num_paragraphs: 2, nth_paragraph: 2, first_word: "however" },
    ["Intro here.\n\n\"However, this.\""],
    ["Intro here.\n\nBut this.", "However.\n\nHowever, three.\n\nThird."],
  ],
  ["detectable_content:number_placeholders", { num_placeholders: 2 }, ["Dear [name], at [address]."], ["Dear [name], at home."]],
  ["detectable_content:postscript", { postscript_marker: "P.S." }, ["Bye.\nP.S. call me"], ["Bye. PS call me"]],
  ["detectable_content:postscript", { postscript_marker: "P.P.S" }, ["Bye.\np. p. s. again"], ["Bye.\nP.S. again"]],
  ["detectable_format:number_bullet_lists", { num_bullets: 2 }, ["* one\n* two", "- a\n- b"], ["* one\n* two\n* three", "* one\n**bold** two"]],
  ["detectable_format:constrained_response", {}, ["My answer is yes."], ["Yes."]],
  ["detectable_format:number_highlighted_sections", { num_highlights: 2 }, ["*one* and **two**"], ["*one* and ** **"]],
  ["detectable_format:multiple_sections", { section_spliter: "Section", num_sections: 2 }, ["Section 1\nA\nSection 2\nB"], ["Section 1\nA\nSection two\nB"]],
  ["detectable_format:json_format", {}, ['```json\n{"a": 1}\n```', "[1, 2]"], ['{"a": 1,}', "Here is JSON: {}"]],
  ["detectable_format:title", {}, ["<<My Title>>\nText"], ["<< >>\nText", "<My Title>"]],
  ["combination:two_responses", {}, ["Answer one.\n******\nAnswer two."], ["Same.\n******\nSame.", "A\n******\n\n******\nB"]],
  ["combination:repeat_prompt", { prompt_to_repeat: "Write a poem." }, ["  write a poem. Roses are red."], ["Here: Write a poem."]],
  ["startend:end_checker", { end_phrase: "Any other questions?" }, ['Done. any other questions?"'], ["Any other questions? Done."]],
  ["startend:quotation", {}, ['"Wrapped in quotes."'], ['"Only opened.', '"']],
  ["change_case:english_capital", {}, ["THIS IS ALL IN CAPITAL LETTERS AND IT IS ENGLISH."], ["THIS IS mostly CAPITALS.", "DAS IST EIN TEXT UND ER IST AUF DEUTSCH."]],
  ["change_case:english_lowercase", {}, ["this is all lowercase and it is english."], ["This is not lowercase.", "das ist ein text und er ist auf deutsch."]],
  ["change_case:capital_word_frequency", { capital_frequency: 2, capital_relation: "at least" }, ["The USA and the UK."], ["Only the USA."]],
  ["change_case:capital_word_frequency", { capital_frequency: 2, capital_relation: "less than" }, ["Only the USA."], ["NASA and ESA."]],
  ["punctuation:no_comma", {}, ["No commas here."], ["One, two."]],
];

describe("IFEval instruction checkers", () => {
  it("has a case for each of the 25 instruction types and no other", () => {
    expect(new Set(CASES.map((c) => c[0]))).toEqual(new Set(Object.keys(IFEVAL_CHECKERS)));
    expect(Object.keys(IFEVAL_CHECKERS)).toHaveLength(25);
  });

  describe.each(CASES)("%s %j", (id, kwargs, follows, breaks) => {
    const check = IFEVAL_CHECKERS[id]!;
    it.each(follows)("follows: %j", (response) => expect(check(response, new Args(id, kwargs))).toBe(true));
    it.each(breaks)("breaks: %j", (response) => expect(check(response, new Args(id, kwargs))).toBe(false));
  });

  it("refuses a missing or mistyped argument by name", () => {
    expect(() => IFEVAL_CHECKERS["length_constraints:number_words"]!("a b", new Args("length_constraints:number_words", { num_words: 3 }))).toThrow(
      "length_constraints:number_words needs 'relation' ('less than' or 'at least')",
    );
    expect(() => IFEVAL_CHECKERS["keywords:existence"]!("a", new Args("keywords:existence", { keywords: "a" }))).toThrow("needs 'keywords' (a list of strings)");
  });
});
