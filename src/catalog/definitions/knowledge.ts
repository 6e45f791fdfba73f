/** Built-ins of the Knowledge group: MMLU, MMLU-Pro, MMLU-Redux, SuperGPQA. Pure data. */
import { MMLU_DATA, MMLU_SUBJECTS } from "../sources";
import { MMLU_PRO_DATA } from "../sources-multiple-choice";
import type { BuiltinBenchmark, ExternalDataset } from "../types";
import { notBundled } from "./common";

const MMLU_REDUX_DATA: ExternalDataset = {
  kind: "external",
  location: "https://huggingface.co/datasets/edinburgh-dawg/mmlu-redux",
  revision: null,
  license: null,
  notes: "One configuration per MMLU subject; each question carries an error annotation.",
};

const SUPERGPQA_DATA: ExternalDataset = {
  kind: "external",
  location: "https://huggingface.co/datasets/m-a-p/SuperGPQA",
  revision: null,
  license: null,
  notes: "A single JSON Lines file with discipline, field and subfield labels per question.",
};

/** MMLU-Pro's 14 categories, as its rows name them. */
export const MMLU_PRO_CATEGORIES = [
  "biology", "business", "chemistry", "computer science", "economics", "engineering", "health",
  "history", "law", "math", "other", "philosophy", "physics", "psychology",
] as const;

const MC_TEMPLATE = "Answer the following question. Reply with the letter of the correct option.\n\n{question}\n\n{choices_text}\n\nAnswer:";

