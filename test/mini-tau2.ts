/**
 * Small τ² domains generated in the upstream formats (airline and retail
 * db.json, telecom db.toml and user_db.toml, policies, tasks in τ²'s task
 * format), so a clone without ../shared runs the environments, the reward,
 * the importer and the conversation loop on data. Every record is made up
 * (names, ids, prices); the shapes are the real ones. Pure and
 * deterministic: no I/O, no clock, no randomness.
 */
import type { DomainFiles, Tau2DomainName } from "../src/agents/tau2/domain";

const available = (seats: [number, number, number], prices: [number, number, number]) => ({
  status: "available",
  available_seats: { business: seats[0], economy: seats[1], basic_economy: seats[2] },
  prices: { business: prices[0], economy: prices[1], basic_economy: prices[2] },
});

/** The airline's database: three flights, two users, two reservations. */
export function miniAirlineDb(): object {
  return {
    flights: {
      HAT901: {
        flight_number: "HAT901",
        origin: "JFK",
        destination: "LAX",
        scheduled_departure_time_est: "08:00:00",
        scheduled_arrival_time_est: "11:00:00",
        dates: {
          "2024-05-10": { status: "landed", actual_departure_time_est: "2024-05-10T08:05:00", actual_arrival_time_est: "2024-05-10T11:02:00" },
          "2024-05-20": available([4, 10, 2], [900, 300, 120]),
        },
      },
      HAT902: {
        flight_number: "HAT902",
        origin: "LAX",
        destination: "SFO",
        scheduled_departure_time_est: "13:00:00",
        scheduled_arrival_time_est: "14:30:00",
        dates: { "2024-05-20": available([2, 6, 0], [400, 150, 60]) },
      },
      HAT903: {
        flight_number: "HAT903",
        origin: "JFK",
        destination: "SFO",
        scheduled_departure_time_est: "09:00:00",
        scheduled_arrival_time_est: "12:30:00",
        dates: { "2024-05-20": { status: "cancelled" } },
      },
    },
    users: {
      ada_park_1001: {
        user_id: "ada_park_1001",
        name: { first_name: "Ada", last_name: "Park" },
        address: { address1: "1 Elm St", address2: null, city: "Reno", country: "USA", state: "NV", zip: "89501" },
        email: "ada.park@example.com",
        dob: "1990-01-02",
        payment_methods: {
          credit_card_1001: { source: "credit_card", id: "credit_card_1001", brand: "visa", last_four: "4242" },
          gift_card_1001: { source: "gift_card", id: "gift_card_1001", amount: 200.0 },
          certificate_1001: { source: "certificate", id: "certificate_1001", amount: 150.0 },
        },
        saved_passengers: [{ first_name: "Bo", last_name: "Park", dob: "1992-03-04" }],
        membership: "gold",
        reservations: ["ABC901"],
      },
      ben_ruiz_1002: {
        user_id: "ben_ruiz_1002",
        name: { first_name: "Ben", last_name: "Ruiz" },
        address: { address1: "2 Oak Ave", address2: "Apt 3", city: "Tulsa", country: "USA", state: "OK", zip: "74103" },
        email: "ben.ruiz@example.com",
        dob: "1985-05-06",
        payment_methods: { credit_card_1002: { source: "credit_card", id: "credit_card_1002", brand: "mastercard", last_four: "5555" } },
        saved_passengers: [],
        membership: "regular",
        reservations: ["XYZ902"],
      },
    },
    reservations: {
      ABC901: {
        reservation_id: "ABC901",
        user_id: "ada_park_1001",
        origin: "JFK",
        destination: "LAX",
        flight_type: "one_way",
        cabin: "economy",
        flights: [{ origin: "JFK", destination: "LAX", flight_number: "HAT901", date: "2024-05-20", price: 300 }],
        passengers: [{ first_name: "Ada", last_name: "Park", dob: "1990-01-02" }],
        payment_history: [{ payment_id: "credit_card_1001", amount: 300 }],
        created_at: "2024-05-01T10:00:00",
        total_baggages: 1,
        nonfree_baggages: 0,
        insurance: "no",
      },
      XYZ902: {
        reservation_id: "XYZ902",
        user_id: "ben_ruiz_1002",
        origin: "LAX",
        destination: "SFO",
        flight_type: "one_way",
        cabin: "business",
        flights: [{ origin: "LAX", destination: "SFO", flight_number: "HAT902", date: "2024-05-20", price: 400 }],
        passengers: [{ first_name: "Ben", last_name: "Ruiz", dob: "1985-05-06" }],
        payment_history: [{ payment_id: "credit_card_1002", amount: 400 }],
        created_at: "2024-05-02T10:00:00",
        total_baggages: 0,
        nonfree_baggages: 0,
        insurance: "yes",
      },
    },
  };
}

