/**
 * The contract between code-executing scorers and the sandbox
 * (sandbox/server.mjs): a program goes in, a verdict comes out. Types only,
 * so the scorer contract (types.ts) can name them without importing a scorer.
 */

/** A sandbox execution request (sandbox/server.mjs). */
export interface ExecutionRequest {
  language: "python";
  program: string;
  timeout_s: number;
  memory_mb: number;
  /**
   * Files the sandbox holds by content (PUT /v1/files/<sha256>), seen read-only at /data/<name> (BIRD's databases).
   * `open` gives the bytes when the sandbox lacks them (it is not sent): the client uploads them once and executes again.
   */
  files?: { name: string; sha256: string; bytes: number; open?: () => Promise<ReadableStream<Uint8Array>> }[];
}

/** The sandbox's verdict on one program. */
export interface ExecutionVerdict {
  passed: boolean;
  exit_code: number | null;
  timed_out: boolean;
  stdout: string;
  stderr: string;
  duration_ms: number;
  reason: string;
  /** What kind of failure (assertion, exception, timeout, memory, ...); null when passed. */
  failure: string | null;
  /** The isolation the sandbox gave this execution (bwrap, unshare, none). */
  isolation: string;
}

/**
 * Executes a program in the sandbox. Injected so this scorer does no I/O;
 * it throws (a ProviderError, transient) when the sandbox is unreachable or
 * fails, which the caller retries and never reads as a 0.
 */
export type Execute = (request: ExecutionRequest) => Promise<ExecutionVerdict>;
