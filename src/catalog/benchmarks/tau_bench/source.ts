/**
 * Where τ²-bench's domains and τ-bench v1's airline data come from: each
 * upstream file pinned to a commit, with the sha256 and size of its bytes
 * (facts from shared/datasets/tau2_bench/SOURCE.md and
 * shared/real-outputs/tau_bench_v1/SOURCE.md). The τ² files are the release
 * the leaderboard and every collected result file used (37199f3, tasks of
 * 2025-06-10); databases and policies are unchanged from it to the newest
 * snapshot (a2c02472). v1's airline users are the file as it was before
 * tau-bench renamed address.province to address.state (2a6d51f), which its
 * published trajectories were recorded on. Nothing is copied into Assay:
 * a deployment fetches these (from its dataset mirror, else upstream) and
 * refuses any whose digest differs. Pure data, no I/O.
 */
import type { DomainFiles, Tau2DomainName } from "../../../agents/tau2/domain";
import type { PinnedDataset, SourceFile } from "../../types";

export const TAU2_REPOSITORY = "sierra-research/tau2-bench";
/** τ²-bench's release: the tasks every published τ² number and result file used. */
export const TAU2_RELEASE_COMMIT = "37199f36924c8896f5e048360691f8476cd89ba1";
export const TAU_BENCH_REPOSITORY = "sierra-research/tau-bench";
export const TAU_BENCH_COMMIT = "59a200c6d575d595120f1cb70fea53cef0632f6b";
/** tau-bench before users.json's address.province became address.state (2025-01-16). */
export const TAU_BENCH_USERS_COMMIT = "2a6d51f20504";

/** What a file is to the domain: its database, policy, tasks... */
export type Tau2FileRole = keyof DomainFiles | "tasks" | "user_guidelines" | "user_guidelines_tools";

export interface Tau2SourceFile extends SourceFile {
  role: Tau2FileRole;
}

const tau2 = (role: Tau2FileRole, file: string, sha256: string, bytes: number, mirror = `tau2_bench/${file}`, upstream = `data/tau2/${file}`): Tau2SourceFile => ({
  role,
  path: mirror,
  url: `https://raw.githubusercontent.com/${TAU2_REPOSITORY}/${TAU2_RELEASE_COMMIT}/${upstream}`,
  sha256,
  bytes,
  format: role === "db" || role === "tasks" ? "json" : "txt",
});

/** The user simulator's guidelines at the release (with and without tools: telecom's user has tools). */
export const TAU2_USER_GUIDELINES: Tau2SourceFile[] = [
  tau2("user_guidelines", "user_simulator/simulation_guidelines.md", "05f4f48e5beefcb527d81fdee6271ce0e997fa4721e8d3ae4db0e820fb0a9013", 1449, "tau2_bench/user_simulator/release_2025-06-10/simulation_guidelines.md"),
  tau2("user_guidelines_tools", "user_simulator/simulation_guidelines_tools.md", "7b0cdb574909a15bb16e75296eb7a0c6b371fbe385a1b23a2fc8ea3751ee4b3b", 2747, "tau2_bench/user_simulator/release_2025-06-10/simulation_guidelines_tools.md"),
];

