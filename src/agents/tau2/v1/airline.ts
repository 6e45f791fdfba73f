/**
 * τ-bench v1's airline tools (sierra-research/tau-bench at 59a200c6): plain
 * dicts as loaded from its JSON files, results as json.dumps text, errors
 * returned as "Error: ..." text (or raised, then the environment's step
 * turns them into that text), and its own behaviour where it differs from
 * τ²'s: booking writes no seats, an unknown reservation reads "user not
 * found", the one-stop search reads the second leg's seats on the first
 * leg's date. Assay's tool descriptions are not needed here: v1 is only
 * replayed (imports), never offered to an agent. Pure, no I/O.
 */
import { dumpsPy } from "../py/json";
import { deepCopy } from "../py/model";
import { add, addN, contains, eq, getItem, gt, iter, len, lt, mul, neg, str, sub, typeError, typeName } from "../py/ops";
import type { PyValue } from "../py/values";
import { evalArithmetic } from "../calculate";
import type { MethodDef } from "../toolkit";

export type V1Data = Map<string, PyValue>;
type Dict = Map<string, PyValue>;

const get = (d: PyValue, k: PyValue): PyValue => getItem(d, k);
const dict = (d: PyValue) => d as Dict;

function json(v: PyValue): string {
  return dumpsPy(v);
}

/** A v1 tool: a static `invoke(data, **kwargs)` of its class (the class name is in Python's TypeErrors). */
export interface V1Tool extends MethodDef<V1Data> {
  className: string;
}

const p = (...names: string[]) => names.map((name) => ({ name, schema: {} }));

function bookReservation(data: V1Data, a: Record<string, PyValue>): PyValue {
  const reservations = dict(get(data, "reservations"));
  const users = dict(get(data, "users"));
  if (!contains(users, a.user_id!)) return "Error: user not found";
  const user = dict(get(users, a.user_id!));
  let id = "HATHAT";
  if (contains(reservations, id)) {
    id = "HATHAU";
    if (contains(reservations, id)) id = "HATHAV";
  }
  const reservation: Dict = new Map<string, PyValue>([
    ["reservation_id", id],
    ["user_id", a.user_id!],
    ["origin", a.origin!],
    ["destination", a.destination!],
    ["flight_type", a.flight_type!],
    ["cabin", a.cabin!],
    ["flights", deepCopy(a.flights!)],
    ["passengers", a.passengers!],
    ["payment_history", a.payment_methods!],
    ["created_at", "2024-05-15T15:00:00"],
    ["total_baggages", a.total_baggages!],
    ["nonfree_baggages", a.nonfree_baggages!],
    ["insurance", a.insurance!],
  ]);
  let total: PyValue = 0;
  const flights = dict(get(data, "flights"));
  for (const f of iter(get(reservation, "flights"))) {
    const flight = dict(f);
    const number = get(flight, "flight_number");
    if (!contains(flights, number)) return `Error: flight ${str(number)} not found`;
    const fd = dict(get(flights, number));
    if (!contains(get(fd, "dates"), get(flight, "date"))) return `Error: flight ${str(number)} not found on date ${str(get(flight, "date"))}`;
    const day = dict(get(get(fd, "dates"), get(flight, "date")));
    if (!eq(get(day, "status"), "available")) return `Error: flight ${str(number)} not available on date ${str(get(flight, "date"))}`;
    if (lt(get(get(day, "available_seats"), a.cabin!), len(a.passengers!))) return `Error: not enough seats on flight ${str(number)}`;
    flight.set("price", get(get(day, "prices"), a.cabin!));
    flight.set("origin", get(fd, "origin"));
    flight.set("destination", get(fd, "destination"));
    total = addN(total, mul(get(flight, "price"), len(a.passengers!)), "+=");
  }
  if (eq(a.insurance!, "yes")) total = addN(total, mul(30, len(a.passengers!)), "+=");
  total = addN(total, mul(50, a.nonfree_baggages!), "+=");
  const methods = dict(get(user, "payment_methods"));
  for (const pm of iter(a.payment_methods!)) {
    const pid = get(pm, "payment_id");
    const amount = get(pm, "amount");
    if (!contains(methods, pid)) return `Error: payment method ${str(pid)} not found`;
    const src = get(get(methods, pid), "source");
    if ((eq(src, "gift_card") || eq(src, "certificate")) && lt(get(get(methods, pid), "amount"), amount)) return `Error: not enough balance in payment method ${str(pid)}`;
  }
  let paid: PyValue = 0;
  for (const pm of iter(a.payment_methods!)) paid = add(paid, get(pm, "amount"));
  if (!eq(paid, total)) return `Error: payment amount does not add up, total price is ${str(total)}, but paid ${str(paid)}`;
  for (const pm of iter(a.payment_methods!)) {
    const pid = get(pm, "payment_id");
    const method = dict(get(methods, pid));
    if (eq(get(method, "source"), "gift_card")) method.set("amount", sub(get(method, "amount"), get(pm, "amount"), "-="));
    else if (eq(get(method, "source"), "certificate")) methods.delete(pid as string);
  }
  reservations.set(id, reservation);
  (get(user, "reservations") as PyValue[]).push(id);
  return json(reservation);
}

