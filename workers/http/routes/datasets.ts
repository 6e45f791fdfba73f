/**
 * Dataset revisions: upload a JSONL, CSV or Parquet body (or a ZIP of one
 * such file and the images its rows name) as an immutable revision `name@version`, list the revisions a project sees (its own and
 * the global ones), read one, and page through its rows.
 */
import { z } from "@hono/zod-openapi";
import type { Db } from "../../../src/db/client";
import { findRevisionByRef, listVisibleRevisions, parseRef } from "../../../src/db/datasets";
import type { DatasetRevisionRow } from "../../../src/db/schema";
import { COLUMN_TYPES } from "../../../src/datasets/columns";
import { DATASET_FORMATS, formatOfMediaType, MEDIA_TYPES, type DatasetFormat } from "../../../src/datasets/formats";
import { CHUNK_ROWS, MAX_UPLOAD_BYTES } from "../../../src/datasets/limits";
import { DATASET_NAME, MAX_VERSION, refOf } from "../../../src/datasets/names";
import { AppError } from "../../../src/domain/errors";
import { decodeCursor, encodeCursor, pageOf } from "../../../src/domain/paging";
import { isZipMediaType, readDatasetArchive, ZIP_MEDIA_TYPES } from "../../../src/datasets/archive";
import { importRevision } from "../../../src/storage/dataset-import";
import { readRows } from "../../../src/storage/dataset-rows";
import { readBodyLimited } from "../request-body";
import { defineRoute, newRouter } from "../router";
import { conflict, errorResponses, json, PageQuery, pageOf as pageSchema, Problem, tooLarge } from "../schemas";

/** Rows per page of the rows endpoint: one chunk at most. */
const MAX_ROWS_PAGE = CHUNK_ROWS;
const DEFAULT_ROWS_PAGE = 100;

const DatasetColumn = z
  .object({ name: z.string(), type: z.enum(COLUMN_TYPES).openapi({ description: "JSON kind of the non-null values" }) })
  .openapi("DatasetColumn");

export const DatasetRevisionView = z
  .object({
    id: z.string(),
    ref: z.string().openapi({ description: "name@version, how benchmarks and runs name it", example: "gsm8k@1" }),
    name: z.string(),
    version: z.number().int(),
    digest: z.string().openapi({ description: "sha256 over the row digests in order" }),
    row_count: z.number().int(),
    columns: z.array(DatasetColumn).openapi({ description: "In first-seen order" }),
    splits: z.array(z.string()).openapi({ description: "Distinct values of the `split` column" }),
    subsets: z.array(z.string()).openapi({ description: "Distinct values of the `subset`, else `subject`, else `category` column" }),
    format: z.enum(DATASET_FORMATS),
    size_bytes: z.number().int().openapi({ description: "Size of the upload as received" }),
    source: z.string().nullable().openapi({ description: "Where a built-in revision was loaded from" }),
    created_at: z.string(),
    global: z.boolean().openapi({ description: "A built-in revision every project sees" }),
  })
  .openapi("DatasetRevision");

export function revisionView(r: DatasetRevisionRow): z.infer<typeof DatasetRevisionView> {
  return {
    id: r.id,
    ref: refOf(r.name, r.version),
    name: r.name,
    version: r.version,
    digest: r.digest,
    row_count: r.rowCount,
    columns: r.columns as z.infer<typeof DatasetColumn>[],
    splits: r.splits,
    subsets: r.subsets,
    format: r.format as DatasetFormat,
    size_bytes: r.sizeBytes,
    source: r.source,
    created_at: r.createdAt,
    global: r.projectId === null,
  };
}

const DatasetRowView = z
  .object({
    index: z.number().int().openapi({ description: "0-based position" }),
    key: z.string().openapi({ description: "The id, key or task_id value when unique, else row-<index+1>" }),
    digest: z.string().openapi({ description: "sha256 of the canonical JSON of data (the task digest)" }),
    split: z.string().nullable(),
    subset: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
  })
  .openapi("DatasetRow");

const NameParam = z.object({
  name: z.string().regex(DATASET_NAME, "letters, digits, '.', '_' or '-', starting with a letter or digit, at most 100"),
});

const RefParam = z.object({
  ref: z
    .string()
    .refine((s) => parseRef(s) !== undefined, "expected name@version")
    .openapi({ example: "gsm8k@1" }),
});

const CreateQuery = z.strictObject({
  version: z.coerce.number().int().min(1).max(MAX_VERSION).optional().openapi({ description: "Default: one more than the highest" }),
});

const ListQuery = PageQuery.extend({ name: NameParam.shape.name.optional() });

const RowsQuery = z.strictObject({
  cursor: z.string().optional().openapi({ description: "next_cursor from the previous page" }),
  limit: z.coerce.number().int().min(1).max(MAX_ROWS_PAGE).default(DEFAULT_ROWS_PAGE),
});

const problemOf = (description: string) => ({ description, content: { "application/problem+json": { schema: Problem } } });
// A plain OpenAPI schema, not zod: zod-openapi would otherwise run its JSON validator on
// application/jsonl (its JSON test matches that prefix) and reject the raw body.
const binary = { type: "string" as const, format: "binary" };

