/**
 * BIRD mini-dev's files for the test mirror: the questions as BIRD
 * publishes them (mini_dev_sqlite.json: a JSON array of {question_id,
 * db_id, question, evidence, SQL, difficulty}) for six made-up questions,
 * and the two made-up SQLite databases they ask about, laid out as BIRD's
 * dev_databases/<db_id>/<db_id>.sqlite and built here by python3's sqlite3
 * (Node has no SQLite). The toy_shop database repeats rows and leaves rows
 * in no order, so a gold query's duplicates and order matter to nothing
 * but BIRD's set comparison. The real files are pinned by URL only, so
 * these are served with and without ../shared. Test data only.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MiniFile } from "../../../../test/mini-datasets";

/** Each database's statements: the schema, then its rows. */
export const MINI_BIRD_DATABASES: Readonly<Record<string, string>> = {
  toy_shop: `
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), amount REAL, status TEXT);
INSERT INTO customers VALUES (3, 'Cleo', 'Lyon'), (1, 'Ada', 'Paris'), (2, 'Bo', 'Paris'), (4, 'Dev', NULL);
INSERT INTO orders VALUES (10, 1, 25.5, 'paid'), (11, 1, 25.5, 'paid'), (12, 2, 7, 'open'), (13, 3, 40, 'paid'), (14, 2, 12.25, 'paid');
`,
  toy_school: `
CREATE TABLE students (student_id INTEGER PRIMARY KEY, full_name TEXT, grade INTEGER);
CREATE TABLE scores (student_id INTEGER, subject TEXT, score INTEGER);
INSERT INTO students VALUES (1, 'Ana Ruiz', 9), (2, 'Ben Ode', 10), (3, 'Cy Park', 9);
INSERT INTO scores VALUES (1, 'math', 91), (1, 'art', 78), (2, 'math', 64), (3, 'math', 91), (3, 'art', 85);
`,
};

/** Six questions in BIRD's layout, two of each difficulty. */
export const MINI_BIRD_QUESTIONS = [
  { question_id: 0, db_id: "toy_shop", question: "Which cities do customers with a paid order live in?", evidence: "paid refers to status = 'paid'", SQL: "SELECT DISTINCT T1.city FROM customers AS T1 INNER JOIN orders AS T2 ON T1.id = T2.customer_id WHERE T2.status = 'paid'", difficulty: "simple" },
  { question_id: 1, db_id: "toy_shop", question: "What is the total amount of the orders placed by Ada?", evidence: "", SQL: "SELECT SUM(T2.amount) FROM customers AS T1 INNER JOIN orders AS T2 ON T1.id = T2.customer_id WHERE T1.name = 'Ada'", difficulty: "moderate" },
  { question_id: 2, db_id: "toy_school", question: "List the names of the students in grade 9.", evidence: "", SQL: "SELECT full_name FROM students WHERE grade = 9", difficulty: "simple" },
  { question_id: 3, db_id: "toy_school", question: "Who scored the highest math score? Give every name if tied.", evidence: "highest math score refers to MAX(score) where subject = 'math'", SQL: "SELECT T1.full_name FROM students AS T1 INNER JOIN scores AS T2 ON T1.student_id = T2.student_id WHERE T2.subject = 'math' AND T2.score = (SELECT MAX(score) FROM scores WHERE subject = 'math')", difficulty: "challenging" },
  { question_id: 4, db_id: "toy_shop", question: "How many customers have no city recorded?", evidence: "no city refers to city IS NULL", SQL: "SELECT COUNT(*) FROM customers WHERE city IS NULL", difficulty: "moderate" },
  { question_id: 5, db_id: "toy_school", question: "What is the average art score, as a percentage of 100?", evidence: "average art score = AVG(score) where subject = 'art'", SQL: "SELECT CAST(SUM(score) AS REAL) * 100 / (COUNT(*) * 100) FROM scores WHERE subject = 'art'", difficulty: "challenging" },
] as const;

/** A database's bytes, as python3's sqlite3 writes them for its statements. */
export function sqliteBytes(statements: string): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), "assay-bird-"));
  try {
    const path = join(dir, "db.sqlite");
    execFileSync("python3", ["-c", "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\nc.executescript(sys.stdin.read())\nc.commit()\nc.close()", path], { input: statements });
    return new Uint8Array(readFileSync(path));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function miniFiles(): MiniFile[] {
  const files: MiniFile[] = [{ path: "bird_sql/mini_dev_sqlite.json", text: JSON.stringify(MINI_BIRD_QUESTIONS, null, 4), gzip: false }];
  for (const [db, statements] of Object.entries(MINI_BIRD_DATABASES)) {
    files.push({ path: `bird_sql/dev_databases/${db}/${db}.sqlite`, text: "", gzip: false, bytes: sqliteBytes(statements) });
  }
  return files;
}

/** The same files beside ../shared, which holds no copy of BIRD (its data is pinned by URL only). */
export async function sharedFiles(): Promise<MiniFile[]> {
  return miniFiles();
}
