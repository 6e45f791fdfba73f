import { describe, expect, it } from "vitest";
import { parseTemplate } from "../domain/template";
import { needsJudge, needsSandbox } from "../scorers/registry";
import { ScoringSpec } from "../scorers/spec";
import { catalogEntries, catalogEntry } from "../../test/catalog-entries";
import { BUILTIN_BENCHMARKS, builtinById, CATALOG_ENTRIES, CATEGORIES, folderOf, pinnedSourceOf } from "./index";
import { NEED_LABELS } from "./needs";
import { builtinOptions, builtinRow, catalogDetail, catalogSource, datasetRefOf } from "./rows";

/** Seed 003's catalog, group by group. */
const SEED_003: Record<string, string[]> = {
  reasoning: ["GSM8K", "ARC-AGI", "GPQA"],
  language: ["HellaSwag"],
  knowledge: ["MMLU", "MMLU-Pro", "MMLU-Redux", "SuperGPQA"],
  coding: ["HumanEval", "HumanEval+", "MBPP", "LiveCodeBench v6", "Text-to-SQL (BIRD)"],
  safety: ["TruthfulQA", "ToxiGen", "Red Team", "Guardrails"],
  chat: ["MT-Bench"],
  instruction: ["IFEval", "IFBench"],
  agent: [
    "SWE-bench Verified", "SWE-bench Multilingual", "SWE-bench Pro", "Terminal-Bench 2.0", "TAU-Bench", "BFCL v4",
    "MCP-Atlas", "MCPMark", "Tool Decathlon", "DeepPlanning", "WideSearch", "VITA-Bench",
  ],
  vision: ["MMMU", "MMMU-Pro", "MathVista", "ChartQA", "DocVQA", "OCRBench", "HallusionBench", "RealWorldQA"],
};

const namesIn = (list: readonly { name: string; category: string }[], category: string) => list.filter((b) => b.category === category).map((b) => b.name);

describe("the catalog", () => {
  it("has exactly the 40 entries of seed 003 in its nine groups", () => {
    expect(CATALOG_ENTRIES).toHaveLength(40);
    expect(Object.keys(CATEGORIES)).toEqual(Object.keys(SEED_003));
    for (const [category, names] of Object.entries(SEED_003)) expect(namesIn(CATALOG_ENTRIES, category)).toEqual(names);
  });

  it("adds variants only under an entry of their own group", () => {
    const variants = BUILTIN_BENCHMARKS.filter((b) => b.variant_of !== null);
    expect(variants.map((v) => v.id)).toEqual(expect.arrayContaining(["bm_arc_agi_2", "bm_arc_challenge", "bm_mbpp_plus", "bm_truthfulqa_mc1", "bm_math_vision"]));
    for (const v of variants) {
      const entry = builtinById(v.variant_of!)!;
      expect(entry.variant_of, v.id).toBeNull();
      expect(entry.category, v.id).toBe(v.category);
    }
    expect(BUILTIN_BENCHMARKS).toHaveLength(CATALOG_ENTRIES.length + variants.length);
  });

  it("gives every benchmark a stable, readable, unique id", () => {
    const ids = BUILTIN_BENCHMARKS.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^bm_[a-z0-9]+(_[a-z0-9]+)*$/);
    expect(builtinById("bm_gsm8k")?.name).toBe("GSM8K");
    expect(builtinById("bm_mmlu")?.name).toBe("MMLU");
    expect(builtinById("bm_nope")).toBeUndefined();
  });

  it("runs at least the 18 that ran before the catalog moved into folders", () => {
    const by = (status: string) => BUILTIN_BENCHMARKS.filter((b) => b.status === status).map((b) => b.id);
    expect(by("runnable")).toEqual(expect.arrayContaining(["bm_gsm8k", "bm_arc_challenge", "bm_mmlu", "bm_truthfulqa", "bm_truthfulqa_mc1", "bm_humaneval", "bm_mbpp", "bm_mbpp_plus", "bm_ifeval", "bm_ifbench", "bm_mmlu_pro", "bm_hellaswag", "bm_arc_agi", "bm_arc_agi_2", "bm_toxigen", "bm_mt_bench", "bm_math_vision", "bm_bfcl_v4"]));
  });

  it("joins every definition with its folder's about, in registry order", () => {
    expect(catalogEntries().map((e) => e.id)).toEqual(BUILTIN_BENCHMARKS.map((b) => b.id));
    for (const b of BUILTIN_BENCHMARKS) expect(folderOf(b.id)).toBe(b.id.slice(3));
  });
});