/** The retail database: one product with three items, one user, two orders. */
export function miniRetailDb(): object {
  const variant = (id: string, color: string, price: number, ok = true) => ({ item_id: id, options: { color, size: "M" }, available: ok, price });
  return {
    products: {
      "7000000001": {
        name: "T-Shirt",
        product_id: "7000000001",
        variants: { "8000000002": variant("8000000002", "blue", 22.75), "8000000001": variant("8000000001", "red", 20.5), "8000000003": variant("8000000003", "green", 19.0, false) },
      },
    },
    users: {
      cy_dale_2001: {
        user_id: "cy_dale_2001",
        name: { first_name: "Cy", last_name: "Dale" },
        address: { address1: "9 Pine Rd", address2: "", city: "Boise", country: "USA", state: "ID", zip: "83702" },
        email: "cy.dale@example.com",
        payment_methods: {
          gift_card_2001: { source: "gift_card", id: "gift_card_2001", balance: 50.0 },
          credit_card_2001: { source: "credit_card", id: "credit_card_2001", brand: "visa", last_four: "1111" },
        },
        orders: ["#W9000001", "#W9000002"],
      },
    },
    orders: {
      "#W9000001": {
        order_id: "#W9000001",
        user_id: "cy_dale_2001",
        address: { address1: "9 Pine Rd", address2: "", city: "Boise", country: "USA", state: "ID", zip: "83702" },
        items: [{ name: "T-Shirt", product_id: "7000000001", item_id: "8000000001", price: 20.5, options: { color: "red", size: "M" } }],
        status: "pending",
        fulfillments: [],
        payment_history: [{ transaction_type: "payment", amount: 20.5, payment_method_id: "credit_card_2001" }],
      },
      "#W9000002": {
        order_id: "#W9000002",
        user_id: "cy_dale_2001",
        address: { address1: "9 Pine Rd", address2: "", city: "Boise", country: "USA", state: "ID", zip: "83702" },
        items: [{ name: "T-Shirt", product_id: "7000000001", item_id: "8000000002", price: 22.75, options: { color: "blue", size: "M" } }],
        status: "delivered",
        fulfillments: [{ tracking_id: ["123456789012"], item_ids: ["8000000002"] }],
        payment_history: [{ transaction_type: "payment", amount: 22.75, payment_method_id: "gift_card_2001" }],
      },
    },
  };
}

export const MINI_TELECOM_DB = `[[plans]]
plan_id = "P9001"
name = "Starter"
data_limit_gb = 5.0
price_per_month = 30.0
data_refueling_price_per_gb = 2.0

[[devices]]
device_id = "D9001"
device_type = "phone"
model = "Phone One"
imei = "990000000000001"
is_esim_capable = true
activated = true
activation_date = "2025-01-20T14:30:00"

[[lines]]
line_id = "L9001"
phone_number = "555-000-9001"
status = "Active"
plan_id = "P9001"
device_id = "D9001"
data_used_gb = 5.5
data_refueling_gb = 0.0
roaming_enabled = false
contract_end_date = "2026-12-31"

[[customers]]
customer_id = "C9001"
full_name = "Dee Moss"
date_of_birth = "1980-07-08"
email = "dee.moss@example.com"
phone_number = "555-000-9001"
account_status = "Active"
created_at = "2025-01-15T10:30:00"
goodwill_credit_used_this_year = 0.0
line_ids = ["L9001"]
bill_ids = ["B9001"]
[[customers.payment_methods]]
method_type = "Credit Card"
account_number_last_4 = "9999"
expiration_date = "12/2027"

[customers.address]
street = "3 Lake Dr"
city = "Salem"
state = "OR"
zip_code = "97301"

[[bills]]
bill_id = "B9001"
customer_id = "C9001"
period_start = "2025-03-01"
period_end = "2025-03-31"
issue_date = "2025-03-01"
total_due = 0.0
due_date = "2025-03-15"
status = "Draft"
line_items = []
`;

