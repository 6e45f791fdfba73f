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
