// BIRD mini-dev's questions read and checked record by record, and its
// prompt built as BIRD's baseline builds it (llm/src/prompt.py; the
// expected texts are what that code returns for the same inputs).
import { describe, expect, it } from "vitest";
import { birdPrompt, birdQuestions, birdSchemaPrompt } from "./normalise";

const Q = { question_id: 7, db_id: "financial", question: "How many?", evidence: "", SQL: "SELECT 1", difficulty: "simple" };

describe("BIRD's questions", () => {
  it("reads the published JSON array, and the same records as JSON Lines", () => {
    const text = JSON.stringify([Q, { ...Q, question_id: 8, evidence: "x means y", difficulty: "challenging" }], null, 4);
    expect(birdQuestions(text)).toEqual([Q, { ...Q, question_id: 8, evidence: "x means y", difficulty: "challenging" }]);
    expect(birdQuestions(`${JSON.stringify(Q)}\n`)).toEqual([Q]);
  });

  it.each([
    [[{ ...Q, difficulty: "hard" }], "question 1 (question_id 7): difficulty 'hard' is not simple, moderate or challenging"],
    [[{ ...Q, SQL: "" }], "question 1 (question_id 7): 'SQL' is not text"],
    [[{ ...Q, db_id: "../x" }], "question 1 (question_id 7): db_id '../x' is not a plain name"],
    [[{ ...Q, question_id: "7" }], "question 1: question_id is not a whole number"],
    [[Q, Q], "question 2: question_id 7 repeats an earlier question's"],
    [[{ ...Q, evidence: 3 }], "question 1 (question_id 7): 'evidence' is not text"],
  ])("refuses %j", (records, message) => {
    expect(() => birdQuestions(JSON.stringify(records))).toThrow(message);
  });
});

describe("BIRD's prompt", () => {
  it("with evidence: schema, comment with External Knowledge, the step-by-step line and the instruction, as generate_combined_prompts_one joins them", () => {
    expect(birdPrompt("SCHEMA", "Q?", "K")).toBe(
      "SCHEMA\n\n-- Using valid SQLite and understanding External Knowledge, answer the following questions for the tables provided above.\n-- Q?\n-- External Knowledge: K\n\n\n" +
        "Generate the SQLite for the above question after thinking step by step: \n\n\n        \nIn your response, you do not need to mention your intermediate steps. \n" +
        "        Do not include any comments in your response.\n        Do not need to start with the symbol ```\n        You only need to return the result SQLite SQL code\n" +
        "        start from SELECT\n        ",
    );
  });

  it("without evidence: no External Knowledge line", () => {
    expect(birdPrompt("SCHEMA", "Q?", "").startsWith("SCHEMA\n\n-- Using valid SQLite, answer the following questions for the tables provided above.\n-- Q?\n\n\n\nGenerate")).toBe(true);
  });

  it("lists every table's CREATE statement in sqlite_master's order, sqlite_sequence too, and no index or view", () => {
    expect(
      birdSchemaPrompt([
        { type: "table", name: "a", tbl_name: "a", sql: "CREATE TABLE a (x)" },
        { type: "index", name: "ia", tbl_name: "a", sql: "CREATE INDEX ia ON a(x)" },
        { type: "table", name: "sqlite_sequence", tbl_name: "sqlite_sequence", sql: "CREATE TABLE sqlite_sequence(name,seq)" },
        { type: "view", name: "v", tbl_name: "v", sql: "CREATE VIEW v AS SELECT 1" },
        { type: "table", name: "b", tbl_name: "b", sql: "CREATE TABLE b (y)" },
      ]),
    ).toBe("CREATE TABLE a (x)\n\nCREATE TABLE sqlite_sequence(name,seq)\n\nCREATE TABLE b (y)");
  });
});