export const MINI_TELECOM_USER_DB = `[device]
sim_card_status = "active"
sim_card_missing = false
airplane_mode = false
network_signal_strength = "good"
network_technology_connected = "5G"
network_connection_status = "connected"
battery_level = 80
data_enabled = true
roaming_enabled = false
network_mode_preference = "4g_5g_preferred"
wifi_enabled = false
wifi_connected = false
wifi_signal_strength = "none"
wifi_calling_enabled = false
wifi_calling_mms_over_wifi = false
data_saver_mode = false
vpn_enabled_setting = false
vpn_connected = false

[device.active_apn_settings]
apn_name = "internet"
mms_apn = "mms"
mmsc_url = "http://mms.carrier.com/mms/wapenc"

[device.app_statuses.messaging]
app_name = "messaging"

[device.app_statuses.messaging.permissions]
sms = true
storage = true
phone = true
network = false
`;

const scenario = (domain: string, reason: string, known: string, instructions: string) => ({
  persona: null,
  instructions: { domain, reason_for_call: reason, known_info: known, unknown_info: null, task_instructions: instructions },
});

const action = (id: string, name: string, args: Record<string, unknown>, requestor = "assistant") => ({ action_id: id, requestor, name, arguments: args, info: null, compare_args: null });

/** Airline tasks: a baggage change (a write), and a question answered by reading. */
export function miniAirlineTasks(): object[] {
  return [
    {
      id: "0",
      user_scenario: scenario("airline", "You want to add one checked bag to reservation ABC901.", "You are ada_park_1001.", "Pay the bag with your gift card. Say ###STOP### when done."),
      initial_state: null,
      evaluation_criteria: {
        actions: [action("0_0", "get_reservation_details", { reservation_id: "ABC901" }), action("0_1", "update_reservation_baggages", { reservation_id: "ABC901", total_baggages: 2, nonfree_baggages: 1, payment_id: "gift_card_1001" })],
        communicate_info: [],
        nl_assertions: ["The agent charges the bag to the gift card."],
        reward_basis: null,
      },
    },
    {
      id: "1",
      user_scenario: scenario("airline", "You want to know the status of flight HAT903 on 2024-05-20.", "You are ben_ruiz_1002.", "Ask for the status; say ###STOP### once told."),
      initial_state: null,
      evaluation_criteria: { actions: [action("1_0", "get_flight_status", { flight_number: "HAT903", date: "2024-05-20" })], communicate_info: ["cancelled"], nl_assertions: null, reward_basis: null },
    },
  ];
}

/** Retail tasks: a pending order's item swapped, and a delivered order returned. */
export function miniRetailTasks(): object[] {
  return [
    {
      id: "0",
      user_scenario: scenario("retail", "You want the red T-shirt of order #W9000001 in blue instead.", "You are Cy Dale, zip 83702, cy.dale@example.com.", "Pay any difference with your gift card. Say ###STOP### when done."),
      initial_state: null,
      evaluation_criteria: {
        actions: [
          action("0_0", "find_user_id_by_email", { email: "cy.dale@example.com" }),
          action("0_1", "modify_pending_order_items", { order_id: "#W9000001", item_ids: ["8000000001"], new_item_ids: ["8000000002"], payment_method_id: "gift_card_2001" }),
        ],
        communicate_info: [],
        nl_assertions: null,
        reward_basis: ["DB"],
      },
    },
    {
      id: "1",
      user_scenario: scenario("retail", "You want to return the blue T-shirt of order #W9000002.", "You are Cy Dale, cy.dale@example.com.", "Refund to your gift card. Say ###STOP### when done."),
      initial_state: null,
      evaluation_criteria: {
        actions: [action("1_0", "return_delivered_order_items", { order_id: "#W9000002", item_ids: ["8000000002"], payment_method_id: "gift_card_2001" })],
        communicate_info: [],
        nl_assertions: null,
        reward_basis: null,
      },
    },
  ];
}

