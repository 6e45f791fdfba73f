/**
 * Small result files in the three harnesses' formats, written here so the
 * importer tests run without ../shared: a promptfoo results JSON (one
 * contains assertion per row, two providers), an Inspect `.eval` ZIP
 * (header.json + samples/*_epoch_*.json, deflated) and `.json` log, and an
 * lm-eval gsm8k samples file with two filters plus its results JSON. Their
 * stated scores agree with their per-sample verdicts, as the tools write them.
 */
const enc = new TextEncoder();

export interface MiniCase {
  question: string;
  answer: string;
  output: string;
  pass: boolean;
}

export const PROMPTFOO_CASES: MiniCase[] = [
  { question: "Capital of France?", answer: "Paris", output: "The capital is Paris.", pass: true },
  { question: "Capital of Italy?", answer: "Rome", output: "It is Milan.", pass: false },
  { question: "Capital of Spain?", answer: "Madrid", output: "madrid", pass: false },
];

/** promptfoo `eval -o` shape: rows test x provider, stats successes/failures, each row one `contains` assertion. */
export function miniPromptfoo(assertType = "contains"): Uint8Array {
  const providers = ["openai:gpt-a", "openai:gpt-b"];
  const results = PROMPTFOO_CASES.flatMap((c, testIdx) =>
    providers.map((p, promptIdx) => {
      // The second provider gets every answer right.
      const output = promptIdx === 0 ? c.output : `Answer: ${c.answer}`;
      const pass = promptIdx === 0 ? c.pass : true;
      return {
        id: `r${testIdx}-${promptIdx}`,
        testIdx,
        promptIdx,
        prompt: { raw: `Answer briefly: ${c.question}`, label: "brief" },
        provider: { id: p, label: "" },
        vars: { question: c.question },
        testCase: { vars: { question: c.question }, assert: [{ type: assertType, value: c.answer }] },
        response: { output, tokenUsage: { total: 10 } },
        success: pass,
        score: pass ? 1 : 0,
        gradingResult: { pass, score: pass ? 1 : 0, reason: pass ? "All assertions passed" : `Expected output to contain "${c.answer}"`, componentResults: [{ pass, score: pass ? 1 : 0, reason: "", assertion: { type: assertType, value: c.answer } }] },
        failureReason: pass ? 0 : 1,
        latencyMs: 5,
      };
    }),
  );
  const successes = results.filter((r) => r.success).length;
  return enc.encode(
    JSON.stringify({
      evalId: "eval-mini",
      results: { version: 3, timestamp: "2026-12-01T00:00:00.000Z", prompts: [], results, stats: { successes, failures: results.length - successes, errors: 0, tokenUsage: {} } },
      config: { description: "mini capitals" },
      shareableUrl: null,
      metadata: { promptfooVersion: "0.118.10" },
    }),
  );
}

export const INSPECT_CASES = [
  { id: 1, input: "Is the sky blue? Answer Yes or No.", target: " Yes", output: "Yes", value: "C" },
  { id: 2, input: "Is fire cold? Answer Yes or No.", target: " No", output: "No", value: "C" },
  { id: 3, input: "Is water wet? Answer Yes or No.", target: " Yes", output: "No", value: "I" },
  { id: 4, input: "Is ice hot? Answer Yes or No.", target: " No", output: "No", value: "C" },
];

function inspectHeader(scorer = "match") {
  const correct = INSPECT_CASES.filter((c) => c.value === "C").length;
  return {
    version: 2,
    status: "success",
    eval: { task: "mini_yes_no", model: "openai/gpt-mini", scorers: [{ name: scorer, options: {}, metrics: [{ name: "inspect_ai/accuracy", options: {} }] }], config: { epochs: 1 }, packages: { inspect_ai: "0.3.58" } },
    plan: {},
    results: { total_samples: 4, completed_samples: 4, scores: [{ name: scorer, scorer, params: {}, metrics: { accuracy: { name: "accuracy", value: correct / INSPECT_CASES.length, params: {} } } }] },
    stats: {},
  };
}

function inspectSample(c: (typeof INSPECT_CASES)[number], scorer = "match") {
  return {
    id: c.id,
    epoch: 1,
    input: [{ role: "user", content: c.input }],
    target: c.target,
    messages: [],
    output: { model: "gpt-mini", choices: [{ message: { role: "assistant", content: [{ type: "text", text: c.output }] }, stop_reason: "stop" }] },
    scores: { [scorer]: { value: c.value, answer: c.output, explanation: c.output } },
  };
}

