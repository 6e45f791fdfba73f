/** SuperGPQA's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "26,529 graduate-level multiple-choice questions (4 to 10 options) across 285 disciplines, many outside the usual STEM core.",
  status_detail:
    "Runs against a model target on SuperGPQA-all.jsonl, loaded on first use from Hugging Face (m-a-p/SuperGPQA at commit 05eef0be) and checked against the sha256 and size " +
    "its Git LFS pointer states; the 24 MB file is read as a stream. Scored by SuperGPQA's own extraction rules (eval.py, zero-shot).",
  status_summary: "Runs here on 26,529 questions; scored as SuperGPQA's eval.py scores them",
  text: {
    what_it_measures:
      "Specialist knowledge and reasoning across a very wide range of graduate-level fields, including long-tail disciplines (agronomy, light industry, military science and the like) " +
      "that other suites barely touch.",
    how_it_works:
      "Questions were written and refined with domain experts and filtered with model feedback; most have ten options. " +
      "The model gets SuperGPQA's zero-shot prompt (the question, then options written \"A) ...\", and the instruction to end with 'Answer: $LETTER'). " +
      "The scorer follows eval.py: the letter is read from the reply's last line, then from the whole reply, by its three patterns " +
      "(\"The answer is X\", \"Answer: X\", a line that is only the letter, with \\boxed{} and similar wrappers), else an option's text the reply names is mapped to its letter. " +
      "Reward 1 when the letter equals the key; a reply with neither is a miss (0), reported as the `miss` dimension (eval.py's miss rate), " +
      "and each question's difficulty (easy, middle, hard) is a dimension too, for eval.py's accuracy per difficulty. " +
      "eval.py's quirks are kept: its case-insensitive search returns a lower-case letter as written, which never equals the key; a letter past the question's options is still read. " +
      "The subset is the discipline (13); field and subfield are in each row.",
    strengths: [
      "Breadth no other multiple-choice suite matches, which exposes gaps hidden by STEM-centred benchmarks.",
      "Hard: strong models stay well below the ceiling.",
      "Ten options for most questions limit the reward for guessing.",
    ],
    limitations: [
      "Large; a full run is 26,529 calls, so use a sample limit or a discipline for quick checks.",
      "Quality varies across long-tail fields with fewer expert reviewers.",
      "Multiple choice only, and the extraction rules reward replies that follow the requested format.",
    ],
    when_to_use: "Pick it when your users ask about specialised fields beyond the common STEM subjects, or to find a model's blind spots by discipline.",
    use_cases: ["Professional assistants for niche industries", "Enterprise knowledge copilots across many departments"],
  },
  credentials: [],
  requirements: [],
  references: [
    { title: "SuperGPQA: Scaling LLM Evaluation across 285 Graduate Disciplines (M-A-P team, 2025)", url: "https://arxiv.org/abs/2502.14739" },
    { title: "SuperGPQA/SuperGPQA (evaluation code)", url: "https://github.com/SuperGPQA/SuperGPQA" },
    { title: "m-a-p/SuperGPQA on Hugging Face", url: "https://huggingface.co/datasets/m-a-p/SuperGPQA" },
  ],
};
