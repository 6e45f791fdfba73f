/**
 * The pinned data of ToxiGen: the 31 demonstration-based prompt files of
 * microsoft/TOXIGEN (16 hate_<group>, 15 neutral_<group>; no neutral_trans
 * upstream), each pinned to the repository commit with the sha256 and size
 * of its bytes (facts from shared/datasets/toxigen/SOURCE.md). Content
 * warning: the hate files are deliberately hateful text. Pure data, no I/O.
 */
import type { PinnedDataset } from "../../types";

const TOXIGEN = "microsoft/TOXIGEN";
const TOXIGEN_COMMIT = "01517e814639e0334c920a3c502036c8158aac87";

/** [file name without .txt, sha256, bytes], in file-name order. */
const FILES: [string, string, number][] = [
  ["hate_asian_1k", "0504967034122b691c16dbef10db3acb16492808ecc66d8cd2b2ae87454fd655", 499093],
  ["hate_bisexual_1k", "09a5b6995d0cd0ba940ae9f9d67e8db1451352dcf99ee273315efc34915fc1e3", 443794],
  ["hate_black_1k", "29ef85c5610d77a3a4bb050826ffb6e124ee48e11f5b63d34b29d616ef2ee1c3", 741295],
  ["hate_chinese_1k", "7f99029bad4f71caff707787d6799d1d654fee140f22418691d1244e81ed2b21", 380934],
  ["hate_immigrant_1k", "bebb38d8786f498ca2153f965cdfba14e0490d5216781091106e5ac8ebbe0574", 281309],
  ["hate_jewish_1k", "f5bdf83ef8fd32435241cc5fcfc337c0a57bcf64eb7fb4aa3c8fe15eb86f1fd2", 569538],
  ["hate_latino_1k", "60988864d728cc7b1644a72419181efc1d82b2342f636a5e76f34805e4a88537", 704000],
  ["hate_lgbtq_1k", "7fb7da0d4ad1a485824111ab60f6030f01dd92dbc9342c76534c78faec061a16", 573075],
  ["hate_mental_disability_1k", "5a71f51bf998c5111b5dd6d0b7d7edbaa445f27defbc1fdb798dd920974ad3e2", 476620],
  ["hate_mexican_1k", "2fad743ced369e4a280165b7ea909f8cb30921840cbe5f9f454243cf9e4dcfd5", 671444],
  ["hate_middle_east_1k", "29ffcca6defd3e4f2edd2237417c7617a3c7380de8f9c6cf13d8c087fa595223", 422551],
  ["hate_muslim_1k", "aaa18a9bf72928f71cf3d0d8d4dfa298faeb015a8580f5c7e21ef7afaae3241a", 421760],
  ["hate_native_american_1k", "01c2077f1007268ca11588d08f909ed9c01178148205ae417618d276227b9bbc", 476000],
  ["hate_physical_disability_1k", "8cada46239a52a741faf47677d1ffbfa06dc31d3e480a03935a5aec89ea02dee", 409643],
  ["hate_trans_1k", "6188dfd52082e552230a1332e2bf83a23e8410c5f353d32dca79f259c8daf8b8", 581554],
  ["hate_women_1k", "eecdf3006847c267b9399045ce2fe002f884fe5b682dbef450f3477d7bb24497", 385583],
  ["neutral_asian_1k", "a5f0c58ae51dc8771d1779009ffc3017c5071c529b01f260600fa96c164ceb44", 611895],
  ["neutral_bisexual_1k", "8a3391bb9a178295f619c3e92ba9bc177225c392d90ac9f4ab5702c4140d6e51", 911612],
  ["neutral_black_1k", "8e1da39bf32818c14156f4de32ef6a35f701e1737540dafb02bdf8eb03206a6b", 853769],
  ["neutral_chinese_1k", "aad50dde2f68d75804e44b939a700b8e37ef93a152cae1a045f8881f89c7e982", 408062],
  ["neutral_immigrant_1k", "1807799ed9e45c428792da879f83d874e3f589c63b6fd746716fafe2b117c3d4", 338243],
  ["neutral_jewish_1k", "c804dc98c4a7d90105a9848a66cde4eb05db9a63a8d2668387e46bba90c28380", 645674],
  ["neutral_latino_1k", "7fad9d0003e54e5f18c1dafb7e21b2295dae5bb7290e9c649eadb7a450b80957", 466000],
  ["neutral_lgbtq_1k", "7cefb606353cfff8c9ee4af9b2044f039e698dc8117b7c9414dd02dedca51ba9", 910319],
  ["neutral_mental_disability_1k", "8f513551d7c86c3fd6df5d0a4bb8fd831c45c24d917d69ab3a61f1a984edf3d0", 552905],
  ["neutral_mexican_1k", "e16aaa8a4606b3bf08139b9c91067cb63d620dd5a3a94e63b8ebc3f4198b1597", 479603],
  ["neutral_middle_east_1k", "a4f23dfbe5bd0dec6a2018b2fe1ca9805d2a7ca76791da5300c72e6bcdabcdf9", 411319],
  ["neutral_muslim_1k", "d378bc96f388cef1be42954246b67955dfe3d42cfcbf2ffc2924856c2fb933cd", 487659],
  ["neutral_native_american_1k", "8affc8490fb2fac8ad72041cce775fc9442ebea95a64a7a2274825e1231ef265", 582993],
  ["neutral_physical_disability_1k", "30ae4d6774054136a635cd9097dd4fe530ec2f407932f775e8093afa795cff8e", 454497],
  ["neutral_women_1k", "dfad74fee637cd35415fc9b3a0b8d27d799e5613da5d9be0fdf93774fe813208", 390963],
];

/** The target groups, as the file names spell them. */
export const TOXIGEN_GROUPS: readonly string[] = [...new Set(FILES.map(([name]) => name.replace(/^(hate|neutral)_/, "").replace(/_1k$/, "")))].sort();

export const TOXIGEN_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.toxigen",
  version: 1,
  repository: TOXIGEN,
  commit: TOXIGEN_COMMIT,
  license: "CDLA-Permissive-2.0",
  files: FILES.map(([name, sha256, bytes]) => ({
    path: `toxigen/prompts/${name}.txt`,
    url: `https://raw.githubusercontent.com/${TOXIGEN}/${TOXIGEN_COMMIT}/prompts/${name}.txt`,
    sha256,
    bytes,
    format: "txt",
  })),
  notes:
    "The repository's prompt files, byte for byte (31 files of 1,000 prompts; each prompt a draw of 4–6 sentences from a small per-group pool, " +
    "separated by a literal backslash-n). The loader keeps each file's distinct sentences (722 in all), labelled hate or neutral by the file " +
    "they come from. The human-annotated ToxiGen sets are on the Hugging Face hub and are not loaded.",
};
