/**
 * MBPP+ (EvalPlus, MbppPlus.jsonl ≈ v0.1.0): 399 tasks, each row in, one
 * revision row out, with what the evalplus harness of the code-execution
 * scorer (src/scorers/evalplus-harness.ts) needs to run a candidate against
 * the task's base and plus inputs.
 *
 * The inputs stay the source's own JSON text: they hold integers past 2^53,
 * floats written `1.0` (an int once JavaScript reads them) and `NaN`, which
 * only Python's json module reads as EvalPlus does. The rest of each line is
 * parsed here with the inputs blanked out.
 *
 * EvalPlus's loader turns some tasks' JSON lists back into tuples, sets or
 * complex numbers (its `mbpp_deserialize_inputs`), and its checker compares
 * some tasks' outputs specially (set equality, not-None, four task oracles).
 * Both are per task, so they are written here as data, per row, in the
 * `oracle` column: `arguments` (a conversion, below) and `output` (the
 * comparison). Pure, no I/O.
 */
import type { JsonObject, JsonValue } from "../../../datasets/canonical-json";
import { splitRawFields } from "../../raw-json";
import { fileAt, text } from "../../read";
import type { LoadedFile } from "../../types";

export const MBPP_PLUS_PATH = "mbpp_plus/MbppPlus.jsonl";

/**
 * How one value is converted after json.loads (the harness applies it):
 * ["keep"], ["tuple"] (a list as a tuple), ["list_of", c] / ["tuple_of", c]
 * (each item converted by c, kept a list / made a tuple), ["deep_tuple"]
 * (every list at any depth a tuple), ["tuple_if_list"], ["set_or_empty_dict"]
 * (a non-empty list as a set, anything else `{}`, as upstream does),
 * ["float"], ["complex"], ["dict_values", c] (each value converted by c).
 */
export type Conversion =
  | ["keep"]
  | ["tuple"]
  | ["deep_tuple"]
  | ["tuple_if_list"]
  | ["set_or_empty_dict"]
  | ["float"]
  | ["complex"]
  | ["list_of", Conversion]
  | ["tuple_of", Conversion]
  | ["dict_values", Conversion];

/** A task's argument conversion: the same for every argument, or one per leading argument (the rest kept). */
export type ArgumentConversion = { each: Conversion } | { args: Conversion[] };

/** How a candidate's output is compared with the reference's (EvalPlus's special oracles, by entry point). */
export type OutputCheck = "exact" | "set" | "not_none" | "any" | "sum_div" | "surface_area" | "digit_distance";

const TUPLE: Conversion = ["tuple"];
const KEEP: Conversion = ["keep"];

/** Task number → argument conversion, as EvalPlus's MBPP+ loader converts them (evalplus/data/mbpp.py). */
export const ARGUMENT_CONVERSIONS: ReadonlyMap<number, ArgumentConversion> = new Map<number, ArgumentConversion>([
  ...[2, 116, 132, 143, 222, 261, 273, 394, 399, 421, 424, 429, 470, 560, 579, 596, 616, 630, 726, 740, 744, 809].map(
    (id): [number, ArgumentConversion] => [id, { each: TUPLE }],
  ),
  ...[63, 64, 70, 94, 120, 237, 272, 299, 400, 409, 417, 438, 473, 614, 780].map((id): [number, ArgumentConversion] => [id, { each: ["list_of", TUPLE] }]),
  ...[75, 413, 444, 753].map((id): [number, ArgumentConversion] => [id, { args: [["list_of", TUPLE], KEEP] }]),
  ...[106, 750].map((id): [number, ArgumentConversion] => [id, { args: [KEEP, TUPLE] }]),
  [115, { args: [["list_of", ["set_or_empty_dict"]]] }],
  [124, { args: [["float"], ["complex"]] }],
  ...[250, 405, 446, 617, 720, 763, 808, 307].map((id): [number, ArgumentConversion] => [id, { args: [TUPLE] }]),
  ...[259, 401, 445].map((id): [number, ArgumentConversion] => [id, { each: ["tuple_of", TUPLE] }]),
  [278, { args: [["tuple_of", ["tuple_if_list"]]] }],
  [722, { args: [["dict_values", TUPLE]] }],
  [252, { args: [["complex"]] }],
  ...[580, 615, 791].map((id): [number, ArgumentConversion] => [id, { each: ["deep_tuple"] }]),
]);

