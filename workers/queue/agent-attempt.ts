/**
 * The agent path: attempts of a run whose target is an agent runner. The
 * consumer does not execute them; it dispatches each one, signed, to the
 * target's runner_url and lets go. The attempt then belongs to the live
 * object that owns it (workers/durable/run-live.ts): the runner's events,
 * artifacts and verifier result arrive there with the attempt's token, and
 * it ends the attempt on the result or, failing that, at its timeout
 * (timed_out, no reward).
 *
 * Concurrency: each dispatched attempt holds one of the run's RunGate
 * slots under a holder of its own (`agent:<attempt id>`) whose lease
 * outlives its timeout, released when the attempt ends; so at most
 * `concurrency` attempts run on the runner at once, across invocations,
 * without a consumer waiting for them. Messages that find the run at its
 * limit wait here a while, then go back to the queue with a delay.
 *
 * Dispatch failures are classified like model-call failures: network
 * errors, 408, 429 and 5xx are retried with backoff (a new dispatch, a new
 * token); other 4xx end the attempt failed with the runner's answer.
 *
 * This file is the path's entry point; each concept lives in its own module:
 *   agent-context.ts       the run's targets, secrets and plan, cached per isolate
 *   agent-slot.ts          an attempt's gate holder and lease
 *   agent-callbacks.ts     where runners call back
 *   agent-dispatch.ts      a batch waiting for slots
 *   agent-dispatch-one.ts  one attempt: begin, post, retry or fail
 *   agent-dispatch-body.ts the signed body (src/runner/attempt-body.ts builds it)
 *   agent-post.ts          the POST and how its answer is classified
 *   agent-hand-back.ts     messages back to the queue with a delay
 *   agent-cancel.ts        a stopped run's live attempts cancelled
 *   agent-end.ts           an ended attempt recorded
 */
export { agentContext, isAgentRun, type AgentContext, type AgentTarget } from "./agent-context";
export { agentHolder, leaseMs } from "./agent-slot";
export { callbackBase, callbackUrls, recordPublicOrigin } from "./agent-callbacks";
export { AGENT_WAIT_MS, dispatchAgentAttempts } from "./agent-dispatch";
export { DISPATCH_TIMEOUT_MS } from "./agent-post";
export { cancelLive } from "./agent-cancel";
export { recordAgentEnd } from "./agent-end";
