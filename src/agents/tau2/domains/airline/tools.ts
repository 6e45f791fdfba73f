/**
 * The airline domain's tools, with the reference's behaviour (τ²-bench's
 * AirlineTools at its release, 37199f3): the same checks in the same order,
 * the same error texts, the same writes (seat counts on booking, gift-card
 * balances, certificates removed once used, payment history), the same
 * quirks (cancelling releases no seats; a flight change writes no seats; the
 * one-stop search's next-day date is not zero-padded). Descriptions are
 * Assay's own words. Pure, no I/O.
 */
import { construct, constructAny, deepCopy, type AnyModelShape } from "../../py/model";
import { add, addN, attr, contains, eq, ge, getItem, iter, len, lt, max2, mul, neg, sub, str, typeError, typeName, valueError } from "../../py/ops";
import { isModel, type PyNum, type PyValue } from "../../py/values";
import { evalArithmetic } from "../../calculate";
import { INTEGER, NUMBER, param, STRING, type ToolDef, type Toolkit, type ToolkitSpec } from "../../toolkit";
import {
  AirportCode,
  CABIN_CLASSES,
  Certificate,
  DirectFlight,
  FlightDateStatusAvailable,
  FlightInfo,
  Passenger,
  Payment,
  Reservation,
  ReservationFlight,
  type Flight,
  type FlightDB,
  type FlightDateStatus,
  type User,
} from "./model";

/** A saved payment method as the balance checks read it (credit cards have no amount and never reach those reads). */
type PaymentMethodValue = { source: string; amount: PyNum };

export type AirlineKit = Toolkit<FlightDB>;

/** The day the airline's world stands still on. */
const NOW = "2024-05-15T15:00:00";
const NEW_RESERVATION_IDS = ["HATHAT", "HATHAU", "HATHAV"];
const NEW_CERTIFICATE_IDS = [3221322, 3221323, 3221324];

const AIRPORTS: [string, string][] = [
  ["SFO", "San Francisco"],
  ["JFK", "New York"],
  ["LAX", "Los Angeles"],
  ["ORD", "Chicago"],
  ["DFW", "Dallas"],
  ["DEN", "Denver"],
  ["SEA", "Seattle"],
  ["ATL", "Atlanta"],
  ["MIA", "Miami"],
  ["BOS", "Boston"],
  ["PHX", "Phoenix"],
  ["IAH", "Houston"],
  ["LAS", "Las Vegas"],
  ["MCO", "Orlando"],
  ["EWR", "Newark"],
  ["CLT", "Charlotte"],
  ["MSP", "Minneapolis"],
  ["DTW", "Detroit"],
  ["PHL", "Philadelphia"],
  ["LGA", "LaGuardia"],
];

function getUser(db: FlightDB, userId: PyValue): User {
  if (!contains(db.users, userId)) throw valueError(`User ${str(userId)} not found`);
  return getItem(db.users, userId) as User;
}

function getReservation(db: FlightDB, id: PyValue): Reservation {
  if (!contains(db.reservations, id)) throw valueError(`Reservation ${str(id)} not found`);
  return getItem(db.reservations, id) as Reservation;
}

function getFlight(db: FlightDB, flightNumber: PyValue): Flight {
  if (!contains(db.flights, flightNumber)) throw valueError(`Flight ${str(flightNumber)} not found`);
  return getItem(db.flights, flightNumber) as Flight;
}

function getFlightInstance(db: FlightDB, flightNumber: PyValue, date: PyValue): FlightDateStatus {
  const flight = getFlight(db, flightNumber);
  if (!contains(flight.dates, date)) throw valueError(`Flight ${str(flightNumber)} not found on date ${str(date)}`);
  return getItem(flight.dates, date) as FlightDateStatus;
}

function newReservationId(db: FlightDB): string {
  for (const id of NEW_RESERVATION_IDS) if (!contains(db.reservations, id)) return id;
  throw valueError("Too many reservations");
}

function isAvailable(s: PyValue): s is FlightDateStatusAvailable {
  return isModel(s) && s.status === "available" && "available_seats" in s;
}

function searchDirect(db: FlightDB, date: PyValue, origin: PyValue, destination: PyValue, leaveAfter: PyValue): ReturnType<typeof directFlight>[] {
  const out = [];
  for (const f of db.flights.values()) {
    const flight = f as Flight;
    const ok =
      (origin === null || eq(flight.origin, origin)) &&
      (destination === null || eq(flight.destination, destination)) &&
      contains(flight.dates, date) &&
      eq(attr(getItem(flight.dates, date), "status"), "available") &&
      (leaveAfter === null || ge(flight.scheduled_departure_time_est, leaveAfter));
    if (ok) out.push(directFlight(flight, getItem(flight.dates, date) as FlightDateStatusAvailable));
  }
  return out;
}

