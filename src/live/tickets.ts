/**
 * Live tickets: browsers cannot put an API key in the Authorization header
 * of a WebSocket or EventSource request, so a key holder asks for a ticket
 * (valid TICKET_TTL_MS, for one run) and passes it as `?ticket=`. A ticket
 * is signed, not stored. Web Crypto only; the clock is the caller's.
 */
import { z } from "zod";
import { readClaims, signClaims } from "../runner/signed-claims";

export const TICKET_TTL_MS = 60_000;
const PURPOSE = "assay.live-ticket.v1";
const PREFIX = "lt";

const TicketClaims = z.object({ r: z.string(), p: z.string(), k: z.string(), e: z.number().int() });
export type TicketClaims = z.infer<typeof TicketClaims>;

export function issueTicket(secretKey: string, claims: TicketClaims): Promise<string> {
  return signClaims(secretKey, PURPOSE, PREFIX, claims);
}

/** The ticket's claims when it is genuine, for `runId` and unexpired at `nowMs`; null otherwise. */
export async function checkTicket(secretKey: string, ticket: string, runId: string, nowMs: number): Promise<TicketClaims | null> {
  const raw = await readClaims(secretKey, PURPOSE, PREFIX, ticket);
  const parsed = raw ? TicketClaims.safeParse(raw) : null;
  if (!parsed?.success || parsed.data.r !== runId || parsed.data.e <= nowMs) return null;
  return parsed.data;
}
