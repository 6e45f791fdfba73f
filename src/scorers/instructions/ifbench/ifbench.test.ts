import { describe, expect, it } from "vitest";
import { IFBENCH_CHECKERS } from "../registry";
import { Args } from "../types";
import { REPEAT_SIMPLE_SENTENCE } from "./repeat";

const countries = ["Zimbabwe", "Zambia", "Yemen", "Vietnam", "Venezuela", "Vanuatu", "Uzbekistan", "Uruguay", "United States", "United Kingdom",
  "Ukraine", "Uganda", "Tuvalu", "Turkmenistan", "Turkey", "Tunisia", "Tonga", "Togo", "Thailand", "Tanzania", "Tajikistan", "Syria",
  "Switzerland", "Sweden", "Suriname", "Sudan", "Sri Lanka", "Spain", "South Sudan", "South Korea", "South Africa", "Somalia", "Slovenia",
  "Slovakia", "Singapore", "Sierra Leone", "Seychelles", "Serbia", "Senegal", "Saudi Arabia", "Samoa", "Rwanda", "Russia", "Romania",
  "Qatar", "Portugal", "Poland", "Philippines", "Peru", "Paraguay", "Panama", "Palau"];
const capitals = "Reykjavik, Helsinki, Oslo, Tallinn, Stockholm, Riga, Moscow, Copenhagen, Vilnius, Minsk, Dublin, Berlin, Amsterdam, Warsaw, London, Brussels, Prague, Luxembourg, Paris, Vienna, Bratislava, Budapest, Vaduz, Chișinău, Bern, Ljubljana, Zagreb";
const mcq = (lengths: number[]) =>
  lengths.map((n, i) => `Question ${i + 1}: ${"x".repeat(n)}?\nA. a\nB. b\nC. c\nD. d\nE. e`).join("\n\n");
const alphabetSentences = "abcdefghijklmnopqrstuvwxyz".split("").map((c) => `${c.toUpperCase()}x is here.`).join(" ");
const csvRows = (n: number, row: string) => Array.from({ length: n }, () => row).join("\n");

