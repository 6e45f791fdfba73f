/**
 * The telecom domain's agent tools and the functions its tasks call to set
 * scenes and check outcomes (τ²-bench's TelecomTools at its release,
 * 37199f3), with the reference's checks, error texts and writes: lines
 * suspended and resumed, payment requests, roaming, data refuelling charged
 * to the customer's draft bill (a new draft bill when there is none, whose
 * id the reference draws at random: `newBillId` stands in for its uuid4),
 * and today being 2025-02-25. Descriptions are Assay's own words.
 * Pure, no I/O.
 */
import { construct } from "../../py/model";
import { abs, addN, attributeError, contains, eq, fixed, le, lower, lt, mul, sorted, str, sub, truthy, typeError, typeName, valueError } from "../../py/ops";
import { PyDate, type PyValue } from "../../py/values";
import { INTEGER, NUMBER, param, STRING, type MethodDef, type ToolDef, type Toolkit, type ToolkitSpec } from "../../toolkit";
import { Bill, BILL_STATUS, LINE_STATUS, LineItem, type Customer, type Line, type Plan, type TelecomDB } from "./model";

/** What a telecom toolkit keeps besides its database: where new bill ids come from. */
export interface TelecomState {
  newBillId: () => string;
}

export type TelecomKit = Toolkit<TelecomDB, TelecomState>;

export const TODAY = new PyDate(2025, 2, 25);

function customerById(db: TelecomDB, id: PyValue): Customer {
  for (const c of db.customers) if (eq(c.customer_id, id)) return c;
  throw valueError(`Customer with ID ${str(id)} not found`);
}

export function customerByPhone(db: TelecomDB, phone: PyValue): Customer {
  for (const c of db.customers) {
    if (eq(c.phone_number, phone)) return c;
    for (const lineId of c.line_ids) if (eq(lineById(db, lineId).phone_number, phone)) return c;
  }
  throw valueError(`Customer with phone number ${str(phone)} not found`);
}

export function lineByPhone(db: TelecomDB, phone: PyValue): Line {
  for (const l of db.lines) if (eq(l.phone_number, phone)) return l;
  throw valueError(`Line with phone number ${str(phone)} not found`);
}

function lineById(db: TelecomDB, id: PyValue): Line {
  for (const l of db.lines) if (eq(l.line_id, id)) return l;
  throw valueError(`Line with ID ${str(id)} not found`);
}

export function planById(db: TelecomDB, id: PyValue): Plan {
  for (const p of db.plans) if (eq(p.plan_id, id)) return p;
  throw valueError(`Plan with ID ${str(id)} not found`);
}

function deviceById(db: TelecomDB, id: PyValue) {
  for (const d of db.devices) if (eq(d.device_id, id)) return d;
  throw valueError(`Device with ID ${str(id)} not found`);
}

export function billById(db: TelecomDB, id: PyValue): Bill {
  for (const b of db.bills) if (eq(b.bill_id, id)) return b;
  throw valueError(`Bill with ID ${str(id)} not found`);
}

function targetLine(db: TelecomDB, customerId: PyValue, lineId: PyValue): Line {
  const c = customerById(db, customerId);
  if (!contains(c.line_ids, lineId)) throw valueError(`Line ${str(lineId)} not found for customer ${str(customerId)}`);
  return lineById(db, lineId);
}

export function billsAwaitingPayment(db: TelecomDB, c: Customer): Bill[] {
  return c.bill_ids.map((id) => billById(db, id)).filter((b) => b.status === BILL_STATUS.AWAITING_PAYMENT);
}

export function setBillToPaid(db: TelecomDB, id: PyValue): string {
  billById(db, id).status = BILL_STATUS.PAID;
  return `Bill ${str(id)} set to paid`;
}

/** date.replace(day=1) */
const firstOfMonth = (d: PyDate) => new PyDate(d.year, d.month, 1);

function applyOneTimeCharge(kit: TelecomKit, customerId: PyValue, amount: PyValue, description: string): void {
  const db = kit.db;
  const c = customerById(db, customerId);
  let draft = c.bill_ids.map((id) => billById(db, id)).find((b) => b.status === BILL_STATUS.DRAFT) ?? null;
  if (!draft) {
    const next = firstOfMonth(firstOfMonth(TODAY).addDays(32));
    const after = next.month < 12 ? new PyDate(next.year, next.month + 1, 1) : new PyDate(next.year + 1, 1, 1);
    const id = `B${kit.state.newBillId()}`;
    draft = construct(Bill, {
      bill_id: id,
      customer_id: customerId,
      period_start: next,
      period_end: after.addDays(-1),
      issue_date: next,
      total_due: 0,
      due_date: next.addDays(14),
      status: BILL_STATUS.DRAFT,
    });
    db.bills.push(draft);
    c.bill_ids.push(id);
  }
  draft.line_items.push(construct(LineItem, { description, amount, date: TODAY, item_type: lt(amount, 0) ? "Credit" : "Charge" }));
  draft.total_due = addN(draft.total_due, amount, "+=");
}

