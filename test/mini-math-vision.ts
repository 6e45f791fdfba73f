/**
 * A small MATH-Vision testmini for the generated test mirror, in the real
 * layout: mathvision/testmini.jsonl (id, question with <image1>, options,
 * answer, solution, level, subject, image) and one image file per problem
 * under mathvision/images/<id>.jpg. The "images" are a few made-up bytes
 * between JPEG's start and end markers: only their digests matter to the
 * loader, the R2 store and the fixture. Two problems share their question
 * text, so only the image tells them apart (as in the real set). Every
 * problem is made up. Pure and deterministic.
 */
import type { AnswerRow } from "../fixture/model-server.mjs";

interface MiniProblem {
  id: string;
  question: string;
  options: string[];
  answer: string;
  subject: string;
  level: number;
}

const PROBLEMS: MiniProblem[] = [
  { id: "101", question: "How many made-up triangles are drawn in the first picture?\n<image1>", options: [], answer: "7", subject: "counting", level: 1 },
  { id: "102", question: "Which made-up shape in the picture has the largest area?\n<image1>", options: ["the square", "the circle", "the triangle", "the hexagon", "the star"], answer: "B", subject: "metric geometry - area", level: 2 },
  { id: "103", question: "Which of the pictured made-up paths is the shortest?\n<image1>", options: ["A", "B", "C", "D", "E"], answer: "D", subject: "graph theory", level: 3 },
  { id: "104", question: "Which of the pictured made-up paths is the shortest?\n<image1>", options: ["A", "B", "C", "D", "E"], answer: "A", subject: "graph theory", level: 3 },
  { id: "105", question: "What fraction of the made-up grid is shaded?\n<image1>", options: [], answer: "\\frac{3}{8}", subject: "arithmetic", level: 2 },
  { id: "106", question: "Which made-up net folds into the cube shown?\n<image1>\n<image2>", options: ["<image2>", "<image3>", "<image4>", "<image5>", "<image6>"], answer: "E", subject: "solid geometry", level: 4 },
];

/** Problems in the generated testmini. */
export const MINI_MATH_VISION_SIZE = PROBLEMS.length;

/** Made-up bytes standing for problem `id`'s image: JPEG's SOI marker, the id's digits repeated, EOI. */
function fakeJpeg(id: string): Uint8Array {
  const body = new TextEncoder().encode(`made-up figure of problem ${id} `.repeat(3 + Number(id) % 4));
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...body, 0xff, 0xd9]);
}

const line = (p: MiniProblem) =>
  JSON.stringify({ id: p.id, question: p.question, options: p.options, answer: p.answer, solution: null, level: p.level, subject: p.subject, image: `images/${p.id}.jpg` });

/** The files under their mirror paths: the JSON Lines file and one image per problem. */
export function miniMathVisionFiles(): { path: string; text: string; gzip: boolean; bytes?: Uint8Array }[] {
  return [
    { path: "mathvision/testmini.jsonl", text: PROBLEMS.map(line).join("\n") + "\n", gzip: false },
    ...PROBLEMS.map((p) => ({ path: `mathvision/images/${p.id}.jpg`, text: "", gzip: false, bytes: fakeJpeg(p.id) })),
  ];
}

/** The generated images' paths relative to mathvision/ and bytes, for pins and the fixture's key. */
export function miniMathVisionImages(): { path: string; bytes: Uint8Array }[] {
  return PROBLEMS.map((p) => ({ path: `images/${p.id}.jpg`, bytes: fakeJpeg(p.id) }));
}

/** The fixture's key rows: each problem with the sha256 of its image (`sha256` is Node's, given by the Node-side setup). */
export function miniMathVisionKeyRows(sha256: (bytes: Uint8Array) => string): AnswerRow[] {
  return PROBLEMS.map((p) => ({ question: p.question, answer: p.answer, options: p.options, image_sha256: sha256(fakeJpeg(p.id)) }));
}

/** Image sets of the mirror, by the path prefix their pin names (src/catalog/types.ts PinnedImages). */
export function miniImageSets(): { prefix: string; images: { path: string; bytes: Uint8Array }[] }[] {
  return [{ prefix: "mathvision/", images: miniMathVisionImages() }];
}
