/**
 * The retail domain assembled: its database parsed from db.json (once, the
 * shared base) and an environment over a fresh copy of it. Pure, no I/O.
 */
import { freshDb, markBase } from "../../db";
import { Environment } from "../../environment";
import { loadsPy } from "../../py/json";
import { validate } from "../../py/model";
import { Toolkit } from "../../toolkit";
import { RetailDB } from "./model";
import { RETAIL_TOOLKIT } from "./tools";

/** db.json's text as the retail base database. */
export function parseRetailDb(text: string): RetailDB {
  return markBase(validate(RetailDB, loadsPy(text))) as RetailDB;
}

export function retailEnvironment(base: RetailDB, policy: string): Environment {
  return new Environment({ domain: "retail", policy, tools: new Toolkit(RETAIL_TOOLKIT, freshDb(base), undefined), userTools: null });
}
