/**
 * Loading questions asked of SQLite databases (a SqliteDatabasesLoader:
 * BIRD mini-dev): the questions file is read whole (a few hundred KB) and
 * checked against its pin; each database it names is streamed into the
 * revision's files (R2) with its sha256 computed as it passes, never held
 * whole; the stored file must read as SQLite 3 and its sqlite_master must
 * hold the tables the publisher lists for it (read a few pages at a time
 * by range: src/catalog/sqlite-schema.ts). Where the pin carries no digest
 * (BIRD states none), size, question count and tables are what is checked,
 * and the digests computed here are recorded in the revision's source, not
 * taken for a pin. Any refusal abandons the import: every object written
 * is deleted and no revision exists.
 * I/O: outbound fetch (given), the D1 handle and R2 bucket passed in.
 */
import { readWhole } from "../../src/catalog/embedded";
import { SqliteSchemaError, sqliteHeader, sqliteSchema, type SchemaEntry } from "../../src/catalog/sqlite-schema";
import type { PinnedDataset, RevisionFileRef, SourceFile, SqliteDatabasesLoader } from "../../src/catalog/types";
import { sha256Hex } from "../../src/crypto/hash";
import type { Db } from "../../src/db/client";
import type { DatasetRevisionRow } from "../../src/db/schema";
import { MAX_UPLOAD_BYTES } from "../../src/datasets/limits";
import { importRowStream } from "../../src/storage/dataset-stream-import";

export interface SqliteDatabasesIo {
  /** Where a pinned file is fetched from (the mirror's copy, or its upstream URL). */
  url: (file: SourceFile) => string;
  /** The first ok response for a URL (with the caller's retries and words when it cannot be had). */
  open: (url: string) => Promise<Response>;
  /** Whether a mirror serves the files. */
  mirrored: boolean;
  refuse: (message: string) => Error;
}

/** Loads the questions and their databases as the global revision `name@version`. */
export async function importSqliteDatabases(db: Db, bucket: R2Bucket, data: PinnedDataset, loader: SqliteDatabasesLoader, io: SqliteDatabasesIo, label: string): Promise<DatasetRevisionRow> {
  const pinOf = `${data.repository}@${data.commit}`;
  if (!io.mirrored && loader.mirrorOnly) throw io.refuse(`the data of ${label} cannot be downloaded file by file: ${loader.mirrorOnly}`);
  const questionsFile = data.files.find((f) => f.path === loader.questions);
  if (!questionsFile) throw io.refuse(`the pinned source of ${label} lists no questions file ${loader.questions}`);
  const questionsUrl = io.url(questionsFile);
  const res = await io.open(questionsUrl);
  let bytes: Uint8Array;
  try {
    bytes = await readWhole(res.body!, MAX_UPLOAD_BYTES);
  } catch (err) {
    throw io.refuse(`${questionsUrl}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const questionsSha = await sha256Hex(bytes);
  if ((questionsFile.sha256 !== undefined && questionsSha !== questionsFile.sha256) || (questionsFile.bytes !== undefined && bytes.byteLength !== questionsFile.bytes)) {
    throw io.refuse(
      `${questionsUrl} does not match the pinned data: its sha256 is ${questionsSha} (${bytes.byteLength} bytes), expected ` +
        `${questionsFile.sha256 ?? "no stated digest"} (${questionsFile.bytes ?? "any"} bytes, ${pinOf}); refusing it`,
    );
  }
  const text = new TextDecoder().decode(bytes);
  let ids: string[];
  try {
    ids = [...new Set(loader.databaseIds(text))].sort();
  } catch (err) {
    throw io.refuse(`${questionsUrl} could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  const stored: { path: string; url: string; sha256: string; bytes: number; tables: number }[] = [];
  return importRowStream(db, bucket, {
    name: data.name,
    version: data.version,
    get source() {
      return JSON.stringify({ repository: data.repository, commit: data.commit, files: [{ path: questionsFile.path, url: questionsUrl, sha256: questionsSha, bytes: bytes.byteLength }, ...stored] });
    },
    sizeBytes: data.files.reduce((n, f) => n + (f.bytes ?? 0), 0),
    columns: loader.columns,
    async *rows(files) {
      if (!files.putStream || !files.readRange) throw io.refuse("this revision store cannot take files as streams");
      const databases = new Map<string, { ref: RevisionFileRef; schema: SchemaEntry[] }>();
      for (const id of ids) {
        const file = data.files.find((f) => f.path === loader.databasePath(id));
        if (!file) throw io.refuse(`the questions of ${label} ask about the database '${id}', which its pinned source does not list`);
        const url = io.url(file);
        const r = await io.open(url);
        const declared = Number(r.headers.get("content-length") ?? Number.NaN);
        const size = file.bytes ?? (Number.isSafeInteger(declared) ? declared : null);
        if (size === null || !r.body) {
          await r.body?.cancel();
          throw io.refuse(`${url} does not say its size, and its pin states none; a database is streamed to storage only at a known size`);
        }
        if (Number.isSafeInteger(declared) && declared !== size) {
          await r.body.cancel();
          throw io.refuse(`${url} is ${declared} bytes, not the ${size} pinned (${pinOf}); refusing it`);
        }
        let ref: RevisionFileRef;
        try {
          ref = await files.putStream(`databases/${id}.sqlite`, r.body, size, "application/vnd.sqlite3");
        } catch (err) {
          throw io.refuse(`${url} could not be stored at its ${size} bytes: ${err instanceof Error ? err.message : String(err)}`);
        }
        if (file.sha256 !== undefined && ref.sha256 !== file.sha256) throw io.refuse(`${url} does not match the pinned data: its sha256 is ${ref.sha256} (${size} bytes), expected ${file.sha256} (${pinOf}); refusing it`);
        let schema: SchemaEntry[];
        try {
          const head = await files.readRange(ref.file, 0, 100);
          const { pageSize } = sqliteHeader(head);
          schema = await sqliteSchema(head, (n) => files.readRange!(ref.file, (n - 1) * pageSize, pageSize));
        } catch (err) {
          if (err instanceof SqliteSchemaError) throw io.refuse(`${url} is not a database ${label} can use: ${err.message}`);
          throw err;
        }
        const tables = new Set(schema.filter((e) => e.type === "table").map((e) => e.name));
        const missing = (loader.tables[id] ?? []).filter((t) => !tables.has(t));
        if (missing.length) throw io.refuse(`${url} lacks the table${missing.length > 1 ? "s" : ""} ${missing.join(", ")} that ${pinOf} lists for '${id}'; refusing it`);
        databases.set(id, { ref, schema });
        stored.push({ path: file.path, url, sha256: ref.sha256, bytes: size, tables: tables.size });
      }
      let rows;
      try {
        rows = loader.rows(text, databases);
      } catch (err) {
        throw io.refuse(`${questionsUrl} could not be read: ${err instanceof Error ? err.message : String(err)}`);
      }
      // Without a digest, the count is what says the file is the whole published set.
      if (questionsFile.sha256 === undefined && rows.length !== loader.questionCount) {
        throw io.refuse(`${questionsUrl} holds ${rows.length} questions, not the ${loader.questionCount} ${pinOf} publishes; refusing it`);
      }
      yield* rows;
    },
  });
}
