/**
 * Leaderboard storage in one import, for the cron pass and the leaderboard
 * routes. Results of finished runs in D1 are per (run, benchmark, target)
 * slices read from attempts in bounded seq windows; boards group comparable
 * slices; entries are explicitly submitted, frozen snapshots; run_scores is
 * what the cron pass keeps for every finished run (score history, the
 * ranked view, drift baselines). Each concept lives in its own module:
 *
 * - leaderboard-scan.ts: attempt tallies per member, in seq windows
 * - leaderboard-summary.ts: a finished run's slices (D1 + the plan in R2)
 * - leaderboard-boards.ts: boards
 * - leaderboard-entries.ts: submitted entries and their ranks
 * - leaderboard-run-scores.ts: run_scores, the ranked runs and drift baselines
 * - src/domain/member-tally.ts, src/domain/result-slice.ts: the pure parts
 */
export { byTaskDigest, type MemberTally } from "../domain/member-tally";
export { type ResultSlice, type Skipped } from "../domain/result-slice";
export { SCAN_WINDOW, scanAttempts } from "./leaderboard-scan";
export { sliceable, summarizeRun } from "./leaderboard-summary";
export { ensureBoard, getBoard, listBoards, type BoardRow } from "./leaderboard-boards";
export { boardEntries, entriesOfRun, insertEntries, topEntries, type EntryRow, type NewEntry } from "./leaderboard-entries";
export { findBaseline, rankedRuns, runScoresOf, saveRunScores, type RunScoreRow } from "./leaderboard-run-scores";