function rowCursor(cursor: string | undefined, rowCount: number): number {
  const text = decodeCursor(cursor);
  if (text === undefined) return 0;
  const start = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(start <= rowCount)) throw new AppError("bad_request", "cursor is not one this API issued");
  return start;
}

async function visibleRevision(db: Db, projectId: string, ref: string): Promise<DatasetRevisionRow> {
  const rev = await findRevisionByRef(db, projectId, ref);
  if (!rev) throw new AppError("not_found", `no dataset revision ${ref}`);
  return rev;
}

export const datasetsRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/datasets/{name}/revisions",
      operationId: "createDatasetRevision",
      tags: ["datasets"],
      summary: "Upload rows as a new immutable revision; the same content again returns the existing one",
      description:
        "The raw body is JSONL (application/x-ndjson), CSV with a header (text/csv) or Parquet " +
        "(application/vnd.apache.parquet), optionally gzip-compressed (detected by its bytes). " +
        `At most ${MAX_UPLOAD_BYTES} bytes. A line or row that does not parse is a 422 naming it. ` +
        "Or a ZIP archive (application/zip) holding exactly one such data file (.jsonl, .ndjson, .csv or .parquet, optionally .gz) " +
        "and image files: a cell (any column) whose string names a file of the archive (from its root, else from the data file's folder) " +
        "that is a PNG, JPEG, GIF or WebP image (by its bytes) becomes {file, sha256, media_type, bytes}, and the file is stored with the revision, " +
        "so a custom benchmark's image_column can send it. A 422 names the row and column of a cell naming an image path the archive lacks, " +
        "or a file of it that is not an image; also for an archive with no data file or several, or one that does not read; " +
        "files no cell names are not kept.",
      request: {
        params: NameParam,
        query: CreateQuery,
        body: {
          required: true,
          content: Object.fromEntries([...Object.keys(MEDIA_TYPES), ...ZIP_MEDIA_TYPES].map((t) => [t, { schema: binary }])),
        },
      },
      responses: {
        201: json(DatasetRevisionView, "The new revision"),
        200: json(DatasetRevisionView, "The existing revision with the same content"),
        ...errorResponses,
        ...conflict,
        ...tooLarge,
        415: problemOf("The content type is not JSONL, CSV, Parquet or ZIP"),
      },
    }),
    async (c) => {
      const { name } = c.req.valid("param");
      const { version } = c.req.valid("query");
      const zipped = isZipMediaType(c.req.header("content-type"));
      const format = formatOfMediaType(c.req.header("content-type"));
      if (!format && !zipped) {
        throw new AppError(
          "unsupported_media_type",
          `send the rows with content-type ${[...Object.keys(MEDIA_TYPES), ...ZIP_MEDIA_TYPES].join(", ")} (got ${c.req.header("content-type") ?? "none"})`,
        );
      }
      const bytes = await readBodyLimited(c.req.raw, MAX_UPLOAD_BYTES);
      const upload = { projectId: c.var.auth.projectId, name, version };
      const { revision, created } = zipped
        ? await readDatasetArchive(bytes).then((a) =>
            importRevision(c.var.db, c.env.ARTIFACTS, { ...upload, format: a.format, bytes: a.data, mapRow: a.mapRow, files: a.files, archive: bytes }),
          )
        : await importRevision(c.var.db, c.env.ARTIFACTS, { ...upload, format: format!, bytes });
      return c.json(revisionView(revision), created ? 201 : 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/datasets",
      operationId: "listDatasets",
      tags: ["datasets"],
      summary: "List the revisions the project sees (its own and global ones), newest first",
      request: { query: ListQuery },
      responses: { 200: json(pageSchema(DatasetRevisionView), "A page of revisions"), ...errorResponses },
    }),
    async (c) => {
      const { cursor, limit, name } = c.req.valid("query");
      const rows = await listVisibleRevisions(c.var.db, c.var.auth.projectId, { after: decodeCursor(cursor), limit, name });
      const page = pageOf(rows, limit, (r) => r.id);
      return c.json({ items: page.items.map(revisionView), next_cursor: page.next_cursor }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/datasets/{ref}",
      operationId: "getDatasetRevision",
      tags: ["datasets"],
      summary: "Read a revision by name@version (the project's own, else a global one)",
      request: { params: RefParam },
      responses: { 200: json(DatasetRevisionView, "The revision"), ...errorResponses },
    }),
    async (c) => {
      const rev = await visibleRevision(c.var.db, c.var.auth.projectId, c.req.valid("param").ref);
      return c.json(revisionView(rev), 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/datasets/{ref}/rows",
      operationId: "listDatasetRows",
      tags: ["datasets"],
      summary: "Page through a revision's rows in order",
      request: { params: RefParam, query: RowsQuery },
      responses: { 200: json(pageSchema(DatasetRowView), "A page of rows"), ...errorResponses },
    }),
    async (c) => {
      const rev = await visibleRevision(c.var.db, c.var.auth.projectId, c.req.valid("param").ref);
      const { cursor, limit } = c.req.valid("query");
      const start = rowCursor(cursor, rev.rowCount);
      const items = await readRows(c.env.ARTIFACTS, rev, start, limit);
      const next = start + items.length;
      return c.json({ items, next_cursor: next < rev.rowCount ? encodeCursor(String(next)) : null }, 200);
    },
  );
