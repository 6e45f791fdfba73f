/**
 * Small IFEval and IFBench files for the generated test mirror, in the real
 * layouts (IFEval: only the used kwargs; IFBench: every key, unused ones
 * null, string keys), with a recorded response per prompt in the
 * `{prompt, response}` shape of the real response files, so the fixture
 * model answers them as it answers the real prompts. Made up here: some
 * responses follow their instructions, some break them. Pure and
 * deterministic.
 */
import type { AnswerRow } from "../fixture/model-server.mjs";

interface Item {
  key: number | string;
  prompt: string;
  instruction_id_list: string[];
  kwargs: Record<string, unknown>[];
  response: string;
}

const IFEVAL: Item[] = [
  {
    key: 1001,
    prompt: "Write a two-line note to a neighbour about a lost cat. Do not use any commas in your response.",
    instruction_id_list: ["punctuation:no_comma"],
    kwargs: [{}],
    response: "Our grey cat Miso is missing since Tuesday.\nPlease call us if you see her.",
  },
  {
    key: 1002,
    prompt: "Describe a lighthouse in fewer than 20 words and wrap your entire response in double quotation marks.",
    instruction_id_list: ["length_constraints:number_words", "startend:quotation"],
    kwargs: [{ num_words: 20, relation: "less than" }, {}],
    response: '"A white tower on the cliff, turning its light over the dark sea all night."',
  },
  {
    key: 1003,
    prompt: "List three uses of copper as exactly 3 markdown bullet points, and end with the phrase Is there anything else I can help with?",
    instruction_id_list: ["detectable_format:number_bullet_lists", "startend:end_checker"],
    kwargs: [{ num_bullets: 3 }, { end_phrase: "Is there anything else I can help with?" }],
    response: "* Wiring\n* Plumbing\n* Coins\n* Roofing\nIs there anything else I can help with?",
  },
  {
    key: 1004,
    prompt: "Give a title wrapped in double angular brackets, such as <<poem of joy>>, and write your answer in all lowercase letters.",
    instruction_id_list: ["detectable_format:title", "change_case:english_lowercase"],
    kwargs: [{}, {}],
    response: "<<the quiet harbour>>\nthe boats rest in the harbour and the gulls sleep on the posts.",
  },
  {
    key: 1005,
    prompt: "Answer in JSON only: what are the primary colours? Include the keywords red and blue.",
    instruction_id_list: ["detectable_format:json_format", "keywords:existence"],
    kwargs: [{}, { keywords: ["red", "blue"] }],
    response: 'Here you go:\n```json\n{"primary": ["red", "yellow", "blue"]}\n```',
  },
  {
    key: 1006,
    prompt: "Explain tides in at least 3 sentences, and add a postscript starting with P.S.",
    instruction_id_list: ["length_constraints:number_sentences", "detectable_content:postscript"],
    kwargs: [{ num_sentences: 3, relation: "at least" }, { postscript_marker: "P.S." }],
    response: "The moon pulls on the oceans. The water bulges toward it. Earth turns under the bulge, so the shore sees high and low water.",
  },
];

const NULLS = { N: null, keyword: null, small_n: null, min_words: null, max_words: null, percentage: null, options: null, sep: null };

const IFBENCH: Item[] = [
  {
    key: "0",
    prompt: "Name some fruit you like. Answer with one of the following options: yes/no/maybe. Do not give any explanation.",
    instruction_id_list: ["format:options"],
    kwargs: [{ ...NULLS, options: "yes/no/maybe" }],
    response: "Maybe.",
  },
  {
    key: "1",
    prompt: "Tell me about rivers. Your response must have between 5 and 12 words in total.",
    instruction_id_list: ["count:word_count_range"],
    kwargs: [{ ...NULLS, min_words: 5.0, max_words: 12.0 }],
    response: "Rivers carry rain from the hills down to the wide sea, slowly, forever and ever.",
  },
  {
    key: "2",
    prompt: "Write a slogan for a bakery. The output should not contain any whitespace.",
    instruction_id_list: ["format:no_whitespace"],
    kwargs: [{ ...NULLS }],
    response: "FreshBreadEveryMorning!",
  },
  {
    key: "3",
    prompt: "Write about the sea using the separator -> for each of at least two bullet points, with no word repeated more than 2 times.",
    instruction_id_list: ["format:list", "words:repeats"],
    kwargs: [{ ...NULLS, sep: "->" }, { ...NULLS, small_n: 2.0 }],
    response: "-> The sea is wide and the sea is deep and the sea is cold.\n-> Waves roll in.",
  },
];

const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
const record = ({ response: _, ...row }: Item) => row;

/** Rows per generated file. */
export const MINI_INSTRUCTION_SIZES = { ifeval: IFEVAL.length, ifbench: IFBENCH.length } as const;

/** The two generated input files, under the paths of the IFEval and IFBench pinned sources (src/catalog/benchmarks/{ifeval,ifbench}/source.ts). */
export function miniInstructionFiles(): { path: string; text: string; gzip: boolean }[] {
  return [
    { path: "ifeval/input_data.jsonl", text: jsonl(IFEVAL.map(record)), gzip: false },
    { path: "ifbench/IFBench_test.jsonl", text: jsonl(IFBENCH.map(record)), gzip: false },
  ];
}

/** Their recorded responses, as answer-key rows of the fixture model. */
export function miniInstructionResponses(): AnswerRow[] {
  return [...IFEVAL, ...IFBENCH].map((i) => ({ prompt: i.prompt, response: i.response }));
}
