/**
 * Building blocks for the Vision benchmarks' generated test files (each
 * folder's mini.ts): made-up images (a PNG signature and a label, which is
 * all the loaders, R2 and the fixture look at), VLMEvalKit-style TSV tables
 * written as pandas writes them (a header, tabs, Python csv's minimal
 * quoting, base64 image cells), and MMMU-style Parquet shards with image
 * structs ({bytes, path}). Never real data: every question is made up.
 * Pure and deterministic (no I/O, clock or randomness).
 */
import { parquetWriteBuffer } from "hyparquet-writer";
import type { MiniFile } from "./mini-datasets";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Made-up bytes standing for an image: PNG's signature, then the label repeated. */
export function fakePng(label: string): Uint8Array {
  return new Uint8Array([...PNG_SIGNATURE, ...new TextEncoder().encode(`made-up image: ${label} `.repeat(4))]);
}

/** Base64 of bytes. */
export function b64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** A Python list literal of strings, as str(list) writes one (single quotes, escaped where needed). */
export function pyList(items: readonly string[]): string {
  return `[${items.map((i) => `'${i.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`).join(", ")}]`;
}

/** A TSV cell as Python's csv module writes it with QUOTE_MINIMAL: quoted when it holds a tab, quote or line break. */
const cell = (v: string) => (/[\t"\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** A TSV file of `rows` under the columns of `header` (absent values written empty, as pandas writes NaN). */
export function tsvFile(path: string, header: readonly string[], rows: readonly Record<string, string | undefined>[]): MiniFile {
  const lines = [header.join("\t"), ...rows.map((r) => header.map((h) => cell(r[h] ?? "")).join("\t"))];
  return { path, text: lines.join("\n") + "\n", gzip: false };
}

/** One question of an MMMU shard. */
export interface MiniMmmuQuestion {
  id: string;
  question: string;
  options: string[];
  answer: string;
  question_type: "multiple-choice" | "open";
  subfield: string;
  /** Labels of its images, image_1 first (at most 7). */
  images: string[];
}

const IMAGE_COLUMNS = ["image_1", "image_2", "image_3", "image_4", "image_5", "image_6", "image_7"];
const TEXT_COLUMNS = ["id", "question", "options", "explanation", "img_type", "answer", "topic_difficulty", "question_type", "subfield"];
const text = (name: string) => ({ name, type: "BYTE_ARRAY" as const, converted_type: "UTF8" as const, repetition_type: "OPTIONAL" as const });

/** An MMMU validation shard in the Hugging Face layout: text columns and image_1..image_7 structs of {bytes, path}. */
export function mmmuShard(path: string, questions: readonly MiniMmmuQuestion[]): MiniFile {
  const schema = [
    { name: "schema", num_children: TEXT_COLUMNS.length + IMAGE_COLUMNS.length },
    ...TEXT_COLUMNS.slice(0, 4).map(text),
    ...IMAGE_COLUMNS.flatMap((name) => [{ name, repetition_type: "OPTIONAL" as const, num_children: 2 }, { name: "bytes", type: "BYTE_ARRAY" as const, repetition_type: "OPTIONAL" as const }, text("path")]),
    ...TEXT_COLUMNS.slice(4).map(text),
  ];
  const values: Record<string, unknown[]> = {
    id: questions.map((q) => q.id),
    question: questions.map((q) => q.question),
    options: questions.map((q) => pyList(q.options)),
    explanation: questions.map(() => ""),
    img_type: questions.map(() => "['Diagrams']"),
    answer: questions.map((q) => q.answer),
    topic_difficulty: questions.map(() => "Medium"),
    question_type: questions.map((q) => q.question_type),
    subfield: questions.map((q) => q.subfield),
  };
  for (const [i, name] of IMAGE_COLUMNS.entries()) {
    values[name] = questions.map((q) => (q.images[i] === undefined ? null : { bytes: fakePng(q.images[i]!), path: `${q.id}_${i + 1}.png` }));
  }
  const order = [...TEXT_COLUMNS.slice(0, 4), ...IMAGE_COLUMNS, ...TEXT_COLUMNS.slice(4)];
  const bytes = new Uint8Array(parquetWriteBuffer({ schema, columnData: order.map((name) => ({ name, data: values[name]! })) } as never));
  return { path, text: "", gzip: false, bytes };
}
