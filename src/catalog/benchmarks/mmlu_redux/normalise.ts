/**
 * MMLU-Redux's rows: every question of the 57 CSVs with its subject, its
 * lettered options and the annotators' label as the split (`ok`, `wrong
 * groundtruth`, `bad question clarity`, `bad options clarity`, `no correct
 * answer`, `multiple correct answers`, `expert`), so the benchmark's
 * default split scores only the questions labelled correct, as
 * lm-evaluation-harness's mmlu_redux tasks do (their dataset,
 * mmlu-redux-2.0-ok, holds only those), and a run may select another label
 * to look at. The corrected variant's normaliser keeps those plus the
 * wrong-groundtruth questions whose correct answer the annotators gave (a
 * letter or a 0-based index), keyed by that answer. Pure.
 */
import type { JsonObject } from "../../../datasets/canonical-json";
import { choiceColumns } from "../../choices";
import { fileAt } from "../../read";
import type { LoadedFile, Normaliser } from "../../types";
import { subjectLabel } from "../mmlu/normalise";
import { MMLU_REDUX_SUBJECTS, reduxPath } from "./source";
import { decodeReduxText, errorLabel, pythonStringList, reduxRecords } from "./text";

const LETTERS = "ABCD";

/** One annotated question, before it becomes a row. */
interface Annotated {
  row: JsonObject;
  label: string;
  /** The annotators' correct answer as an option index, when they gave exactly one. */
  corrected: number | null;
}

/** The annotators' correct_answer as an option index: a letter A–D or an index 0–3; null when empty or anything else ("1, 3", prose). */
export function correctedIndex(raw: string | undefined): number | null {
  const v = (raw ?? "").trim();
  if (/^[A-D]$/.test(v)) return LETTERS.indexOf(v);
  if (/^[0-3]$/.test(v)) return Number(v);
  return null;
}

async function annotated(files: LoadedFile[]): Promise<Annotated[]> {
  const out: Annotated[] = [];
  for (const subject of MMLU_REDUX_SUBJECTS) {
    const path = reduxPath(subject);
    const { text } = decodeReduxText(fileAt(files, path).bytes);
    reduxRecords(text, path).forEach((r, i) => {
      const where = `${path} row ${i + 2}`;
      let options: string[];
      try {
        options = pythonStringList(r.choices ?? "");
      } catch (err) {
        throw new Error(`${where}: choices ${(err as Error).message}`);
      }
      if (options.length !== 4) throw new Error(`${where}: ${options.length} choices, not 4`);
      const answer = Number(r.answer);
      if (!/^[0-3]$/.test((r.answer ?? "").trim())) throw new Error(`${where}: answer '${r.answer}' is not 0-3`);
      const label = errorLabel(r.error_type ?? "");
      if (label === "") throw new Error(`${where}: no error_type`);
      out.push({
        label,
        corrected: correctedIndex(r.correct_answer),
        row: {
          id: `${subject}/${i + 1}`,
          subject,
          subject_label: subjectLabel(subject),
          ...choiceColumns({ question: (r.question ?? "").trim(), options, answer }),
          error_type: label,
          source: r.source ?? "",
        },
      });
    });
  }
  return out;
}

/** Every question, its label as the split; the key is MMLU's own answer. */
export const mmluReduxRows: Normaliser = async (files) => (await annotated(files)).map(({ row, label }) => ({ ...row, split: label }));

/** The questions labelled correct, and the wrong-groundtruth ones with a given correction keyed by it. */
export const mmluReduxCorrectedRows: Normaliser = async (files) =>
  (await annotated(files)).flatMap(({ row, label, corrected }) => {
    if (label === "ok") return [{ ...row, split: "ok" }];
    if (label !== "wrong groundtruth" || corrected === null) return [];
    const options = row.options as string[];
    return [{ ...row, ...choiceColumns({ question: row.question as string, options, answer: corrected }), split: "corrected" }];
  });