function directFlight(flight: Flight, day: FlightDateStatusAvailable) {
  return construct(DirectFlight, {
    flight_number: flight.flight_number,
    origin: flight.origin,
    destination: flight.destination,
    status: "available",
    scheduled_departure_time_est: flight.scheduled_departure_time_est,
    scheduled_arrival_time_est: flight.scheduled_arrival_time_est,
    available_seats: day.available_seats,
    prices: day.prices,
  });
}

/** `all(isinstance(x, dict) for x in xs)` then `[Model(**x) for x in xs]`: the reference converts only when every item is a dict. */
function modelsIfAllDicts(items: PyValue, shape: AnyModelShape): PyValue {
  const xs = iter(items);
  if (!xs.every((x) => x instanceof Map)) return items;
  return xs.map((x) => constructAny(shape, x as Map<string, PyValue>));
}

function paymentForUpdate(user: User, paymentId: PyValue, totalPrice: PyValue): PyValue {
  if (!contains(user.payment_methods, paymentId)) throw valueError("Payment method not found");
  const pm = getItem(user.payment_methods, paymentId) as PaymentMethodValue;
  if (pm.source === "certificate") throw valueError("Certificate cannot be used to update reservation");
  if (pm.source === "gift_card" && lt(pm.amount, totalPrice)) throw valueError("Gift card balance is not enough");
  if (pm.source === "gift_card") pm.amount = sub(pm.amount, totalPrice, "-=");
  return eq(totalPrice, 0) ? null : construct(Payment, { payment_id: paymentId, amount: totalPrice });
}

const FLIGHTS_SCHEMA = {
  type: "array",
  items: {
    type: "object",
    properties: { flight_number: { type: "string", description: "Flight number, such as 'HAT001'." }, date: { type: "string", description: "Date of the flight, YYYY-MM-DD." } },
    required: ["flight_number", "date"],
  },
};
const PASSENGERS_SCHEMA = {
  type: "array",
  items: { type: "object", properties: { first_name: STRING, last_name: STRING, dob: { type: "string", description: "Date of birth, YYYY-MM-DD." } }, required: ["first_name", "last_name", "dob"] },
};
const PAYMENTS_SCHEMA = {
  type: "array",
  items: { type: "object", properties: { payment_id: { type: "string", description: "A payment method id from the user's profile." }, amount: { type: "integer", description: "Dollars charged to it." } }, required: ["payment_id", "amount"] },
};
const CABIN_SCHEMA = { type: "string", enum: [...CABIN_CLASSES] };

