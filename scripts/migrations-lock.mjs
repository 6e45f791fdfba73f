// `npm run migrations:lock`: adds the migrations that are not yet in
// test/structure/migrations.lock (run it when a branch with new migrations
// lands on main, and commit the lock). It never rewrites a locked line: if a
// landed file changed it stops and says which (scripts/lib/migrations-lock.mjs).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LOCK_PATH, lockProblems, lockWithNewFiles } from "./lib/migrations-lock.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const problems = lockProblems(ROOT);
if (problems.length) {
  console.error(`not locking: ${problems.length} problem(s)\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
const { text, added } = lockWithNewFiles(ROOT);
if (!added.length) {
  console.log(`${LOCK_PATH}: every migration is locked`);
} else {
  writeFileSync(join(ROOT, LOCK_PATH), text);
  console.log(`${LOCK_PATH}: locked ${added.join(", ")}`);
}
