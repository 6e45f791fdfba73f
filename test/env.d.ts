// Types for the test runtime: the Worker's bindings plus the migrations binding.
type AssayEnv = import("../workers/env").Env;
type AssayMain = typeof import("../workers/index");

declare namespace Cloudflare {
  interface Env extends AssayEnv {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
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
