// The three domains' tools on generated data (test/mini-tau2.ts): results as
// the reference prints them (written out here by hand from its code), its
// error texts, Python's TypeErrors for wrong arguments, the writes a tool
// makes and the ones it does not, and one environment never seeing another's.
import { describe, expect, it } from "vitest";
import { ToolDefinitions } from "../../../domain/tools";
import { miniDomainFiles } from "../../../../test/mini-tau2";
import { loadDomain } from "../domain";
import { loadsPy } from "../py/json";
import type { Tau2ToolCall } from "../messages";
import type { PyValue } from "../py/values";

const airline = loadDomain("airline", miniDomainFiles("airline"));
const retail = loadDomain("retail", miniDomainFiles("retail"));
const telecom = loadDomain("telecom", miniDomainFiles("telecom"));

let n = 0;
function call(name: string, args: string, requestor: "assistant" | "user" = "assistant"): Tau2ToolCall {
  return { id: `c${n++}`, name, arguments: loadsPy(args) as Map<string, PyValue>, requestor };
}

describe("airline", () => {
  it("reads a reservation in the reference's field order, with status null", () => {
    const env = airline.environment("agent");
    expect(env.getResponse(call("get_reservation_details", '{"reservation_id": "ABC901"}'))).toEqual({
      role: "tool",
      id: expect.any(String),
      requestor: "assistant",
      error: false,
      content:
        '{"reservation_id": "ABC901", "user_id": "ada_park_1001", "origin": "JFK", "destination": "LAX", "flight_type": "one_way", "cabin": "economy", ' +
        '"flights": [{"flight_number": "HAT901", "origin": "JFK", "destination": "LAX", "date": "2024-05-20", "price": 300}], ' +
        '"passengers": [{"first_name": "Ada", "last_name": "Park", "dob": "1990-01-02"}], "payment_history": [{"payment_id": "credit_card_1001", "amount": 300}], ' +
        '"created_at": "2024-05-01T10:00:00", "total_baggages": 1, "nonfree_baggages": 0, "insurance": "no", "status": null}',
    });
  });

  it("charges a new bag to a gift card: balance a float, the payment an int", () => {
    const env = airline.environment("agent");
    const r = env.getResponse(call("update_reservation_baggages", '{"reservation_id": "ABC901", "total_baggages": 2, "nonfree_baggages": 1, "payment_id": "gift_card_1001"}'));
    expect(r.error).toBe(false);
    expect(r.content).toContain('"payment_history": [{"payment_id": "credit_card_1001", "amount": 300}, {"payment_id": "gift_card_1001", "amount": 50}]');
    expect(env.getResponse(call("get_user_details", '{"user_id": "ada_park_1001"}')).content).toContain('"gift_card_1001": {"source": "gift_card", "id": "gift_card_1001", "amount": 150.0}');
  });

  it.each([
    ['{"reservation_id": "NOPE00"}', "Error: Reservation NOPE00 not found"],
    ['{"reservation_id": "ABC901", "extra": 1}', "Error: AirlineTools.get_reservation_details() got an unexpected keyword argument 'extra'"],
    ["{}", "Error: AirlineTools.get_reservation_details() missing 1 required positional argument: 'reservation_id'"],
    ['{"reservation_id": ["ABC901"]}', "Error: unhashable type: 'list'"],
  ])("get_reservation_details(%s) answers %j with error set", (args, content) => {
    expect(airline.environment("agent").getResponse(call("get_reservation_details", args))).toMatchObject({ content, error: true });
  });

  it.each([
    ['{"reservation_id": "ABC901", "total_baggages": 2, "nonfree_baggages": "1", "payment_id": "gift_card_1001"}', "Error: unsupported operand type(s) for -: 'str' and 'int'"],
    ['{"reservation_id": "ABC901", "total_baggages": 2, "nonfree_baggages": 1, "payment_id": "certificate_1001"}', "Error: Certificate cannot be used to update reservation"],
    ['{"reservation_id": "ABC901", "total_baggages": 9, "nonfree_baggages": 9, "payment_id": "gift_card_1001"}', "Error: Gift card balance is not enough"],
  ])("update_reservation_baggages(%s) raises the reference's error", (args, content) => {
    const env = airline.environment("agent");
    expect(env.getResponse(call("update_reservation_baggages", args))).toMatchObject({ content, error: true });
    // Nothing was written.
    expect(env.getResponse(call("get_reservation_details", '{"reservation_id": "ABC901"}')).content).toContain('"total_baggages": 1, "nonfree_baggages": 0');
  });

  it("books: seats taken, the certificate used up, the reservation added to the user", () => {
    const env = airline.environment("agent");
    const r = env.getResponse(
      call(
        "book_reservation",
        '{"user_id": "ada_park_1001", "origin": "JFK", "destination": "SFO", "flight_type": "one_way", "cabin": "economy", ' +
          '"flights": [{"flight_number": "HAT901", "date": "2024-05-20"}, {"flight_number": "HAT902", "date": "2024-05-20"}], ' +
          '"passengers": [{"first_name": "Ada", "last_name": "Park", "dob": "1990-01-02"}], ' +
          '"payment_methods": [{"payment_id": "certificate_1001", "amount": 150}, {"payment_id": "credit_card_1001", "amount": 300}], ' +
          '"total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}',
      ),
    );
    expect(r.error).toBe(false);
    expect(r.content).toMatch(/^\{"reservation_id": "HATHAT", .*"created_at": "2024-05-15T15:00:00".*"status": null\}$/);
    const search = env.getResponse(call("search_direct_flight", '{"origin": "JFK", "destination": "LAX", "date": "2024-05-20"}')).content;
    expect(search).toBe(
      '[{"flight_number": "HAT901", "origin": "JFK", "destination": "LAX", "status": "available", "scheduled_departure_time_est": "08:00:00", "scheduled_arrival_time_est": "11:00:00", "date": null, ' +
        '"available_seats": {"business": 4, "economy": 9, "basic_economy": 2}, "prices": {"business": 900, "economy": 300, "basic_economy": 120}}]',
    );
    const user = env.getResponse(call("get_user_details", '{"user_id": "ada_park_1001"}')).content;
    expect(user).not.toContain("certificate_1001");
    expect(user).toContain('"reservations": ["ABC901", "HATHAT"]');
  });

  it("refuses a booking that does not add up, naming the totals", () => {
    const r = airline.environment("agent").getResponse(
      call(
        "book_reservation",
        '{"user_id": "ada_park_1001", "origin": "JFK", "destination": "LAX", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT901", "date": "2024-05-20"}], ' +
          '"passengers": [{"first_name": "Ada", "last_name": "Park", "dob": "1990-01-02"}], "payment_methods": [{"payment_id": "credit_card_1001", "amount": 299}], "total_baggages": 0, "nonfree_baggages": 0, "insurance": "yes"}',
      ),
    );
    expect(r).toMatchObject({ content: "Error: Payment amount does not add up, total price is 330, but paid 299", error: true });
  });

  it("calculates as Python's eval would", () => {
    const env = airline.environment("agent");
    expect(env.getResponse(call("calculate", '{"expression": "10 / 3"}')).content).toBe("3.33");
    expect(env.getResponse(call("calculate", '{"expression": "2 ** 3 + 7 // 2"}')).content).toBe("11.0");
    expect(env.getResponse(call("calculate", '{"expression": "1 / 0"}')).content).toBe("Error: division by zero");
    expect(env.getResponse(call("calculate", '{"expression": "2 + x"}')).content).toBe("Error: Invalid characters in expression");
    expect(env.getResponse(call("calculate", '{"expression": "(2"}')).content).toBe("Error: '(' was never closed (<string>, line 1)");
  });

  it("gives each environment its own copy of the data", () => {
    const a = airline.environment("agent");
    a.getResponse(call("cancel_reservation", '{"reservation_id": "ABC901"}'));
    expect(a.getResponse(call("get_reservation_details", '{"reservation_id": "ABC901"}')).content).toContain('"status": "cancelled"');
    expect(airline.environment("agent").getResponse(call("get_reservation_details", '{"reservation_id": "ABC901"}')).content).toContain('"status": null');
  });
});

