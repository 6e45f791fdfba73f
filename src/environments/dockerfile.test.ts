// The Dockerfile reader and the local backend's build plan: continuation
// lines, comments, heredocs and substitution read as Docker reads them;
// apt-get installs become packages, the rest of a RUN stays a step, and
// what a Debian root cannot reproduce is named; with ../shared, every
// Terminal-Bench 2.0 Dockerfile of the 17 tasks.
import { describe, expect, inject, it } from "vitest";
import { baseImageOf, commandSegments, DockerfileError, localPlan, parseDockerfile, shellWords, substitute } from "./dockerfile";

describe("parseDockerfile", () => {
  it("joins continuations, drops comments (inside continuations too), keeps line numbers and exec forms", () => {
    const text = "# syntax=docker/dockerfile:1\nFROM debian:bookworm-slim\n\nRUN apt-get update && \\\n    # a comment\n    apt-get install -y git\nCMD [\"bash\", \"-l\"]\n";
    expect(parseDockerfile(text)).toEqual([
      { line: 2, keyword: "FROM", args: "debian:bookworm-slim", json: null, heredocs: [] },
      { line: 4, keyword: "RUN", args: "apt-get update && apt-get install -y git", json: null, heredocs: [] },
      { line: 7, keyword: "CMD", args: '["bash", "-l"]', json: ["bash", "-l"], heredocs: [] },
    ]);
  });

  it("honours the escape directive and reads BuildKit heredocs", () => {
    const text = "# escape=`\nFROM debian:12\nRUN echo a `\n  b\nRUN <<EOF\nset -e\necho hi\nEOF\nCOPY <<-CONF /etc/app.conf\n\tkey=1\n\tCONF\n";
    const ins = parseDockerfile(text);
    expect(ins.map((i) => [i.keyword, i.args])).toEqual([["FROM", "debian:12"], ["RUN", "echo a b"], ["RUN", "<<EOF"], ["COPY", "<<-CONF /etc/app.conf"]]);
    expect(ins[2]!.heredocs).toEqual([{ name: "EOF", body: "set -e\necho hi\n" }]);
    expect(ins[3]!.heredocs).toEqual([{ name: "CONF", body: "key=1\n" }]);
    expect(() => parseDockerfile("FROM debian\nRUN <<EOF\necho\n")).toThrow(DockerfileError);
    expect(() => parseDockerfile("FROM debian\n=== nope\n")).toThrow("is not an instruction");
  });

  it("splits words and command lists the way a shell would", () => {
    expect(shellWords(`a "b c" 'd "e"' f\\ g`)).toEqual(["a", "b c", 'd "e"', "f g"]);
    expect(commandSegments("a && b || (c; d) ; e 'x && y'")).toEqual([
      { text: "a", sep: "&&" },
      { text: "b", sep: "||" },
      { text: "(c; d)", sep: ";" },
      { text: "e 'x && y'", sep: "" },
    ]);
    expect(substitute("${A}/${B:-dflt}/$C/${A:+set}/\\$A", { A: "x" })).toBe("x/dflt//set/$A");
  });
});

describe("baseImageOf", () => {
  it.each([
    ["debian:bookworm-slim", { distro: "debian", suite: "bookworm", packages: [] }],
    ["debian:12", { distro: "debian", suite: "bookworm" }],
    ["docker.io/library/debian:12.5", { distro: "debian", suite: "bookworm" }],
    ["ubuntu:24.04", { distro: "ubuntu", suite: "noble" }],
    ["python:3.13-slim-bookworm", { distro: "debian", suite: "bookworm", packages: ["python3", "python3-pip", "python3-venv", "python-is-python3"] }],
    ["python:3.11-bookworm", { suite: "bookworm" }],
    ["python:3.12-slim", { suite: "bookworm" }],
  ])("%s maps to a Debian-family root", (image, want) => {
    expect(baseImageOf(image)).toMatchObject(want);
  });

  it.each([
    ["alexgshaw/fix-git:20251031", "needs"],
    ["node:20", "registry"],
    ["python:3.12-alpine", "not a Debian-based Python image"],
    ["debian:sid", "not a suite"],
    ["ubuntu:18.04", "not a release"],
  ])("%s cannot be built locally", (image, why) => {
    const b = baseImageOf(image);
    expect("reason" in b && b.reason).toContain(why === "needs" ? "registry" : why);
  });
});

