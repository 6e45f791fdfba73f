import { describe, expect, it } from "vitest";
import { howToProvide, sandboxState } from "./sandboxes";

const SECRET = "s".repeat(20);
const ns = {};

describe("sandboxState", () => {
  it.each([
    ["nothing set", {}, { state: "none" }],
    ["a URL and its secret", { ASSAY_SANDBOX_URL: "https://sb.example", ASSAY_SANDBOX_SECRET: SECRET }, { state: "url", url: "https://sb.example", secret: SECRET }],
    ["a container binding and the secret", { SANDBOX_CONTAINER: ns, ASSAY_SANDBOX_SECRET: SECRET }, { state: "container", secret: SECRET }],
    ["blank values, as unset", { ASSAY_SANDBOX_URL: "  ", ASSAY_SANDBOX_SECRET: "" }, { state: "none" }],
  ])("%s", (_, env, expected) => {
    expect(sandboxState(env, "code")).toEqual(expected);
  });

  it.each([
    ["a URL without its secret", { ASSAY_SANDBOX_URL: "https://sb.example" }, ["ASSAY_SANDBOX_SECRET"]],
    ["a container without the secret", { SANDBOX_CONTAINER: ns }, ["ASSAY_SANDBOX_SECRET"]],
    ["a secret naming no sandbox", { ASSAY_SANDBOX_SECRET: SECRET }, ["ASSAY_SANDBOX_URL"]],
    ["both a URL and a container", { ASSAY_SANDBOX_URL: "https://sb.example", SANDBOX_CONTAINER: ns, ASSAY_SANDBOX_SECRET: SECRET }, ["ASSAY_SANDBOX_URL"]],
  ])("names the setting for %s", (_, env, variables) => {
    const s = sandboxState(env, "code");
    expect(s.state).toBe("misconfigured");
    expect(s.state === "misconfigured" && s.problems.map((p) => p.variable)).toEqual(variables);
  });

  it("tells an operator both ways to provide one", () => {
    expect(howToProvide("code")).toMatch(/ASSAY_SANDBOX_URL.*ASSAY_SANDBOX_SECRET.*containers environment.*SANDBOX_CONTAINER/);
  });
});
