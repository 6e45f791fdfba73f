// The model SDKs load on a provider's first call (src/providers/openai.ts, anthropic-client.ts), which keeps
// them out of the Worker's start-up. In the test pool that first load transforms and fetches a few hundred
// modules, seconds on a busy machine: inside a test that calls a provider directly (default 5 s timeout) it
// could run the test out of time. src/providers/test-fixture.ts, which those test files import, imports this,
// so the load happens with their imports.
// (Tests that call models through a run wait for it with waitForRun's minute.)
import "openai/client";
import "../src/providers/anthropic-client";
