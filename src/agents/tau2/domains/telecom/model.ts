/**
 * The telecom domain's data model, the agent's side: plans, customers,
 * lines, bills with line items, devices. Every model forbids unknown keys
 * (the reference's BaseModelNoExtra); enums are their string values; field
 * order is the reference's declaration order. Pure, no I/O.
 */
import { PyDate, PyFloat } from "../../py/values";
import { lit, list, model, opt, S, withDefault, type Infer } from "../../py/model";

const NO_EXTRA = { forbidExtra: true };

export const LINE_STATUS = { ACTIVE: "Active", SUSPENDED: "Suspended", PENDING_ACTIVATION: "Pending Activation", CLOSED: "Closed" } as const;
export const BILL_STATUS = { DRAFT: "Draft", ISSUED: "Issued", AWAITING_PAYMENT: "Awaiting Payment", PAID: "Paid", OVERDUE: "Overdue", DISPUTED: "Disputed" } as const;

export const Address = model("Address", { street: S.str, city: S.str, state: S.str, zip_code: S.str }, NO_EXTRA);

export const Plan = model("Plan", { plan_id: S.str, name: S.str, data_limit_gb: S.float, price_per_month: S.float, data_refueling_price_per_gb: S.float }, NO_EXTRA);
export type Plan = Infer<typeof Plan>;

export const Device = model(
  "Device",
  {
    device_id: S.str,
    device_type: lit("phone", "router", "tablet", "watch", "other"),
    model: S.str,
    imei: withDefault(opt(S.str), () => null),
    is_esim_capable: S.bool,
    activated: withDefault(S.bool, () => false),
    activation_date: withDefault(opt(S.datetime), () => null),
    last_esim_transfer_date: withDefault(opt(S.datetime), () => null),
  },
  NO_EXTRA,
);

const LineStatus = lit(...Object.values(LINE_STATUS));

export const Line = model(
  "Line",
  {
    line_id: S.str,
    phone_number: S.str,
    status: withDefault(LineStatus, () => LINE_STATUS.PENDING_ACTIVATION),
    plan_id: S.str,
    device_id: withDefault(opt(S.str), () => null),
    data_used_gb: withDefault(S.float, () => new PyFloat(0)),
    data_refueling_gb: withDefault(S.float, () => new PyFloat(0)),
    roaming_enabled: withDefault(S.bool, () => false),
    contract_end_date: withDefault(opt(S.date), () => null),
    last_plan_change_date: withDefault(opt(S.date), () => null),
    last_sim_replacement_date: withDefault(opt(S.date), () => null),
    suspension_start_date: withDefault(opt(S.date), () => null),
  },
  NO_EXTRA,
);
export type Line = Infer<typeof Line>;

export const LineItem = model("LineItem", { description: S.str, amount: S.float, date: S.date, item_type: S.str }, NO_EXTRA);

export const Bill = model(
  "Bill",
  {
    bill_id: S.str,
    customer_id: S.str,
    period_start: S.date,
    period_end: S.date,
    issue_date: S.date,
    total_due: S.float,
    due_date: S.date,
    line_items: withDefault(list(LineItem), () => []),
    status: withDefault(lit(...Object.values(BILL_STATUS)), () => BILL_STATUS.DRAFT),
  },
  NO_EXTRA,
);
export type Bill = Infer<typeof Bill>;

export const PaymentMethod = model(
  "PaymentMethod",
  { method_type: lit("Credit Card", "Debit Card", "PayPal"), account_number_last_4: S.str, expiration_date: S.str },
  NO_EXTRA,
);

export const Customer = model(
  "Customer",
  {
    customer_id: S.str,
    full_name: S.str,
    date_of_birth: S.str,
    email: S.str,
    phone_number: S.str,
    address: Address,
    account_status: withDefault(lit("Active", "Suspended", "Pending Verification", "Closed"), () => "Pending Verification"),
    payment_methods: withDefault(list(PaymentMethod), () => []),
    line_ids: withDefault(list(S.str), () => []),
    bill_ids: withDefault(list(S.str), () => []),
    // The reference's default is a date, not a datetime; defaults are not validated, so it stays one.
    created_at: withDefault(S.datetime, () => new PyDate(2025, 1, 1)),
    last_extension_date: withDefault(opt(S.date), () => null),
    goodwill_credit_used_this_year: withDefault(S.float, () => new PyFloat(0)),
  },
  NO_EXTRA,
);
export type Customer = Infer<typeof Customer>;

export const TelecomDB = model(
  "TelecomDB",
  {
    plans: withDefault(list(Plan), () => []),
    customers: withDefault(list(Customer), () => []),
    lines: withDefault(list(Line), () => []),
    bills: withDefault(list(Bill), () => []),
    devices: withDefault(list(Device), () => []),
  },
  NO_EXTRA,
);
export type TelecomDB = Infer<typeof TelecomDB>;
