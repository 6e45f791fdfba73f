/**
 * GPQA's files for the test mirror. Without ../shared: a made-up diamond
 * CSV in the authors' column layout (the columns the loader reads, plus
 * the explanation and canary it leaves), zipped with ZipCrypto under the
 * published password, as dataset.zip is. With ../shared (which holds the
 * CSV, not the archive): that CSV zipped the same way, so the loader opens
 * a real-format archive whose member is the real file. Test data only.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { MiniFile } from "../../../../test/mini-datasets";
import { writeZip } from "../../../../test/zip-writer";
import { GPQA_ARCHIVE_PASSWORD, GPQA_DATA } from "./source";

const FILE = GPQA_DATA.files[0]!;
const MEMBER = FILE.member!.name;

/** Questions in the generated CSV. */
export const MINI_GPQA_QUESTIONS = 9;

const cell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

function miniCsv(): string {
  const header = ["Pre-Revision Question", "Question", "Correct Answer", "Incorrect Answer 1", "Incorrect Answer 2", "Incorrect Answer 3", "Explanation", "Record ID", "High-level domain", "Subdomain", "Canary String"];
  const domains = ["Physics", "Chemistry", "Biology"];
  const lines = [header.join(",")];
  for (let i = 0; i < MINI_GPQA_QUESTIONS; i++) {
    const d = domains[i % 3]!;
    lines.push(
      [`draft ${i}`, `Made-up ${d.toLowerCase()} question ${i + 1},\nover two lines?`, `right ${i + 1}`, `wrong ${i + 1}a`, `wrong ${i + 1}b`, `wrong ${i + 1}c`, `made-up explanation ${i + 1}`, `recMINI${String(i).padStart(4, "0")}`, d, `${d} (made up)`, "made-up canary"]
        .map(cell)
        .join(","),
    );
  }
  return lines.join("\n") + "\n";
}

async function archive(csv: Uint8Array): Promise<MiniFile> {
  const bytes = await writeZip([{ name: MEMBER, data: csv, deflate: true, password: GPQA_ARCHIVE_PASSWORD }]);
  return { path: FILE.path, text: "", gzip: false, bytes, member: { name: MEMBER, bytes: csv } };
}

export async function miniFiles(): Promise<MiniFile[]> {
  return [await archive(new TextEncoder().encode(miniCsv()))];
}

export async function sharedFiles(datasetsDir: string): Promise<MiniFile[]> {
  return [await archive(new Uint8Array(readFileSync(join(datasetsDir, "gpqa", "gpqa_diamond.csv"))))];
}