const bookReservation: ToolDef<AirlineKit> = {
  name: "book_reservation",
  kind: "write",
  description: "Create a new reservation for a user and charge it to the given payment methods, whose amounts must add up to the total price.",
  params: [
    param("user_id", STRING, "The user booking, such as 'sara_doe_496'."),
    param("origin", STRING, "IATA code of the trip's origin, such as 'SFO'."),
    param("destination", STRING, "IATA code of the trip's destination, such as 'JFK'."),
    param("flight_type", { type: "string", enum: ["round_trip", "one_way"] }, "one_way or round_trip."),
    param("cabin", CABIN_SCHEMA, "The cabin class for every flight of the reservation."),
    param("flights", FLIGHTS_SCHEMA, "Every flight segment of the reservation."),
    param("passengers", PASSENGERS_SCHEMA, "Every passenger travelling."),
    param("payment_methods", PAYMENTS_SCHEMA, "How the total is paid, split over one or more payment methods."),
    param("total_baggages", INTEGER, "All checked bags on the reservation."),
    param("nonfree_baggages", INTEGER, "Checked bags that are charged for."),
    param("insurance", { type: "string", enum: ["yes", "no"] }, "Whether travel insurance is bought."),
  ],
  run: (kit, a) => {
    const db = kit.db;
    const flights = modelsIfAllDicts(a.flights!, FlightInfo);
    const passengers = modelsIfAllDicts(a.passengers!, Passenger);
    const payments = modelsIfAllDicts(a.payment_methods!, Payment);
    const user = getUser(db, a.user_id!);
    const reservationId = newReservationId(db);
    const reservation = construct(Reservation, {
      reservation_id: reservationId,
      user_id: a.user_id!,
      origin: a.origin!,
      destination: a.destination!,
      flight_type: a.flight_type!,
      cabin: a.cabin!,
      flights: [],
      passengers: deepCopy(passengers),
      payment_history: deepCopy(payments),
      created_at: NOW,
      total_baggages: a.total_baggages!,
      nonfree_baggages: a.nonfree_baggages!,
      insurance: a.insurance!,
    });
    let total: PyValue = 0;
    const days: FlightDateStatusAvailable[] = [];
    for (const info of iter(flights)) {
      const number = attr(info, "flight_number");
      const flight = getFlight(db, number);
      const day = getFlightInstance(db, number, attr(info, "date"));
      if (!isAvailable(day)) throw valueError(`Flight ${str(number)} not available on date ${str(attr(info, "date"))}`);
      if (lt(getItem(day.available_seats, a.cabin!), len(passengers))) throw valueError(`Not enough seats on flight ${str(number)}`);
      const price = getItem(day.prices, a.cabin!);
      const rf: ReservationFlight = construct(ReservationFlight, { origin: flight.origin, destination: flight.destination, flight_number: number, date: attr(info, "date"), price });
      reservation.flights.push(rf);
      days.push(day);
      total = addN(total, mul(price, len(passengers)), "+=");
    }
    if (eq(a.insurance!, "yes")) total = addN(total, mul(30, len(passengers)), "+=");
    total = addN(total, mul(50, a.nonfree_baggages!), "+=");
    for (const pm of iter(payments)) {
      const pid = attr(pm, "payment_id");
      const amount = attr(pm, "amount");
      if (!contains(user.payment_methods, pid)) throw valueError(`Payment method ${str(pid)} not found`);
      const upm = getItem(user.payment_methods, pid) as PaymentMethodValue;
      if ((upm.source === "gift_card" || upm.source === "certificate") && lt(upm.amount, amount)) throw valueError(`Not enough balance in payment method ${str(pid)}`);
    }
    let paid: PyValue = 0;
    for (const pm of iter(payments)) paid = add(paid, attr(pm, "amount"));
    if (!eq(paid, total)) throw valueError(`Payment amount does not add up, total price is ${str(total)}, but paid ${str(paid)}`);
    for (const pm of iter(payments)) {
      const pid = attr(pm, "payment_id");
      const upm = getItem(user.payment_methods, pid) as PaymentMethodValue;
      if (upm.source === "gift_card") upm.amount = sub(upm.amount, attr(pm, "amount"), "-=");
      else if (upm.source === "certificate") user.payment_methods.delete(pid as string);
    }
    for (const day of days) day.available_seats.set(a.cabin as string, sub(getItem(day.available_seats, a.cabin!), len(passengers), "-="));
    db.reservations.set(reservationId, reservation);
    (getItem(db.users, a.user_id!) as User).reservations.push(reservationId);
    return reservation;
  },
};

const calculate: ToolDef<AirlineKit> = {
  name: "calculate",
  kind: "generic",
  description: "Evaluate an arithmetic expression of numbers, + - * /, parentheses and spaces; the result is rounded to 2 decimals.",
  params: [param("expression", STRING, "The expression, such as '2 + 2'.")],
  run: (_kit, a) => evalArithmetic(a.expression!),
};

const cancelReservation: ToolDef<AirlineKit> = {
  name: "cancel_reservation",
  kind: "write",
  description: "Cancel a whole reservation: every payment is refunded and the reservation is marked cancelled.",
  params: [param("reservation_id", STRING, "The reservation id, such as 'ZFA04Y'.")],
  run: (kit, a) => {
    const r = getReservation(kit.db, a.reservation_id!);
    const refunds = r.payment_history.map((p) => construct(Payment, { payment_id: p.payment_id, amount: neg(p.amount) }));
    r.payment_history.push(...refunds);
    r.status = "cancelled";
    return r;
  },
};

const getReservationDetails: ToolDef<AirlineKit> = {
  name: "get_reservation_details",
  kind: "read",
  description: "Look up a reservation by its id.",
  params: [param("reservation_id", STRING, "The reservation id, such as '8JX2WO'.")],
  run: (kit, a) => getReservation(kit.db, a.reservation_id!),
};

const getUserDetails: ToolDef<AirlineKit> = {
  name: "get_user_details",
  kind: "read",
  description: "Look up a user's profile: name, address, payment methods, saved passengers, membership and reservation ids.",
  params: [param("user_id", STRING, "The user id, such as 'sara_doe_496'.")],
  run: (kit, a) => getUser(kit.db, a.user_id!),
};

