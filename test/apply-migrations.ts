// Applies the real migrations to the test D1 before each test file, then the
// catalog sync, as npm start and npm run deploy do (scripts/lib/catalog.mjs).
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { builtinRows, rowsDigest } from "../src/catalog/rows";
import { syncBuiltinRows } from "../src/db/catalog-sync";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const rows = builtinRows(env.TEST_BUILTINS);
await syncBuiltinRows(env.DB, rows, await rowsDigest(rows), new Date().toISOString());
