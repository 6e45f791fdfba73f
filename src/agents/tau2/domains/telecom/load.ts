/**
 * The telecom domain assembled: the agent's database (db.toml) and the
 * user's phone (user_db.toml) parsed once as bases; the policy as τ²
 * composes it (main policy and tech-support manual, or their solo variants
 * when the agent works a ticket alone); and an environment whose sync, run
 * after every step, carries the agent's side into the user's world (line
 * active, roaming allowed, data allowance used up, a requested payment,
 * a paid bill marked paid) as τ²'s TelecomEnvironment.sync_tools does.
 * Pure, no I/O.
 */
import { parse as parseToml } from "smol-toml";
import { mulberry32 } from "../../../../domain/random";
import { construct, deepCopy, validate } from "../../py/model";
import { addN, ge } from "../../py/ops";
import { PyFloat, type PyValue } from "../../py/values";
import { Environment } from "../../environment";
import { Toolkit } from "../../toolkit";
import { LINE_STATUS, TelecomDB } from "./model";
import { billsAwaitingPayment, customerByPhone, lineByPhone, planById, setBillToPaid, TELECOM_TOOLKIT, type TelecomState } from "./tools";
import { PaymentRequest, TelecomUserDB } from "./user-model";
import { defaultVpnDetails, TELECOM_USER_TOOLKIT, type TelecomUserKit } from "./user-tools";

/** TOML as Python's toml module gives it: 2 an int, 2.0 a float, tables as dicts. */
export function tomlToPy(text: string): PyValue {
  const conv = (v: unknown): PyValue => {
    if (typeof v === "bigint") return Number(v);
    if (typeof v === "number") return new PyFloat(v);
    if (typeof v === "string" || typeof v === "boolean") return v;
    if (Array.isArray(v)) return v.map(conv);
    if (v instanceof Date) return v.toISOString();
    if (typeof v === "object" && v !== null) return new Map(Object.entries(v).map(([k, x]) => [k, conv(x)]));
    return null;
  };
  return conv(parseToml(text, { integersAsBigInt: true }));
}

export function parseTelecomDb(text: string): TelecomDB {
  return validate(TelecomDB, tomlToPy(text));
}

export function parseTelecomUserDb(text: string): TelecomUserDB {
  return validate(TelecomUserDB, tomlToPy(text));
}

/** The agent's policy as τ² composes it from the domain's files. */
export function telecomPolicy(mainPolicy: string, techSupport: string): string {
  return `<main_policy>\n${mainPolicy}\n</main_policy>\n<tech_support_policy>\n${techSupport}\n</tech_support_policy>`;
}

function syncTelecom(env: Environment): void {
  const user = env.userTools as TelecomUserKit;
  const agent = env.tools as Toolkit<TelecomDB, TelecomState>;
  const s = user.db.surroundings;
  const phone = s.phone_number;
  if (phone === null) return;
  const line = lineByPhone(agent.db, phone);
  s.line_active = line.status === LINE_STATUS.ACTIVE;
  s.roaming_allowed = line.roaming_enabled;
  const plan = planById(agent.db, line.plan_id);
  s.mobile_data_usage_exceeded = ge(line.data_used_gb, addN(plan.data_limit_gb, line.data_refueling_gb));
  if (s.payment_request !== null && s.payment_request.paid) {
    setBillToPaid(agent.db, s.payment_request.bill_id);
    s.payment_request = null;
  }
  if (s.payment_request === null) {
    const bills = billsAwaitingPayment(agent.db, customerByPhone(agent.db, phone));
    if (bills.length) s.payment_request = construct(PaymentRequest, { bill_id: bills[0]!.bill_id, amount_due: bills[0]!.total_due });
  }
}

export interface TelecomBases {
  db: TelecomDB;
  userDb: TelecomUserDB;
}

/**
 * A telecom environment over copies of the bases. `newBillId` stands in for
 * the reference's uuid4 draw of a new bill's id: give the gold environment
 * and the agent's different sources, as τ²'s two draws differ.
 */
export function telecomEnvironment(bases: TelecomBases, policy: string, opts: { soloMode?: boolean; newBillId: () => string }): Environment {
  const tools = new Toolkit(TELECOM_TOOLKIT, deepCopy(bases.db), { newBillId: opts.newBillId });
  const userTools = new Toolkit(TELECOM_USER_TOOLKIT, deepCopy(bases.userDb), { defaultVpn: defaultVpnDetails() });
  return new Environment({ domain: "telecom", policy, tools, userTools, soloMode: opts.soloMode === true, sync: syncTelecom });
}

/** Eight hex digits at a time from a seeded stream: the shape of the reference's uuid4().hex[:8], repeatable. */
export function billIdSource(seed: number): () => string {
  const rand = mulberry32(seed);
  return () => Math.floor(rand() * 2 ** 32).toString(16).padStart(8, "0");
}
