/**
 * BIRD mini-dev's pinned source: the 500 SQLite questions (mini_dev_sqlite.json)
 * and the 11 databases they ask about, as BIRD publishes them inside one
 * archive, minidev.zip, with no stated digest. Each file is therefore pinned by
 * path, and the loader checks what it can: the question count, every record's
 * fields, each database read as SQLite 3 holding the tables BIRD's own table
 * map lists for it (bird-bench/mini_dev llm/src/table_schema.py, db_table_map).
 * Pure data.
 */
import type { PinnedDataset } from "../../types";

/** bird-bench/mini_dev's head ("update readme"), whose README links the archive and whose table map is copied below. */
const COMMIT = "4d970a9a97b172101840c661d74cc5a5e1c6ffa4";
export const BIRD_ARCHIVE_URL = "https://bird-bench.oss-cn-beijing.aliyuncs.com/minidev.zip";

/** The tables of each mini-dev database, as BIRD lists them (db_table_map). */
export const BIRD_TABLES: Readonly<Record<string, readonly string[]>> = {
  debit_card_specializing: ["customers", "gasstations", "products", "transactions_1k", "yearmonth"],
  student_club: ["major", "member", "attendance", "budget", "event", "expense", "income", "zip_code"],
  thrombosis_prediction: ["Patient", "Examination", "Laboratory"],
  european_football_2: ["League", "Match", "Player", "Player_Attributes", "Team", "Team_Attributes"],
  formula_1: ["circuits", "seasons", "races", "constructors", "constructorResults", "constructorStandings", "drivers", "driverStandings", "lapTimes", "pitStops", "qualifying", "status", "results"],
  superhero: ["alignment", "attribute", "colour", "gender", "publisher", "race", "superpower", "superhero", "hero_attribute", "hero_power"],
  codebase_community: ["posts", "users", "badges", "comments", "postHistory", "postLinks", "tags", "votes"],
  card_games: ["cards", "foreign_data", "legalities", "rulings", "set_translations", "sets"],
  toxicology: ["molecule", "atom", "bond", "connected"],
  california_schools: ["satscores", "frpm", "schools"],
  financial: ["district", "account", "client", "disp", "card", "loan", "order", "trans"],
};

export const BIRD_QUESTIONS_PATH = "bird_sql/mini_dev_sqlite.json";
export const birdDatabasePath = (dbId: string) => `bird_sql/dev_databases/${dbId}/${dbId}.sqlite`;

export const BIRD_MIRROR_ONLY =
  `BIRD publishes mini-dev's questions and SQLite databases only inside one archive, ${BIRD_ARCHIVE_URL} (linked from github.com/bird-bench/mini_dev), ` +
  `with no stated digest. Unpack it into a dataset mirror, MINIDEV/mini_dev_sqlite.json as ${BIRD_QUESTIONS_PATH} and each MINIDEV/dev_databases/<db_id>/<db_id>.sqlite ` +
  `as ${birdDatabasePath("<db_id>")}, and set ASSAY_DATASET_BASE_URL to the mirror (docs/bird.md says how).`;

export const BIRD_MINI_DEV_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.bird-mini-dev-sqlite",
  version: 1,
  repository: "github.com/bird-bench/mini_dev (minidev.zip)",
  commit: COMMIT,
  license: "CC-BY-SA-4.0",
  files: [
    { path: BIRD_QUESTIONS_PATH, url: `${BIRD_ARCHIVE_URL}#MINIDEV/mini_dev_sqlite.json`, format: "json" },
    ...Object.keys(BIRD_TABLES)
      .sort()
      .map((db) => ({ path: birdDatabasePath(db), url: `${BIRD_ARCHIVE_URL}#MINIDEV/dev_databases/${db}/${db}.sqlite`, format: "blob" as const })),
  ],
  notes:
    "BIRD states no digest for minidev.zip or its files, so none is pinned: the loader checks the question count (500), each record's fields, " +
    "and that each database is SQLite 3 holding the tables BIRD's table map lists; the sha256 of every file as loaded is recorded in the revision's source. " +
    "The files come from a dataset mirror into which the archive was unpacked (the archive is a single download of about 1.5 GB unpacked, too large for a Worker to open).",
};