const listAllAirports: ToolDef<AirlineKit> = {
  name: "list_all_airports",
  kind: "read",
  description: "List every airport the airline serves, with its IATA code and city.",
  params: [],
  run: () => AIRPORTS.map(([iata, city]) => construct(AirportCode, { iata, city })),
};

const searchDirectFlight: ToolDef<AirlineKit> = {
  name: "search_direct_flight",
  kind: "read",
  description: "Find direct flights between two airports on a date that are open for booking, with seats left and prices per cabin.",
  params: [
    param("origin", STRING, "IATA code of the departure airport, such as 'JFK'."),
    param("destination", STRING, "IATA code of the arrival airport, such as 'LAX'."),
    param("date", STRING, "The date, YYYY-MM-DD, such as '2024-05-01'."),
  ],
  run: (kit, a) => searchDirect(kit.db, a.date!, a.origin!, a.destination!, null),
};

const searchOnestopFlight: ToolDef<AirlineKit> = {
  name: "search_onestop_flight",
  kind: "read",
  description: "Find pairs of connecting flights between two airports on a date, each pair being a first leg and a second leg.",
  params: [
    param("origin", STRING, "IATA code of the departure airport, such as 'JFK'."),
    param("destination", STRING, "IATA code of the final arrival airport, such as 'LAX'."),
    param("date", STRING, "The date of the first leg, YYYY-MM-DD."),
  ],
  run: (kit, a) => {
    const out: PyValue[] = [];
    const date = a.date!;
    for (const first of searchDirect(kit.db, date, a.origin!, null, null)) {
      first.date = date as string;
      // The reference's next-day date: "2024-05-" + the day plus one, not zero-padded.
      const date2 = first.scheduled_arrival_time_est.includes("+1") ? `2024-05-${pyInt(sliceTail(date, 2)) + 1}` : date;
      for (const second of searchDirect(kit.db, date2, first.destination, a.destination!, first.scheduled_arrival_time_est)) {
        second.date = date2 as string;
        out.push([first, second]);
      }
    }
    return out;
  },
};

function sliceTail(v: PyValue, n: number): string {
  if (typeof v !== "string") throw typeError(`'${typeName(v)}' object is not subscriptable`);
  return v.slice(-n);
}

/** int(text) as Python parses a decimal literal string. */
function pyInt(text: string): number {
  if (!/^\s*[-+]?\d+(_\d+)*\s*$/.test(text)) throw valueError(`invalid literal for int() with base 10: ${JSON.stringify(text).replace(/^"|"$/g, "'")}`);
  return Number(text.replace(/_/g, ""));
}

const sendCertificate: ToolDef<AirlineKit> = {
  name: "send_certificate",
  kind: "write",
  description: "Give a user a travel certificate of the given amount, added to their payment methods.",
  params: [param("user_id", STRING, "The user id, such as 'sara_doe_496'."), param("amount", NUMBER, "The certificate's value in dollars.")],
  run: (kit, a) => {
    const user = getUser(kit.db, a.user_id!);
    for (const id of NEW_CERTIFICATE_IDS) {
      const pid = `certificate_${id}`;
      if (!contains(user.payment_methods, pid)) {
        user.payment_methods.set(pid, construct(Certificate, { id: pid, amount: a.amount!, source: "certificate" }));
        return `Certificate ${pid} added to user ${str(a.user_id!)} with amount ${str(a.amount!)}.`;
      }
    }
    throw valueError("Too many certificates");
  },
};

const transferToHumanAgents: ToolDef<AirlineKit> = {
  name: "transfer_to_human_agents",
  kind: "generic",
  description: "Hand the user over to a human agent with a summary of their issue. Only when the user asks for one, or when the policy and tools cannot solve the issue.",
  params: [param("summary", STRING, "What the user needs, for the human agent.")],
  run: () => "Transfer successful",
};

const updateReservationBaggages: ToolDef<AirlineKit> = {
  name: "update_reservation_baggages",
  kind: "write",
  description: "Change a reservation's checked bags; added paid bags are charged to the given payment method.",
  params: [
    param("reservation_id", STRING, "The reservation id, such as 'ZFA04Y'."),
    param("total_baggages", INTEGER, "The new total of checked bags."),
    param("nonfree_baggages", INTEGER, "The new number of charged bags."),
    param("payment_id", STRING, "A payment method id from the user's profile, such as 'credit_card_7815826' or 'gift_card_7815826'."),
  ],
  run: (kit, a) => {
    const r = getReservation(kit.db, a.reservation_id!);
    const user = getUser(kit.db, r.user_id);
    const total = mul(50, max2(0, sub(a.nonfree_baggages!, r.nonfree_baggages)));
    const payment = paymentForUpdate(user, a.payment_id!, total);
    if (payment !== null) r.payment_history.push(payment as Payment);
    r.total_baggages = a.total_baggages as number;
    r.nonfree_baggages = a.nonfree_baggages as number;
    return r;
  },
};

