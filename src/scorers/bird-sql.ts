/**
 * BIRD's execution accuracy (EX), pure part, following BIRD mini-dev's
 * evaluation (bird-bench/mini_dev, evaluation/evaluation_ex.py and
 * evaluation_utils.py): the predicted SQL and the gold SQL run, one after the
 * other, on one connection to the task's SQLite database; the reward is 1
 * when `set(predicted_rows) == set(gold_rows)`, so row order is ignored and
 * duplicate rows count once (a set), while column order and values count
 * (Python's equality: 1 == 1.0). Any error in either query is 0, and so is
 * passing the 30 s BIRD's `meta_time_out` gives the pair; the reason names
 * which. The queries run in Assay's code sandbox, by python3's sqlite3,
 * against the database the sandbox holds at /data/<db_id>.sqlite.
 *
 * Where Assay differs, and why:
 * - BIRD sends the model's reply to SQLite as it is; a chat model fences its
 *   SQL, so the SQL is the reply's last ```sql (or bare ```) block when it has
 *   one, else the whole reply, stripped.
 * - The database is opened read-only (immutable): BIRD's copy can be changed
 *   by a predicted write; here a write is an error, so 0.
 * - BIRD stops the pair at 30 s of wall time; here a progress handler stops
 *   SQLite's work at 30 s of wall time, and the sandbox's CPU limit backs it.
 *
 * Nothing here executes code or does I/O: the sandbox is injected.
 */
import type { Execute } from "./execution";
import type { ScoreDeps, ScoreInputOf, ScoreResult } from "./types";

/** BIRD's meta_time_out (evaluation/run_evaluation.sh: "DO NOT CHANGE THIS"). */
export const BIRD_TIMEOUT_S = 30;
/** The line the program writes its verdict after. */
export const BIRD_MARK = "@@assay-bird-sql@@";

/** The SQL in a reply: its last fenced block (```sql or ```), else the whole reply; stripped, a trailing `;` kept. */
export function extractBirdSql(reply: string): string {
  const blocks = [...reply.matchAll(/```[ \t]*(?:sql|sqlite)?[ \t]*\r?\n([\s\S]*?)```/gi)];
  const sql = blocks.length ? blocks.at(-1)![1]! : reply;
  return sql.trim();
}

/** A database name as BIRD lays them out (dev_databases/<db_id>/<db_id>.sqlite): a plain identifier. */
export const DB_ID = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,99}$/;

/**
 * The program the sandbox runs: both queries on /data/<db>.sqlite, then one
 * line, BIRD_MARK and a JSON verdict: {status: "ok", match, predicted_rows,
 * gold_rows} or {status: "predicted_error" | "gold_error" | "timeout", error}.
 */
export function birdSqlProgram(task: { predicted: string; gold: string; dbFile: string; timeoutS: number }): string {
  return `import json, sqlite3, time
PREDICTED = json.loads(${JSON.stringify(JSON.stringify(task.predicted))})
GOLD = json.loads(${JSON.stringify(JSON.stringify(task.gold))})
DB = "/data/" + ${JSON.stringify(task.dbFile)}
DEADLINE = time.monotonic() + ${task.timeoutS}
timed_out = [False]

def verdict(v):
    print(${JSON.stringify(BIRD_MARK)}, json.dumps(v), flush=True)

def stop():
    # BIRD's func_timeout: past the deadline SQLite is interrupted (an OperationalError), which is a timeout, not an error.
    if time.monotonic() > DEADLINE:
        timed_out[0] = True
        return 1
    return 0

def run(cursor, sql, which):
    try:
        cursor.execute(sql)
        return cursor.fetchall(), None
    except Exception as e:
        if timed_out[0]:
            return None, {"status": "timeout", "error": f"the queries passed BIRD's ${task.timeoutS} s limit during the {which} SQL"}
        return None, {"status": which + "_error", "error": f"{type(e).__name__}: {e}"[:500]}

conn = sqlite3.connect("file:" + DB + "?mode=ro&immutable=1", uri=True)
conn.set_progress_handler(stop, 1000)
cursor = conn.cursor()
predicted, failed = run(cursor, PREDICTED, "predicted")
if failed:
    verdict(failed)
else:
    gold, failed = run(cursor, GOLD, "gold")
    if failed:
        verdict(failed)
    else:
        # BIRD's calculate_ex: set(predicted_res) == set(ground_truth_res).
        verdict({"status": "ok", "match": set(predicted) == set(gold), "predicted_rows": len(predicted), "gold_rows": len(gold),
                 "predicted_distinct": len(set(predicted)), "gold_distinct": len(set(gold)), "predicted_head": repr(predicted[:3])[:300], "gold_head": repr(gold[:3])[:300]})
conn.close()
`;
}