/** Telecom tasks: mobile data used up (refuel) with airplane mode on at the start. */
export function miniTelecomTasks(): object[] {
  return [
    {
      id: "[mobile_data_issue]airplane_mode_on|data_usage_exceeded[PERSONA:None]",
      user_scenario: {
        persona: null,
        instructions: {
          domain: "telecom",
          reason_for_call: "Your mobile data does not work.",
          known_info: "You are Dee Moss, phone number 555-000-9001.",
          unknown_info: null,
          task_instructions: "Follow the agent's instructions on your phone. Accept 2 GB of extra data. Say ###STOP### once mobile data works.",
        },
      },
      ticket: "The customer with phone 555-000-9001 has no mobile data.",
      initial_state: {
        initialization_data: null,
        initialization_actions: [
          { env_type: "user", func_name: "set_user_info", arguments: { name: "Dee Moss", phone_number: "555-000-9001" } },
          { env_type: "user", func_name: "turn_airplane_mode_on", arguments: {} },
        ],
        message_history: null,
      },
      evaluation_criteria: {
        actions: [
          action("toggle_airplane_mode_0", "toggle_airplane_mode", {}, "user"),
          action("refuel_data_1", "refuel_data", { customer_id: "C9001", line_id: "L9001", gb_amount: 2.0 }),
        ],
        env_assertions: [
          { env_type: "user", func_name: "assert_mobile_data_status", arguments: { expected_status: true }, assert_value: true, message: null },
          { env_type: "assistant", func_name: "assert_data_refueling_amount", arguments: { customer_id: "C9001", line_id: "L9001", expected_amount: 2.0 }, assert_value: true, message: null },
        ],
        communicate_info: null,
        nl_assertions: null,
        reward_basis: ["ENV_ASSERTION", "ACTION"],
      },
    },
  ];
}

const POLICY: Record<Tau2DomainName, string> = {
  airline: "# Airline Agent Policy (test)\n\nHelp users with reservations. Ask for the user id first. Confirm before any change.\n",
  retail: "# Retail Agent Policy (test)\n\nAuthenticate the user by email or name and zip. Confirm before any change.\n",
  telecom: "# Telecom Agent Policy (test)\n\nFind the customer by phone number, then troubleshoot.\n",
};

/** The text of each mini domain's files, as loadDomain takes them. */
export function miniDomainFiles(name: Tau2DomainName): DomainFiles {
  if (name === "airline") return { db: JSON.stringify(miniAirlineDb(), null, 4), policy: POLICY.airline };
  if (name === "retail") return { db: JSON.stringify(miniRetailDb(), null, 4), policy: POLICY.retail };
  return {
    db: MINI_TELECOM_DB,
    policy: POLICY.telecom,
    user_db: MINI_TELECOM_USER_DB,
    tech_support: "# Tech support (test)\n\nCheck airplane mode first, then data usage.\n",
    policy_solo: "# Telecom Agent Policy, solo (test)\n\nWork the ticket with the tools.\n",
  };
}

export function miniTasks(name: Tau2DomainName): object[] {
  return name === "airline" ? miniAirlineTasks() : name === "retail" ? miniRetailTasks() : miniTelecomTasks();
}

/** Gold actions that write (the others only read). */
const WRITES = new Set(["update_reservation_baggages", "modify_pending_order_items", "return_delivered_order_items", "refuel_data", "toggle_airplane_mode"]);

interface MiniAction {
  action_id: string;
  requestor: "assistant" | "user";
  name: string;
  arguments: Record<string, unknown>;
}
interface MiniTask {
  id: string;
  evaluation_criteria: { actions: MiniAction[]; communicate_info?: string[] | null; nl_assertions?: string[] | null; reward_basis: string[] | null; env_assertions?: unknown[] | null };
  initial_state: { initialization_actions: { env_type: "assistant" | "user"; func_name: string; arguments: Record<string, unknown> }[] } | null;
}

/**
 * A τ² Results file of a made-up run on a mini domain: per task, one
 * simulation that follows the gold actions (its tool results answered by
 * `respond`, the environment under test) and says what must be said, one
 * that does nothing, and one cut off at max_steps; the recorded rewards are
 * set by rule here (the gold one 1, the idle one 0 unless the gold only
 * reads and nothing must be said, the cut-off one 0), not computed.
 */