const updateReservationFlights: ToolDef<AirlineKit> = {
  name: "update_reservation_flights",
  kind: "write",
  description:
    "Change a reservation's flights or cabin. List every flight of the whole new reservation, changed or not; the price difference is charged to or refunded on the given payment method.",
  params: [
    param("reservation_id", STRING, "The reservation id, such as 'ZFA04Y'."),
    param("cabin", CABIN_SCHEMA, "The cabin class of the reservation after the change."),
    param("flights", FLIGHTS_SCHEMA, "Every flight of the reservation after the change, unchanged ones included."),
    param("payment_id", STRING, "A payment method id from the user's profile, such as 'credit_card_7815826' or 'gift_card_7815826'."),
  ],
  run: (kit, a) => {
    const db = kit.db;
    const flights = modelsIfAllDicts(a.flights!, FlightInfo);
    const r = getReservation(db, a.reservation_id!);
    const user = getUser(db, r.user_id);
    const cabin = a.cabin!;
    let total: PyValue = 0;
    const next: ReservationFlight[] = [];
    for (const info of iter(flights)) {
      const number = attr(info, "flight_number");
      const date = attr(info, "date");
      const kept = r.flights.find((rf) => eq(rf.flight_number, number) && eq(rf.date, date) && eq(cabin, r.cabin));
      if (kept) {
        total = addN(total, mul(kept.price, len(r.passengers)), "+=");
        next.push(kept);
        continue;
      }
      const flight = getFlight(db, number);
      const day = getFlightInstance(db, number, date);
      if (!isAvailable(day)) throw valueError(`Flight ${str(number)} not available on date ${str(date)}`);
      if (lt(getItem(day.available_seats, cabin), len(r.passengers))) throw valueError(`Not enough seats on flight ${str(number)}`);
      const rf = construct(ReservationFlight, { flight_number: number, date, price: getItem(day.prices, cabin), origin: flight.origin, destination: flight.destination });
      total = addN(total, mul(rf.price, len(r.passengers)), "+=");
      next.push(rf);
    }
    let paidBefore: PyValue = 0;
    for (const f of r.flights) paidBefore = add(paidBefore, f.price);
    total = sub(total, mul(paidBefore, len(r.passengers)), "-=");
    const payment = paymentForUpdate(user, a.payment_id!, total);
    if (payment !== null) r.payment_history.push(payment as Payment);
    r.flights = next;
    r.cabin = cabin as Reservation["cabin"];
    return r;
  },
};

const updateReservationPassengers: ToolDef<AirlineKit> = {
  name: "update_reservation_passengers",
  kind: "write",
  description: "Replace the passengers of a reservation; the number of passengers cannot change.",
  params: [param("reservation_id", STRING, "The reservation id, such as 'ZFA04Y'."), param("passengers", PASSENGERS_SCHEMA, "Every passenger, in order.")],
  run: (kit, a) => {
    const passengers = modelsIfAllDicts(a.passengers!, Passenger);
    const r = getReservation(kit.db, a.reservation_id!);
    if (len(passengers) !== len(r.passengers)) throw valueError("Number of passengers does not match");
    r.passengers = deepCopy(passengers) as Reservation["passengers"];
    return r;
  },
};

const getFlightStatus: ToolDef<AirlineKit> = {
  name: "get_flight_status",
  kind: "read",
  description: "The status of a flight on a date (available, delayed, on time, flying, landed, cancelled).",
  params: [param("flight_number", STRING, "The flight number, such as 'HAT001'."), param("date", STRING, "The date, YYYY-MM-DD.")],
  run: (kit, a) => attr(getFlightInstance(kit.db, a.flight_number!, a.date!), "status"),
};

/** In the reference's definition order, which is the order the agent is offered them in. */
export const AIRLINE_TOOLKIT: ToolkitSpec<AirlineKit> = {
  className: "AirlineTools",
  tools: [
    bookReservation,
    calculate,
    cancelReservation,
    getReservationDetails,
    getUserDetails,
    listAllAirports,
    searchDirectFlight,
    searchOnestopFlight,
    sendCertificate,
    transferToHumanAgents,
    updateReservationBaggages,
    updateReservationFlights,
    updateReservationPassengers,
    getFlightStatus,
  ],
  functions: [],
};
