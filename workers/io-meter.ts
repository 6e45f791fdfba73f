/**
 * Counts the storage and queue operations the Worker makes, for
 * `npm run bench` (enabled by ASSAY_IO_METRICS=1; off in production). It
 * wraps the bindings, so it measures what the code really does rather than
 * what it claims to do.
 */
import type { Env } from "./env";

export interface IoCounts {
  d1_statements: number;
  d1_rows_written: number;
  d1_rows_read: number;
  r2_puts: number;
  queue_messages_sent: number;
  queue_send_calls: number;
  queue_messages_received: number;
  /** Requests (RPC calls and fetches) the Worker made to Durable Objects, by class: each object's ceiling is in requests/s. */
  do_requests: { run_gate: number; call_lane: number; run_live: number };
}

const zero = (): IoCounts => ({
  d1_statements: 0,
  d1_rows_written: 0,
  d1_rows_read: 0,
  r2_puts: 0,
  queue_messages_sent: 0,
  queue_send_calls: 0,
  queue_messages_received: 0,
  do_requests: { run_gate: 0, call_lane: 0, run_live: 0 },
});
let counts = zero();

export function ioCounts(): IoCounts {
  return { ...counts, do_requests: { ...counts.do_requests } };
}

export function resetIo(): void {
  counts = zero();
}

export function countReceived(n: number): void {
  counts.queue_messages_received += n;
}

function addMeta(meta: D1Meta | undefined): void {
  counts.d1_statements += 1;
  counts.d1_rows_written += meta?.rows_written ?? 0;
  counts.d1_rows_read += meta?.rows_read ?? 0;
}

function meterStatement(s: D1PreparedStatement): D1PreparedStatement {
  return new Proxy(s, {
    get(target, prop) {
      if (prop === "bind") return (...args: unknown[]) => meterStatement(target.bind(...args));
      if (prop === "run" || prop === "all") {
        return async (...args: unknown[]) => {
          const r = await (target[prop] as (...a: unknown[]) => Promise<D1Result>)(...args);
          addMeta(r.meta);
          return r;
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

function meterD1(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => meterStatement(target.prepare(sql));
      if (prop === "batch") {
        return async (stmts: D1PreparedStatement[]) => {
          const results = await target.batch(stmts);
          for (const r of results) addMeta(r.meta);
          return results;
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

function meterR2(bucket: R2Bucket): R2Bucket {
  return new Proxy(bucket, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (prop === "put" || prop === "createMultipartUpload") {
        return (...args: unknown[]) => {
          counts.r2_puts += 1;
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

function meterQueue(queue: Queue): Queue {
  return new Proxy(queue, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (prop === "send" || prop === "sendBatch") {
        return (...args: unknown[]) => {
          counts.queue_send_calls += 1;
          counts.queue_messages_sent += prop === "send" ? 1 : (args[0] as unknown[]).length;
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

type DoClass = keyof IoCounts["do_requests"];

/** A stub whose calls are counted; property reads that are not calls (and `then`) pass through untouched. */
function meterStub<S extends object>(stub: S, cls: DoClass): S {
  return new Proxy(stub, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (typeof v !== "function" || prop === "then") return v;
      return (...args: unknown[]) => {
        counts.do_requests[cls] += 1;
        // An RPC stub's methods are themselves stubs: `.apply` would be taken as a remote method's name.
        return Reflect.apply(v as (...a: unknown[]) => unknown, target, args);
      };
    },
  });
}

function meterNamespace<N extends DurableObjectNamespace<any>>(ns: N, cls: DoClass): N {
  return new Proxy(ns, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (prop === "get" || prop === "getByName") return (...args: unknown[]) => meterStub(Reflect.apply(v as (...a: unknown[]) => object, target, args), cls);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

const metered = new WeakMap<object, Env>();

/** The env with metered bindings when ASSAY_IO_METRICS is on; the env itself otherwise. */
export function meterEnv(env: Env): Env {
  if (env.ASSAY_IO_METRICS !== "1") return env;
  let m = metered.get(env);
  if (!m) {
    m = { ...env, DB: meterD1(env.DB), ARTIFACTS: meterR2(env.ARTIFACTS), ATTEMPTS: meterQueue(env.ATTEMPTS), ATTEMPTS_2: meterQueue(env.ATTEMPTS_2), ATTEMPTS_3: meterQueue(env.ATTEMPTS_3), ATTEMPTS_4: meterQueue(env.ATTEMPTS_4), CONTROL: meterQueue(env.CONTROL),
      RUN_GATE: meterNamespace(env.RUN_GATE, "run_gate"),
      CALL_LANE: meterNamespace(env.CALL_LANE, "call_lane"),
      RUN_LIVE: meterNamespace(env.RUN_LIVE, "run_live"),
    };
    metered.set(env, m);
  }
  return m;
}
