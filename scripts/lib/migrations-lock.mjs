// The lock of landed migrations (test/structure/migrations.lock): the
// sha256 of every migration file that has landed on main, one
// "<sha256>  <file>" line each (sha256sum's format; '#' lines are comments).
// `wrangler d1 migrations apply` records a migration by name and never runs
// it again, so a landed file that changes is never re-applied where it
// already ran: the lock makes such a change a failing test, and a change
// is written as a new migration instead. New files are allowed when
// numbered above every locked one (a file slotted in below would run last
// on a deployed database and in order on a fresh one); `npm run
// migrations:lock` adds them once they land. Reads files only.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const LOCK_PATH = "test/structure/migrations.lock";
const NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;

export function sha256(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The migration files, sorted as wrangler applies them. */
export function migrationFiles(root) {
  return readdirSync(join(root, "migrations")).filter((f) => f.endsWith(".sql")).sort();
}

/** file → sha256, as the lock holds it. Throws on a line it cannot read, naming it. */
export function readLock(root) {
  const path = join(root, LOCK_PATH);
  const locked = new Map();
  if (!existsSync(path)) return locked;
  readFileSync(path, "utf8").split("\n").forEach((line, i) => {
    if (!line.trim() || line.startsWith("#")) return;
    const m = line.match(/^([0-9a-f]{64}) {2}(\S+)$/);
    if (!m) throw new Error(`${LOCK_PATH}:${i + 1}: not "<sha256>  <file>": ${line}`);
    locked.set(m[2], m[1]);
  });
  return locked;
}

/**
 * What is wrong with the migrations against the lock, one sentence each:
 * a locked file changed or gone, a file named against the rule, a number
 * used twice, an unlocked file numbered below a locked one.
 */
export function lockProblems(root, locked = readLock(root)) {
  const files = migrationFiles(root);
  const problems = [];
  for (const [file, digest] of locked) {
    if (!files.includes(file)) {
      problems.push(`migrations/${file} landed and is gone: a database that applied it keeps what it did; restore it and undo it in a new migration`);
      continue;
    }
    const now = sha256(readFileSync(join(root, "migrations", file)));
    if (now !== digest) {
      problems.push(
        `migrations/${file} changed after it landed (sha256 ${digest.slice(0, 12)}… in ${LOCK_PATH}, ${now.slice(0, 12)}… now): ` +
          "wrangler d1 migrations apply --remote never runs a migration twice, so databases that applied it would never see the change. " +
          `Restore it (git checkout main -- migrations/${file}) and write the change as a new migration numbered above the lock.`,
      );
    }
  }
  const top = Math.max(0, ...[...locked.keys()].map((f) => Number(f.slice(0, 4))).filter(Number.isFinite));
  const seen = new Map();
  for (const file of files) {
    const m = file.match(NAME);
    if (!m) {
      problems.push(`migrations/${file}: name it NNNN_snake_case.sql`);
      continue;
    }
    if (seen.has(m[1])) problems.push(`migrations/${file} and migrations/${seen.get(m[1])} share the number ${m[1]}`);
    seen.set(m[1], file);
    if (!locked.has(file) && Number(m[1]) < top) {
      problems.push(
        `migrations/${file} is new but numbered below ${String(top).padStart(4, "0")}, the highest landed migration: ` +
          "a deployed database would apply it after that one and a fresh one before it; renumber it above the lock",
      );
    }
  }
  return problems;
}

/** The lock's text with every unlocked migration added (existing lines kept as they are). */
export function lockWithNewFiles(root) {
  const locked = readLock(root);
  const path = join(root, LOCK_PATH);
  const before = existsSync(path) ? readFileSync(path, "utf8").replace(/\n*$/, "\n") : "";
  const added = migrationFiles(root).filter((f) => !locked.has(f));
  const lines = added.map((f) => `${sha256(readFileSync(join(root, "migrations", f)))}  ${f}\n`);
  return { text: before + lines.join(""), added };
}
