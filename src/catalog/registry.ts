/**
 * The registry of built-in benchmarks: one line per folder of
 * src/catalog/benchmarks, in catalog order (seed 003's nine groups, each
 * variant after the entry it belongs to). Adding a benchmark is its folder
 * and one line here (docs/catalog.md); the catalog rows follow on the next
 * sync. The Worker bundles what this imports (definitions, sources,
 * normalisers), never a folder's about.ts. Pure data.
 */
import type { BenchmarkDefinition } from "./types";
import { definition as gsm8k } from "./benchmarks/gsm8k/definition";
import { definition as arcAgi } from "./benchmarks/arc_agi/definition";
import { definition as arcAgi2 } from "./benchmarks/arc_agi_2/definition";
import { definition as arcChallenge } from "./benchmarks/arc_challenge/definition";
import { definition as gpqa } from "./benchmarks/gpqa/definition";
import { definition as hellaswag } from "./benchmarks/hellaswag/definition";
import { definition as mmlu } from "./benchmarks/mmlu/definition";
import { definition as mmluPro } from "./benchmarks/mmlu_pro/definition";
import { definition as mmluRedux } from "./benchmarks/mmlu_redux/definition";
import { definition as mmluReduxCorrected } from "./benchmarks/mmlu_redux_corrected/definition";
import { definition as supergpqa } from "./benchmarks/supergpqa/definition";
import { definition as humaneval } from "./benchmarks/humaneval/definition";
import { definition as humanevalPlus } from "./benchmarks/humaneval_plus/definition";
import { definition as mbpp } from "./benchmarks/mbpp/definition";
import { definition as mbppPlus } from "./benchmarks/mbpp_plus/definition";
import { definition as livecodebenchV6 } from "./benchmarks/livecodebench_v6/definition";
import { definition as birdSql } from "./benchmarks/bird_sql/definition";
import { definition as truthfulqa } from "./benchmarks/truthfulqa/definition";
import { definition as truthfulqaMc1 } from "./benchmarks/truthfulqa_mc1/definition";
import { definition as toxigen } from "./benchmarks/toxigen/definition";
import { definition as redTeam } from "./benchmarks/red_team/definition";
import { definition as guardrails } from "./benchmarks/guardrails/definition";
import { definition as guardrailsJudge } from "./benchmarks/guardrails_judge/definition";
import { definition as mtBench } from "./benchmarks/mt_bench/definition";
import { definition as ifeval } from "./benchmarks/ifeval/definition";
import { definition as ifbench } from "./benchmarks/ifbench/definition";
import { definition as sweBenchVerified } from "./benchmarks/swe_bench_verified/definition";
import { definition as sweBenchMultilingual } from "./benchmarks/swe_bench_multilingual/definition";
import { definition as sweBenchPro } from "./benchmarks/swe_bench_pro/definition";
import { definition as terminalBench2 } from "./benchmarks/terminal_bench_2/definition";
import { definition as tauBench } from "./benchmarks/tau_bench/definition";
import { definition as bfclV4 } from "./benchmarks/bfcl_v4/definition";
import { definition as mcpAtlas } from "./benchmarks/mcp_atlas/definition";
import { definition as mcpmark } from "./benchmarks/mcpmark/definition";
import { definition as toolDecathlon } from "./benchmarks/tool_decathlon/definition";
import { definition as deepPlanning } from "./benchmarks/deep_planning/definition";
import { definition as widesearch } from "./benchmarks/widesearch/definition";
import { definition as vitaBench } from "./benchmarks/vita_bench/definition";
import { definition as mmmu } from "./benchmarks/mmmu/definition";
import { definition as mmmuPro } from "./benchmarks/mmmu_pro/definition";
import { definition as mathvista } from "./benchmarks/mathvista/definition";
import { definition as mathVision } from "./benchmarks/math_vision/definition";
import { definition as chartqa } from "./benchmarks/chartqa/definition";
import { definition as docvqa } from "./benchmarks/docvqa/definition";
import { definition as ocrbench } from "./benchmarks/ocrbench/definition";
import { definition as hallusionbench } from "./benchmarks/hallusionbench/definition";
import { definition as realworldqa } from "./benchmarks/realworldqa/definition";

export const REGISTRY: readonly BenchmarkDefinition[] = [
  gsm8k,
  arcAgi,
  arcAgi2,
  arcChallenge,
  gpqa,
  hellaswag,
  mmlu,
  mmluPro,
  mmluRedux,
  mmluReduxCorrected,
  supergpqa,
  humaneval,
  humanevalPlus,
  mbpp,
  mbppPlus,
  livecodebenchV6,
  birdSql,
  truthfulqa,
  truthfulqaMc1,
  toxigen,
  redTeam,
  guardrails,
  guardrailsJudge,
  mtBench,
  ifeval,
  ifbench,
  sweBenchVerified,
  sweBenchMultilingual,
  sweBenchPro,
  terminalBench2,
  tauBench,
  bfclV4,
  mcpAtlas,
  mcpmark,
  toolDecathlon,
  deepPlanning,
  widesearch,
  vitaBench,
  mmmu,
  mmmuPro,
  mathvista,
  mathVision,
  chartqa,
  docvqa,
  ocrbench,
  hallusionbench,
  realworldqa,
];
