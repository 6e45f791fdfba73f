/**
 * What an import writes, decided before anything is written: the names of
 * its two dataset revisions, one benchmark per source score (Assay's scorer
 * with the same semantics, else source_verdict over the score's verdict
 * column), and the outputs target that runs them. Pure.
 */
import type { ScoringSpec } from "../scorers/spec";
import { IMPORT_FORMAT_SPECS } from "./formats";
import { outputRows, taskRows } from "./index";
import { verdictColumn, type ImportedEval, type ImportedScore } from "./types";

export interface PlannedBenchmark {
  name: string;
  description: string;
  scoring: ScoringSpec;
  /** Whether `scoring` recomputes the verdict (true) or reads the source's (false). */
  counterpart: boolean;
  score: ImportedScore;
  subsets?: string[];
  subset_column?: string;
}

export interface ImportPlan {
  tasksDataset: string;
  outputsDataset: string;
  taskRows: Record<string, unknown>[];
  outputRows: Record<string, unknown>[];
  benchmarks: PlannedBenchmark[];
  /** The outputs target's label: the source tool and file name, shown wherever the run is. */
  targetName: string;
  /** Attempts per task: the most outputs any task has (Inspect epochs), at least 1. */
  attempts: number;
}

export function planImport(ev: ImportedEval, name: string, fileNames: string[]): ImportPlan {
  const perTask = new Map<string, number>();
  for (const o of ev.outputs) perTask.set(o.key, (perTask.get(o.key) ?? 0) + 1);
  const tool = IMPORT_FORMAT_SPECS[ev.tool].toolName;
  const files = fileNames.join(", ");
  const benchmarks = ev.scores.map((s): PlannedBenchmark => {
    const label = `${ev.tool} ${s.name}`;
    const scoring: ScoringSpec = s.assay ?? { type: "source_verdict", column: verdictColumn(s.name), label };
    const stated = s.stated === null ? "states no aggregate" : `states ${s.stated} (${s.stated_from})`;
    return {
      name: ev.scores.length > 1 ? `${name} ${s.name}` : name,
      description: `Imported from ${tool} (${files}): ${ev.task}${ev.model ? `, ${ev.model}` : ""}. Source scorer ${s.source_scorer}; ${s.assay ? `Assay's ${s.assay.type}` : "no Assay counterpart, the source's verdict is kept"}: ${s.note}. The source ${stated}.`.slice(0, 2000),
      scoring,
      counterpart: s.assay !== null,
      score: s,
      ...(s.subset ? { subsets: [s.subset], subset_column: "task" } : ev.subset_column ? { subset_column: ev.subset_column } : {}),
    };
  });
  return {
    tasksDataset: name,
    outputsDataset: `${name}-outputs`,
    taskRows: taskRows(ev),
    outputRows: outputRows(ev),
    benchmarks,
    targetName: `${tool} ${files}`.slice(0, 200),
    attempts: Math.max(1, ...perTask.values()),
  };
}
