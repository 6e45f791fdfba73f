/**
 * A typed client for the Assay API: openapi-fetch over the types generated
 * from the API's own OpenAPI document (src/schema.ts), so every path,
 * parameter, body and answer is checked against what the server validates.
 *
 *   const assay = createAssayClient({ baseUrl: "http://127.0.0.1:8787", apiKey: "ak_..." });
 *   const { data, error } = await assay.GET("/api/eval-runs/{id}", { params: { path: { id } } });
 */
import createFetchClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { components, paths } from "./schema.js";

export type { components, paths } from "./schema.js";
export { operations } from "./schema.js";

/** Every named schema of the API (`Schemas["EvalRun"]`). */
export type Schemas = components["schemas"];

/** The client: `GET`, `POST`, `PATCH`, `PUT`, `DELETE` over the API's paths. */
export type AssayClient = Client<paths>;

export interface AssayClientOptions extends Omit<ClientOptions, "baseUrl"> {
  /** Where the API is, e.g. http://127.0.0.1:8787; "" for same-origin calls from the dashboard. */
  baseUrl?: string;
  /** A project API key (ak_...), sent as a bearer token. */
  apiKey?: string | null;
}

/** A typed client for one Assay deployment and key. */
export function createAssayClient({ baseUrl = "", apiKey, headers, ...rest }: AssayClientOptions = {}): AssayClient {
  return createFetchClient<paths>({
    baseUrl,
    headers: { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...(headers as Record<string, string> | undefined) },
    ...rest,
  });
}
