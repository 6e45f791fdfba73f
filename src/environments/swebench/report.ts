/**
 * The harness's report.json: `{ "<instance_id>": { patch_is_None,
 * patch_exists, patch_successfully_applied, resolved, tests_status? } }`
 * (2.0.x; later versions add fields such as infra_failure, kept aside).
 * `tests_status` is absent when the patch did not apply. Read with zod so
 * a malformed report is an error naming its field. Pure, no I/O.
 */
import { InputError } from "../input-error";
import { z } from "zod";
import { resolutionOf, type Resolution, type TestsStatus } from "./grading";

const Outcome = z.object({ success: z.array(z.string()), failure: z.array(z.string()) });

export const ReportEntry = z.object({
  patch_is_None: z.boolean().optional(),
  patch_exists: z.boolean().optional(),
  patch_successfully_applied: z.boolean(),
  resolved: z.boolean(),
  tests_status: z
    .object({
      FAIL_TO_PASS: Outcome,
      PASS_TO_PASS: Outcome,
      FAIL_TO_FAIL: Outcome.default({ success: [], failure: [] }),
      PASS_TO_FAIL: Outcome.default({ success: [], failure: [] }),
    })
    .optional(),
});
export type ReportEntry = z.infer<typeof ReportEntry>;

/** A report that does not read: `field` is where (`report.json.django__django-11099.resolved`). */
export class ReportError extends InputError {}

/** The entry of `instanceId` in a report.json's text. */
export function parseReport(text: string, instanceId: string, field = "report.json"): ReportEntry {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new ReportError(field, `is not JSON: ${(e as Error).message.slice(0, 200)}`);
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw new ReportError(field, "must be an object keyed by instance id");
  const entry = (json as Record<string, unknown>)[instanceId];
  if (entry === undefined) throw new ReportError(field, `has no entry for ${instanceId}`);
  const parsed = ReportEntry.safeParse(entry);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ReportError([field, instanceId, ...issue.path.map(String)].join("."), issue.message);
  }
  return parsed.data;
}

/** The resolution a report's own lists imply (the harness's rule over its success/failure lists). */
export function reportResolution(entry: ReportEntry): Resolution {
  return entry.tests_status ? resolutionOf(entry.tests_status as TestsStatus) : "RESOLVED_NO";
}
