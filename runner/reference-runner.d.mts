/** Types for the reference runner (runner/reference-runner.mjs). */

export const PROTOCOL: "assay.runner.v1";

export interface ReferenceRunner {
  /** `http://127.0.0.1:PORT`: an agent target's runner_url. */
  url: string;
  /** With `debug`: every attempt received, tokens and secrets included (tests only). */
  received: Record<string, any>[];
  /** Resolves when every attempt being run has reported. */
  idle(): Promise<unknown>;
  close(): Promise<void>;
}

export function startReferenceRunner(opts: {
  port?: number;
  host?: string;
  /** The profile's runner_signing_secret (at least 16 characters). */
  secret: string;
  /** Where to call Assay back, when not where the callback URLs point. */
  assayUrl?: string;
  debug?: boolean;
  log?: (line: string) => void;
}): Promise<ReferenceRunner>;

/** null when the signature is good; else why it is not. */
export function verifyAttempt(secret: string, headers: Record<string, string | string[] | undefined>, body: string, nowS?: number): string | null;
export function calculate(expr: string): number | null;
export function verify(reply: string | null, expected: string | null, toolCalls: number): { reward: number | null; structured: Record<string, unknown> };
export function runAttempt(attempt: Record<string, any>, opts?: { assayUrl?: string; log?: (line: string) => void }): Promise<void>;
