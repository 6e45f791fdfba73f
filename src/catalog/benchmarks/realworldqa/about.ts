/** RealWorldQA's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, VLMEVAL_STREAMED } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Spatial and physical understanding of real photographs, many taken from vehicles, with short verifiable answers (xAI's RealWorldQA, as VLMEvalKit publishes it).",
  status_detail:
    "Runs inline against any vision-capable target; a judge is optional (asked only for replies whose option cannot be read). " +
    `Its data is VLMEvalKit's RealWorldQA.tsv (765 questions), checked against the md5 VLMEvalKit states. ${VLMEVAL_STREAMED}`,
  text: {
    what_it_measures: "Real-world spatial reasoning from photographs: distances, directions, relative positions, counts and the state of objects, the way a driver or a robot must see them.",
    how_it_works:
      "Each question is sent with its photograph in VLMEvalKit's multiple-choice prompt ('Question: …', 'Options:' with 'A. …' lines, 'Please select the correct answer from the options above.'). " +
      "The option is read as VLMEvalKit's can_infer reads it (a lone option letter among the reply's last words, 'answer is X', or the one option text a short reply contains); " +
      "when none is read and the run has a judge, the judge is asked which option the reply chose. Right when it is the gold letter.",
    strengths: ["Real, unstaged photographs, many from vehicles.", "Multiple choice, so scoring is deterministic without a judge."],
    limitations: ["765 questions: intervals are wide.", "Some questions have two or three options, so chance is high on those."],
    when_to_use: "Pick it for robotics, driving-assistance and camera products where a model must reason about the physical scene.",
    use_cases: ["Driver assistance", "Home and warehouse robots", "Camera-based assistants"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [
    { title: "Grok-1.5 Vision Preview (xAI, 2024), which introduced RealWorldQA", url: "https://x.ai/blog/grok-1.5v" },
    { title: "VLMEvalKit (the table and its scoring)", url: "https://github.com/open-compass/VLMEvalKit" },
  ],
};
