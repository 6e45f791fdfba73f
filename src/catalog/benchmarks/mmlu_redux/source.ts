/**
 * MMLU-Redux's pinned source: the authors' 57 annotation CSVs (100
 * re-checked MMLU questions per subject) from aryopg/mmlu-redux at a fixed
 * commit, each with its sha256 and size (facts from
 * shared/datasets/mmlu_redux/SOURCE.md, every file matching its git blob).
 * These are the working files, not the Hugging Face release: separators,
 * one file's encoding and the error labels vary, which the normaliser
 * reads as they are. Pure data, no I/O.
 */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

const REDUX = "aryopg/mmlu-redux";
const REDUX_COMMIT = "4563cfa79b659d76716e5b6019f46bba85fa02db";

/** [subject, sha256, bytes] of each subject's CSV, in file-name order. */
const FILES: [string, string, number][] = [
  ["abstract_algebra", "83b98626d7615b9594d86117ae6cb02cbbea8e3e5e285eb2ced1fb8caa245b99", 35_621],
  ["anatomy", "e73da98de4080a67d7bf832d12b5cf5b1156aa7aaec3d44b1a20b730bc5782a8", 31_472],
  ["astronomy", "739ed768fb9c151d341178a122f0d2553df3c6af2a4209a15f0f97f54595eb8b", 35_665],
  ["business_ethics", "2c732b4bf5430225bfe4329d3aaa445917c3dc961942d5bd5336555c5fce86a9", 47_943],
  ["clinical_knowledge", "37ec6e0d612370a88f69a3a560f1d43877f084ea819dc8155a622ae75d7a82b0", 34_620],
  ["college_biology", "0f1ef7b8f19743c1ac0d1d4bf8351ea73be681b4025a6b4c6c4aa078d4875c8f", 41_490],
  ["college_chemistry", "5d7ee98e59a528e1c77960a226ca11c20ddbdd7039c86584f227e74597785664", 28_685],
  ["college_computer_science", "f06bcec202a789d98d26689d9667fdcd5fa07c860376f3fb3da85c851f046c92", 47_555],
  ["college_mathematics", "e3db7906b8aabef98c50eb25eae22a1aeb5c6711ad041e9c7509608992ee88c1", 25_357],
  ["college_medicine", "2a0f750982849d6f30c7edc9731df61f7f84cd2cf4d9c855e8e4e35b53688f76", 53_510],
  ["college_physics", "bd76f9eec35a3212a29056a42a3bf41cd84531cd34cc43de088f3a5349df5472", 33_259],
  ["computer_security", "03ac8a43d2407e274116988767399909b89bc1f16f94f59df9840fa659d4ea22", 37_542],
  ["conceptual_physics", "29619a9d6f5d44066b3b33df64e8181a2a799f24691928959d215f0a983336e3", 29_010],
  ["econometrics", "c4812fe99ee0ee47772751b1bd1e48f4929f5b222a2c2e3cab125120f5be58c0", 47_623],
  ["electrical_engineering", "6afe4e2c28e650d51d9baecf68a364ee20a14b99d9ab616a749dcae707f7173e", 16_676],
  ["elementary_mathematics", "358c0aa97224d280988eac7fa2d4a4c8bd8db7ab61fa1fc0554768a1473d2ce7", 19_878],
  ["formal_logic", "0d5a15ed033a7006a7d790fef09e6e3c6c63d46c4a8d7b979d1afd63032a361a", 42_193],
  ["global_facts", "8ffa62d058bf4a81916c348df67d3745047eea2fac032a67dae727c3442255a2", 29_053],
  ["high_school_biology", "98204af59693f3497f594ce9689e7adadf82a5c77ed79d07fe3f794554179e42", 43_807],
  ["high_school_chemistry", "eed7393a71b61af9597df3887cce470ff8ec655676e1c15bcf9a732de40f3605", 33_552],
  ["high_school_computer_science", "21c739d43b30b59c2d3cc3ec15048eee22bfac3a02bb3bae2b34ceb7fac1339b", 45_736],
  ["high_school_european_history", "e1b3fc89883c4a372fc592d5329db8951855cd0d59043792c00ff30418a7bac7", 164_295],
  ["high_school_geography", "360e7a8c0930fd4f0b4af186415398a9015964b058ec31df3c3b524a10c6cd48", 26_348],
  ["high_school_government_and_politics", "fa69b567414fb06b61d6ab2e7472e793cb40747aff734824c675607a0141da78", 42_409],
  ["high_school_macroeconomics", "5f2510ec01205542a999fbc51d572cc37bbb10754d2efa52d0c73638aebaf71b", 41_711],
  ["high_school_mathematics", "bb1af2d2e0bd081453fce188892c49efae34697188c108c855b53b219c2e9c7f", 20_496],
  ["high_school_microeconomics", "9c920bbeac17308c30e65a6a35c62acd08ff6081d63191c4a32bfd105f702fdf", 37_144],
  ["high_school_physics", "f0d59f8e836e2c3b6aa739d66624d5d2f68fb91102f452c5292b57aea787b169", 47_140],
  ["high_school_psychology", "b83eda4e4d941667b84e529066902efaf7511b7ff9fbbdc13019a261c4d9f240", 34_092],
  ["high_school_statistics", "45351ff30906879249de60e5735c9288a59a31850c95f5040ca47a5f1eca06a1", 53_152],
  ["high_school_us_history", "1ebb166a783242ab3f6296e00744781b4a72076f2c071911645335c55c146df2", 151_873],
  ["high_school_world_history", "5fe5e4d32d2bc6c4b04686f6da915360a00460ff2fe338797ab28547a85f1cdf", 158_855],
  ["human_aging", "a16d1fbba92f5e657c34c4d1b67d323221ebcd5dbe469a57e95eaf2efaa4fca1", 33_805],
  ["human_sexuality", "91f9c340a8882a3c7c7276fb430e6ee290ca2131b04c4faa514566cc1797630e", 29_287],
  ["international_law", "bfd10468b8507f8b3393ea36731b1c80894582add5b53763dab8fde1a288446c", 43_033],
  ["jurisprudence", "f9bce2ef3fdc89ec46eb4a211153eb8e488239e311f0736f2e932a1eb24f45b6", 31_260],
  ["logical_fallacies", "d965565c9d3a955919bab2349d8efba10c22fbc27f63f1593223a220c3ac70ed", 37_293],
  ["machine_learning", "7350cb93c40e3ba7ccaff868a918f41d9fa6fd392a64a13697c9647998613ece", 36_947],
  ["management", "6b782b960b55334aa0088153f96f7c2dfb5a625bfc5ebcce076d5d310620d2f0", 27_024],
  ["marketing", "4efc6eab77670e52914144a7cbba7b553e4c8b29f10e17c1257a18bb3c0e2c71", 31_470],
  ["medical_genetics", "c83f59380ad7cdeaee9e1c7fcb7a2be389e402b077ddb3415d628cc036a2bdfa", 26_032],
  ["miscellaneous", "c3d24001333a2c9200e74eefbef06c3e816c72a452f691b335f538fc8cfcbfb7", 18_602],
  ["moral_disputes", "8548bea470b9d670cb8258db9a9fd39da2c43c83519a4fa99c343f75bef45875", 33_010],
  ["moral_scenarios", "df15f12d366670fa0f1577d4d5afdbc43b0c0137dd2c87b2c8cf830d5379b7ba", 41_490],
  ["nutrition", "8f894f2d26f880ff5e074a362b97e1cbaa59b867c7c23bd49d66c571022d11e6", 36_527],
  ["philosophy", "061d8b91cab7fbd5548927587485fe675ef39701a888aa9e29fc9a55e3e18cbb", 32_466],
  ["prehistory", "51afec70b541fbb757a6b12da14120c4104d5d6ac4d5886577eb6dcd5186f474", 33_735],
  ["professional_accounting", "123f075cae47b09feaa7160cd8069e2d525cedab882e6a8ae94360aa19119f33", 53_928],
  ["professional_law", "c2a019177708496f4fcd74460e9c1f2bbe0feb25ee7709eddc51adbb22a8e95c", 118_092],
  ["professional_medicine", "3c024ec4ebd67683b288068f40221b9caf222ef944f24e637652fd2e8776760a", 86_801],
  ["professional_psychology", "2d9ac1ed86438653ea0f82ff8249d809674a23574e71324caf13eb5dc2e34cf7", 44_754],
  ["public_relations", "7f4d9b17365085e946a517ad5abf75153d89dd7858ca3909803a329f5baee1d2", 34_467],
  ["security_studies", "ed0309287be30dad969e44d06b5e1bf48ba82d5a891c44d2d73046dab1649015", 92_161],
  ["sociology", "2d8d77a4a4eacd988e08221ef827d40e54ac5ab81e9d20f3f96427a405738b99", 39_674],
  ["us_foreign_policy", "6e379c770dbf98d08a5026caeccbe57fbf8c1ed5a5aabb98b97ee5a1a2b39d0f", 36_210],
  ["virology", "eca12346cf4ccabab2264878db690da5e471f5c773a146582c05356ba535d26b", 30_147],
  ["world_religions", "f3b0152249088c512a60b07d31e23bfe3104b4d079a595d3a19ab4e5425d61f2", 24_661],
];

/** The 57 subjects, the subsets. */
export const MMLU_REDUX_SUBJECTS: readonly string[] = FILES.map(([subject]) => subject);

/** Mirror path of a subject's file (the shared folder's layout). */
export const reduxPath = (subject: string) => `mmlu_redux/mmlu_redux/mmlu_${subject}.csv`;

export const MMLU_REDUX_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.mmlu-redux",
  version: 1,
  repository: REDUX,
  commit: REDUX_COMMIT,
  license: "CC-BY-4.0",
  files: FILES.map(([subject, sha256, bytes]) => ({
    path: reduxPath(subject),
    url: rawUrl(REDUX, REDUX_COMMIT, `mmlu_redux/mmlu_${subject}.csv`),
    sha256,
    bytes,
    format: "csv",
  })),
  notes:
    "The authors' annotation CSVs (57 subjects x 100 questions, 5,700 rows), byte for byte: nine use ';' as separator, mmlu_moral_scenarios.csv has one " +
    "Mac-Roman byte, four order their columns differently, and error_type has 27 spellings of 7 labels (case, '_' or ' ', trailing spaces). " +
    "They are not the Hugging Face release (edinburgh-dawg/mmlu-redux-2.0), whose labels are normalised; a few annotations may differ from it.",
};
