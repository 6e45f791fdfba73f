/** MathVista's table for the test mirror (no copy is in ../shared): VLMEvalKit's MathVista_MINI layout, made-up problems of each answer type. Test data only. */
import type { MiniFile } from "../../../../test/mini-datasets";
import { b64, fakePng, pyList, tsvFile } from "../../../../test/mini-vision";
import { MATHVISTA_DATA } from "./source";

export function miniFiles(): MiniFile[] {
  const header = ["index", "image", "question", "answer", "question_type", "answer_type", "choices", "answer_option", "task", "skills"];
  return [
    tsvFile(MATHVISTA_DATA.files[0]!.path, header, [
      {
        index: "1", image: b64(fakePng("shape")), question: "Hint: Please answer the question and provide the correct option letter, e.g., A, B, C, D, at the end.\nQuestion: What made-up fraction of the shape is blue?\nChoices:\n(A) 3/11\n(B) 8/11\n(C) 6/11\n(D) 3/5",
        answer: "8/11", question_type: "multi_choice", answer_type: "text", choices: pyList(["3/11", "8/11", "6/11", "3/5"]), answer_option: "B", task: "figure question answering", skills: "['arithmetic reasoning']",
      },
      {
        index: "2", image: b64(fakePng("sequence")), question: "Hint: Please answer the question requiring an integer answer and provide the final value, e.g., 1, 2, 3, at the end.\nQuestion: Which made-up number is missing?",
        answer: "14", question_type: "free_form", answer_type: "integer", task: "math word problem", skills: "['logical reasoning']",
      },
      {
        index: "3", image: b64(fakePng("price tags")), question: "Hint: Please answer the question requiring a floating-point number with one decimal place and provide the final value, e.g., 1.2, 1.3, 1.4, at the end.\nQuestion: How much do two made-up candies cost?",
        answer: "1.5", question_type: "free_form", answer_type: "float", task: "math word problem", skills: "['arithmetic reasoning']",
      },
    ]),
  ];
}

export const sharedFiles = async (): Promise<MiniFile[]> => miniFiles();