function cancelReservation(data: V1Data, a: Record<string, PyValue>): PyValue {
  const reservations = dict(get(data, "reservations"));
  if (!contains(reservations, a.reservation_id!)) return "Error: reservation not found";
  const r = dict(get(reservations, a.reservation_id!));
  const history = get(r, "payment_history") as PyValue[];
  const refunds = iter(history).map((pay) => new Map<string, PyValue>([["payment_id", get(pay, "payment_id")], ["amount", neg(get(pay, "amount"))]]));
  history.push(...refunds);
  r.set("status", "cancelled");
  return json(r);
}

function paymentFor(data: V1Data, r: Dict, paymentId: PyValue, total: PyValue): Dict | string {
  const users = dict(get(data, "users"));
  const methods = dict(get(get(users, get(r, "user_id")), "payment_methods"));
  if (!contains(methods, paymentId)) return "Error: payment method not found";
  const pm = dict(get(methods, paymentId));
  if (eq(get(pm, "source"), "certificate")) return "Error: certificate cannot be used to update reservation";
  if (eq(get(pm, "source"), "gift_card") && lt(get(pm, "amount"), total)) return "Error: gift card balance is not enough";
  return pm;
}

function updateBaggages(data: V1Data, a: Record<string, PyValue>): PyValue {
  const reservations = dict(get(data, "reservations"));
  if (!contains(reservations, a.reservation_id!)) return "Error: reservation not found";
  const r = dict(get(reservations, a.reservation_id!));
  const extra = sub(a.nonfree_baggages!, get(r, "nonfree_baggages"));
  const total = mul(50, gt(extra, 0) ? extra : 0);
  const pm = paymentFor(data, r, a.payment_id!, total);
  if (typeof pm === "string") return pm;
  r.set("total_baggages", a.total_baggages!);
  r.set("nonfree_baggages", a.nonfree_baggages!);
  if (eq(get(pm, "source"), "gift_card")) pm.set("amount", sub(get(pm, "amount"), total, "-="));
  if (!eq(total, 0)) (get(r, "payment_history") as PyValue[]).push(new Map<string, PyValue>([["payment_id", a.payment_id!], ["amount", total]]));
  return json(r);
}

