/**
 * A τ² domain ready to run: airline, retail or telecom built from the text
 * of its upstream files (database, policy; telecom also the user's phone,
 * the tech-support manual and the solo policy), parsed once and shared as
 * the base every environment copies. `environment(role)` makes a fresh
 * one: "agent" for the conversation and its replay, "gold" for the gold
 * actions (telecom draws new bill ids as the reference draws uuid4s: the
 * two roles draw differently, as two of the reference's draws would).
 * Pure, no I/O.
 */
import { Environment } from "./environment";
import { airlineEnvironment, parseAirlineDb } from "./domains/airline/load";
import { parseRetailDb, retailEnvironment } from "./domains/retail/load";
import { billIdSource, parseTelecomDb, parseTelecomUserDb, telecomEnvironment, telecomPolicy } from "./domains/telecom/load";
import { Tau2FormatError } from "./task";

export const TAU2_DOMAINS = ["airline", "retail", "telecom"] as const;
export type Tau2DomainName = (typeof TAU2_DOMAINS)[number];

export function isTau2Domain(v: unknown): v is Tau2DomainName {
  return typeof v === "string" && (TAU2_DOMAINS as readonly string[]).includes(v);
}

/** The text of a domain's files, by role. */
export interface DomainFiles {
  /** airline/retail: db.json; telecom: db.toml. */
  db: string;
  /** airline/retail: policy.md; telecom: main_policy.md. */
  policy: string;
  /** telecom: user_db.toml, tech_support_manual.md, main_policy_solo.md. */
  user_db?: string;
  tech_support?: string;
  policy_solo?: string;
}

export type EnvironmentRole = "agent" | "gold";

export interface Tau2Domain {
  name: Tau2DomainName;
  /** The files it was built from. */
  files: DomainFiles;
  /** Whether the agent can work the domain's tickets alone, holding the user's tools too (telecom). */
  solo: boolean;
  /** Whether the user has tools of their own (telecom's phone): its simulator then gets τ²'s guidelines for a user with tools. */
  userTools: boolean;
  /** The policy the agent is given (its system prompt's policy part). */
  policy(solo?: boolean): string;
  environment(role: EnvironmentRole, opts?: { soloMode?: boolean }): Environment;
}

const BILL_SEEDS: Record<EnvironmentRole, number> = { agent: 0x7a0_0001, gold: 0x7a0_0002 };

function need(files: DomainFiles, key: keyof DomainFiles, name: string): string {
  const v = files[key];
  if (typeof v !== "string") throw new Tau2FormatError(key, `the ${name} domain needs its ${key} file`);
  return v;
}

export function loadDomain(name: Tau2DomainName, files: DomainFiles): Tau2Domain {
  if (name === "airline") {
    const base = parseAirlineDb(files.db);
    return { name, files, solo: false, userTools: false, policy: () => files.policy, environment: () => airlineEnvironment(base, files.policy) };
  }
  if (name === "retail") {
    const base = parseRetailDb(files.db);
    return { name, files, solo: false, userTools: false, policy: () => files.policy, environment: () => retailEnvironment(base, files.policy) };
  }
  const bases = { db: parseTelecomDb(files.db), userDb: parseTelecomUserDb(need(files, "user_db", name)) };
  const manual = need(files, "tech_support", name);
  const policy = (solo = false) => telecomPolicy(solo ? need(files, "policy_solo", name) : files.policy, manual);
  return {
    name,
    files,
    solo: true,
    userTools: true,
    policy,
    environment: (role, opts = {}) => telecomEnvironment(bases, policy(opts.soloMode), { soloMode: opts.soloMode, newBillId: billIdSource(BILL_SEEDS[role]) }),
  };
}
