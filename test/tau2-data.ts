/**
 * τ² domains and τ-bench v1's airline data loaded into a test's R2 the way
 * a deployment loads them (workers/agents/tau2-data.ts), from the test
 * mirror: with ../shared, the real pinned files (v1's older users file,
 * which the mirror of datasets/ does not hold, from real-outputs/); without
 * it, the generated mini files (test/mini-tau2.ts) pinned to their own
 * digests. The loader path is the same either way.
 */
import { inject } from "vitest";
import { loadDomain, TAU2_DOMAINS, type DomainFiles, type Tau2Domain, type Tau2DomainName } from "../src/agents/tau2/domain";
import { TAU2_DOMAIN_FILES, TAU2_USER_GUIDELINES, TAU_BENCH_V1_AIRLINE_FILES } from "../src/catalog/benchmarks/tau_bench/source";
import type { SourceFile } from "../src/catalog/types";
import { ensureTau2Domain, ensureTau2UserGuidelines, ensureTauBenchV1Airline, type Tau2DataEnv } from "../workers/agents/tau2-data";

/** A pinned file as the test mirror serves it: the real pin with ../shared, the generated file's digest without. */
function pinned(file: SourceFile): SourceFile {
  if (inject("sharedPresent")) return file;
  const pin = inject("datasetPins")[file.path];
  if (!pin) throw new Error(`the generated mirror has no ${file.path}`);
  return { ...file, sha256: pin.sha256, bytes: pin.bytes };
}

/** Loads every τ² domain, the user simulator's guidelines and v1's airline into `env`'s R2 from the test mirror. */
export async function loadTestTau2Data(env: Tau2DataEnv): Promise<void> {
  const baseUrl = inject("datasetsUrl");
  for (const name of TAU2_DOMAINS) {
    const files = TAU2_DOMAIN_FILES[name].filter((f) => f.role !== "tasks").map((f) => ({ role: f.role, file: pinned(f) }));
    await ensureTau2Domain(env, name, { baseUrl, files });
  }
  await ensureTau2UserGuidelines(env, { baseUrl, files: TAU2_USER_GUIDELINES.map((f) => ({ role: f.role, file: pinned(f) })) });
  const shared = inject("sharedUrl");
  // v1's users before the province→state rename are in real-outputs/, not in the datasets mirror.
  const v1Fetch: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    return fetch(inject("sharedPresent") && url.includes("/tau_bench_v1/") ? `${shared}/real-outputs/tau_bench_v1/${url.split("/tau_bench_v1/")[1]}` : url, init);
  };
  await ensureTauBenchV1Airline(env, { baseUrl, fetch: v1Fetch, files: TAU_BENCH_V1_AIRLINE_FILES.map((f) => ({ role: f.role, file: pinned(f.file) })) });
}

/** A text file of ../shared through the test mirror (only when inject("sharedPresent")). */
export async function sharedText(path: string): Promise<string> {
  const r = await fetch(`${inject("sharedUrl")}/${path}`);
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return r.text();
}

/** A real τ² domain from ../shared/datasets (its pinned files, tasks aside). */
export async function sharedTau2Domain(name: Tau2DomainName): Promise<Tau2Domain> {
  const files: Partial<Record<keyof DomainFiles, string>> = {};
  for (const f of TAU2_DOMAIN_FILES[name]) if (f.role !== "tasks" && f.role !== "user_guidelines" && f.role !== "user_guidelines_tools") files[f.role] = await sharedText(`datasets/${f.path}`);
  return loadDomain(name, files as DomainFiles);
}

/** A τ² domain's release tasks file from ../shared/datasets. */
export function sharedTau2Tasks(name: Tau2DomainName): Promise<string> {
  return sharedText(`datasets/${TAU2_DOMAIN_FILES[name].find((f) => f.role === "tasks")!.path}`);
}

