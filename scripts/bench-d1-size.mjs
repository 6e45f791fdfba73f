// `npm run bench:d1-size`: what one attempt costs in D1's storage. Applies
// the migrations to an SQLite file (D1 is SQLite; a database's size is its
// file's), writes a generated run of attempts shaped like real ones (a task
// key, a sha256 task digest, a scorer's reason and structured result, an R2
// transcript key, tokens, cost, timings) in several output profiles, and
// prints the bytes each attempt adds (its row and the primary-key index;
// the attempts table has no other index) and how many attempts fit in a GB
// and in D1's 10 GB. The profiles: no output (errored), an output offloaded
// to R2 (past OUTPUT_INLINE_BYTES, 512: the row keeps its key, migration
// 0035), a short reply, and an output at the inline cap;
// OUTPUT_BYTES=0,500,... measures others.
// attempts is a WITHOUT ROWID table, whose b-tree cells keep at most about
// 1,000 bytes on their page: a longer row spills the rest into overflow
// pages of 4 KB each, so size per attempt jumps where a row passes ~1 KB.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ATTEMPTS = Number(process.env.ATTEMPTS ?? 20_000);
const PROFILES = process.env.OUTPUT_BYTES
  ? process.env.OUTPUT_BYTES.split(",").map((b) => ({ name: `output ${b} B`, output: Number(b) }))
  : [
      { name: "no output (errored)", output: 0 },
      { name: "offloaded to R2 (key kept)", output: 0, offloaded: true },
      { name: "short reply (200 B)", output: 200 },
      { name: "at the 512 B inline cap", output: 512 },
    ];
const GB = 1e9;

/** A deterministic pseudo-random generator (mulberry32), so every run writes the same rows. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = "the answer is so we add then multiply each side by two which gives total of step first next finally therefore".split(" ");
const text = (rand, bytes) => {
  let s = "";
  while (s.length < bytes) s += `${WORDS[Math.floor(rand() * WORDS.length)]} `;
  return s.slice(0, bytes);
};
const hex = (rand, n) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join("");

function measure(profile) {
  const dir = mkdtempSync(join(tmpdir(), "assay-d1-size-"));
  const file = join(dir, "d1.sqlite");
  try {
    const db = new DatabaseSync(file);
    for (const f of readdirSync(join(ROOT, "migrations")).filter((f) => f.endsWith(".sql")).sort()) db.exec(readFileSync(join(ROOT, "migrations", f), "utf8"));
    db.exec("VACUUM");
    const before = statSync(file).size;
    const rand = rng(40);
    const runId = "run_0sizeprobe1";
    const insert = db.prepare(
      `INSERT INTO attempts (run_id, seq, benchmark_id, target, member_key, member_index, row_index, task_digest, subset, attempt_index, status, reward,
         structured, output, reason, error, exit_code, tries, input_tokens, output_tokens, cost, latency_ms, transcript_key, output_key, started_at, finished_at, cached, truncated)
       VALUES (?, ?, ?, 'a', ?, ?, ?, ?, ?, ?, 'succeeded', ?, ?, ?, ?, NULL, NULL, 1, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0)`,
    );
    db.exec("BEGIN");
    const start = Date.parse("2026-12-01T10:00:00.000Z");
    for (let seq = 0; seq < ATTEMPTS; seq++) {
      const member = Math.floor(seq / 2);
      const right = rand() < 0.6;
      const began = start + seq * 250;
      insert.run(
        runId,
        seq,
        "bm_gsm8k",
        `gsm8k-test-${member}`,
        member,
        member,
        hex(rand, 64),
        rand() < 0.5 ? "algebra" : null,
        seq % 2,
        right ? 1 : 0,
        rand() < 0.3 ? JSON.stringify({ composite: right ? 1 : 0, dimensions: { strict: right ? 1 : 0, flexible: 1 } }) : null,
        profile.offloaded ? null : text(rand, profile.output),
        right ? "extracted 72, matches 72" : `extracted ${Math.floor(rand() * 100)}, expected 72`,
        150 + Math.floor(rand() * 400),
        50 + Math.floor(rand() * 600),
        rand() / 1000,
        300 + Math.floor(rand() * 3000),
        `runs/${runId}/transcripts/${seq}.jsonl`,
        profile.offloaded ? `runs/${runId}/transcripts/${seq}.jsonl` : null,
        new Date(began).toISOString(),
        new Date(began + 400 + Math.floor(rand() * 3000)).toISOString(),
      );
    }
    db.exec("COMMIT");
    db.exec("VACUUM");
    db.close();
    return (statSync(file).size - before) / ATTEMPTS;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`D1 storage per attempt (${ATTEMPTS.toLocaleString("en")} attempts per profile, row + primary key, after VACUUM):`);
for (const p of PROFILES) {
  const bytes = measure(p);
  const perGb = GB / bytes;
  console.log(`  ${p.name.padEnd(32)} ${bytes.toFixed(0).padStart(6)} B/attempt  ${Math.round(perGb).toLocaleString("en").padStart(10)} attempts/GB  ${(perGb * 10 / 1e6).toFixed(1).padStart(5)} M in 10 GB`);
}