/** Entry point → output check: EvalPlus's special oracles for MBPP+ (evalplus/eval/_special_oracle.py and its checker). */
export const OUTPUT_CHECKS: ReadonlyMap<string, OutputCheck> = new Map<string, OutputCheck>([
  ...["similar_elements", "find_char_long", "common_in_nested_lists", "extract_singly", "larg_nnum", "intersection_array", "find_dissimilar", "Diff"].map(
    (name): [string, OutputCheck] => [name, "set"],
  ),
  ...["check_str", "text_match_three", "text_starta_endb"].map((name): [string, OutputCheck] => [name, "not_none"]),
  ["are_equivalent", "any"],
  ["sum_div", "sum_div"],
  ["surface_Area", "surface_area"],
  ["digit_distance_nums", "digit_distance"],
]);

/** The task statement of an MBPP+ prompt (a `'''` docstring holding it). */
export function statementOf(prompt: string): string {
  return prompt.replace(/^\s*'''\s*/, "").replace(/\s*'''\s*$/, "");
}

export async function mbppPlusRows(files: LoadedFile[]): Promise<JsonObject[]> {
  const { bytes } = fileAt(files, MBPP_PLUS_PATH);
  const lines = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes).split("\n");
  const rows: JsonObject[] = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const where = `${MBPP_PLUS_PATH} line ${i + 1}`;
    let split;
    try {
      split = splitRawFields(line, ["base_input", "plus_input"]);
    } catch (err) {
      throw new Error(`${where}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const { record: r, raw } = split;
    const taskId = text(r, "task_id", where);
    const number = Number(/^Mbpp\/(\d+)$/.exec(taskId)?.[1]);
    if (!Number.isInteger(number)) throw new Error(`${where}: task_id '${taskId}' is not Mbpp/<n>`);
    // One task (Mbpp/793) has `{}` for no plus inputs; EvalPlus iterates it as none.
    const inputsOf = (v: string | undefined) => (v !== undefined && /^\{\s*\}$/.test(v) ? "[]" : v);
    const base = inputsOf(raw.base_input);
    const plus = inputsOf(raw.plus_input);
    if (!base?.startsWith("[") || !plus?.startsWith("[")) throw new Error(`${where}: base_input and plus_input must be lists`);
    const atol = r.atol;
    if (typeof atol !== "number" || !(atol >= 0)) throw new Error(`${where}: atol is not a non-negative number`);
    const entry = text(r, "entry_point", where);
    const statement = statementOf(text(r, "prompt", where));
    const assertion = text(r, "assertion", where);
    // EvalPlus's later prompts (v0.2.0) show the statement and the first test in one docstring; the name and signature come from it.
    const example = assertion.split("\n").find((l) => l.startsWith("assert")) ?? "";
    const solution = text(r, "canonical_solution", where).replace(/^\n+/, "");
    const oracle: { [k: string]: JsonValue } = {
      atol,
      arguments: (ARGUMENT_CONVERSIONS.get(number) ?? null) as JsonValue,
      output: OUTPUT_CHECKS.get(entry) ?? "exact",
    };
    rows.push({
      id: taskId,
      task_id: taskId,
      task_number: number,
      text: statement,
      prompt: `"""\n${statement}\n${example}\n"""\n`,
      entry_point: entry,
      canonical_solution: solution,
      solution: "```python\n" + solution.replace(/\n*$/, "\n") + "```",
      assertion,
      contract: typeof r.contract === "string" ? r.contract : "",
      // The inputs as the source wrote them (see the header): base first, then plus.
      inputs: `{"base": ${base}, "plus": ${plus}}`,
      oracle,
    });
  });
  return rows;
}
