/**
 * The built-in catalog through the API: written by the catalog sync for
 * every project, served by GET /api/benchmarks and /api/benchmarks/{id}
 * with its detail page, and closed to archive, restore and delete.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BUILTIN_BENCHMARKS, CATALOG_ENTRIES } from "../../src/catalog";
import { builtinRow, catalogDetail, datasetRefOf } from "../../src/catalog/rows";
import { seedBenchmark } from "../../test/benchmarks";
import { catalogEntries, catalogEntry } from "../../test/catalog-entries";
import { call, expectProblem, keyWith, newProject } from "../../test/http";

/** Every built-in a key sees, paging through the whole catalog. */
async function listBuiltins(key: string, query = "") {
  const seen: any[] = [];
  let cursor: string | null = null;
  do {
    const r: any = await call("GET", `/api/benchmarks?limit=10${query}${cursor ? `&cursor=${cursor}` : ""}`, { key });
    expect(r.status).toBe(200);
    seen.push(...r.body.items.filter((b: any) => b.builtin));
    cursor = r.body.next_cursor;
  } while (cursor);
  return seen;
}

/** The API view a built-in definition must produce. */
function expectedView(id: string) {
  const def = catalogEntry(id);
  return {
    id,
    name: def.name,
    description: def.description,
    category: def.category,
    kind: def.kind,
    status: def.status,
    status_detail: def.status_detail,
    status_summary: catalogDetail(def).status_summary,
    needs: catalogDetail(def).needs,
    builtin: true,
    dataset: datasetRefOf(def),
    split: def.split,
    prompt_column: null,
    prompt_template: def.prompt_template,
    answer_column: def.answer_column,
    scoring: def.scoring,
    few_shot: def.few_shot.default,
    subsets: [],
    sample_size: def.sample_size,
    subset_column: null,
    image_column: def.image_column ?? null,
    archived: false,
    archived_at: null,
    used: false,
    created_at: "2026-11-29T00:00:00.000Z",
    catalog: catalogDetail(def),
  };
}

describe("built-in catalog: happy path", () => {
  it("syncs D1 to exactly the definitions", async () => {
    const { results } = await env.DB.prepare("SELECT * FROM benchmarks WHERE project_id IS NULL AND id LIKE 'bm\\_%' ESCAPE '\\' AND created_at = ?1 ORDER BY id")
      .bind("2026-11-29T00:00:00.000Z")
      .all<Record<string, unknown>>();
    const want = catalogEntries().map(builtinRow).sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(
      results.map((r) => ({
        ...r,
        scoring: JSON.parse(r.scoring as string),
        options: JSON.parse(r.options as string),
        catalog: JSON.parse(r.catalog as string),
      })),
    ).toEqual(
      want.map((w) => ({
        id: w.id,
        project_id: null,
        name: w.name,
        description: w.description,
        category: w.category,
        kind: w.kind,
        dataset_ref: w.datasetRef,
        dataset_revision_id: null,
        split: w.split,
        prompt_column: null,
        prompt_template: w.promptTemplate,
        answer_column: w.answerColumn,
        scoring: w.scoring,
        options: w.options,
        catalog: w.catalog,
        sample_size: w.sampleSize,
        first_used_at: null,
        archived_at: null,
        created_at: w.createdAt,
      })),
    );
  });

  it("lists every built-in (the 40 catalog entries and their variants) to every project, in nine groups", async () => {
    const a = await newProject("a");
    const b = await newProject("b");
    const seenA = await listBuiltins(a.key);
    expect(seenA.map((x) => x.id).sort()).toEqual(BUILTIN_BENCHMARKS.map((x) => x.id).sort());
    expect(seenA.filter((x) => x.catalog.variant_of === null)).toHaveLength(CATALOG_ENTRIES.length);
    expect(new Set(seenA.map((x) => x.category))).toEqual(new Set(["reasoning", "language", "knowledge", "coding", "safety", "chat", "instruction", "agent", "vision"]));
    expect((await listBuiltins(b.key)).map((x) => x.id).sort()).toEqual(seenA.map((x) => x.id).sort());
  });

  it("filters the catalog by group and by execution kind", async () => {
    const { key } = await newProject();
    const count = (pred: (d: (typeof BUILTIN_BENCHMARKS)[number]) => boolean) => BUILTIN_BENCHMARKS.filter(pred).length;
    expect(await listBuiltins(key, "&category=agent")).toHaveLength(count((d) => d.category === "agent"));
    expect(await listBuiltins(key, "&category=safety")).toHaveLength(count((d) => d.category === "safety"));
    expect(await listBuiltins(key, "&kind=runner")).toHaveLength(count((d) => d.kind === "runner"));
    expect((await listBuiltins(key, "&kind=inline")).every((x) => x.kind === "inline")).toBe(true);
  });

  it.each(["bm_gsm8k", "bm_mmlu", "bm_truthfulqa_mc1", "bm_humaneval", "bm_mcpmark", "bm_mmmu"])("serves %s with its whole detail page", async (id) => {
    const { key } = await newProject();
    const r = await call("GET", `/api/benchmarks/${id}`, { key });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(expectedView(id));
  });

  it("tells a user what MCPMark needs and where each benchmark's data comes from", async () => {
    const { key } = await newProject();
    const mcp = (await call("GET", "/api/benchmarks/bm_mcpmark", { key })).body;
    expect(mcp.catalog.credentials.map((c: any) => c.service)).toEqual(["notion", "github", "postgres"]);
    const gsm = (await call("GET", "/api/benchmarks/bm_gsm8k", { key })).body;
    expect(gsm.catalog.source).toMatchObject({
      kind: "pinned",
      repository: "openai/grade-school-math",
      commit: "3101c7d5072418e28b9008a6636bde82a006892c",
      files: [{ path: "gsm8k/test.jsonl", sha256: "3730d312f6e3440559ace48831e51066acaca737f6eabec99bccb9e4b3c39d14" }],
    });
    const mmlu = (await call("GET", "/api/benchmarks/bm_mmlu", { key })).body;
    expect(mmlu.catalog).toMatchObject({ status: "runnable", few_shot: { supported: true, split: "dev" }, subsets: catalogEntry("bm_mmlu").subsets });
  });
});

