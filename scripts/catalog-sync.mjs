// `npm run catalog:sync -- [--remote | --local [--persist-to DIR]]`: writes
// the built-in benchmarks' rows into D1 from their definitions
// (src/catalog/benchmarks/<slug>/; scripts/lib/catalog.mjs), keyed by the
// digest of the rows, so running it again on an unchanged catalog writes
// nothing. --remote is the deployed database (after `wrangler deploy`;
// npm run deploy does both); --local is wrangler's local state (npm start
// syncs its own state by itself).
import { parseArgs } from "node:util";
import { syncCatalog } from "./lib/catalog.mjs";

const { values } = parseArgs({ options: { remote: { type: "boolean" }, local: { type: "boolean" }, "persist-to": { type: "string" } } });
if (values.remote && values.local) {
  console.error("catalog:sync: give --remote or --local, not both");
  process.exit(2);
}
try {
  await syncCatalog({ remote: values.remote === true, persistTo: values["persist-to"] });
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