/** list[:limit] with Python's slice rules. */
function sliceTo<T>(xs: T[], limit: PyValue): T[] {
  if (typeof limit !== "number" && typeof limit !== "boolean" && limit !== null) {
    throw typeError("slice indices must be integers or None or have an __index__ method");
  }
  if (limit === null) return xs;
  const n = Number(limit);
  return xs.slice(0, n < 0 ? Math.max(0, xs.length + n) : n);
}

const CUSTOMER_ID = param("customer_id", STRING, "The customer's id, such as 'C1001'.");
const LINE_ID = param("line_id", STRING, "The line's id, such as 'L1001'.");

type TT = ToolDef<TelecomKit>;

const tools: TT[] = [
  {
    name: "get_customer_by_phone",
    kind: "read",
    description: "Find a customer by their contact phone number or the phone number of one of their lines.",
    params: [param("phone_number", STRING, "The phone number, such as '555-123-2001'.")],
    run: (kit, a) => customerByPhone(kit.db, a.phone_number!),
  },
  {
    name: "get_customer_by_id",
    kind: "read",
    description: "Find a customer by their id.",
    params: [CUSTOMER_ID],
    run: (kit, a) => customerById(kit.db, a.customer_id!),
  },
  {
    name: "get_customer_by_name",
    kind: "read",
    description: "Find customers by full name and date of birth (several may match a name; the date of birth tells them apart).",
    params: [param("full_name", STRING, "The customer's full name."), param("dob", STRING, "Date of birth, YYYY-MM-DD.")],
    run: (kit, a) => kit.db.customers.filter((c) => eq(lower(c.full_name), lower(a.full_name!)) && eq(c.date_of_birth, a.dob!)),
  },
  {
    name: "get_details_by_id",
    kind: "read",
    description: "Look up a customer, line, device, bill or plan by its id (ids start with C, L, D, B or P).",
    params: [param("id", STRING, "The id, such as 'L1001', 'B1002' or 'P1001'.")],
    run: (kit, a) => {
      const id = a.id!;
      if (typeof id !== "string") throw attributeError(`'${typeName(id)}' object has no attribute 'startswith'`);
      if (id.startsWith("L")) return lineById(kit.db, id);
      if (id.startsWith("D")) return deviceById(kit.db, id);
      if (id.startsWith("B")) return billById(kit.db, id);
      if (id.startsWith("C")) return customerById(kit.db, id);
      if (id.startsWith("P")) return planById(kit.db, id);
      throw valueError(`Unknown ID format or type: ${id}`);
    },
  },
  {
    name: "suspend_line",
    kind: "write",
    description: "Suspend an active line (at most six months; a $5 monthly holding fee applies).",
    params: [CUSTOMER_ID, LINE_ID, param("reason", STRING, "Why the line is suspended.")],
    run: (kit, a) => {
      const line = targetLine(kit.db, a.customer_id!, a.line_id!);
      if (line.status !== LINE_STATUS.ACTIVE) throw valueError("Line must be active to suspend");
      line.status = LINE_STATUS.SUSPENDED;
      line.suspension_start_date = TODAY;
      return new Map<string, PyValue>([
        ["message", "Line suspended successfully. $5/month holding fee will apply."],
        ["line", line],
      ]);
    },
  },
  {
    name: "resume_line",
    kind: "write",
    description: "Reactivate a suspended (or pending-activation) line.",
    params: [CUSTOMER_ID, LINE_ID],
    run: (kit, a) => {
      const line = targetLine(kit.db, a.customer_id!, a.line_id!);
      if (line.status !== LINE_STATUS.SUSPENDED && line.status !== LINE_STATUS.PENDING_ACTIVATION) throw valueError("Line must be suspended to resume");
      line.status = LINE_STATUS.ACTIVE;
      line.suspension_start_date = null;
      return new Map<string, PyValue>([
        ["message", "Line resumed successfully"],
        ["line", line],
      ]);
    },
  },
  {
    name: "get_bills_for_customer",
    kind: "read",
    description: "A customer's bills, newest issue date first.",
    params: [CUSTOMER_ID, param("limit", INTEGER, "At most this many bills.", 12)],
    run: (kit, a) => {
      const c = customerById(kit.db, a.customer_id!);
      const bills = c.bill_ids.map((id) => billById(kit.db, id));
      return sliceTo(sorted(bills, (b) => b.issue_date, true), a.limit!);
    },
  },
  {
    name: "send_payment_request",
    kind: "write",
    description: "Ask the customer to pay one of their bills (it becomes 'Awaiting Payment'). Refused while another bill awaits payment; it does not check whether the bill is already paid, so check its status first.",
    params: [CUSTOMER_ID, param("bill_id", STRING, "The bill's id, such as 'B1002'.")],
    run: (kit, a) => {
      const c = customerById(kit.db, a.customer_id!);
      if (billsAwaitingPayment(kit.db, c).length !== 0) throw valueError("A bill is already awaiting payment for this customer");
      if (!contains(c.bill_ids, a.bill_id!)) throw valueError(`Bill ${str(a.bill_id!)} not found for customer ${str(a.customer_id!)}`);
      const bill = billById(kit.db, a.bill_id!);
      bill.status = BILL_STATUS.AWAITING_PAYMENT;
      return `Payment request sent to the customer for bill ${bill.bill_id}`;
    },
  },
  {
    name: "get_data_usage",
    kind: "read",
    description: "A line's data use in the current billing cycle: used, plan limit, refuelled, and the cycle's end date.",
    params: [CUSTOMER_ID, LINE_ID],
    run: (kit, a) => {
      const line = targetLine(kit.db, a.customer_id!, a.line_id!);
      const plan = planById(kit.db, line.plan_id);
      const cycleEnd = (TODAY.month < 12 ? new PyDate(TODAY.year, TODAY.month + 1, 1) : new PyDate(TODAY.year, 1, 1)).addDays(-1);
      return new Map<string, PyValue>([
        ["line_id", a.line_id!],
        ["data_used_gb", line.data_used_gb],
        ["data_limit_gb", plan.data_limit_gb],
        ["data_refueling_gb", line.data_refueling_gb],
        ["cycle_end_date", cycleEnd],
      ]);
    },
  },
  {
    name: "enable_roaming",
    kind: "write",
    description: "Turn international roaming on for a line.",
    params: [CUSTOMER_ID, LINE_ID],
    run: (kit, a) => {
      const line = targetLine(kit.db, a.customer_id!, a.line_id!);
      if (line.roaming_enabled) return "Roaming was already enabled";
      line.roaming_enabled = true;
      return "Roaming enabled successfully";
    },
  },
  {
    name: "disable_roaming",
    kind: "write",
    description: "Turn international roaming off for a line.",
    params: [CUSTOMER_ID, LINE_ID],
    run: (kit, a) => {
      const line = targetLine(kit.db, a.customer_id!, a.line_id!);
      if (!line.roaming_enabled) return "Roaming was already disabled";
      line.roaming_enabled = false;
      return "Roaming disabled successfully";
    },
  },
  {
    name: "transfer_to_human_agents",
    kind: "generic",
    description: "Hand the user over to a human agent with a summary of their issue. Only when the user asks for one, or when the policy and tools cannot solve the issue.",
    params: [param("summary", STRING, "What the user needs, for the human agent.")],
    run: () => "Transfer successful",
  },
  {
    name: "refuel_data",
    kind: "write",
    description: "Add data to a line for the current cycle, charged on the customer's next bill at the plan's refuelling price per GB.",
    params: [CUSTOMER_ID, LINE_ID, param("gb_amount", NUMBER, "Gigabytes to add.")],
    run: (kit, a) => {
      const line = targetLine(kit.db, a.customer_id!, a.line_id!);
      if (le(a.gb_amount!, 0)) throw valueError("Refuel amount must be positive");
      const plan = planById(kit.db, line.plan_id);
      const charge = mul(a.gb_amount!, plan.data_refueling_price_per_gb);
      line.data_refueling_gb = addN(line.data_refueling_gb, a.gb_amount!, "+=");
      applyOneTimeCharge(kit, a.customer_id!, charge, `Data refueling: ${str(a.gb_amount!)} GB at $${str(plan.data_refueling_price_per_gb)}/GB`);
      return new Map<string, PyValue>([
        ["message", `Successfully added ${str(a.gb_amount!)} GB of data for line ${str(a.line_id!)} for $${fixed(charge, 2)}`],
        ["new_data_refueling_gb", line.data_refueling_gb],
        ["charge", charge],
      ]);
    },
  },
];

