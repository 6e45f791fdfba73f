// A run's samples as JUnit XML for CI test reports: one <testsuite> per
// benchmark and target, one <testcase> per task. A task passes when every
// attempt's reward is at least 1 (pass^k); an attempt that ended without a
// reward is an <error> (the run could not measure it), one not finished yet
// <skipped>, a lower reward a <failure>. No I/O.

const TERMINAL = new Set(["succeeded", "failed", "cancelled", "timed_out"]);
/** Characters of model output kept per attempt in the report. */
const MAX_OUTPUT = 2000;

/**
 * One attempt as the samples route reports it.
 * @typedef {object} Sample
 * @property {string} benchmark_id
 * @property {string} target "a" or "b"
 * @property {string} task Task key
 * @property {number} attempt_index
 * @property {string} status
 * @property {number | null} reward
 * @property {string | null} error
 * @property {string | null} reason
 * @property {string | null} output
 * @property {number | null} latency_ms
 */

/**
 * Samples from the API's items (GET /api/eval-runs/{id}/samples), typed by
 * the API's document (sdk/typescript/src/schema.ts).
 * @param {import("../sdk/typescript/src/schema.ts").components["schemas"]["Sample"][]} items
 * @returns {Sample[]}
 */
export function normalizeSamples(items) {
  return items.map((s) => ({
    benchmark_id: String(s.benchmark_id),
    target: s.target === "b" ? "b" : "a",
    task: String(s.task_key),
    attempt_index: typeof s.attempt_index === "number" ? s.attempt_index : 0,
    status: String(s.status ?? "pending"),
    reward: typeof s.reward === "number" ? s.reward : null,
    error: s.error ?? null,
    reason: s.reason ?? null,
    output: typeof s.output === "string" ? s.output : null,
    latency_ms: typeof s.latency_ms === "number" ? s.latency_ms : null,
  }));
}

/** XML text: escaped, with characters XML 1.0 forbids removed. @param {unknown} v */
export function xmlEscape(v) {
  return String(v)
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const attr = (obj) =>
  Object.entries(obj)
    .map(([k, v]) => ` ${k}="${xmlEscape(v)}"`)
    .join("");

const seconds = (ms) => (ms / 1000).toFixed(3);

/**
 * The verdict of one task from its attempts.
 * @param {Sample[]} attempts
 * @returns {{kind: "pass" | "failure" | "error" | "skipped", message: string}}
 */
export function taskVerdict(attempts) {
  const n = attempts.length;
  const rewards = attempts.map((a) => (a.reward === null ? "missing" : String(a.reward))).join(", ");
  const invalid = attempts.filter((a) => a.reward === null && TERMINAL.has(a.status));
  const open = attempts.filter((a) => a.reward === null && !TERMINAL.has(a.status));
  const passed = attempts.filter((a) => a.reward !== null && a.reward >= 1).length;
  if (invalid.length) {
    const why = invalid.map((a) => a.error || a.status).join("; ");
    return { kind: "error", message: `${invalid.length}/${n} attempts ended without a reward: ${why}` };
  }
  if (open.length) return { kind: "skipped", message: `${open.length}/${n} attempts not finished` };
  if (passed === n) return { kind: "pass", message: `${n}/${n} attempts passed` };
  return { kind: "failure", message: `${passed}/${n} attempts passed (rewards ${rewards})` };
}

/**
 * @param {{runId: string, samples: Sample[], benchmarkNames?: Record<string, string>}} input
 * @returns {string}
 */
export function junitXml({ runId, samples, benchmarkNames = {} }) {
  /** @type {Map<string, Map<string, Sample[]>>} suite key → task → attempts, in first-seen order */
  const suites = new Map();
  for (const s of samples) {
    const key = `${s.benchmark_id}\u0000${s.target}`;
    if (!suites.has(key)) suites.set(key, new Map());
    const tasks = suites.get(key);
    if (!tasks.has(s.task)) tasks.set(s.task, []);
    tasks.get(s.task).push(s);
  }
  const totals = { tests: 0, failures: 0, errors: 0, skipped: 0, ms: 0 };
  const parts = [];
  for (const [key, tasks] of suites) {
    const [benchmarkId, target] = key.split("\u0000");
    const name = (benchmarkNames[benchmarkId] ?? benchmarkId) + (target === "b" ? " (compare target)" : "");
    const counts = { tests: 0, failures: 0, errors: 0, skipped: 0, ms: 0 };
    const cases = [];
    for (const [task, attempts] of tasks) {
      attempts.sort((x, y) => x.attempt_index - y.attempt_index);
      const verdict = taskVerdict(attempts);
      const ms = attempts.reduce((t, a) => t + (a.latency_ms ?? 0), 0);
      counts.tests++;
      counts.ms += ms;
      if (verdict.kind === "failure") counts.failures++;
      if (verdict.kind === "error") counts.errors++;
      if (verdict.kind === "skipped") counts.skipped++;
      const detail = attempts
        .map((a) => {
          const head = `attempt ${a.attempt_index}: ${a.status}, reward ${a.reward ?? "missing"}`;
          const extra = [a.error && `error: ${a.error}`, a.reason && `reason: ${a.reason}`, a.output && `output: ${a.output.slice(0, MAX_OUTPUT)}`].filter(Boolean);
          return [head, ...extra.map((e) => `  ${e}`)].join("\n");
        })
        .join("\n");
      const tag = { failure: "failure", error: "error", skipped: "skipped" }[verdict.kind];
      // The attempts' detail goes in the verdict element, or in system-out for a pass.
      const body = tag
        ? `<${tag}${attr({ message: verdict.message, ...(tag === "skipped" ? {} : { type: verdict.kind }) })}>${xmlEscape(detail)}</${tag}>`
        : `<system-out>${xmlEscape(detail)}</system-out>`;
      cases.push(`    <testcase${attr({ name: task, classname: `assay.${name}`, time: seconds(ms) })}>\n      ${body}\n    </testcase>`);
    }
    for (const k of Object.keys(totals)) totals[k] += counts[k];
    parts.push(
      `  <testsuite${attr({ name, tests: counts.tests, failures: counts.failures, errors: counts.errors, skipped: counts.skipped, time: seconds(counts.ms) })}>\n${cases.join("\n")}\n  </testsuite>`,
    );
  }
  const head = `<testsuites${attr({ name: `assay ${runId}`, tests: totals.tests, failures: totals.failures, errors: totals.errors, skipped: totals.skipped, time: seconds(totals.ms) })}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${head}\n${parts.join("\n")}${parts.length ? "\n" : ""}</testsuites>\n`;
}
