/**
 * BIRD mini-dev's files for the test mirror: the questions as BIRD
 * publishes them (mini_dev_sqlite.json: a JSON array of {question_id,
 * db_id, question, evidence, SQL, difficulty}) for six made-up questions,
 * and made-up SQLite databases under the eleven pinned paths, built here by
 * python3's sqlite3 (Node has no SQLite). The financial one repeats rows
 * and leaves rows in no order, so duplicates and order matter to nothing
 * but BIRD's set comparison; codebase_community's tables are 300 columns
 * wide. The real files are pinned by URL only, so these are served with
 * and without ../shared. Test data only.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MiniFile } from "../../../../test/mini-datasets";
import { BIRD_QUESTIONS_PATH, BIRD_TABLES, birdDatabasePath } from "./source";

/**
 * Each database's statements: the schema, then its rows. Two hold the made-up
 * data the questions ask about, under the names and with every table BIRD
 * lists for those databases (the loader checks them); the other nine are
 * their listed tables, empty, so the mirror serves every pinned path.
 */
export const MINI_BIRD_DATABASES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(BIRD_TABLES).map(([db, tables]) => [db, tables.map((t) => `CREATE TABLE "${t}" (id INTEGER);`).join("\n")])),
  // Wide tables: statements longer than a page, so sqlite_master needs overflow pages and an interior page (the schema reader's hard case).
  codebase_community: BIRD_TABLES.codebase_community!.map((t) => `CREATE TABLE "${t}" (${Array.from({ length: 300 }, (_, i) => `column_${i}_of_${t} TEXT`).join(", ")});`).join("\n"),
  financial: `
CREATE TABLE client (client_id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE trans (trans_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES client(client_id), amount REAL, status TEXT);
CREATE TABLE district (district_id INTEGER PRIMARY KEY, A2 TEXT);
CREATE TABLE account (account_id INTEGER PRIMARY KEY AUTOINCREMENT, district_id INTEGER);
CREATE TABLE disp (disp_id INTEGER PRIMARY KEY, client_id INTEGER, account_id INTEGER);
CREATE TABLE card (card_id INTEGER PRIMARY KEY, disp_id INTEGER);
CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, account_id INTEGER, amount INTEGER);
CREATE TABLE "order" (order_id INTEGER PRIMARY KEY, account_id INTEGER, "k_symbol" TEXT);
INSERT INTO client VALUES (3, 'Cleo', 'Lyon'), (1, 'Ada', 'Paris'), (2, 'Bo', 'Paris'), (4, 'Dev', NULL);
INSERT INTO trans VALUES (10, 1, 25.5, 'paid'), (11, 1, 25.5, 'paid'), (12, 2, 7, 'open'), (13, 3, 40, 'paid'), (14, 2, 12.25, 'paid');
INSERT INTO account (district_id) VALUES (1), (2);
`,
  student_club: `
CREATE TABLE member (member_id INTEGER PRIMARY KEY, full_name TEXT, grade INTEGER);
CREATE TABLE attendance (member_id INTEGER, subject TEXT, score INTEGER);
CREATE TABLE major (major_id TEXT PRIMARY KEY, major_name TEXT);
CREATE TABLE budget (budget_id TEXT PRIMARY KEY);
CREATE TABLE event (event_id TEXT PRIMARY KEY);
CREATE TABLE expense (expense_id TEXT PRIMARY KEY);
CREATE TABLE income (income_id TEXT PRIMARY KEY);
CREATE TABLE zip_code (zip_code INTEGER PRIMARY KEY);
INSERT INTO member VALUES (1, 'Ana Ruiz', 9), (2, 'Ben Ode', 10), (3, 'Cy Park', 9);
INSERT INTO attendance VALUES (1, 'math', 91), (1, 'art', 78), (2, 'math', 64), (3, 'math', 91), (3, 'art', 85);
`,
};

/** Six questions in BIRD's layout, two of each difficulty. */
export const MINI_BIRD_QUESTIONS = [
  { question_id: 0, db_id: "financial", question: "Which cities do clients with a paid transaction live in?", evidence: "paid refers to status = 'paid'", SQL: "SELECT DISTINCT T1.city FROM client AS T1 INNER JOIN trans AS T2 ON T1.client_id = T2.client_id WHERE T2.status = 'paid'", difficulty: "simple" },
  { question_id: 1, db_id: "financial", question: "What is the total amount of the transactions of Ada?", evidence: "", SQL: "SELECT SUM(T2.amount) FROM client AS T1 INNER JOIN trans AS T2 ON T1.client_id = T2.client_id WHERE T1.name = 'Ada'", difficulty: "moderate" },
  { question_id: 2, db_id: "student_club", question: "List the names of the members in grade 9.", evidence: "", SQL: "SELECT full_name FROM member WHERE grade = 9", difficulty: "simple" },
  { question_id: 3, db_id: "student_club", question: "Who scored the highest math score? Give every name if tied.", evidence: "highest math score refers to MAX(score) where subject = 'math'", SQL: "SELECT T1.full_name FROM member AS T1 INNER JOIN attendance AS T2 ON T1.member_id = T2.member_id WHERE T2.subject = 'math' AND T2.score = (SELECT MAX(score) FROM attendance WHERE subject = 'math')", difficulty: "challenging" },
  { question_id: 4, db_id: "financial", question: "How many clients have no city recorded?", evidence: "no city refers to city IS NULL", SQL: "SELECT COUNT(*) FROM client WHERE city IS NULL", difficulty: "moderate" },
  { question_id: 5, db_id: "student_club", question: "What is the average art score, as a percentage of 100?", evidence: "average art score = AVG(score) where subject = 'art'", SQL: "SELECT CAST(SUM(score) AS REAL) * 100 / (COUNT(*) * 100) FROM attendance WHERE subject = 'art'", difficulty: "challenging" },
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
  const files: MiniFile[] = [{ path: BIRD_QUESTIONS_PATH, text: JSON.stringify(MINI_BIRD_QUESTIONS, null, 4), gzip: false }];
  for (const [db, statements] of Object.entries(MINI_BIRD_DATABASES)) {
    files.push({ path: birdDatabasePath(db), text: "", gzip: false, bytes: sqliteBytes(statements) });
  }
  return files;
}

/** The same files beside ../shared, which holds no copy of BIRD (its data is pinned by URL only). */
export async function sharedFiles(): Promise<MiniFile[]> {
  return miniFiles();
}
