/**
 * Cloudflare's per-invocation limits, emulated where `wrangler dev` and the
 * vitest pool do not enforce them (docs/architecture.md, "The edge's
 * limits"): six connections waiting for their answer per invocation (a
 * seventh waits in a queue, as Cloudflare queues it), 10,000 subrequests
 * and 1,000 D1 queries per invocation (past them an operation fails, as it
 * would there), and a queue consumer's 15 minutes of wall time (past it the
 * invocation's bindings fail and its handler is given up, so its unacked
 * messages are delivered again). On when ASSAY_EDGE_LIMITS is "1", which
 * the local stack and the tests set; a deployment leaves it unset, Cloudflare
 * enforcing the real thing. Either way every invocation's counts are kept,
 * and the highest of them are what GET /api/_io reports.
 *
 * An invocation is one call of a handler (fetch, queue, scheduled), or one
 * Durable Object (whose concurrent requests share an I/O context, so their
 * connections are counted together). Its bindings are wrapped (limitedEnv)
 * and the global fetch finds it through AsyncLocalStorage.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Env } from "../env";

/** The paid plan's limits (Cloudflare's Workers, D1 and Queues limits pages, as of 2026). */
export const PAID_PLAN = {
  /** Connections waiting for their response headers at once, per invocation. */
  connections: 6,
  subrequests: 10_000,
  d1Queries: 1_000,
  /** A queue consumer's (and a cron's, a Durable Object alarm's) wall time. */
  wallMs: 15 * 60_000,
};

export type InvocationKind = "fetch" | "queue" | "scheduled" | "object";

/** The highest counts any one invocation reached since the last reset (GET /api/_io). */
export interface EdgeStats {
  max_connections: number;
  max_d1_queries: number;
  max_subrequests: number;
  /** Operations that waited for a connection (a seventh while six were open). */
  queued_connections: number;
  /** Operations refused past a limit (they fail in production too). */
  refused: number;
  invocations: number;
}

const zero = (): EdgeStats => ({ max_connections: 0, max_d1_queries: 0, max_subrequests: 0, queued_connections: 0, refused: 0, invocations: 0 });
let stats = zero();

export function edgeStats(): EdgeStats {
  return { ...stats };
}

export function resetEdgeStats(): void {
  stats = zero();
}

/** An operation past one of the limits: it fails as it would on Cloudflare. */
export class EdgeLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EdgeLimitError";
  }
}

export class Invocation {
  private open = 0;
  private readonly waiting: (() => void)[] = [];
  private subrequests = 0;
  private d1Queries = 0;
  /** Past its wall time: everything it does fails. */
  dead = false;

  constructor(
    readonly name: string,
    readonly kind: InvocationKind,
    /** Enforce (queue, refuse), or only count. */
    readonly enforce: boolean,
    readonly connections = PAID_PLAN.connections,
  ) {
    stats.invocations++;
  }

  private alive(what: string): void {
    if (this.dead) throw new EdgeLimitError(`${what} after the invocation's wall time (${PAID_PLAN.wallMs / 60_000} min) ran out`);
  }

  /** A subrequest (a fetch, an R2 or queue operation, a Durable Object call). */
  subrequest(what: string): void {
    this.alive(what);
    this.subrequests++;
    if (this.subrequests > stats.max_subrequests) stats.max_subrequests = this.subrequests;
    if (this.enforce && this.subrequests > PAID_PLAN.subrequests) {
      stats.refused++;
      throw new EdgeLimitError(`too many subrequests in one invocation (more than ${PAID_PLAN.subrequests}): ${what}`);
    }
  }

  /** `n` D1 queries (a batch counts each statement). */
  d1(n: number): void {
    this.alive("a D1 query");
    this.d1Queries += n;
    if (this.d1Queries > stats.max_d1_queries) stats.max_d1_queries = this.d1Queries;
    if (this.enforce && this.d1Queries > PAID_PLAN.d1Queries) {
      stats.refused++;
      throw new EdgeLimitError(`too many D1 queries in one invocation (more than ${PAID_PLAN.d1Queries})`);
    }
  }

