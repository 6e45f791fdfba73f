/** Benchmark statements on D1 that the edges rely on: taken names for an import, a built-in's loaded revision. */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedBenchmark } from "../../test/benchmarks";
import { newProject } from "../../test/http";
import { setBuiltinRevision, takenBenchmarkNames } from "./benchmarks";
import { openDb } from "./client";
import { benchmarks } from "./schema";

const revisionOf = async (id: string) => (await openDb(env.DB).select().from(benchmarks).where(eq(benchmarks.id, id)).get())!.datasetRevisionId;

describe("benchmarks in D1", () => {
  it("names the project's taken names as stored, ignoring case, archived ones included, other projects' not", async () => {
    const db = openDb(env.DB);
    const { project } = await newProject("names");
    const { project: other } = await newProject("names-other");
    await seedBenchmark(project.id, { name: "GSM-Import" });
    await seedBenchmark(project.id, { name: "old-one", archivedAt: "2026-01-01T00:00:00.000Z" });
    await seedBenchmark(other.id, { name: "elsewhere" });
    expect((await takenBenchmarkNames(db, project.id, ["gsm-import", "OLD-ONE", "elsewhere", "free"])).sort()).toEqual(["GSM-Import", "old-one"]);
    expect(await takenBenchmarkNames(db, project.id, [])).toEqual([]);
  });

  it("records a loaded revision on a built-in's row only", async () => {
    const db = openDb(env.DB);
    const { project } = await newProject("builtin-rev");
    const builtin = await seedBenchmark(null);
    const custom = await seedBenchmark(project.id);
    await setBuiltinRevision(db, builtin, "dsr_loaded");
    await setBuiltinRevision(db, custom, "dsr_loaded");
    expect(await revisionOf(builtin)).toBe("dsr_loaded");
    expect(await revisionOf(custom)).toBeNull();
  });
});