describe.each(BUILTIN_BENCHMARKS.map((b) => [b.id, catalogEntry(b.id)] as const))("%s", (_id, b) => {
  it("has its detail page in full", () => {
    for (const field of ["what_it_measures", "how_it_works", "when_to_use"] as const) expect(b.text[field].length).toBeGreaterThan(40);
    for (const field of ["strengths", "limitations", "use_cases"] as const) {
      expect(b.text[field].length).toBeGreaterThanOrEqual(2);
      for (const line of b.text[field]) expect(line.trim().length).toBeGreaterThan(5);
    }
    expect(b.description.length).toBeGreaterThan(20);
    expect(b.status_detail.length).toBeGreaterThan(20);
    expect(b.references.length).toBeGreaterThanOrEqual(1);
    for (const r of b.references) expect(r.url).toMatch(/^https:\/\//);
  });

  it("states its execution, data source, prompt and scorer consistently with its status", () => {
    if (b.prompt_template !== null) expect(parseTemplate(b.prompt_template)).toMatchObject({ ok: true });
    if (b.status === "runnable") {
      expect(b.kind).toBe("inline");
      expect(b.data.kind).toBe("pinned");
      const spec = ScoringSpec.parse(b.scoring);
      expect(b.requirements.some((r) => /judge/i.test(r))).toBe(needsJudge(spec));
      expect(b.requirements.some((r) => /sandbox/i.test(r))).toBe(needsSandbox(spec));
      expect(b.prompt_template).not.toBeNull();
      // Only a judge (Red Team's rubric) or the sandbox running hidden tests (LiveCodeBench) grades without a reference answer.
      if (b.answer_column === null) expect(needsJudge(spec) || needsSandbox(spec)).toBe(true);
      expect(b.sample_size).toBeGreaterThan(0);
    } else if (b.status === "needs_runner") {
      expect(b.kind).toBe("runner");
      expect(b.data.kind).toBe("pinned");
      expect(b.requirements.some((r) => /runner/.test(r))).toBe(true);
    } else {
      expect(b.data.kind).toBe("external");
      expect(b.status_detail).toMatch(/not bundled/);
      expect(b.sample_size).toBeNull();
    }
    if (b.kind === "runner") expect(b.scoring).toMatchObject({ type: "verifier" });
    if (b.few_shot.default > 0) expect(b.few_shot.supported).toBe(true);
  });

  it("pins every file it loads to a commit with its sha256 (or the md5 its publisher states), or all of them as a set", () => {
    if (b.data.kind !== "pinned") return;
    expect(b.data.commit).toMatch(/^[0-9a-f]{40}$/);
    const asSet = b.data.listing_sha256 !== undefined;
    if (asSet) expect(b.data.listing_sha256).toMatch(/^[0-9a-f]{64}$/);
    for (const f of b.data.files) {
      // Either each file has its own digest or the set's listing pins them all, never neither or both.
      if (asSet) expect(f.sha256).toBeUndefined();
      else if (f.sha256 === undefined && f.md5 === undefined) {
        // No digest at all only where the publisher states none (BIRD's archive): its loader checks counts, headers and tables instead.
        const loader = builtinById(b.id)!.normalise;
        expect(typeof loader === "object" && loader.kind).toBe("sqlite_databases");
      } else if (f.sha256 === undefined) {
        // An md5 only where the publisher states no other (VLMEvalKit's tables), read by an embedded-image loader.
        expect(f.md5).toMatch(/^[0-9a-f]{32}$/);
        expect(typeof builtinById(b.id)!.normalise).toBe("object");
      } else expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
      // At a commit: GitHub's raw file or a Hugging Face resolve URL at one; a file pinned by md5 is pinned by its digest alone.
      if (f.sha256 !== undefined) expect(f.url).toMatch(/^https:\/\/(raw\.githubusercontent\.com\/[^/]+\/[^/]+|huggingface\.co\/datasets\/[^/]+\/[^/]+\/resolve)\/[0-9a-f]{40}\//);
      expect(f.path).toMatch(/^[a-z0-9_]+(\/[A-Za-z0-9_.-]+)+$/);
      // A size when the publisher states one (GPQA's archive is pinned by its digest alone).
      if (f.bytes !== undefined) expect(f.bytes).toBeGreaterThan(0);
      if (f.format === "zip") expect(f.member?.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("becomes a global benchmarks row whose catalog column is its detail page", () => {
    const row = builtinRow(b);
    expect(row).toMatchObject({ id: b.id, projectId: null, name: b.name, category: b.category, kind: b.kind, datasetRef: datasetRefOf(b), archivedAt: null });
    expect(row.catalog).toEqual(catalogDetail(b));
    expect(row.catalog).toMatchObject({ category_label: CATEGORIES[b.category], status: b.status, execution: b.kind, source: catalogSource(b.data) });
    expect(row.options).toEqual(builtinOptions(b));
  });
});

describe("what the Worker loads data with", () => {
  it("is each pinned definition's own data and normaliser, and nothing for the others", () => {
    for (const b of BUILTIN_BENCHMARKS) {
      const source = pinnedSourceOf(b.id);
      if (b.data.kind === "pinned") expect(source, b.id).toEqual({ data: b.data, normalise: b.normalise });
      else expect(source, b.id).toBeUndefined();
    }
    expect(pinnedSourceOf("bm_nope")).toBeUndefined();
  });
});

describe("the card's one line", () => {
  it("says what a run needs, derived from how the benchmark runs", () => {
    const needs = (id: string) => catalogDetail(catalogEntry(id)).needs;
    expect(needs("bm_gsm8k")).toEqual([]);
    expect(needs("bm_truthfulqa")).toEqual([NEED_LABELS.judge]);
    expect(needs("bm_humaneval")).toEqual([NEED_LABELS.sandbox]);
    expect(needs("bm_math_vision")).toEqual([NEED_LABELS.images]);
    expect(needs("bm_mcpmark")).toEqual([NEED_LABELS.runner, NEED_LABELS.credentials]);
    expect(needs("bm_swe_bench_verified")).toEqual([NEED_LABELS.environment]);
    // Its tasks run from their prebuilt images, which the local backend cannot pull.
    expect(needs("bm_terminal_bench_2")).toEqual([NEED_LABELS.environment, "container images"]);
  });

  it("gives every benchmark a one-line status", () => {
    for (const b of catalogEntries()) {
      const line = catalogDetail(b).status_summary as string;
      expect(line.length, b.id).toBeGreaterThan(5);
      expect(line, b.id).not.toContain("\n");
    }
    expect(catalogDetail(catalogEntry("bm_gsm8k")).status_summary).toBe("Runs here on 1,319 tasks");
  });
});

describe("per-benchmark details", () => {
  it("MMLU takes subjects as subsets and few-shot examples from its dev split", () => {
    const mmlu = catalogEntry("bm_mmlu");
    expect(mmlu.subsets).toEqual(["abstract_algebra", "anatomy", "college_computer_science", "high_school_mathematics", "high_school_us_history", "sociology"]);
    expect(mmlu.split).toBe("test");
    expect(builtinOptions(mmlu)).toEqual({ few_shot: 0, subsets: [], few_shot_split: "dev" });
    expect(mmlu.data.kind === "pinned" && mmlu.data.files.map((f) => f.path)).toHaveLength(12);
  });

  it("GSM8K scores numbers the harness's way and has no example split", () => {
    const gsm = catalogEntry("bm_gsm8k");
    expect(gsm.scoring).toEqual({ type: "numeric", mode: "flexible" });
    expect(builtinOptions(gsm)).toEqual({ few_shot: 0, subsets: [] });
  });

  it("MCPMark names the service credentials a run must supply", () => {
    expect(catalogEntry("bm_mcpmark").credentials.map((c) => c.service)).toEqual(["notion", "github", "postgres"]);
    for (const b of catalogEntries()) if (b.id !== "bm_mcpmark") expect(b.credentials).toEqual([]);
  });

  it("HumanEval and MBPP are scored by executing their code in the sandbox, as their harnesses assemble the program", () => {
    const he = catalogEntry("bm_humaneval");
    expect(ScoringSpec.parse(he.scoring)).toEqual(he.scoring);
    expect(he.scoring).toMatchObject({ type: "code_execution", harness: "humaneval", prompt_column: "prompt", test_column: "test", entry_point_column: "entry_point" });
    expect(he.text.how_it_works).toMatch(/check\(entry_point\)/);
    const mbpp = catalogEntry("bm_mbpp");
    expect(ScoringSpec.parse(mbpp.scoring)).toEqual(mbpp.scoring);
    expect(mbpp.scoring).toMatchObject({ type: "code_execution", harness: "mbpp", test_column: "test_list", setup_column: "test_setup_code" });
    expect([mbpp.split, mbpp.sample_size, mbpp.few_shot.default, mbpp.few_shot.split]).toEqual(["test", 500, 3, "prompt"]);
    const plus = catalogEntry("bm_mbpp_plus");
    expect(ScoringSpec.parse(plus.scoring)).toEqual(plus.scoring);
    expect(plus.scoring).toMatchObject({ type: "code_execution", harness: "evalplus", test_column: "inputs", entry_point_column: "entry_point", reference_column: "canonical_solution", oracle_column: "oracle" });
    expect([plus.split, plus.sample_size, plus.few_shot.default, plus.data.kind === "pinned" && plus.data.files[0]!.sha256]).toEqual([null, 399, 0, "08405a4e8764a4941cfe0945d25a956355a0454f364ea902c4020a44e7057973"]);
    for (const b of [he, mbpp, plus]) expect(b.requirements.join(" ")).toMatch(/ASSAY_SANDBOX_URL/);
  });
});