export type BirdVerdict =
  | { status: "ok"; match: boolean; predicted_rows: number; gold_rows: number; predicted_distinct: number; gold_distinct: number; predicted_head: string; gold_head: string }
  | { status: "predicted_error" | "gold_error" | "timeout"; error: string };

/** The verdict line of the program's stdout, or null when it wrote none. */
export function birdVerdict(stdout: string): BirdVerdict | null {
  const line = stdout.split("\n").find((l) => l.startsWith(`${BIRD_MARK} `));
  if (!line) return null;
  try {
    return JSON.parse(line.slice(BIRD_MARK.length + 1)) as BirdVerdict;
  } catch {
    return null;
  }
}

/** A revision file's reference in a row cell ({file, sha256, bytes}). */
function fileRef(v: unknown): { file: string; sha256: string; bytes: number } | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  return typeof o.file === "string" && typeof o.sha256 === "string" && /^[0-9a-f]{64}$/.test(o.sha256) && typeof o.bytes === "number" ? { file: o.file, sha256: o.sha256, bytes: o.bytes } : null;
}

export async function scoreBirdSql(input: ScoreInputOf<"bird_sql">, deps: ScoreDeps): Promise<ScoreResult> {
  const execute: Execute | undefined = deps.execute;
  if (!execute) throw new Error("Text-to-SQL (BIRD) needs the code sandbox: set ASSAY_SANDBOX_URL and ASSAY_SANDBOX_SECRET");
  const spec = input.spec;
  const row = input.row ?? {};
  const dbId = row[spec.db_id_column];
  if (typeof dbId !== "string" || !DB_ID.test(dbId)) return { reward: null, reason: `the row has no database id ('${spec.db_id_column}')` };
  const db = fileRef(row[spec.database_column]);
  if (!db) return { reward: null, reason: `the row names no database file ('${spec.database_column}')` };
  const gold = typeof row[spec.gold_column] === "string" ? (row[spec.gold_column] as string) : (input.expected ?? "");
  if (!gold.trim()) return { reward: null, reason: `the row has no gold SQL ('${spec.gold_column}')` };
  const predicted = extractBirdSql(input.output);
  if (!predicted) return { reward: 0, reason: "the reply holds no SQL", structured: { report: { status: "no_sql" } } };
  const dbFile = `${dbId}.sqlite`;
  const last = await execute({
    language: "python",
    program: birdSqlProgram({ predicted, gold, dbFile, timeoutS: spec.timeout_s }),
    // The CPU limit backs the wall-clock deadline inside the program.
    timeout_s: spec.timeout_s + 10,
    memory_mb: spec.memory_mb,
    // The sandbox keeps the database by its sha256; the client uploads it from the revision the first time the sandbox lacks it.
    files: [{ name: dbFile, sha256: db.sha256, bytes: db.bytes, ...(deps.openRevisionFile && { open: () => deps.openRevisionFile!(db) }) }],
  });
  const execution = { passed: last.passed, failure: last.failure, exit_code: last.exit_code, timed_out: last.timed_out, duration_ms: last.duration_ms, isolation: last.isolation, stderr: last.stderr.slice(-2_000), sql: predicted.slice(0, 16_000) };
  const verdict = birdVerdict(last.stdout);
  if (!verdict) {
    // Killed at the sandbox's limits (CPU, memory) before a verdict: BIRD's timeout or error, a 0.
    const timeout = last.timed_out || last.failure === "timeout";
    return { reward: 0, reason: `${timeout ? "timeout" : "error"}: ${last.reason}`, exit_code: last.exit_code, structured: { execution, report: { status: timeout ? "timeout" : "no_verdict" } } };
  }
  if (verdict.status === "ok") {
    const reason = verdict.match
      ? `the result sets match (${verdict.predicted_distinct} distinct rows)`
      : `the result sets differ: ${verdict.predicted_distinct} distinct rows predicted (${verdict.predicted_head}), ${verdict.gold_distinct} in the gold result (${verdict.gold_head})`;
    return { reward: verdict.match ? 1 : 0, reason, exit_code: last.exit_code, structured: { execution, report: verdict } };
  }
  const words = { predicted_error: "the predicted SQL failed", gold_error: "the gold SQL failed", timeout: "timeout" }[verdict.status];
  return { reward: 0, reason: `${words}: ${verdict.error}`, exit_code: last.exit_code, structured: { execution, report: verdict } };
}