function updateFlights(data: V1Data, a: Record<string, PyValue>): PyValue {
  const reservations = dict(get(data, "reservations"));
  if (!contains(reservations, a.reservation_id!)) return "Error: reservation not found";
  const r = dict(get(reservations, a.reservation_id!));
  const passengers = len(get(r, "passengers"));
  const flightsDb = dict(get(data, "flights"));
  let total: PyValue = 0;
  const flights = deepCopy(a.flights!);
  for (const f of iter(flights)) {
    const flight = dict(f);
    const same = iter(get(r, "flights")).filter((x) => eq(get(x, "flight_number"), get(flight, "flight_number")) && eq(get(x, "date"), get(flight, "date")) && eq(a.cabin!, get(r, "cabin")));
    if (same.length) {
      total = addN(total, mul(get(same[0]!, "price"), passengers), "+=");
      flight.set("price", get(same[0]!, "price"));
      flight.set("origin", get(same[0]!, "origin"));
      flight.set("destination", get(same[0]!, "destination"));
      continue;
    }
    const number = get(flight, "flight_number");
    if (!contains(flightsDb, number)) return `Error: flight ${str(number)} not found`;
    const fd = dict(get(flightsDb, number));
    if (!contains(get(fd, "dates"), get(flight, "date"))) return `Error: flight ${str(number)} not found on date ${str(get(flight, "date"))}`;
    const day = dict(get(get(fd, "dates"), get(flight, "date")));
    if (!eq(get(day, "status"), "available")) return `Error: flight ${str(number)} not available on date ${str(get(flight, "date"))}`;
    if (lt(get(get(day, "available_seats"), a.cabin!), passengers)) return `Error: not enough seats on flight ${str(number)}`;
    flight.set("price", get(get(day, "prices"), a.cabin!));
    flight.set("origin", get(fd, "origin"));
    flight.set("destination", get(fd, "destination"));
    total = addN(total, mul(get(flight, "price"), passengers), "+=");
  }
  let before: PyValue = 0;
  for (const f of iter(get(r, "flights"))) before = add(before, get(f, "price"));
  total = sub(total, mul(before, passengers), "-=");
  const pm = paymentFor(data, r, a.payment_id!, total);
  if (typeof pm === "string") return pm;
  if (eq(get(pm, "source"), "gift_card")) pm.set("amount", sub(get(pm, "amount"), total, "-="));
  r.set("flights", flights);
  if (!eq(total, 0)) (get(r, "payment_history") as PyValue[]).push(new Map<string, PyValue>([["payment_id", a.payment_id!], ["amount", total]]));
  return json(r);
}

function updatePassengers(data: V1Data, a: Record<string, PyValue>): PyValue {
  const reservations = dict(get(data, "reservations"));
  if (!contains(reservations, a.reservation_id!)) return "Error: reservation not found";
  const r = dict(get(reservations, a.reservation_id!));
  if (len(a.passengers!) !== len(get(r, "passengers"))) return "Error: number of passengers does not match";
  r.set("passengers", a.passengers!);
  return json(r);
}

/** A flight's fields without its dates, then the day's fields over them (v1's search result rows). */
function flightRow(flight: Dict, day: Dict): Dict {
  const row = new Map([...flight].filter(([k]) => k !== "dates"));
  for (const [k, v] of day) row.set(k, v);
  return row;
}

function searchDirect(data: V1Data, a: Record<string, PyValue>): PyValue {
  const out: PyValue[] = [];
  for (const f of dict(get(data, "flights")).values()) {
    const flight = dict(f);
    if (eq(get(flight, "origin"), a.origin!) && eq(get(flight, "destination"), a.destination!)) {
      const dates = get(flight, "dates");
      if (contains(dates, a.date!) && eq(get(get(dates, a.date!), "status"), "available")) out.push(flightRow(flight, dict(get(dates, a.date!))));
    }
  }
  return json(out);
}

function searchOnestop(data: V1Data, a: Record<string, PyValue>): PyValue {
  const out: PyValue[] = [];
  const all = [...dict(get(data, "flights")).values()].map(dict);
  const date = a.date!;
  for (const f1 of all) {
    if (!eq(get(f1, "origin"), a.origin!)) continue;
    for (const f2 of all) {
      if (!(eq(get(f2, "destination"), a.destination!) && eq(get(f1, "destination"), get(f2, "origin")))) continue;
      const arrival = get(f1, "scheduled_arrival_time_est");
      let date2 = date;
      if (contains(arrival, "+1")) {
        if (typeof date !== "string") throw typeError(`'${typeName(date)}' object is not subscriptable`);
        date2 = `2024-05-${Number(date.slice(-2)) + 1}`;
      }
      if (gt(arrival, get(f2, "scheduled_departure_time_est"))) continue;
      if (contains(get(f1, "dates"), date) && contains(get(f2, "dates"), date2)) {
        if (eq(get(get(get(f1, "dates"), date), "status"), "available") && eq(get(get(get(f2, "dates"), date2), "status"), "available")) {
          const r1 = flightRow(f1, dict(get(get(f1, "dates"), date)));
          r1.set("date", date);
          // v1 reads the second leg's day on the first leg's date (a KeyError when it has none).
          const r2 = flightRow(f2, dict(get(get(f2, "dates"), date)));
          r2.set("date", date2);
          out.push([r1, r2]);
        }
      }
    }
  }
  return json(out);
}