/** Each domain's files: database, policy (telecom: with its user's phone, manual and solo policy) and release tasks. */
export const TAU2_DOMAIN_FILES: Record<Tau2DomainName, Tau2SourceFile[]> = {
  airline: [
    tau2("db", "domains/airline/db.json", "1af9fea6e03ca7ca15a22bb3fcaf3e351393e3fc9070b6777947da8996f7531b", 7042725),
    tau2("policy", "domains/airline/policy.md", "10dc0525421521208be39cee235bba84a16e2bcba9899eb93d92cd81d2f62fc4", 7676),
    tau2("tasks", "domains/airline/tasks.json", "40d692b3fca780f46b56d48b447fd8db79a653f216667b8ed7c1a88380544532", 149096, "tau2_bench/domains/airline/tasks_release_2025-06-10.json"),
  ],
  retail: [
    tau2("db", "domains/retail/db.json", "413a65160adbdb5fde0ffc0015c49b6d70250b10c18128de169b597af7766765", 2811616),
    tau2("policy", "domains/retail/policy.md", "2c9652afbce57d6e087768d37cda64d31c53d50b3e3225cfdb791bac66466467", 6699),
    tau2("tasks", "domains/retail/tasks.json", "76e1fa649a359bef2d2fd30eae834b99d261d84e2e5d364856f6632fdf778dfd", 328166, "tau2_bench/domains/retail/tasks_release_2025-06-10.json"),
  ],
  telecom: [
    tau2("db", "domains/telecom/db.toml", "562d647ef9d7df8df91eafd8ee76036e707c8f9e32aaedc4a7fde06975aea2c0", 9628),
    tau2("user_db", "domains/telecom/user_db.toml", "4886107ea0c16f8e16d74bef91cfb557de61822afe9361f5a9b241806aea2e4c", 933),
    tau2("policy", "domains/telecom/main_policy.md", "95943844a0cf11fdf0e2842b483b81d9f9338aa53235712ed131db075d086ed7", 5699),
    tau2("policy_solo", "domains/telecom/main_policy_solo.md", "781296ae5419169cb64aac0c4fa2aa6129c78f3c1592f64abd80df6fbabb7042", 5200),
    tau2("tech_support", "domains/telecom/tech_support_manual.md", "015a3ee49ec8c199c5e1a059c922081937b92cf3a5ea74fedbc4357816f389ba", 17589),
    tau2("tasks", "domains/telecom/tasks.json", "192a2c143b3b512c37c3775fdf6c5040c33717388620c38b140c731dc6153cd7", 659069, "tau2_bench/domains/telecom/tasks_release_2025-06-10.json"),
  ],
};

/** v1's airline data: flights and reservations at 59a200c6, users before the province→state rename. */
export const TAU_BENCH_V1_AIRLINE_FILES: { role: "flights" | "reservations" | "users"; file: SourceFile }[] = [
  {
    role: "flights",
    file: { path: "tau_bench/airline/data/flights.json", url: `https://raw.githubusercontent.com/${TAU_BENCH_REPOSITORY}/${TAU_BENCH_COMMIT}/tau_bench/envs/airline/data/flights.json`, sha256: "444d7565c68434a3e3fb72efd717f9f9cd5c56dce227f6f56e078f1cb0ed233a", bytes: 2114218, format: "json" },
  },
  {
    role: "reservations",
    file: { path: "tau_bench/airline/data/reservations.json", url: `https://raw.githubusercontent.com/${TAU_BENCH_REPOSITORY}/${TAU_BENCH_COMMIT}/tau_bench/envs/airline/data/reservations.json`, sha256: "1cf0bbc58ad984be9de7c24dba6dd27393f94cdbd482d8524f6a54db1f561a8c", bytes: 2325594, format: "json" },
  },
  {
    role: "users",
    file: { path: "tau_bench_v1/airline_users_pre_2025-01-16.json", url: `https://raw.githubusercontent.com/${TAU_BENCH_REPOSITORY}/${TAU_BENCH_USERS_COMMIT}/tau_bench/envs/airline/data/users.json`, sha256: "224c2ee6cbdff81b2890c25bb4b9dfb4e66c21d289fb3f2b9f76fa00596b8550", bytes: 597447, format: "json" },
  },
];

/**
 * What a TAU-Bench run evaluates: the release's tasks of the three domains
 * (each row a task, its domain the subset: tau_bench/normalise.ts). The
 * domains' databases, policies and the user simulator's guidelines load
 * beside them per attempt (workers/agents/tau2-data.ts), from the same
 * release.
 */
export const TAU2_TASKS_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.tau2-bench",
  version: 1,
  repository: TAU2_REPOSITORY,
  commit: TAU2_RELEASE_COMMIT,
  license: "MIT",
  files: (["airline", "retail", "telecom"] as const).map((d) => {
    const { role: _role, ...file } = TAU2_DOMAIN_FILES[d].find((f) => f.role === "tasks")!;
    return file;
  }),
  notes:
    "τ²-bench's release of 2025-06-10 (37199f3): the tasks files of airline (50), retail (114) and telecom (114), byte for byte, the set every published τ² figure " +
    "and collected result file used (HEAD's τ³ tasks differ). Each row is one task, its domain the subset; databases, policies and the user simulator's guidelines " +
    "are pinned in the same folder (source.ts) and loaded per attempt.",
};