export function miniInspectJson(): Uint8Array {
  return enc.encode(JSON.stringify({ ...inspectHeader(), samples: INSPECT_CASES.map((c) => inspectSample(c)) }));
}

async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const s = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(s).arrayBuffer());
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Uint8Array): number {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A ZIP of deflated members, as Python's zipfile writes Inspect's `.eval`. */
export async function zipOf(members: Record<string, string>): Promise<Uint8Array> {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(members)) {
    const raw = enc.encode(text);
    const data = await deflateRaw(raw);
    const nameB = enc.encode(name);
    const local = new Uint8Array(30 + nameB.length + data.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, 8, true);
    lv.setUint32(14, crc32(raw), true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, raw.length, true);
    lv.setUint16(26, nameB.length, true);
    local.set(nameB, 30);
    local.set(data, 30 + nameB.length);
    const central = new Uint8Array(46 + nameB.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, 8, true);
    cv.setUint32(16, crc32(raw), true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, raw.length, true);
    cv.setUint16(28, nameB.length, true);
    cv.setUint32(42, offset, true);
    central.set(nameB, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const cdSize = centrals.reduce((a, c) => a + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, centrals.length, true);
  ev.setUint16(10, centrals.length, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + cdSize + 22);
  let p = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, p);
    p += part.length;
  }
  return out;
}

export async function miniInspectEval(): Promise<Uint8Array> {
  const members: Record<string, string> = { "_journal/start.json": "{}", "header.json": JSON.stringify(inspectHeader()) };
  for (const c of INSPECT_CASES) members[`samples/${c.id}_epoch_1.json`] = JSON.stringify(inspectSample(c));
  return zipOf(members);
}

export const LM_EVAL_CASES = [
  { question: "Tom has 3 apples and buys 4. How many?", target: "3 + 4 = 7\n#### 7", resp: "He has 3 + 4 = 7 apples.\n#### 7", strict: 1, flexible: 1 },
  { question: "Ann has 10 pens and loses 2. How many?", target: "10 - 2 = 8\n#### 8", resp: "She has 8 pens left.", strict: 0, flexible: 1 },
  { question: "A box holds 6 eggs. How many in 2 boxes?", target: "6 * 2 = 12\n#### 12", resp: "#### 11", strict: 0, flexible: 0 },
  { question: "5 birds, 1,000 seeds each: seeds?", target: "5 * 1000 = 5000\n#### 5,000", resp: "They eat $5,000 seeds.\n#### 5,000", strict: 1, flexible: 1 },
];

export const LM_EVAL_SAMPLES_NAME = "samples_gsm8k_2026-12-01T10-00-00.123456.jsonl";

/** Two lines per doc (strict-match, flexible-extract), chat-model arguments, as lm-eval 0.4.9 writes them. */
export function miniLmEvalSamples(): Uint8Array {
  const lines = LM_EVAL_CASES.flatMap((c, doc_id) =>
    (["strict-match", "flexible-extract"] as const).map((filter) => ({
      doc_id,
      doc: { question: c.question, answer: c.target },
      target: c.target,
      arguments: { gen_args_0: { arg_0: [JSON.stringify([{ role: "user", content: `Question: ${c.question}\nAnswer:` }])], arg_1: { until: ["Question:"] } } },
      resps: [[c.resp]],
      filtered_resps: [filter === "strict-match" ? (/#### (\-?[0-9.,]+)/.exec(c.resp)?.[1] ?? "[invalid]") : (c.resp.match(/-?[$0-9.,]{2,}|-?[0-9]+/g) ?? ["[invalid]"]).at(-1)],
      filter,
      metrics: ["exact_match"],
      doc_hash: "0",
      prompt_hash: "0",
      target_hash: "0",
      exact_match: filter === "strict-match" ? c.strict : c.flexible,
    })),
  );
  return enc.encode(lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
}

export function miniLmEvalResults(): Uint8Array {
  const n = LM_EVAL_CASES.length;
  const strict = LM_EVAL_CASES.reduce((a, c) => a + c.strict, 0) / n;
  const flexible = LM_EVAL_CASES.reduce((a, c) => a + c.flexible, 0) / n;
  return enc.encode(
    JSON.stringify({
      results: { gsm8k: { alias: "gsm8k", "exact_match,strict-match": strict, "exact_match_stderr,strict-match": 0.2, "exact_match,flexible-extract": flexible, "exact_match_stderr,flexible-extract": 0.2 } },
      "n-samples": { gsm8k: { original: 1319, effective: n } },
      config: { model: "local-chat-completions" },
      model_name: "mini-model",
      lm_eval_version: "0.4.9.1",
    }),
  );
}