export function miniResultsFile(
  domain: Tau2DomainName,
  respond: (taskId: string, calls: { id: string; name: string; arguments: Record<string, unknown>; requestor: "assistant" | "user" }[]) => { content: string; error: boolean }[],
): object {
  const tasks = miniTasks(domain) as unknown as MiniTask[];
  const simulations: object[] = [];
  let seq = 0;
  const msg = (role: string, content: string | null, tool_calls: unknown = null) => ({ role, content, tool_calls, turn_idx: seq++ });
  for (const t of tasks) {
    const crit = t.evaluation_criteria;
    const basis = crit.reward_basis ?? ["DB", "COMMUNICATE"];
    const infos = crit.communicate_info ?? [];
    const nl = crit.nl_assertions ?? [];
    const calls = crit.actions.map((a, i) => ({ id: `call_${t.id}_${i}`, name: a.name, arguments: a.arguments, requestor: a.requestor }));
    const results = respond(t.id, calls);
    const gold: object[] = [msg("assistant", "Hi! How can I help you today?"), msg("user", "Hello, I need help.")];
    calls.forEach((c, i) => {
      gold.push(msg(c.requestor, null, [c]));
      gold.push({ id: c.id, role: "tool", content: results[i]!.content, requestor: c.requestor, error: results[i]!.error, turn_idx: seq++ });
    });
    gold.push(msg("assistant", `Done. ${infos.join(", ")}`.trim()), msg("user", "Thanks! ###STOP###"));
    const breakdownOf = (ok: boolean) => Object.fromEntries(basis.map((b) => [b, ok ? 1.0 : 0.0]));
    // τ² runs gold actions without the sync that follows each step of a conversation, so in telecom the user's
    // surroundings (data allowance used up) stay as they were: its DB check fails even for the gold path.
    const dbMatch = (ok: boolean) => domain !== "telecom" && (ok || !crit.actions.some((a) => WRITES.has(a.name)));
    const checks = (ok: boolean) => ({
      db_check: { db_match: dbMatch(ok), db_reward: dbMatch(ok) ? 1.0 : 0.0 },
      env_assertions: (crit.env_assertions ?? []).map((a) => ({ env_assertion: a, met: ok, reward: ok ? 1.0 : 0.0 })),
      action_checks: crit.actions.length ? crit.actions.map((a) => ({ action: a, action_match: ok, action_reward: ok ? 1.0 : 0.0 })) : null,
      nl_assertions: nl.map((a) => ({ nl_assertion: a, met: ok, justification: ok ? "Done as asked." : "Not done." })),
      communicate_checks: infos.length ? infos.map((info) => ({ info, met: ok, justification: "" })) : null,
      reward_basis: crit.reward_basis,
    });
    const idleReward = basis.every((b) => (b === "DB" ? !crit.actions.some((a) => WRITES.has(a.name)) : b === "COMMUNICATE" ? infos.length === 0 : b === "NL_ASSERTION" ? nl.length === 0 : false));
    simulations.push(
      { id: `sim-${t.id}-gold`, task_id: t.id, trial: 0, termination_reason: "user_stop", messages: gold, reward_info: { reward: 1.0, ...checks(true), reward_breakdown: breakdownOf(true), info: null } },
      {
        id: `sim-${t.id}-idle`,
        task_id: t.id,
        trial: 1,
        termination_reason: "user_stop",
        messages: [msg("assistant", "Hi! How can I help you today?"), msg("user", "Hello."), msg("assistant", "Sorry, I cannot help."), msg("user", "###STOP###")],
        reward_info: { reward: idleReward ? 1.0 : 0.0, ...checks(false), reward_breakdown: breakdownOf(idleReward), info: null },
      },
      {
        id: `sim-${t.id}-cut`,
        task_id: t.id,
        trial: 2,
        termination_reason: "max_steps",
        messages: [msg("assistant", "Hi! How can I help you today?"), msg("user", "Hello.")],
        reward_info: { reward: 0.0, db_check: null, env_assertions: null, action_checks: null, nl_assertions: null, communicate_checks: null, reward_basis: null, reward_breakdown: null, info: { note: "Simulation terminated prematurely. Termination reason: max_steps" } },
      },
    );
  }
  return {
    timestamp: "2025-01-01T00:00:00",
    info: {
      git_commit: "mini",
      num_trials: 3,
      max_steps: 200,
      max_errors: 10,
      user_info: { implementation: "user_simulator", llm: "mini-user", llm_args: {}, global_simulation_guidelines: null },
      agent_info: { implementation: "llm_agent", llm: "mini-agent", llm_args: {} },
      environment_info: { domain_name: domain, policy: miniDomainFiles(domain).policy, tool_defs: null },
      seed: 300,
    },
    tasks,
    simulations,
  };
}

/** τ-bench v1's airline data made from the mini τ² airline: v1's users carry no user_id and write the state as `province`. */
export function miniV1AirlineFiles(): { flights: string; reservations: string; users: string } {
  const db = miniAirlineDb() as { flights: object; reservations: object; users: Record<string, { user_id: string; address: Record<string, unknown> } & Record<string, unknown>> };
  const users = Object.fromEntries(
    Object.entries(db.users).map(([id, { user_id: _id, address, ...rest }]) => {
      const { state, ...addr } = address;
      return [id, { ...rest, address: { ...addr, province: state } }];
    }),
  );
  return { flights: JSON.stringify(db.flights), reservations: JSON.stringify(db.reservations), users: JSON.stringify(users) };
}

