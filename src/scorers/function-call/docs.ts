/**
 * BFCL's function documents and answer keys as the checker reads them:
 * `{name, description, parameters: {type: "dict", properties, required}}`
 * with BFCL's type names (dict, float, tuple, any, ...), and ground truth
 * as one `{function_name: {param: [acceptable values]}}` per expected call,
 * where `""` among the values marks the parameter optional. Pure, no I/O.
 */
import { z } from "zod";
import { isDict, type PyValue } from "./py-values";

/** One parameter's schema; nested schemas (items, properties) keep whatever else they carry. */
export interface ParamDoc {
  type?: string;
  description?: string;
  items?: ParamDoc;
  properties?: Record<string, ParamDoc>;
  [key: string]: unknown;
}

const ParamDocSchema: z.ZodType<ParamDoc> = z.lazy(() =>
  z
    .object({
      type: z.string().optional(),
      description: z.string().optional(),
      items: ParamDocSchema.optional(),
      properties: z.record(z.string(), ParamDocSchema).optional(),
    })
    .catchall(z.unknown()),
);

export const FunctionDoc = z
  .object({
    name: z.string().min(1).max(200),
    description: z.string().default(""),
    parameters: z
      .object({
        type: z.string().optional(),
        properties: z.record(z.string(), ParamDocSchema).default({}),
        required: z.array(z.string()).default([]),
      })
      .catchall(z.unknown()),
  })
  .catchall(z.unknown());
export type FunctionDoc = z.infer<typeof FunctionDoc>;

export const FunctionDocs = z.array(FunctionDoc).max(128);

/** One expected call: the function's name and, per parameter, its acceptable values. */
export interface ExpectedCall {
  name: string;
  params: Record<string, PyValue[]>;
}

/** The ground truth of a row (a list of `{name: {param: [values]}}`), or an error saying what is wrong with it. */
export function expectedCalls(truth: PyValue): ExpectedCall[] | string {
  if (!Array.isArray(truth)) return "the ground truth is not a list of calls";
  const out: ExpectedCall[] = [];
  for (const item of truth) {
    const entries = isDict(item) ? Object.entries(item) : [];
    if (entries.length !== 1) return "each expected call must be one {function: {param: [values]}}";
    const [name, params] = entries[0]!;
    if (!isDict(params) || !Object.values(params).every(Array.isArray)) return `the expected call of ${name} does not list acceptable values per parameter`;
    out.push({ name, params: params as Record<string, PyValue[]> });
  }
  return out;
}
