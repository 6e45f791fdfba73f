// wrangler.toml's containers environment is the default deployment with the
// code sandbox as a Cloudflare Container (docs/deploy.md). Wrangler carries
// no binding into an environment, so the environment repeats them all; this
// test fails when one drifts from the top level (a queue, a consumer
// setting, a Durable Object, a migration, a variable, the cron), naming it,
// and holds the container's instance count at the client's.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { parse } from "smol-toml";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
// Plain objects (smol-toml makes null-prototype ones), so deepEqual compares contents.
const config = JSON.parse(JSON.stringify(parse(readFileSync(join(ROOT, "wrangler.toml"), "utf8"))));
const env = config.env?.containers;

const SANDBOX_BINDING = { name: "SANDBOX_CONTAINER", class_name: "SandboxContainer" };

test("the containers environment exists and deploys as the same Worker", () => {
  assert.ok(env, "wrangler.toml has [env.containers]");
  assert.equal(env.name, config.name);
});

test("it repeats every binding, consumer setting, variable and cron of the top level", () => {
  for (const key of ["d1_databases", "r2_buckets", "queues", "triggers", "vars"]) {
    assert.deepEqual(env[key], config[key], `env.containers.${key} differs from the top level's ${key}: copy the change into [env.containers]`);
  }
});

test("its Durable Objects and migrations are the top level's plus the sandbox container", () => {
  assert.deepEqual(env.durable_objects.bindings, [...config.durable_objects.bindings, SANDBOX_BINDING], "env.containers.durable_objects.bindings: the top level's, then SANDBOX_CONTAINER");
  const tags = config.migrations.map((m) => m.tag);
  assert.deepEqual(env.migrations.slice(0, tags.length), config.migrations, "env.containers.migrations starts with the top level's");
  assert.deepEqual(env.migrations.slice(tags.length).flatMap((m) => m.new_sqlite_classes ?? []), ["SandboxContainer"]);
});

test("the container runs the sandbox image with as many instances as the client spreads over", () => {
  const [c] = env.containers;
  assert.equal(c.class_name, "SandboxContainer");
  assert.equal(c.image, "./sandbox/Dockerfile");
  const spread = Number(readFileSync(join(ROOT, "workers/sandbox/container.ts"), "utf8").match(/export const SANDBOX_INSTANCES = (\d+);/)?.[1]);
  assert.equal(c.max_instances, spread, "max_instances = SANDBOX_INSTANCES in workers/sandbox/container.ts");
});

test("the deploy bundle is minified by wrangler itself", () => {
  assert.equal(config.minify, true);
});