const functions: MethodDef<TelecomKit>[] = [
  {
    name: "set_data_usage",
    params: [{ name: "customer_id", schema: {} }, { name: "line_id", schema: {} }, { name: "data_used_gb", schema: {} }],
    run: (kit, a) => {
      const line = targetLine(kit.db, a.customer_id!, a.line_id!);
      line.data_used_gb = a.data_used_gb as never;
      return `Data usage set to ${str(a.data_used_gb!)} GB for line ${str(a.line_id!)}`;
    },
  },
  {
    name: "suspend_line_for_overdue_bill",
    params: [{ name: "customer_id", schema: {} }, { name: "line_id", schema: {} }, { name: "new_bill_id", schema: {} }, { name: "contract_ended", schema: {} }],
    run: (kit, a) => {
      const db = kit.db;
      const line = lineById(db, a.line_id!);
      if (line.status !== LINE_STATUS.ACTIVE) throw valueError("Line must be active to suspend for unpaid bill");
      const plan = planById(db, line.plan_id);
      const amount = plan.price_per_month;
      if (le(amount, 0)) throw valueError("Amount must be positive for overdue bill");
      const c = customerById(db, a.customer_id!);
      if (c.bill_ids.some((id) => billById(db, id).status === BILL_STATUS.OVERDUE)) throw valueError("Customer already has an overdue bill");
      const lastOfLastMonth = firstOfMonth(TODAY).addDays(-1);
      const firstOfLastMonth = firstOfMonth(lastOfLastMonth);
      const bill = construct(Bill, {
        bill_id: a.new_bill_id!,
        customer_id: a.customer_id!,
        period_start: firstOfLastMonth,
        period_end: lastOfLastMonth,
        issue_date: firstOfLastMonth,
        total_due: 0,
        due_date: firstOfLastMonth.addDays(14),
        status: BILL_STATUS.OVERDUE,
      });
      bill.line_items.push(construct(LineItem, { description: `Charge for line ${line.line_id}`, amount, date: TODAY, item_type: lt(0, amount) ? "Charge" : "Credit" }));
      bill.total_due = addN(bill.total_due, amount, "+=");
      db.bills.push(bill);
      c.bill_ids.push(a.new_bill_id as string);
      line.status = LINE_STATUS.SUSPENDED;
      line.suspension_start_date = TODAY;
      if (truthy(a.contract_ended!)) line.contract_end_date = lastOfLastMonth;
      return `Line ${str(a.line_id!)} suspended for unpaid bill ${str(a.new_bill_id!)}. Contract ended: ${str(a.contract_ended!)}`;
    },
  },
  {
    name: "assert_data_refueling_amount",
    params: [{ name: "customer_id", schema: {} }, { name: "line_id", schema: {} }, { name: "expected_amount", schema: {} }],
    run: (kit, a) => lt(abs(sub(targetLine(kit.db, a.customer_id!, a.line_id!).data_refueling_gb, a.expected_amount!)), 1e-6),
  },
  {
    name: "assert_line_status",
    params: [{ name: "customer_id", schema: {} }, { name: "line_id", schema: {} }, { name: "expected_status", schema: {} }],
    run: (kit, a) => eq(targetLine(kit.db, a.customer_id!, a.line_id!).status, a.expected_status!),
  },
  {
    name: "assert_overdue_bill_exists",
    params: [{ name: "customer_id", schema: {} }, { name: "overdue_bill_id", schema: {} }],
    run: (kit, a) => {
      const c = customerById(kit.db, a.customer_id!);
      if (!contains(c.bill_ids, a.overdue_bill_id!)) throw valueError(`Overdue bill ${str(a.overdue_bill_id!)} not found`);
      if (billById(kit.db, a.overdue_bill_id!).status !== BILL_STATUS.OVERDUE) throw valueError(`Overdue bill ${str(a.overdue_bill_id!)} is not overdue`);
      return true;
    },
  },
  {
    name: "assert_no_overdue_bill",
    params: [{ name: "overdue_bill_id", schema: {} }],
    run: (kit, a) => {
      const bill = kit.db.bills.find((b) => eq(b.bill_id, a.overdue_bill_id!));
      return !bill || bill.status === BILL_STATUS.PAID;
    },
  },
  {
    name: "get_available_plan_ids",
    params: [],
    run: (kit) => kit.db.plans.map((p) => p.plan_id),
  },
  {
    name: "_set_bill_to_paid",
    params: [{ name: "bill_id", schema: {} }],
    run: (kit, a) => setBillToPaid(kit.db, a.bill_id!),
  },
  {
    name: "_apply_one_time_charge",
    params: [{ name: "customer_id", schema: {} }, { name: "amount", schema: {} }, { name: "description", schema: {} }],
    run: (kit, a) => {
      applyOneTimeCharge(kit, a.customer_id!, a.amount!, str(a.description!));
      return null;
    },
  },
];

export const TELECOM_TOOLKIT: ToolkitSpec<TelecomKit> = { className: "TelecomTools", tools, functions };