/** Per constraint type: its arguments, responses that follow it and responses that break it (written here, not upstream's). */
const CASES: [id: string, kwargs: Record<string, unknown>, follows: string[], breaks: string[]][] = [
  ["count:word_count_range", { min_words: 2, max_words: 3 }, ["two words", "three small words"], ["one", "four words are here"]],
  ["count:unique_word_count", { N: 3 }, ["a b c", "Red, red blue green"], ["a a b", "Red red, RED."]],
  ["count:conjunctions", { small_n: 2 }, ["this and that, but not those"], ["this and that and those"]],
  ["count:person_names", { N: 2 }, ["Emma met Liam."], ["Emma met emma and Emmanuel."]],
  ["count:numbers", { N: 2 }, ["I have 3 cats and 12 dogs."], ["I have 3 cats.", "1, 2 and 3"]],
  ["count:punctuation", {}, ["Really?! Yes. No, maybe; wait: ok!?"], ["Really?! Yes. No, maybe.", "Yes. No, maybe; wait: ok! Sure?"]],
  ["count:words_japanese", { N: 2 }, ["one 日本 two カタ 42 字"], ["one two three"]],
  ["count:pronouns", { N: 3 }, ["I told you about them."], ["The dog barked at the mailman."]],
  ["count:keywords_multiple", { keyword1: "a1", keyword2: "b2", keyword3: "c3", keyword4: "d4", keyword5: "e5" }, ["a1 b2 b2 c3 c3 c3 d4 d4 d4 d4 d4 e5 e5 e5 e5 e5 e5 e5"], ["a1 b2 c3 d4 e5"]],
  ["ratio:stop_words", { percentage: 50 }, ["the cat sat quietly"], ["the cat and the dog"]],
  ["ratio:sentence_type", {}, ["One. Two. Why?"], ["One. Why?"]],
  ["ratio:sentence_balance", {}, ["One. Why? Wow!"], ["One. Two. Why? Wow!"]],
  ["ratio:overlap", { reference_text: "abcdef", percentage: 100 }, ["abcdef"], ["abcxyz"]],
  ["ratio:sentence_words", {}, ["Aaa bb. Ccc dd. Eee ff."], ["Aaa bb. Cc dd. Eee ff.", "Aaa bb. Ccc dd."]],
  ["words:alphabet", {}, ["Apples bloom, cherries delight."], ["Apples bloom, delight."]],
  ["words:vowel", {}, ["a cat sat at a mat"], ["a quiet owl", "a cat\nsat"]],
  ["words:consonants", {}, ["strong drinks"], ["strong tea"]],
  ["words:palindrome", {}, ["level radar civic kayak rotor refer madam stats tenet sagas"], ["level radar civic kayak rotor refer madam stats tenet"]],
  ["words:prime_lengths", {}, ["Hi, you are great."], ["Hi, you are wonderful."]],
  ["words:start_verb", {}, ["Write the code first.", "Whirring engines roared."], ["The code is first."]],
  ["words:repeats", { small_n: 2 }, ["the cat and the dog"], ["the cat, the dog, the bird"]],
  ["words:odd_even_syllables", {}, ["cat apple dog"], ["cat dog"]],
  ["words:last_first", {}, ["I like tea. Tea is good."], ["I like tea. Coffee is good."]],
  ["words:paragraph_last_first", {}, ["Dogs are friendly dogs.\n\nCats like cats."], ["Dogs are friendly.\nCats like cats."]],
  ["words:no_consecutive", {}, ["a big cat"], ["big bad cat"]],
  ["words:keywords_specific_position", { keyword: "blue", n: 2, m: 3 }, ["Hello. The sky, blue today."], ["Hello. The blue sky.", "The sky blue."]],
  ["words:words_position", { keyword: "really" }, ["I really like really it.", "I really do really well"], ["I like it really.", "I really like it really."]],
  ["sentence:alliteration_increment", {}, ["No match here. Big bright sun. Six silly snakes sat."], ["Big bright sun. No match here."]],
  ["sentence:keyword", { word: "moon", N: 2 }, ["Hello. The Moon rises."], ["The moon rises. Hello.", "Hello. The moonlight."]],
  ["sentence:increment", { small_n: 1 }, ["One. One two. One two three."], ["One. One two three."]],
  ["format:parentheses", {}, ["(a[b{c(d[e])}])"], ["(a[b{c(d)}])", "((((e]"]],
  ["format:quotes", {}, [`He said "she said 'they said "go"'"`], [`He said "she said 'go'"`]],
  ["format:options", { options: "yes/no/maybe" }, ["Maybe.", " yes "], ["Yes, because."]],
  ["format:options", { options: "a), b), c), d)" }, ["b)"], ["b) since", "B"]],
  ["format:newline", {}, ["one\ntwo\nthree"], ["one two\nthree"]],
  ["format:emoji", {}, ["I am happy 😀. You are sad 😢."], ["I am happy. You are sad 😢."]],
  ["format:line_indent", {}, ["a\n  b\n    c"], ["a\n  b\n  c"]],
  ["format:quote_unquote", {}, ['"To be." That is the question.'], ['"To be."', 'Say ""']],
  ["format:list", { sep: "->" }, ["-> one\n-> two"], ["-> one"]],
  ["format:thesis", {}, ["<i>Cats rule.</i> Because they do."], ["<i>Cats rule.</i>", "Cats rule."]],
  ["format:sub-bullets", {}, ["* one\n  - detail\n* two\n  - detail"], ["* one\n  - detail\n* two"]],
  ["format:no_bullets_bullets", {}, ["First sentence. Second sentence.\n* one\n* two"], ["Only one sentence.\n* one\n* two", "One. Two.\n* one"]],
  ["format:title_case", {}, ["The Quick Brown Fox"], ["The quick Brown Fox"]],
  ["format:output_template", {}, ["My Answer: x My Conclusion: y Future Outlook: z"], ["My Answer: x My Conclusion: y"]],
  ["format:no_whitespace", {}, ["no_space_here"], ["a b", "a\tb"]],
  ["custom:multiples", {}, ["14, 21, 28, 35, 42, 49"], ["7, 14, 21, 28, 35, 42, 49"]],
  ["custom:mcq_count_length", {}, [mcq([5, 10, 15, 20])], [mcq([5, 10, 15, 12]), `Here you go.\n${mcq([5, 10, 15, 20])}`]],
  ["custom:reverse_newline", {}, [countries.join("\n")], [countries.slice(0, 51).join("\n"), [...countries].reverse().join("\n")]],
  ["custom:word_reverse", {}, ["eagle bald the is this"], ["this is the bald eagle"]],
  ["custom:character_reverse", {}, ["Elgae dlab eht si siht"], ["this is the bald eagle"]],
  ["custom:sentence_alphabet", {}, [alphabetSentences], [alphabetSentences.replace("Bx is here.", "Zx is here.")]],
  ["custom:european_capitals_sort", {}, [capitals], [capitals.replace("Oslo, Tallinn", "Tallinn, Oslo")]],
  ["custom:csv_city", {}, [`ID,Country,City,Year,Count\n${csvRows(7, "1,France,Paris,2020,5")}`], [`ID,Country,City,Year,Count\n${csvRows(6, "1,France,Paris,2020,5")}`]],
  [
    "custom:csv_special_character",
    {},
    [`ProductID,Category,Brand,Price,Stock\n${csvRows(13, "1,Toys,Acme,9.99,5")}\n2,Toys,"Acme & Co",9.99,5`],
    [`ProductID,Category,Brand,Price,Stock\n${csvRows(14, "1,Toys,Acme,9.99,5")}`],
  ],
  [
    "custom:csv_quotes",
    {},
    [`"StudentID"\t"Subject"\t"Grade"\t"Semester"\t"Score"\n${csvRows(3, '"1"\t"Math"\t"A"\t"Fall"\t"95"')}`],
    [`"StudentID"\t"Subject"\t"Grade"\t"Semester"\t"Score"\n${csvRows(3, '1\t"Math"\t"A"\t"Fall"\t"95"')}`],
  ],
  ["custom:date_format_list", {}, ["1776-07-04, 1800-02-29"], ["1776-07-04, 1830-01-01", "1776-04-31", "July 4, 1776"]],
  ["repeat:repeat_change", { prompt_to_repeat: "Tell me a story about dogs." }, ["Give me a story about dogs."], ["Tell me a story about dogs.", "Give me a tale about dogs."]],
  ["repeat:repeat_simple", {}, [` ${REPEAT_SIMPLE_SENTENCE.toUpperCase()} `], ["Only output this sentence here."]],
  ["repeat:repeat_span", { prompt_to_repeat: "The walls are solid", n_start: 4, n_end: 8 }, ["Walls"], ["The walls"]],
];

describe("IFBench constraint checkers", () => {
  it("has a case for each of the 58 constraint types and no other", () => {
    expect(new Set(CASES.map((c) => c[0]))).toEqual(new Set(Object.keys(IFBENCH_CHECKERS)));
    expect(Object.keys(IFBENCH_CHECKERS)).toHaveLength(58);
  });

  describe.each(CASES)("%s %j", (id, kwargs, follows, breaks) => {
    const check = IFBENCH_CHECKERS[id]!;
    it.each(follows)("follows: %j", (response) => expect(check(response, new Args(id, kwargs))).toBe(true));
    it.each(breaks)("breaks: %j", (response) => expect(check(response, new Args(id, kwargs))).toBe(false));
  });
});