  /** Takes one connection (waiting, when enforcing, while all are open); the function returned gives it back. */
  async connect(): Promise<() => void> {
    if (this.enforce && this.open >= this.connections) {
      stats.queued_connections++;
      await new Promise<void>((r) => this.waiting.push(r));
    }
    this.open++;
    if (this.open > stats.max_connections) stats.max_connections = this.open;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.open--;
      this.waiting.shift()?.();
    };
  }

  /** `fn` on one connection, released when it settles (an R2 or queue operation: its answer is its headers). */
  async onConnection<T>(what: string, fn: () => Promise<T>): Promise<T> {
    this.subrequest(what);
    const release = await this.connect();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/** Whether the emulation is on for this environment. */
export function limitsOn(env: Pick<Env, "ASSAY_EDGE_LIMITS">): boolean {
  return env.ASSAY_EDGE_LIMITS === "1";
}

/** A Durable Object's invocation: its requests share one I/O context, so one count. */
export function objectInvocation(name: string, enforce: boolean, connections = PAID_PLAN.connections): Invocation {
  return new Invocation(name, "object", enforce, connections);
}

/** A fetch as Cloudflare runs it: a subrequest, on a connection held until the response's headers arrive. */
export async function edgeFetch(inv: Invocation, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  inv.subrequest("a fetch");
  const release = await inv.connect();
  try {
    return await originalFetch(input, init);
  } finally {
    release();
  }
}

const context = new AsyncLocalStorage<Invocation>();
const originalFetch: typeof fetch = globalThis.fetch.bind(globalThis);
let patched = false;

/** Runs a handler as invocation `inv`: the global fetch inside it is counted (and limited) as its own. */
export function runAs<T>(inv: Invocation, fn: () => T): T {
  if (!patched) {
    patched = true;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const current = context.getStore();
      return current ? edgeFetch(current, input, init) : originalFetch(input, init);
    }) as typeof fetch;
  }
  return context.run(inv, fn);
}

/**
 * Runs a handler under its wall time: past it the invocation is dead (its
 * bindings fail) and the handler is given up with an error, as Cloudflare
 * ends it (a queue's unacknowledged messages are then delivered again).
 */
export async function withinWall<T>(inv: Invocation, wallMs: number, fn: () => Promise<T>): Promise<T> {
  if (!inv.enforce) return fn();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wall = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      inv.dead = true;
      stats.refused++;
      reject(new EdgeLimitError(`the invocation ran past its wall time (${Math.round(wallMs / 1000)} s)`));
    }, wallMs);
  });
  try {
    return await Promise.race([fn(), wall]);
  } finally {
    clearTimeout(timer);
  }
}

function wrapStatement(s: D1PreparedStatement, inv: Invocation): D1PreparedStatement {
  return new Proxy(s, {
    get(target, prop) {
      if (prop === "bind") return (...args: unknown[]) => wrapStatement(target.bind(...args), inv);
      const v = Reflect.get(target, prop, target);
      if (prop === "run" || prop === "all" || prop === "first" || prop === "raw") {
        return (...args: unknown[]) => {
          inv.d1(1);
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

function limitD1(db: D1Database, inv: Invocation): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrapStatement(target.prepare(sql), inv);
      if (prop === "batch") {
        return (stmts: D1PreparedStatement[]) => {
          inv.d1(stmts.length);
          return target.batch(stmts);
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

/** An R2 bucket or a queue producer: each operation a subrequest on a connection. */
function limitOps<B extends object>(binding: B, inv: Invocation, label: string, ops: readonly string[]): B {
  return new Proxy(binding, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (typeof v !== "function") return v;
      if (!ops.includes(String(prop))) return v.bind(target);
      return (...args: unknown[]) => inv.onConnection(`${label}.${String(prop)}`, () => (v as (...a: unknown[]) => Promise<unknown>).apply(target, args));
    },
  });
}

/** A Durable Object namespace whose stubs' calls count as subrequests (not connections: Cloudflare lists none for them). */
function limitNamespace<N extends DurableObjectNamespace<any>>(ns: N, inv: Invocation): N {
  const stub = (s: object) =>
    new Proxy(s, {
      get(target, prop) {
        const v = Reflect.get(target, prop, target);
        if (typeof v !== "function" || prop === "then") return v;
        return (...args: unknown[]) => {
          inv.subrequest(`a Durable Object call (${String(prop)})`);
          return Reflect.apply(v as (...a: unknown[]) => unknown, target, args);
        };
      },
    });
  return new Proxy(ns, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (prop === "get" || prop === "getByName") return (...args: unknown[]) => stub(Reflect.apply(v as (...a: unknown[]) => object, target, args));
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

const R2_OPS = ["get", "put", "head", "list", "delete", "createMultipartUpload"] as const;
const QUEUE_OPS = ["send", "sendBatch"] as const;

/** The env with every binding counted (and limited, when enforcing) as invocation `inv`'s. */
export function limitedEnv(env: Env, inv: Invocation): Env {
  return {
    ...env,
    DB: limitD1(env.DB, inv),
    ARTIFACTS: limitOps(env.ARTIFACTS, inv, "R2", R2_OPS),
    ATTEMPTS: limitOps(env.ATTEMPTS, inv, "queue", QUEUE_OPS),
    ATTEMPTS_2: limitOps(env.ATTEMPTS_2, inv, "queue", QUEUE_OPS),
    ATTEMPTS_3: limitOps(env.ATTEMPTS_3, inv, "queue", QUEUE_OPS),
    ATTEMPTS_4: limitOps(env.ATTEMPTS_4, inv, "queue", QUEUE_OPS),
    CONTROL: limitOps(env.CONTROL, inv, "queue", QUEUE_OPS),
    RUN_GATE: limitNamespace(env.RUN_GATE, inv),
    RUN_LIVE: limitNamespace(env.RUN_LIVE, inv),
    CALL_LANE: limitNamespace(env.CALL_LANE, inv),
  };
}
