/**
 * Exported run reports kept in R2 under runs/<run>/reports/<timestamp>.<ext>,
 * a new key per export (R2 takes one write per second per key, and a
 * report is a record of what was shared). I/O: the bucket passed in.
 */
export type ReportFormat = "md" | "html";

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  md: "text/markdown; charset=utf-8",
  html: "text/html; charset=utf-8",
};

/** The key of a report made at `at` (ISO 8601), its timestamp made safe for a key and a file name. */
export function reportKey(runId: string, at: string, format: ReportFormat): string {
  return `runs/${runId}/reports/${at.replace(/[:.]/g, "-")}.${format}`;
}

/** Stores a report and returns its key. */
export async function saveReport(bucket: R2Bucket, runId: string, at: string, format: ReportFormat, body: string): Promise<string> {
  const key = reportKey(runId, at, format);
  await bucket.put(key, body, { httpMetadata: { contentType: REPORT_CONTENT_TYPES[format] }, customMetadata: { run_id: runId, generated_at: at } });
  return key;
}
