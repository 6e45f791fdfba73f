/** Types for the environment runner (environments/server.mjs). */

export const SECRET_SETTING: "ASSAY_ENVIRONMENT_RUNNER_SECRET";

export interface EnvironmentRunner {
  /** `http://127.0.0.1:PORT`: what ASSAY_ENVIRONMENT_RUNNER_URL (or an agent target's runner_url) names. */
  url: string;
  backend: { name: string; describe(): Record<string, unknown>; passedOver?: string[] };
  concurrency: number;
  /** Resolves once every accepted attempt has ended. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function startEnvironmentRunner(opts: {
  port?: number;
  host?: string;
  /** The signing secret Assay signs attempts with (at least 16 characters). */
  secret: string;
  /** "auto" (docker when an engine answers, else local), "docker", "local", or a backend object. */
  backend?: "auto" | "docker" | "local" | Record<string, unknown>;
  concurrency?: number;
  /** Where to call Assay back, when not where the attempts' callback URLs point. */
  assayUrl?: string;
  /** Where external agents reach this runner (default: its own URL). */
  publicUrl?: string;
  cacheDir?: string;
  stateDir?: string;
  buildNetwork?: "none" | "host";
  agentNetwork?: "none" | "host";
  dockerHost?: string;
  log?: (line: string) => void;
}): Promise<EnvironmentRunner>;

/** The backend asked for; throws with why it cannot run here. */
export function chooseBackend(kind: string, o: Record<string, unknown>): Promise<{ name: string; describe(): Record<string, unknown>; passedOver?: string[] }>;