/**
 * A τ-bench v1 trajectories file on the mini v1 airline: two trials of one
 * task (add a bag to ABC901, paid by gift card), one doing it (reward 1),
 * one only reading (reward 0), the tool results answered by `respond`.
 */
export function miniV1Trajectories(respond: (trial: number, name: string, kwargs: Record<string, unknown>) => string): object[] {
  const gold = [{ name: "update_reservation_baggages", kwargs: { reservation_id: "ABC901", total_baggages: 2, nonfree_baggages: 1, payment_id: "gift_card_1001" } }];
  const task = { user_id: "ada_park_1001", actions: gold, instruction: "You are ada_park_1001. Add one checked bag to ABC901, paid by your gift card.", outputs: [] };
  const episode = (trial: number, calls: { name: string; kwargs: Record<string, unknown> }[], reward: number) => {
    const traj: object[] = [
      { role: "system", content: "# Airline Agent Policy (test)" },
      { role: "user", content: "Hi, I want to add a bag." },
    ];
    calls.forEach((c, i) => {
      const id = `call_${trial}_${i}`;
      traj.push({ content: null, role: "assistant", tool_calls: [{ function: { arguments: JSON.stringify(c.kwargs), name: c.name }, id, type: "function" }] });
      traj.push({ role: "tool", tool_call_id: id, name: c.name, content: respond(trial, c.name, c.kwargs) });
    });
    traj.push({ content: "Done.", role: "assistant" }, { role: "user", content: "###STOP###" });
    return { task_id: 0, reward, info: { task, source: "user", user_cost: 0, reward_info: { reward, info: { r_actions: reward, gt_data_hash: "0".repeat(64) }, actions: gold } }, traj, trial };
  };
  return [episode(0, [{ name: "get_reservation_details", kwargs: { reservation_id: "ABC901" } }, ...gold], 1.0), episode(1, [{ name: "get_reservation_details", kwargs: { reservation_id: "ABC901" } }], 0.0)];
}

/** The mini τ² and v1 files the test dataset mirror serves, at the paths Assay pins them under (src/catalog/benchmarks/tau_bench/source.ts). */
export function miniTau2MirrorFiles(): { path: string; text: string; gzip: false }[] {
  const out: { path: string; text: string; gzip: false }[] = [];
  const add = (path: string, text: string | undefined) => text !== undefined && out.push({ path, text, gzip: false });
  const a = miniDomainFiles("airline");
  const r = miniDomainFiles("retail");
  const t = miniDomainFiles("telecom");
  add("tau2_bench/domains/airline/db.json", a.db);
  add("tau2_bench/domains/airline/policy.md", a.policy);
  add("tau2_bench/domains/retail/db.json", r.db);
  add("tau2_bench/domains/retail/policy.md", r.policy);
  add("tau2_bench/domains/telecom/db.toml", t.db);
  add("tau2_bench/domains/telecom/user_db.toml", t.user_db);
  add("tau2_bench/domains/telecom/main_policy.md", t.policy);
  add("tau2_bench/domains/telecom/main_policy_solo.md", t.policy_solo);
  add("tau2_bench/domains/telecom/tech_support_manual.md", t.tech_support);
  for (const d of ["airline", "retail", "telecom"] as const) add(`tau2_bench/domains/${d}/tasks_release_2025-06-10.json`, JSON.stringify(miniTasks(d)));
  add("tau2_bench/user_simulator/release_2025-06-10/simulation_guidelines.md", "# User Simulation Guidelines (test)\nPlay the customer. Say ###STOP### when the task is done.\n");
  add("tau2_bench/user_simulator/release_2025-06-10/simulation_guidelines_tools.md", "# User Simulation Guidelines with tools (test)\nPlay the customer; use your phone's tools when asked. Say ###STOP### when done.\n");
  const v1 = miniV1AirlineFiles();
  add("tau_bench/airline/data/flights.json", v1.flights);
  add("tau_bench/airline/data/reservations.json", v1.reservations);
  add("tau_bench_v1/airline_users_pre_2025-01-16.json", v1.users);
  return out;
}