describe("retail", () => {
  it("swaps an item of a pending order, paying the difference from the gift card", () => {
    const env = retail.environment("agent");
    const r = env.getResponse(call("modify_pending_order_items", '{"order_id": "#W9000001", "item_ids": ["8000000001"], "new_item_ids": ["8000000002"], "payment_method_id": "gift_card_2001"}'));
    expect(r.content).toContain('"items": [{"name": "T-Shirt", "product_id": "7000000001", "item_id": "8000000002", "price": 22.75, "options": {"color": "blue", "size": "M"}}], "status": "pending (item modified)"');
    expect(r.content).toContain('{"transaction_type": "payment", "amount": 2.25, "payment_method_id": "gift_card_2001"}');
    expect(env.getResponse(call("get_user_details", '{"user_id": "cy_dale_2001"}')).content).toContain('"balance": 47.75');
  });

  it.each([
    ["cancel_pending_order", '{"order_id": "#W9000002", "reason": "no longer needed"}', "Error: Non-pending order cannot be cancelled"],
    ["cancel_pending_order", '{"order_id": "#W9000001", "reason": "too pricey"}', "Error: Invalid reason"],
    ["modify_pending_order_items", '{"order_id": "#W9000001", "item_ids": ["8000000001"], "new_item_ids": ["8000000003"], "payment_method_id": "gift_card_2001"}', "Error: New item 8000000003 not found or available"],
    ["return_delivered_order_items", '{"order_id": "#W9000002", "item_ids": ["8000000002"], "payment_method_id": "credit_card_2001"}', "Error: Payment method should be the original payment method"],
    ["find_user_id_by_email", '{"email": "nobody@example.com"}', "Error: User not found"],
  ])("%s(%s): %s", (tool, args, content) => {
    expect(retail.environment("agent").getResponse(call(tool, args))).toMatchObject({ content, error: true });
  });

  it("lists product types as a JSON string sorted by name", () => {
    expect(retail.environment("agent").getResponse(call("list_all_product_types", "{}")).content).toBe('{"T-Shirt": "7000000001"}');
  });

  it("keeps the products' item ids in their file order (numeric keys are not reordered)", () => {
    expect(retail.environment("agent").getResponse(call("get_product_details", '{"product_id": "7000000001"}')).content).toMatch(/"variants": \{"8000000002": .*"8000000001": .*"8000000003": /);
  });
});

describe("telecom", () => {
  function scene() {
    const env = telecom.environment("agent");
    env.setState(
      {
        actions: [
          { env_type: "user", func_name: "set_user_info", arguments: new Map<string, PyValue>([["name", "Dee Moss"], ["phone_number", "555-000-9001"]]) },
          { env_type: "user", func_name: "turn_airplane_mode_on", arguments: new Map() },
        ],
      },
      [],
    );
    return env;
  }

  it("shows the user's phone as the reference's status bar does", () => {
    const env = scene();
    expect(env.getResponse(call("check_status_bar", "{}", "user")).content).toBe("Status Bar: \u2708\ufe0f Airplane Mode | \u{1f50b} 80%");
    expect(env.getResponse(call("toggle_airplane_mode", "{}", "user")).content).toBe(
      "Airplane Mode is now OFF.\nStatus Bar: \u{1f4f6}\u2074 Excellent | 5G | \u{1f4f1} Data Enabled | \u{1f50b} 80%",
    );
    // Data allowance used up (5.5 of 5 GB): no connection until refuelled.
    expect(env.getResponse(call("run_speed_test", "{}", "user")).content).toBe("Speed test failed: No Connection.");
  });

  it("refuels on the draft bill and the sync restores the user's data", () => {
    const env = scene();
    env.getResponse(call("toggle_airplane_mode", "{}", "user"));
    const r = env.getResponse(call("refuel_data", '{"customer_id": "C9001", "line_id": "L9001", "gb_amount": 2.0}'));
    expect(r.content).toBe('{"message": "Successfully added 2.0 GB of data for line L9001 for $4.00", "new_data_refueling_gb": "2.0", "charge": "4.0"}');
    expect(env.getResponse(call("run_speed_test", "{}", "user")).content).toBe("Speed Test Result: 275.00 Mbps (Excellent). Connection is very fast.");
    expect(env.getResponse(call("get_details_by_id", '{"id": "B9001"}')).content).toContain('"line_items": [{"description": "Data refueling: 2.0 GB at $2.0/GB", "amount": 4.0, "date": "2025-02-25", "item_type": "Charge"}]');
  });

  it("routes a user's call to the user's tools only, and refuses it in solo mode", () => {
    expect(scene().getResponse(call("check_status_bar", "{}", "assistant"))).toMatchObject({ content: "Error: Tool 'check_status_bar' not found.", error: true });
    const solo = telecom.environment("agent", { soloMode: true });
    expect(solo.getResponse(call("check_sim_status", "{}", "assistant")).content).toBe("Your SIM card is active and working.");
    expect(solo.getResponse(call("check_sim_status", "{}", "user"))).toMatchObject({ content: "Error: User tool calls are not allowed in solo mode", error: true });
  });

  it("offers the agent its tools and the user theirs, in the reference's order", () => {
    const env = telecom.environment("agent");
    expect(env.agentToolDefinitions().map((t) => t.name).slice(0, 3)).toEqual(["get_customer_by_phone", "get_customer_by_id", "get_customer_by_name"]);
    expect(env.userToolDefinitions()!.map((t) => t.name).slice(0, 2)).toEqual(["check_status_bar", "check_network_status"]);
    expect(env.agentToolDefinitions().find((t) => t.name === "refuel_data")!.parameters).toMatchObject({ type: "object", required: ["customer_id", "line_id", "gb_amount"] });
  });

  it("offers every domain's tools in the shape the providers take (src/domain/tools.ts)", () => {
    for (const env of [airline.environment("agent"), retail.environment("agent"), telecom.environment("agent"), telecom.environment("agent", { soloMode: true })]) {
      expect(ToolDefinitions.safeParse(env.agentToolDefinitions()).success).toBe(true);
    }
    expect(ToolDefinitions.safeParse(telecom.environment("agent").userToolDefinitions()).success).toBe(true);
  });
});

