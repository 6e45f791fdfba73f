/**
 * MMMU's shards for the test mirror: one made-up validation shard in the
 * Hugging Face layout for each pinned subject (two questions each, some
 * with several images, an open one with a list of answers), and with
 * ../shared only for the subjects it lacks (it holds seven). Test data only.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { MiniFile } from "../../../../test/mini-datasets";
import { mmmuShard, type MiniMmmuQuestion } from "../../../../test/mini-vision";
import { MMMU_FILES } from "./source";

/** The generated shard of a subject's mirror path (mmmu/<Subject>/validation-…). */
function shard(path: string): MiniFile {
  const subject = path.split("/")[1]!;
  const label = subject.replaceAll("_", " ");
  const questions: MiniMmmuQuestion[] = [
    {
      id: `validation_${subject}_1`,
      question: `Which made-up ${label} figure shows the larger value? <image 1> <image 2>`,
      options: ["the left figure", "the right figure", "both are equal", "neither shows one"],
      answer: "B",
      question_type: "multiple-choice",
      subfield: label,
      images: [`${subject} 1 left`, `${subject} 1 right`],
    },
    {
      id: `validation_${subject}_2`,
      question: `What made-up ${label} quantity does the table in <image 1> give, to three decimals?`,
      options: [],
      answer: subject === "Math" ? "['24/7', '3.429']" : "3.429",
      question_type: "open",
      subfield: label,
      images: [`${subject} 2`],
    },
  ];
  return mmmuShard(path, questions);
}

export function miniFiles(): MiniFile[] {
  return MMMU_FILES.map((f) => shard(f.path));
}

/** With ../shared: shards only for the subjects it does not hold. */
export async function sharedFiles(datasetsDir: string): Promise<MiniFile[]> {
  return MMMU_FILES.filter((f) => !existsSync(join(datasetsDir, f.path))).map((f) => shard(f.path));
}
