// Landed migrations never change (issue 40): `wrangler d1 migrations apply
// --remote` records each migration by name and never runs it again, so an
// edit to a landed file reaches fresh databases only. The lock
// (test/structure/migrations.lock) holds the sha256 of every landed file;
// new files are numbered above it. Four files were edited after landing
// before the lock existed; 0045_landed_migration_repairs.sql brings a
// database that applied their old versions to the current shape, and the
// last test proves it by replaying each old version (read from git) into
// SQLite next to a fresh database.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { after, test } from "node:test";
import { LOCK_PATH, lockProblems, lockWithNewFiles, migrationFiles, readLock, sha256 } from "../../scripts/lib/migrations-lock.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "assay-migrations-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** The commits holding each edited file's versions before its last edit, oldest first (git log --follow). */
const OLD_VERSIONS = {
  "0004_catalog.sql": ["0b557226f080688686ab6dc6aae72dc5a3333ffb"],
  "0006_cron.sql": ["4d90058859dd259291788b565627d450a495eb41"],
  "0016_multiple_choice_benchmarks.sql": ["b7bb7141555c3aca12396ecc5606a9d04f3a97be", "4cbb8ef1c16c73da1f619b622e447546ca715909", "41325b90ca8df95fbca3ccf1915fb5cba940b19b"],
  "0026_arc_pass_at_2.sql": ["518df7641809d9e52a02697a00d9af5abd35a64d"],
};

test("no landed migration changed, and new ones are numbered above the lock", () => {
  assert.deepEqual(lockProblems(ROOT), []);
});

test("the lock holds the migrations that had landed when it was made, the four once edited among them", () => {
  const locked = readLock(ROOT);
  assert.ok(locked.size >= 22, `${locked.size} locked`);
  for (const f of Object.keys(OLD_VERSIONS)) assert.ok(locked.has(f), `${f} is locked`);
});

/** A copy of the migrations and lock in a scratch tree, to break on purpose. */
function tree(name) {
  const root = join(scratch, name);
  mkdirSync(join(root, "migrations"), { recursive: true });
  mkdirSync(join(root, "test", "structure"), { recursive: true });
  for (const f of migrationFiles(ROOT)) copyFileSync(join(ROOT, "migrations", f), join(root, "migrations", f));
  copyFileSync(join(ROOT, LOCK_PATH), join(root, LOCK_PATH));
  return root;
}

test("an edited, deleted or misnumbered migration is a problem naming the file and what to do", () => {
  const root = tree("broken");
  const edited = join(root, "migrations", "0006_cron.sql");
  writeFileSync(edited, readFileSync(edited, "utf8") + "\n-- a late edit\n");
  unlinkSync(join(root, "migrations", "0003_results.sql"));
  writeFileSync(join(root, "migrations", "0005_slotted_in.sql"), "SELECT 1;\n");
  writeFileSync(join(root, "migrations", "0100_twice_a.sql"), "SELECT 1;\n");
  writeFileSync(join(root, "migrations", "0100_twice_b.sql"), "SELECT 1;\n");
  writeFileSync(join(root, "migrations", "0101-Bad Name.sql"), "SELECT 1;\n");
  const problems = lockProblems(root);
  assert.equal(problems.length, 5, problems.join("\n"));
  assert.match(problems.find((p) => p.includes("0006_cron.sql")), /changed after it landed .*git checkout main -- migrations\/0006_cron\.sql/);
  assert.match(problems.find((p) => p.includes("0003_results.sql")), /landed and is gone/);
  assert.match(problems.find((p) => p.includes("0005_slotted_in.sql")), /numbered below \d{4}, the highest landed migration/);
  assert.match(problems.find((p) => p.includes("0100_twice")), /share the number 0100/);
  assert.match(problems.find((p) => p.includes("0101-Bad Name.sql")), /NNNN_snake_case/);
});

test("migrations:lock adds new files above the lock and keeps every locked line", () => {
  const root = tree("grow");
  const before = readFileSync(join(root, LOCK_PATH), "utf8");
  writeFileSync(join(root, "migrations", "0099_new_table.sql"), "CREATE TABLE t (x);\n");
  assert.deepEqual(lockProblems(root).filter((p) => p.includes("0099")), []);
  const { text, added } = lockWithNewFiles(root);
  assert.ok(added.includes("0099_new_table.sql"));
  assert.ok(text.startsWith(before), "locked lines kept as they were");
  assert.ok(text.endsWith(`${sha256("CREATE TABLE t (x);\n")}  0099_new_table.sql\n`));
  writeFileSync(join(root, LOCK_PATH), text);
  assert.deepEqual(lockProblems(root), []);
  // Locked now: the same rule as any landed file.
  writeFileSync(join(root, "migrations", "0099_new_table.sql"), "CREATE TABLE t (x, y);\n");
  assert.equal(lockProblems(root).length, 1);
});

