/**
 * The airline domain assembled: its database parsed from db.json (once per
 * deployment, shared by every environment as their base) and an
 * environment over a fresh copy of it with the policy as given.
 * Pure, no I/O.
 */
import { freshDb, markBase } from "../../db";
import { Environment } from "../../environment";
import { loadsPy } from "../../py/json";
import { validate } from "../../py/model";
import { Toolkit } from "../../toolkit";
import { FlightDB } from "./model";
import { AIRLINE_TOOLKIT } from "./tools";

/** db.json's text as the airline's base database. */
export function parseAirlineDb(text: string): FlightDB {
  return markBase(validate(FlightDB, loadsPy(text))) as FlightDB;
}

export function airlineEnvironment(base: FlightDB, policy: string): Environment {
  return new Environment({ domain: "airline", policy, tools: new Toolkit(AIRLINE_TOOLKIT, freshDb(base), undefined), userTools: null });
}