export const KNOWLEDGE: BuiltinBenchmark[] = [
  {
    id: "bm_mmlu",
    name: "MMLU",
    description: "Multiple-choice exam questions across academic and professional subjects; six subjects are loaded here.",
    category: "knowledge",
    kind: "inline",
    variant_of: null,
    status: "runnable",
    status_detail:
      "Runs inline on the six subjects whose test and dev files are pinned (1,010 test questions). Subjects are the subsets; few-shot examples come from the dev split. Data loads on first use and is checked against its sha256.",
    text: {
      what_it_measures:
        "Breadth of academic and professional knowledge, from elementary mathematics to law and medicine, and the ability to apply it to exam-style questions.",
      how_it_works:
        "Each question has four options A–D. The prompt names the subject, lists the lettered options and asks for the letter; the multiple-choice scorer reads the letter and compares it with the key. " +
        "A run can pick subjects (subsets) and a few-shot count; examples are solved dev-split questions shown as earlier turns. Score is accuracy over the selected questions.",
      strengths: [
        "Broad coverage with a per-subject breakdown (the report shows scores by subset).",
        "Objective, cheap scoring with a fixed key.",
        "The most widely reported knowledge benchmark, so there is plenty to compare against.",
      ],
      limitations: [
        "Only 6 of the 57 subjects are loaded here, so scores are not comparable with full-MMLU numbers.",
        "Saturated near the top, and heavily exposed on the web (contamination).",
        "A non-trivial share of questions have wrong or ambiguous keys (see MMLU-Redux).",
        "Few-shot examples are the first dev rows of the whole revision, not per subject, unless a run selects a single subject.",
      ],
      when_to_use: "Pick it for a quick, well-understood read of general knowledge, or to compare subject strengths between two models (A/B per subset).",
      use_cases: ["General-purpose assistants", "Domain copilots where you check the relevant subjects (e.g. computer science, history)", "Model selection before fine-tuning"],
    },
    data: MMLU_DATA,
    split: "test",
    prompt_template:
      "The following is a multiple-choice question about {subject_label}. Reply with the letter of the correct option.\n\n{question}\n\n{choices_text}\n\nAnswer:",
    answer_column: "answer_letter",
    scoring: { type: "multiple_choice" },
    subsets: [...MMLU_SUBJECTS],
    few_shot: {
      supported: true,
      default: 0,
      split: "dev",
      note: "Examples are taken from the dev split (5 per subject); the classic setting is 5-shot on a single subject.",
    },
    sample_size: 1010,
    credentials: [],
    requirements: [],
    references: [
      { title: "Measuring Massive Multitask Language Understanding (Hendrycks et al., 2021)", url: "https://arxiv.org/abs/2009.03300" },
      { title: "hendrycks/test", url: "https://github.com/hendrycks/test" },
    ],
  },
  {
    id: "bm_mmlu_pro",
    name: "MMLU-Pro",
    description: "A harder, cleaner MMLU successor: reasoning-heavy questions with up to ten options, answered with chain of thought.",
    category: "knowledge",
    kind: "inline",
    variant_of: null,
    status: "runnable",
    status_detail:
      "Runs inline on the full test set (12,032 questions in 14 categories, the subsets), 5-shot chain of thought with the validation " +
      "split's worked examples of the question's own category, scored with the official answer extraction. Data loads on first use from " +
      "pinned Parquet files checked against their sha256.",
    text: {
      what_it_measures: "Knowledge plus reasoning across 14 broad disciplines, with questions chosen so that recall alone is rarely enough.",
      how_it_works:
        "About twelve thousand questions drawn from MMLU (with trivial and noisy ones removed) and from STEM websites, TheoremQA and SciBench, each with up to ten options A–J (3 to 10 in this stable version). " +
        "The prompt follows TIGER-AI-Lab's evaluate_from_api.py: \"The following are multiple choice questions (with answers) about <category>. Think step by step and then output the answer in the format of " +
        "\"The answer is (X)\" at the end.\", then \"Question: …\", \"Options: A. … B. …\" one per line and \"Answer: Let's think step by step.\". " +
        "By default the five validation questions of the same category come first as earlier turns, each answered with its worked solution ending \"The answer is (X).\" " +
        "(upstream sends them in one message; here each is a user turn and an assistant turn, and each turn repeats the instruction line). " +
        "The letter is read as upstream reads it: the first \"answer is (X)\", else the first line's last \"Answer: X\", else the last standalone letter A–J; " +
        "a reply with no letter gets upstream's seeded guess (a fixed option per option count, right about one time in ten). Score is accuracy, per category as subsets.",
      strengths: [
        "Ten options cut the reward for guessing from 25% to about 10%.",
        "Less sensitive to prompt wording than MMLU, and chain of thought helps markedly, so it separates reasoning ability.",
        "Still spreads strong models apart where MMLU has flattened out.",
        "The prompt, examples and extraction follow the official evaluation, so scores are close to published ones.",
      ],
      limitations: [
        "Some distractors were generated by a model and can be arguably correct.",
        "Long reasoning answers make runs slower and costlier than MMLU (set max_output_tokens high; upstream allows 4,000 tokens).",
        "Still multiple choice: no open-ended generation is tested.",
        "The examples are chat turns rather than one long message, which can shift scores slightly from upstream's.",
      ],
      when_to_use: "Pick it instead of MMLU when comparing capable models, or when you want knowledge questions that also exercise reasoning.",
      use_cases: ["Expert assistants in law, engineering, health or business", "Choosing a base model for a knowledge-heavy product"],
    },
    data: MMLU_PRO_DATA,
    split: "test",
    prompt_template:
      "The following are multiple choice questions (with answers) about {category}. Think step by step and then output the answer in the format of \"The answer is (X)\" at the end.\n\n" +
      "Question: {question}\nOptions: {choices_text}\nAnswer: Let's think step by step.",
    answer_column: "answer_letter",
    scoring: { type: "multiple_choice", extraction: "mmlu_pro" },
    subsets: [...MMLU_PRO_CATEGORIES],
    few_shot: {
      supported: true,
      default: 5,
      split: "validation",
      note: "5-shot chain of thought as upstream: the validation split holds exactly five worked examples per category, and each question gets those of its own category.",
    },
    sample_size: 12032,
    credentials: [],
    requirements: [],
    references: [
      { title: "MMLU-Pro: A More Robust and Challenging Multi-Task Language Understanding Benchmark (Wang et al., 2024)", url: "https://arxiv.org/abs/2406.01574" },
      { title: "TIGER-AI-Lab/MMLU-Pro (evaluation code)", url: "https://github.com/TIGER-AI-Lab/MMLU-Pro" },
    ],
  },
  {
    id: "bm_mmlu_redux",
    name: "MMLU-Redux",
    description: "MMLU questions re-checked by hand, with the faulty ones labelled, for a truer knowledge score.",
    category: "knowledge",
    kind: "inline",
    variant_of: null,
    status: "unavailable",
    status_detail: notBundled(MMLU_REDUX_DATA),
    text: {
      what_it_measures: "The same knowledge MMLU targets, measured on questions whose keys were verified by human annotators.",
      how_it_works:
        "Annotators re-examined samples of MMLU questions per subject and labelled each as correct or with an error type (unclear question, wrong key, several correct options, no correct option). " +
        "A run scores only questions labelled correct, with the same letter-choice prompt and multiple-choice scorer as MMLU; subjects are the subsets.",
      strengths: [
        "Removes label noise that caps and distorts MMLU scores.",
        "Shows which subjects were most affected by errors, useful for interpreting old MMLU results.",
        "Drop-in comparable with MMLU's format.",
      ],
      limitations: [
        "Covers a subset of MMLU's questions, so it is smaller per subject.",
        "Shares MMLU's exposure on the web (contamination) and its multiple-choice format.",
        "Annotation is itself imperfect; some 'correct' labels remain debatable.",
      ],
      when_to_use: "Pick it when MMLU scores drive a decision and you want them free of known label errors.",
      use_cases: ["Model selection for knowledge-heavy assistants", "Auditing claims made from MMLU numbers"],
    },
    data: MMLU_REDUX_DATA,
    split: "test",
    prompt_template: MC_TEMPLATE,
    answer_column: "answer_letter",
    scoring: { type: "multiple_choice" },
    subsets: [],
    few_shot: { supported: true, default: 0, split: null, note: "Examples would come from questions outside the run's selection." },
    sample_size: null,
    credentials: [],
    requirements: [],
    references: [{ title: "Are We Done with MMLU? (Gema et al., 2024)", url: "https://arxiv.org/abs/2406.04127" }],
  },
  {
    id: "bm_supergpqa",
    name: "SuperGPQA",
    description: "Graduate-level multiple-choice questions spanning 285 disciplines, many outside the usual STEM core.",
    category: "knowledge",
    kind: "inline",
    variant_of: null,
    status: "unavailable",
    status_detail: notBundled(SUPERGPQA_DATA),
    text: {
      what_it_measures:
        "Specialist knowledge and reasoning across a very wide range of graduate-level fields, including long-tail disciplines (agriculture, light industry, sports science and the like) that other suites barely touch.",
      how_it_works:
        "Questions were written and refined with domain experts and filtered with model feedback; most have about ten options. The model replies with a letter and the multiple-choice scorer compares it with the key. " +
        "Disciplines, fields and subfields label each question, so results can be broken down by subject.",
      strengths: [
        "Breadth no other multiple-choice suite matches, which exposes gaps hidden by STEM-centred benchmarks.",
        "Hard: strong models stay well below the ceiling.",
        "Many options limit the reward for guessing.",
      ],
      limitations: [
        "Large; a full run is costly, so use a sample limit for quick checks.",
        "Quality varies across long-tail fields with fewer expert reviewers.",
        "Multiple choice only.",
      ],
      when_to_use: "Pick it when your users ask about specialised fields beyond the common STEM subjects, or to find a model's blind spots by discipline.",
      use_cases: ["Professional assistants for niche industries", "Enterprise knowledge copilots across many departments"],
    },
    data: SUPERGPQA_DATA,
    split: null,
    prompt_template: MC_TEMPLATE,
    answer_column: "answer_letter",
    scoring: { type: "multiple_choice" },
    subsets: [],
    few_shot: { supported: true, default: 0, split: null, note: "Usually run zero-shot; examples would come from questions outside the run's selection." },
    sample_size: null,
    credentials: [],
    requirements: [],
    references: [{ title: "SuperGPQA: Scaling LLM Evaluation across 285 Graduate Disciplines (M-A-P team, 2025)", url: "https://arxiv.org/abs/2502.14739" }],
  },
];
