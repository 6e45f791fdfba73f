// Types for the test runtime: the Worker's bindings plus the migrations binding.
type AssayEnv = import("../workers/env").Env;
type AssayMain = typeof import("../workers/index");

declare namespace Cloudflare {
  interface Env extends AssayEnv {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** Every built-in whole, definition and about (scripts/lib/catalog.mjs): what the catalog sync writes. */
    TEST_BUILTINS: import("../src/catalog/types").CatalogEntry[];
  }
  interface GlobalProps {
    mainModule: AssayMain;
    durableNamespaces: "RunGate";
  }
}

/** A text file imported whole (vite's `?raw`), e.g. the README a test checks against the catalog. */
declare module "*.md?raw" {
  const text: string;
  export default text;
}
