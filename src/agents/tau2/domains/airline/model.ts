/**
 * The airline domain's data model: flights with a status per date, users
 * with saved payment methods and passengers, reservations. Field order is
 * the reference's declaration order, which is the order its tool results
 * and DB dump list fields in (not the order of db.json). Pure, no I/O.
 */
import { dict, lit, list, model, opt, S, union, withDefault, type Infer } from "../../py/model";

export const CABIN_CLASSES = ["business", "economy", "basic_economy"] as const;
const CabinClass = lit(...CABIN_CLASSES);
const FlightType = lit("round_trip", "one_way");
const Insurance = lit("yes", "no");

export const AirportCode = model("AirportCode", { iata: S.str, city: S.str });
export const Name = model("Name", { first_name: S.str, last_name: S.str });
export const Address = model("Address", {
  address1: S.str,
  address2: withDefault(opt(S.str), () => null),
  city: S.str,
  country: S.str,
  state: S.str,
  zip: S.str,
});

export const Payment = model("Payment", { payment_id: S.str, amount: S.int });
export type Payment = Infer<typeof Payment>;

export const CreditCard = model("CreditCard", { source: lit("credit_card"), id: S.str, brand: S.str, last_four: S.str });
export const GiftCard = model("GiftCard", { source: lit("gift_card"), id: S.str, amount: S.float });
export const Certificate = model("Certificate", { source: lit("certificate"), id: S.str, amount: S.float });
export const PaymentMethod = union(CreditCard, GiftCard, Certificate);
export type PaymentMethod = Infer<typeof PaymentMethod>;

export const Passenger = model("Passenger", { first_name: S.str, last_name: S.str, dob: S.str });

const Seats = dict(S.int);

export const FlightDateStatusAvailable = model("FlightDateStatusAvailable", { status: lit("available"), available_seats: Seats, prices: Seats });
export type FlightDateStatusAvailable = Infer<typeof FlightDateStatusAvailable>;
const Landed = model("FlightDateStatusLanded", { status: lit("landed"), actual_departure_time_est: S.str, actual_arrival_time_est: S.str });
const Cancelled = model("FlightDateStatusCancelled", { status: lit("cancelled") });
const Delayed = model("FlightDateStatusDelayed", { status: lit("delayed"), estimated_departure_time_est: S.str, estimated_arrival_time_est: S.str });
const Flying = model("FlightDataStatusFlying", { status: lit("flying"), actual_departure_time_est: S.str, estimated_arrival_time_est: S.str });
const OnTime = model("FlightDataStatusOnTime", { status: lit("on time"), estimated_departure_time_est: S.str, estimated_arrival_time_est: S.str });
export const FlightDateStatus = union(FlightDateStatusAvailable, Landed, Cancelled, Delayed, Flying, OnTime);
export type FlightDateStatus = Infer<typeof FlightDateStatus>;

export const Flight = model("Flight", {
  flight_number: S.str,
  origin: S.str,
  destination: S.str,
  scheduled_departure_time_est: S.str,
  scheduled_arrival_time_est: S.str,
  dates: dict(FlightDateStatus),
});
export type Flight = Infer<typeof Flight>;

export const DirectFlight = model("DirectFlight", {
  flight_number: S.str,
  origin: S.str,
  destination: S.str,
  status: lit("available"),
  scheduled_departure_time_est: S.str,
  scheduled_arrival_time_est: S.str,
  date: withDefault(opt(S.str), () => null),
  available_seats: Seats,
  prices: Seats,
});
export type DirectFlight = Infer<typeof DirectFlight>;

export const ReservationFlight = model("ReservationFlight", { flight_number: S.str, origin: S.str, destination: S.str, date: S.str, price: S.int });
export type ReservationFlight = Infer<typeof ReservationFlight>;

export const FlightInfo = model("FlightInfo", { flight_number: S.str, date: S.str });

export const User = model("User", {
  user_id: S.str,
  name: Name,
  address: Address,
  email: S.str,
  dob: S.str,
  payment_methods: dict(PaymentMethod),
  saved_passengers: list(Passenger),
  membership: lit("gold", "silver", "regular"),
  reservations: list(S.str),
});
export type User = Infer<typeof User>;

export const Reservation = model("Reservation", {
  reservation_id: S.str,
  user_id: S.str,
  origin: S.str,
  destination: S.str,
  flight_type: FlightType,
  cabin: CabinClass,
  flights: list(ReservationFlight),
  passengers: list(Passenger),
  payment_history: list(Payment),
  created_at: S.str,
  total_baggages: S.int,
  nonfree_baggages: S.int,
  insurance: Insurance,
  status: withDefault(opt(lit("cancelled")), () => null),
});
export type Reservation = Infer<typeof Reservation>;

export const FlightDB = model(
  "FlightDB",
  { flights: dict(Flight), users: dict(User), reservations: dict(Reservation) },
  { forbidExtra: true },
);
export type FlightDB = Infer<typeof FlightDB>;
