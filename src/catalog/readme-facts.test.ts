// The README's "What runs today" is the catalog's, not a number typed once:
// its total, its count of runnable built-ins and of those that run on an
// environment runner, and its table (per category, the names that run, those
// on a runner and how many do not) are checked against the catalog
// definitions, so a benchmark that becomes runnable fails this test until
// the README says so. And the README stays a five-minute read.
import { describe, expect, it } from "vitest";
import readme from "../../README.md?raw";
import { BUILTIN_BENCHMARKS, CATEGORIES } from "./index";

describe("the README's catalog facts", () => {
  it("states the catalog's total and how many run today", () => {
    const runnable = BUILTIN_BENCHMARKS.filter((b) => b.status === "runnable").length;
    const onRunner = BUILTIN_BENCHMARKS.filter((b) => b.status === "needs_runner").length;
    const categories = new Set(BUILTIN_BENCHMARKS.map((b) => b.category)).size;
    expect(readme.replace(/\s+/g, " ")).toContain(
      `${BUILTIN_BENCHMARKS.length} built-in benchmarks in ${categories} categories; ${runnable} of them run today, and ${onRunner} more on an environment runner.`,
    );
  });

  it("lists, per category, the benchmarks that run and how many do not", () => {
    const table = new Map(
      [...readme.matchAll(/^\| ([A-Z][a-z]+) \| (.*) \| (.*) \| (\d+) \|$/gm)].map((m) => [
        m[1]!,
        { runs: m[2]!.split(", ").filter(Boolean).sort(), runner: m[3]!.split(", ").filter(Boolean).sort(), not: Number(m[4]) },
      ]),
    );
    const expected = new Map(
      Object.entries(CATEGORIES).map(([c, label]) => {
        const of = BUILTIN_BENCHMARKS.filter((b) => b.category === c);
        const names = (status: string) => of.filter((b) => b.status === status).map((b) => b.name).sort();
        return [label, { runs: names("runnable"), runner: names("needs_runner"), not: of.filter((b) => b.status !== "runnable" && b.status !== "needs_runner").length }];
      }),
    );
    expect(Object.fromEntries(table)).toEqual(Object.fromEntries(expected));
  });

  it("stays under 250 lines", () => {
    expect(readme.split("\n").length).toBeLessThan(250);
  });
});