function sendCertificate(data: V1Data, a: Record<string, PyValue>): PyValue {
  const users = dict(get(data, "users"));
  if (!contains(users, a.user_id!)) return "Error: user not found";
  const methods = dict(get(get(users, a.user_id!), "payment_methods"));
  for (const n of [3221322, 3221323, 3221324]) {
    const pid = `certificate_${n}`;
    if (!contains(methods, pid)) {
      methods.set(pid, new Map<string, PyValue>([["source", "certificate"], ["amount", a.amount!], ["id", pid]]));
      return `Certificate ${pid} added to user ${str(a.user_id!)} with amount ${str(a.amount!)}.`;
    }
  }
  return null;
}

const AIRPORTS = ["SFO", "JFK", "LAX", "ORD", "DFW", "DEN", "SEA", "ATL", "MIA", "BOS", "PHX", "IAH", "LAS", "MCO", "EWR", "CLT", "MSP", "DTW", "PHL", "LGA"];
const CITIES = ["San Francisco", "New York", "Los Angeles", "Chicago", "Dallas", "Denver", "Seattle", "Atlanta", "Miami", "Boston", "Phoenix", "Houston", "Las Vegas", "Orlando", "Newark", "Charlotte", "Minneapolis", "Detroit", "Philadelphia", "LaGuardia"];

const tool = (className: string, name: string, params: string[], run: (data: V1Data, a: Record<string, PyValue>) => PyValue): V1Tool => ({ className, name, params: p(...params), run });

export const V1_AIRLINE_TOOLS: V1Tool[] = [
  tool("BookReservation", "book_reservation", ["user_id", "origin", "destination", "flight_type", "cabin", "flights", "passengers", "payment_methods", "total_baggages", "nonfree_baggages", "insurance"], bookReservation),
  tool("Calculate", "calculate", ["expression"], (_d, a) => {
    if (typeof a.expression === "string" && ![...a.expression].every((c) => "0123456789+-*/(). ".includes(c))) return "Error: invalid characters in expression";
    try {
      return evalArithmetic(a.expression!);
    } catch (e) {
      return `Error: ${(e as Error).message}`;
    }
  }),
  tool("CancelReservation", "cancel_reservation", ["reservation_id"], cancelReservation),
  tool("GetReservationDetails", "get_reservation_details", ["reservation_id"], (d, a) => (contains(get(d, "reservations"), a.reservation_id!) ? json(get(get(d, "reservations"), a.reservation_id!)) : "Error: user not found")),
  tool("GetUserDetails", "get_user_details", ["user_id"], (d, a) => (contains(get(d, "users"), a.user_id!) ? json(get(get(d, "users"), a.user_id!)) : "Error: user not found")),
  tool("ListAllAirports", "list_all_airports", [], () => json(new Map(AIRPORTS.map((code, i) => [code, CITIES[i]!])))),
  tool("SearchDirectFlight", "search_direct_flight", ["origin", "destination", "date"], searchDirect),
  tool("SearchOnestopFlight", "search_onestop_flight", ["origin", "destination", "date"], searchOnestop),
  tool("SendCertificate", "send_certificate", ["user_id", "amount"], sendCertificate),
  tool("Think", "think", ["thought"], () => ""),
  tool("TransferToHumanAgents", "transfer_to_human_agents", ["summary"], () => "Transfer successful"),
  tool("UpdateReservationBaggages", "update_reservation_baggages", ["reservation_id", "total_baggages", "nonfree_baggages", "payment_id"], updateBaggages),
  tool("UpdateReservationFlights", "update_reservation_flights", ["reservation_id", "cabin", "flights", "payment_id"], updateFlights),
  tool("UpdateReservationPassengers", "update_reservation_passengers", ["reservation_id", "passengers"], updatePassengers),
];