describe("built-in catalog: a built-in's pinned source", () => {
  it("lists every file with its upstream URL, mirror path and digest, an archive's member and an image set", async () => {
    const { key } = await newProject();
    const gsm = await call("GET", "/api/benchmarks/bm_gsm8k/source", { key });
    expect(gsm.status).toBe(200);
    expect(gsm.body).toEqual({
      benchmark_id: "bm_gsm8k",
      dataset: "builtin.gsm8k@1",
      repository: "openai/grade-school-math",
      commit: "3101c7d5072418e28b9008a6636bde82a006892c",
      license: "MIT",
      files: [
        {
          path: "gsm8k/test.jsonl",
          url: "https://raw.githubusercontent.com/openai/grade-school-math/3101c7d5072418e28b9008a6636bde82a006892c/grade_school_math/data/test.jsonl",
          sha256: "3730d312f6e3440559ace48831e51066acaca737f6eabec99bccb9e4b3c39d14",
          md5: null,
          bytes: 749_738,
          format: "jsonl",
          member: null,
        },
      ],
      listing_sha256: null,
      images: null,
      git_tree: null,
      notes: expect.any(String),
    });
    // ARC: all 400 files (the catalog page shows 20), pinned as a set.
    const arc = (await call("GET", "/api/benchmarks/bm_arc_agi/source", { key })).body;
    expect([arc.files.length, arc.files[0].sha256, arc.listing_sha256]).toEqual([400, null, expect.stringMatching(/^[0-9a-f]{64}$/)]);
    const gpqa = (await call("GET", "/api/benchmarks/bm_gpqa/source", { key })).body;
    expect(gpqa.files[0]).toMatchObject({ path: "gpqa/dataset.zip", bytes: null, member: { name: "dataset/gpqa_diamond.csv", password: "deserted-untie-orchid", format: "csv" } });
    expect((await call("GET", "/api/benchmarks/bm_math_vision/source", { key })).body.images).toMatchObject({ column: "image", path_prefix: "mathvision/", count: 304 });
    // A VLMEvalKit table: pinned by the md5 its publisher states, no sha256 or size.
    const ocr = (await call("GET", "/api/benchmarks/bm_ocrbench/source", { key })).body;
    expect(ocr.files[0]).toMatchObject({ path: "vlmevalkit/OCRBench.tsv", sha256: null, md5: "e953d98a987cc6e26ef717b61260b778", bytes: null, format: "tsv" });
  });

  it("is a 404 naming why for a benchmark without one, a custom benchmark and an unknown id", async () => {
    const { key, project } = await newProject();
    const custom = await seedBenchmark(project.id);
    const cannotRun = BUILTIN_BENCHMARKS.find((b) => b.data.kind !== "pinned");
    for (const id of [custom, ...(cannotRun ? [cannotRun.id] : [])]) {
      expect(expectProblem(await call("GET", `/api/benchmarks/${id}/source`, { key }), 404, "not_found").detail).toBe(`${id} has no pinned source: only built-ins whose data Assay loads have one`);
    }
    expectProblem(await call("GET", "/api/benchmarks/bm_nope/source", { key }), 404, "not_found");
    expectProblem(await call("GET", "/api/benchmarks/bm_gsm8k/source"), 401, "unauthorized");
  });
});

describe("built-in catalog: built-ins are global and owned by nobody", () => {
  it.each([
    ["POST", "archive"],
    ["POST", "restore"],
    ["DELETE", ""],
  ])("%s %s is refused for every built-in, which stays listed", async (method, action) => {
    const { key } = await newProject();
    for (const id of ["bm_gsm8k", "bm_truthfulqa_mc1", "bm_swe_bench_verified"]) {
      const p = expectProblem(await call(method, `/api/benchmarks/${id}${action ? `/${action}` : ""}`, { key }), 403, "forbidden");
      expect(p.detail).toContain("built-in");
      expect((await call("GET", `/api/benchmarks/${id}`, { key })).body).toMatchObject({ archived: false, archived_at: null });
    }
    expect(await listBuiltins(key)).toHaveLength(BUILTIN_BENCHMARKS.length);
  });

  it("shows built-ins to read-only keys, and still refuses their changes", async () => {
    const { key } = await newProject();
    const read = await keyWith(key, ["read"]);
    expect((await call("GET", "/api/benchmarks/bm_mmlu", { key: read })).body).toEqual(expectedView("bm_mmlu"));
    expectProblem(await call("POST", "/api/benchmarks/bm_mmlu/archive", { key: read }), 403, "forbidden");
  });

  it("needs a key to read the catalog", async () => {
    expectProblem(await call("GET", "/api/benchmarks/bm_gsm8k"), 401, "unauthorized");
    expectProblem(await call("GET", "/api/benchmarks", { key: "ak_not_a_real_key" }), 401, "unauthorized");
  });
});
