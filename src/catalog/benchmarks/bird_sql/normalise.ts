/**
 * BIRD mini-dev's rows: the questions file (mini_dev_sqlite.json, a JSON
 * array of {question_id, db_id, question, evidence, SQL, difficulty}, read
 * as JSON Lines too) checked field by field, and each question's prompt as
 * BIRD's own baseline builds it (mini_dev llm/src/prompt.py,
 * generate_combined_prompts_one, SQLite, with the evidence as "External
 * Knowledge"): the database's schema, the question, the chain-of-thought
 * line and the instruction, joined by blank lines. The schema is BIRD's
 * generate_schema_prompt_sqlite without example rows: the CREATE statement
 * of every table sqlite_master lists, in its order, sqlite_sequence
 * included (BIRD's check that would skip it compares a row to a string and
 * never does). Pure.
 */
import { DB_ID } from "../../../scorers/bird-sql";
import type { SchemaEntry } from "../../sqlite-schema";
import type { SqliteDatabasesLoader } from "../../types";
import { BIRD_MIRROR_ONLY, BIRD_QUESTIONS_PATH, BIRD_TABLES, birdDatabasePath } from "./source";

export const DIFFICULTIES = ["simple", "moderate", "challenging"] as const;

export interface BirdQuestion {
  question_id: number;
  db_id: string;
  question: string;
  evidence: string;
  SQL: string;
  difficulty: (typeof DIFFICULTIES)[number];
}

function records(text: string): unknown[] {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (trimmed.startsWith("[")) {
    const parsed: unknown = JSON.parse(trimmed);
    if (!Array.isArray(parsed)) throw new Error("the questions file is not a JSON array");
    return parsed;
  }
  // Hugging Face's export of the same file is JSON Lines.
  return trimmed.split("\n").filter((l) => l.trim()).map((l, i) => {
    try {
      return JSON.parse(l) as unknown;
    } catch {
      throw new Error(`line ${i + 1} is not JSON`);
    }
  });
}

/** The questions, each checked; throws naming the record and field that is not BIRD's. */
export function birdQuestions(text: string): BirdQuestion[] {
  let list: unknown[];
  try {
    list = records(text);
  } catch (err) {
    throw new Error(err instanceof SyntaxError ? `the questions file is not JSON (${err.message})` : (err as Error).message);
  }
  const seen = new Set<number>();
  return list.map((r, i) => {
    const where = `question ${i + 1}`;
    if (!r || typeof r !== "object" || Array.isArray(r)) throw new Error(`${where} is not an object`);
    const o = r as Record<string, unknown>;
    const id = o.question_id;
    if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 0) throw new Error(`${where}: question_id is not a whole number`);
    if (seen.has(id)) throw new Error(`${where}: question_id ${id} repeats an earlier question's`);
    seen.add(id);
    for (const f of ["db_id", "question", "SQL"] as const) {
      if (typeof o[f] !== "string" || (o[f] as string).trim() === "") throw new Error(`${where} (question_id ${id}): '${f}' is not text`);
    }
    if (!DB_ID.test(o.db_id as string)) throw new Error(`${where} (question_id ${id}): db_id '${String(o.db_id).slice(0, 40)}' is not a plain name`);
    const evidence = o.evidence ?? "";
    if (typeof evidence !== "string") throw new Error(`${where} (question_id ${id}): 'evidence' is not text`);
    if (!DIFFICULTIES.includes(o.difficulty as never)) throw new Error(`${where} (question_id ${id}): difficulty '${String(o.difficulty)}' is not simple, moderate or challenging`);
    return { question_id: id, db_id: o.db_id as string, question: o.question as string, evidence, SQL: o.SQL as string, difficulty: o.difficulty as BirdQuestion["difficulty"] };
  });
}

/** BIRD's schema prompt for SQLite (generate_schema_prompt_sqlite, no example rows). */
export function birdSchemaPrompt(entries: readonly SchemaEntry[]): string {
  const schemas = new Map<string, string>();
  for (const e of entries) if (e.type === "table" && !schemas.has(e.name)) schemas.set(e.name, e.sql ?? "None");
  return [...schemas.values()].join("\n\n");
}

/** BIRD's instruction (generate_instruction_prompt("SQLite")), its indentation and trailing spaces as published. */
const INSTRUCTION =
  "\n        \nIn your response, you do not need to mention your intermediate steps. \n        Do not include any comments in your response.\n" +
  "        Do not need to start with the symbol ```\n        You only need to return the result SQLite SQL code\n        start from SELECT\n        ";

/** BIRD's prompt for one question (generate_combined_prompts_one, SQLite, the evidence as External Knowledge when it has any). */
export function birdPrompt(schema: string, question: string, evidence: string): string {
  const comment =
    `-- Using valid SQLite${evidence ? " and understanding External Knowledge" : ""}, answer the following questions for the tables provided above.\n` +
    `-- ${question}\n${evidence ? `-- External Knowledge: ${evidence}` : ""}`;
  const cot = "\nGenerate the SQLite for the above question after thinking step by step: ";
  return [schema, comment, cot, INSTRUCTION].join("\n\n");
}

/** BIRD mini-dev's loader: the questions and their databases (workers/catalog/sqlite-databases.ts), one row per question with its prompt and database. */
export const birdLoader: SqliteDatabasesLoader = {
  kind: "sqlite_databases",
  questions: BIRD_QUESTIONS_PATH,
  databasePath: birdDatabasePath,
  databaseIds: (text) => birdQuestions(text).map((q) => q.db_id),
  tables: BIRD_TABLES,
  questionCount: 500,
  columns: { key: "id", split: null, subset: "subset" },
  mirrorOnly: BIRD_MIRROR_ONLY,
  rows(text, databases) {
    const schemas = new Map([...databases].map(([id, d]) => [id, birdSchemaPrompt(d.schema)]));
    return birdQuestions(text).map((q) => {
      const db = databases.get(q.db_id);
      if (!db) throw new Error(`question_id ${q.question_id}: its database '${q.db_id}' was not loaded`);
      return {
        id: String(q.question_id),
        question_id: q.question_id,
        db_id: q.db_id,
        question: q.question,
        evidence: q.evidence,
        SQL: q.SQL,
        difficulty: q.difficulty,
        subset: q.difficulty,
        database: { ...db.ref },
        prompt: birdPrompt(schemas.get(q.db_id)!, q.question, q.evidence),
      };
    });
  },
};
