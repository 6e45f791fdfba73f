/**
 * The MathVista loader: VLMEvalKit's MathVista_MINI rows (index, image,
 * question with its hint, answer, question_type multi_choice/free_form,
 * answer_type, choices as a Python list, answer_option, task, skills) as
 * rows with the task as the subset and the image as a revision file. A
 * multiple-choice row without answer_option gets the letter of its answer
 * among the choices; one whose answer is not a choice is refused.
 */
import { pythonStringList } from "../../python-literal";
import type { EmbeddedLoader } from "../../types";
import { field, imageCell, optional, vlmevalRows } from "../../vlmeval-tsv";

export const mathvistaLoader: EmbeddedLoader = {
  kind: "embedded",
  rows: (file, body) =>
    vlmevalRows(file.path, body, (r) => {
      const type = field(r, "question_type");
      if (type !== "multi_choice" && type !== "free_form") throw new Error(`${r.where}: question_type '${type}' is neither multi_choice nor free_form`);
      const answer = field(r, "answer");
      const rawChoices = optional(r, "choices");
      const choices = rawChoices && rawChoices !== "None" ? pythonStringList(rawChoices) : [];
      let option = optional(r, "answer_option");
      if (type === "multi_choice") {
        if (choices.length < 2) throw new Error(`${r.where}: a multiple-choice problem without choices`);
        const at = choices.indexOf(answer);
        option ??= at >= 0 ? String.fromCharCode(65 + at) : null;
        if (option === null || !/^[A-J]$/.test(option)) throw new Error(`${r.where}: no answer_option, and the answer is not one of the choices`);
      }
      return {
        id: field(r, "index"),
        question: field(r, "question"),
        answer,
        question_type: type,
        answer_type: optional(r, "answer_type") ?? "text",
        choices,
        answer_option: type === "multi_choice" ? option : null,
        subset: optional(r, "task"),
        skills: optional(r, "skills"),
        image: imageCell(r.images),
      };
    }),
};