/** Every table's rows and every schema object of a database built from `files` (name → SQL), then `extra`. */
function build(sqlOf, extra = []) {
  const db = new DatabaseSync(":memory:");
  for (const f of migrationFiles(ROOT)) db.exec(sqlOf(f));
  for (const sql of extra) db.exec(sql);
  return db;
}

function shape(db) {
  // SQLite keeps a statement's text as written: IF NOT EXISTS is how a repair creates what a fresh database has.
  const schema = db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").all().map((o) => ({ ...o, sql: o.sql?.replace(/ IF NOT EXISTS/i, "") }));
  const rows = {};
  for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all()) {
    rows[name] = db.prepare(`SELECT * FROM "${name}"`).all().map((r) => JSON.stringify(r)).sort();
  }
  return { schema, rows };
}

const current = (f) => readFileSync(join(ROOT, "migrations", f), "utf8");
const historyPresent = (() => {
  try {
    for (const [f, commits] of Object.entries(OLD_VERSIONS)) for (const c of commits) execFileSync("git", ["cat-file", "-e", `${c}:migrations/${f}`], { cwd: ROOT, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const oldVersion = (commit, f) => execFileSync("git", ["show", `${commit}:migrations/${f}`], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20 });

test("a database that applied any old version of the edited migrations ends in the fresh database's shape", { skip: historyPresent ? false : "the commits holding the old versions are not in this clone (a shallow clone)" }, () => {
  const fresh = shape(build(current));
  // Each old version alone, then every file at its oldest version at once.
  const cases = Object.entries(OLD_VERSIONS).flatMap(([f, commits]) => commits.map((c) => ({ [f]: c })));
  cases.push(Object.fromEntries(Object.entries(OLD_VERSIONS).map(([f, commits]) => [f, commits[0]])));
  for (const pick of cases) {
    const old = shape(build((f) => (pick[f] ? oldVersion(pick[f], f) : current(f))));
    assert.deepEqual(old, fresh, `with ${JSON.stringify(pick)}`);
  }
  // On a fresh database the repair changes nothing; without it the old versions differ, so the comparison can fail.
  const files = migrationFiles(ROOT).filter((f) => !f.startsWith("0045_"));
  const withoutRepair = build((f) => (f.startsWith("0045_") ? "" : current(f)));
  assert.deepEqual(shape(withoutRepair).rows, fresh.rows);
  assert.deepEqual(shape(withoutRepair).schema, fresh.schema);
  const unrepaired = new DatabaseSync(":memory:");
  for (const f of files) unrepaired.exec(OLD_VERSIONS[f] ? oldVersion(OLD_VERSIONS[f][0], f) : current(f));
  const repairedless = new DatabaseSync(":memory:");
  for (const f of files) repairedless.exec(current(f));
  assert.notDeepEqual(shape(unrepaired), shape(repairedless));
});

test("a run deleted before the ranking triggers existed leaves no ranked score after the repair, and the runs below move up", { skip: historyPresent ? false : "the commits holding the old versions are not in this clone (a shallow clone)" }, () => {
  const at = "2026-12-01T00:00:00Z";
  const seed = [
    `INSERT INTO projects (id, name, plan, evaluations_enabled, credits, created_at) VALUES ('prj_1', 'p', 'team', 1, 10, '${at}')`,
    ...["run_a", "run_b", "run_c"].map((id) => `INSERT INTO eval_runs (id, project_id, status, benchmark_ids, target, options, created_at, updated_at) VALUES ('${id}', 'prj_1', 'completed', '[]', '{}', '{}', '${at}', '${at}')`),
    ...[["run_a", 1], ["run_b", 2], ["run_c", 3]].map(
      ([id, rank]) =>
        `INSERT INTO run_scores (run_id, benchmark_id, target, project_id, board_id, drift_key, model_key, model, run_status, score, scored, missing, aggregate, finished_at, rank) VALUES ('${id}', 'bm_x', 'a', 'prj_1', 'board_1', 'd', 'm', 'model', 'completed', 0.5, 1, 0, '{}', '${at}', ${rank})`,
    ),
    "DELETE FROM eval_runs WHERE id = 'run_a'",
  ];
  const ranks = (db) => db.prepare("SELECT run_id, rank FROM run_scores ORDER BY rank").all().map((r) => `${r.run_id}:${r.rank}`);
  const repair = current(migrationFiles(ROOT).find((f) => f.startsWith("0045_")));
  const pre = (f) => (f.startsWith("0045_") ? "" : f === "0006_cron.sql" ? oldVersion(OLD_VERSIONS[f][0], f) : current(f));
  const stale = build(pre, seed);
  assert.deepEqual(ranks(stale), ["run_a:1", "run_b:2", "run_c:3"], "the old 0006 kept the deleted run's score");
  stale.exec(repair);
  assert.deepEqual(ranks(stale), ["run_b:1", "run_c:2"]);
  assert.deepEqual(ranks(build(current, seed)), ["run_b:1", "run_c:2"], "as a current database does at the delete");
});