describe("localPlan", () => {
  it("turns apt-get installs into packages and keeps the rest of each RUN as a step, in order", () => {
    const plan = localPlan(
      parseDockerfile(`FROM python:3.13-slim-bookworm
ARG TOOL=git
WORKDIR /app
ENV MODE=test LEVEL="two words"
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \\
      $TOOL texlive-latex-base=2023.20240207-1 && rm -rf /var/lib/apt/lists/*
COPY setup.sh ./
COPY resources /app/resources
RUN bash /app/setup.sh && apt-get clean
RUN pip install numpy==2.3.0
USER nobody
WORKDIR personal-site
CMD ["bash"]
`),
    );
    expect(plan.blockers).toEqual([]);
    expect(plan.base).toMatchObject({ distro: "debian", suite: "bookworm" });
    // $TOOL is the ARG's value, as the shell of a RUN would see it.
    expect(plan.packages).toEqual(["git", "python-is-python3", "python3", "python3-pip", "python3-venv", "texlive-latex-base"]);
    expect(plan.steps).toEqual([
      { kind: "workdir", line: 3, path: "/app" },
      { kind: "env", line: 4, name: "MODE", value: "test" },
      { kind: "env", line: 4, name: "LEVEL", value: "two words" },
      { kind: "copy", line: 7, sources: ["setup.sh"], dest: "/app/./", chmod: null },
      { kind: "copy", line: 8, sources: ["resources"], dest: "/app/resources", chmod: null },
      { kind: "run", line: 9, command: "bash /app/setup.sh && :", network: false },
      { kind: "run", line: 10, command: "pip install numpy==2.3.0", network: true },
      { kind: "workdir", line: 12, path: "/app/personal-site" },
    ]);
    expect(plan.env).toEqual({ MODE: "test", LEVEL: "two words" });
    expect(plan.args).toEqual({ TOOL: "git" });
    expect(plan.workdir).toBe("/app/personal-site");
    expect(plan.notes).toEqual([
      "FROM python:3.13-slim-bookworm: Debian bookworm's python3 (3.11), not Python 3.13",
      "line 5: texlive-latex-base=2023.20240207-1: the version pin is dropped (the suite's version is installed)",
      "line 11: USER nobody is ignored (the runner runs commands as root)",
      "line 13: CMD is ignored (the environment runs no service of its own; commands are run in it)",
    ]);
  });

  it("names what a Debian root cannot reproduce", () => {
    const plan = localPlan(
      parseDockerfile(`FROM alexgshaw/fix-git:20251031 AS build
COPY --from=build /x /y
COPY ../secret /etc/
ADD data.tar.gz /data/
ADD https://example.com/f.bin /opt/
FROM debian:12
`),
    );
    expect(plan.blockers).toEqual([
      { line: 1, reason: "FROM alexgshaw/fix-git:20251031: an image from a registry, which the local backend cannot pull (the docker backend can)" },
      { line: 2, reason: "COPY --from: files from another image or stage" },
      { line: 3, reason: "COPY ../secret: outside the build context" },
      { line: 4, reason: "ADD data.tar.gz: an archive Docker would unpack" },
      { line: 6, reason: "a multi-stage build (a second FROM): the local backend builds one stage" },
    ]);
    expect(plan.steps).toEqual([{ kind: "run", line: 5, command: "curl -fsSL https://example.com/f.bin -o /opt/f.bin", network: true }]);
    expect(localPlan(parseDockerfile("RUN true\n")).blockers).toEqual([{ line: 1, reason: "no FROM: the Dockerfile names no base image" }]);
  });

  it("leaves no step for a RUN that only installs packages", () => {
    const plan = localPlan(parseDockerfile("FROM ubuntu:24.04\nRUN apt-get update\nRUN apt-get install git build-essential -y\nRUN apt update && apt install -y curl && apt-get clean && rm -rf /var/lib/apt/lists/*\n"));
    expect(plan).toMatchObject({ base: { distro: "ubuntu", suite: "noble" }, packages: ["build-essential", "curl", "git"], steps: [], blockers: [] });
  });
});

const sharedText = async (path: string) => new TextDecoder().decode(await (await fetch(`${inject("sharedUrl")}/${path}`)).arrayBuffer());

describe.skipIf(!inject("sharedPresent"))("the shared Terminal-Bench 2.0 Dockerfiles", () => {
  it("each reads, and the plan says what the local backend would do with it", async () => {
    const listing = await sharedText("datasets/terminal_bench_2/SOURCE.md");
    const files = [...new Set([...listing.matchAll(/`(datasets\/terminal_bench_2\/tasks\/[^`/]+\/environment\/Dockerfile)`/g)].map((m) => m[1]!))];
    expect(files).toHaveLength(17);
    const bases = new Map<string, number>();
    for (const f of files) {
      const plan = localPlan(parseDockerfile(await sharedText(f)));
      expect(plan.blockers, f).toEqual([]);
      const key = `${plan.base!.distro}:${plan.base!.suite}`;
      bases.set(key, (bases.get(key) ?? 0) + 1);
      // Every package name is a plain Debian name: no flags, pins or shell words left in it.
      for (const p of plan.packages) expect(p, f).toMatch(/^[a-z0-9][a-z0-9+.-]+$/);
    }
    // python:3.13-slim-bookworm (9 tasks) and ubuntu:24.04 (8), as SOURCE.md says.
    expect(Object.fromEntries(bases)).toEqual({ "debian:bookworm": 9, "ubuntu:noble": 8 });
  });
});
