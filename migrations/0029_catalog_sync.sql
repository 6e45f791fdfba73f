-- The built-in catalog rows are no longer seeded by a migration per benchmark:
-- the catalog sync (src/db/catalog-sync.ts; run by npm start, the test setup and
-- npm run deploy / npm run catalog:sync) upserts every built-in's row from its
-- definition and about (src/catalog/benchmarks/<slug>/). This row remembers the
-- digest of the rows last written, so a sync of an unchanged catalog writes
-- nothing, and the time and size of that sync.
CREATE TABLE catalog_sync (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  digest TEXT NOT NULL,
  benchmarks INTEGER NOT NULL,
  synced_at TEXT NOT NULL
);
