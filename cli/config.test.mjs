// Where the config lives, its permissions, and which server and key win.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { configPath, DEFAULT_URL, loadConfig, resolveSettings, saveConfig, tooOpen } from "./config.mjs";
import { UsageError } from "./errors.mjs";

const dir = mkdtempSync(join(tmpdir(), "assay-config-"));
after(() => rmSync(dir, { recursive: true, force: true }));

describe("configPath", () => {
  test("XDG_CONFIG_HOME when absolute, else ~/.config", () => {
    assert.equal(configPath({ XDG_CONFIG_HOME: "/x/cfg", HOME: "/home/u" }), "/x/cfg/assay/config.json");
    assert.equal(configPath({ XDG_CONFIG_HOME: "relative", HOME: "/home/u" }), "/home/u/.config/assay/config.json");
    assert.equal(configPath({ HOME: "/home/u" }), "/home/u/.config/assay/config.json");
  });
});

describe("saveConfig", () => {
  test("owner-only file in an owner-only folder, rewritten in place", () => {
    const file = join(dir, "a", "assay", "config.json");
    saveConfig(file, { url: "http://x", api_key: "ak_1" });
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(statSync(join(dir, "a", "assay")).mode & 0o777, 0o700);
    assert.deepEqual(loadConfig(file), { url: "http://x", api_key: "ak_1" });
    saveConfig(file, { url: "http://y", api_key: "ak_2" });
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), { url: "http://y", api_key: "ak_2" });
    assert.equal(tooOpen(file), false);
  });

  test("a file opened up by someone is reported and tightened on the next save", () => {
    const file = join(dir, "loose.json");
    writeFileSync(file, "{}", { mode: 0o644 });
    assert.equal(tooOpen(file), true);
    saveConfig(file, { url: "http://x" });
    assert.equal(statSync(file).mode & 0o777, 0o600);
  });
});

describe("loadConfig", () => {
  test("absent is empty; broken JSON is a usage error naming the file", () => {
    assert.deepEqual(loadConfig(join(dir, "none.json")), {});
    const file = join(dir, "broken.json");
    writeFileSync(file, "{nope");
    assert.throws(() => loadConfig(file), (e) => e instanceof UsageError && e.message.includes(file));
  });
});

describe("resolveSettings", () => {
  const stored = { url: "https://assay.example", api_key: "ak_stored" };
  const cases = [
    ["nothing set: the local stack, no key", {}, {}, {}, { url: DEFAULT_URL, apiKey: undefined, source: "config" }],
    ["the stored server and key", {}, {}, stored, { url: "https://assay.example", apiKey: "ak_stored", source: "config" }],
    ["environment over the file", {}, { ASSAY_URL: "https://other/", ASSAY_API_KEY: "ak_env" }, stored, { url: "https://other", apiKey: "ak_env", source: "ASSAY_API_KEY" }],
    ["--url over the environment", { url: "http://flag" }, { ASSAY_URL: "https://other" }, {}, { url: "http://flag", apiKey: undefined, source: "config" }],
    // A key stored for one server is never sent to another one.
    ["stored key withheld from another server", {}, { ASSAY_URL: "https://evil.example" }, stored, { url: "https://evil.example", apiKey: undefined, source: "config (for https://assay.example)" }],
  ];
  for (const [name, flags, env, file, expected] of cases) {
    test(name, () => assert.deepEqual(resolveSettings(flags, env, file), expected));
  }

  test("a URL without a scheme is a usage error", () => {
    assert.throws(() => resolveSettings({ url: "assay.example" }, {}, {}), UsageError);
  });
});
