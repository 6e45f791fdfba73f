/**
 * Generated BFCL files in the published format (JSON Lines named `.json`,
 * no trailing newline; questions `{id, question: [[{role, content}]],
 * function}`, answers `{id, ground_truth}` with floats written as `5.0`),
 * for a clone without ../shared. Every function and question is made up.
 * Pure and deterministic.
 */
import { BFCL_CATEGORIES, bfclAnswerPath, bfclQuestionPath, type BfclCategory } from "../src/catalog/benchmarks/bfcl_v4/normalise";

/** Rows per generated category. */
export const MINI_BFCL_ROWS = 4;

const fn = (name: string, description: string, properties: Record<string, unknown>, required: string[]) => ({
  name,
  description,
  parameters: { type: "dict", properties, required },
});

const RECTANGLE = fn("geometry.rectangle_area", "Area of a rectangle.", {
  width: { type: "integer", description: "Width." },
  height: { type: "float", description: "Height." },
  unit: { type: "string", description: "Unit of length." },
}, ["width", "height"]);
const FORECAST = fn("weather.forecast", "Weather forecast for a town.", {
  town: { type: "string", description: "Town name." },
  days: { type: "integer", description: "Days ahead." },
  fields: { type: "array", items: { type: "string" }, description: "Fields wanted." },
}, ["town"]);
const ROUTE = fn("plan_route", "A route between points.", {
  start: { type: "tuple", items: { type: "float" }, description: "Start coordinates." },
  options: { type: "dict", properties: { avoid_tolls: { type: "boolean" }, mode: { type: "string" } }, description: "Routing options." },
}, ["start"]);
const TOWNS = ["Alderford", "Brookmere", "Caldwick", "Dunhollow", "Elmstead", "Fairhaven", "Glenrock", "Holloway"];

interface Item {
  question: string;
  functions: object[];
  /** JSON text of the ground truth (null: irrelevance). */
  truth: string | null;
}

function item(category: BfclCategory, i: number): Item {
  const w = 3 + i;
  const town = TOWNS[i % TOWNS.length]!;
  const other = TOWNS[(i + 3) % TOWNS.length]!;
  const rect = `{"geometry.rectangle_area": {"width": [${w}], "height": [${w + 1}.5], "unit": ["meters", "m", ""]}}`;
  const cast = (t: string, d: number) => `{"weather.forecast": {"town": ["${t}"], "days": [${d}, ""], "fields": [["rain", "wind"], ""]}}`;
  switch (category) {
    case "simple_python":
      return { question: `What is the area of a rectangle ${w} meters wide and ${w + 1}.5 meters high? (mini ${i})`, functions: [RECTANGLE], truth: `[${rect}]` };
    case "multiple":
      return {
        question: `Plan a route starting at ${i}.5, ${i + 2}.0 avoiding tolls, by car. (mini ${i})`,
        functions: [RECTANGLE, ROUTE, FORECAST],
        truth: `[{"plan_route": {"start": [[${i}.5, ${i + 2}.0]], "options": [{"avoid_tolls": [true], "mode": ["car", "driving", ""]}]}}]`,
      };
    case "parallel":
      return { question: `Give me the ${i + 1}-day forecast for ${town} and for ${other}. (mini ${i})`, functions: [FORECAST], truth: `[${cast(town, i + 1)}, ${cast(other, i + 1)}]` };
    case "parallel_multiple":
      return {
        question: `Forecast ${town} for ${i + 2} days, then the area of a ${w} by ${w + 1}.5 meter rectangle, then forecast ${other}. (mini ${i})`,
        functions: [FORECAST, RECTANGLE],
        truth: `[${cast(town, i + 2)}, ${rect}, ${cast(other, i + 2)}]`,
      };
    case "irrelevance":
      return { question: `Who wrote the old ballad sung in ${town}'s square every spring? (mini ${i})`, functions: [i % 2 ? FORECAST : RECTANGLE], truth: null };
  }
}

/** The generated files, keyed by their mirror paths. */
export function miniBfclFiles(): { path: string; text: string; gzip: boolean }[] {
  return BFCL_CATEGORIES.flatMap((category) => {
    const items = Array.from({ length: MINI_BFCL_ROWS }, (_, i) => item(category, i));
    const id = (i: number) => `${category}_${i}`;
    const questions = items.map((it, i) => JSON.stringify({ id: id(i), question: [[{ role: "user", content: it.question }]], function: it.functions })).join("\n");
    const files = [{ path: bfclQuestionPath(category), text: questions, gzip: false }];
    if (category !== "irrelevance") {
      files.push({ path: bfclAnswerPath(category), text: items.map((it, i) => `{"id": "${id(i)}", "ground_truth": ${it.truth}}`).join("\n"), gzip: false });
    }
    return files;
  });
}
