/**
 * The TAU-Bench loader: one row per task of τ²-bench's release tasks files
 * (airline 50, retail 114, telecom 114), the domain as the subset. A row
 * keeps the task as τ²'s JSON text written with Python's json (so 2.0
 * stays a float, as τ²'s evaluator reads it), the domain, and a line for
 * the samples view (the task and why the user calls; the agent is never
 * shown it: the agent-conversation stage asks its own way). Keys are
 * `<domain>/<task id>` (ids repeat across domains), cut as imports cut
 * them past the row-key limit (telecom's composed ids). Every task must
 * read as τ² reads it. Deterministic, no I/O.
 */
import type { JsonObject } from "../../../datasets/canonical-json";
import { TAU2_DOMAINS } from "../../../agents/tau2/domain";
import { dumpsPy, loadsPy } from "../../../agents/tau2/py/json";
import { FieldReader, readTask, Tau2FormatError } from "../../../agents/tau2/task";
import { taskKey } from "../../../imports/tau2";
import { fileAt, textOf } from "../../read";
import type { LoadedFile } from "../../types";
import { TAU2_DOMAIN_FILES } from "./source";

/** The first line of why the user calls, for the samples view. */
function reasonLine(task: Map<string, unknown>): string {
  const ins = (task.get("user_scenario") as Map<string, unknown> | undefined)?.get("instructions");
  const text = typeof ins === "string" ? ins : ins instanceof Map ? ins.get("reason_for_call") : null;
  return typeof text === "string" ? (text.split("\n").find((l) => l.trim()) ?? "").trim() : "";
}

export async function tau2Rows(files: LoadedFile[]): Promise<JsonObject[]> {
  const rows: JsonObject[] = [];
  for (const domain of TAU2_DOMAINS) {
    const path = TAU2_DOMAIN_FILES[domain].find((f) => f.role === "tasks")!.path;
    const doc = loadsPy(textOf(fileAt(files, path)));
    if (!Array.isArray(doc)) throw new Error(`${path}: expected a list of tasks`);
    doc.forEach((value, i) => {
      const where = `${path} task ${i + 1}`;
      let id: string;
      try {
        id = readTask(new FieldReader(value, "task")).id;
      } catch (e) {
        throw new Error(`${where}: ${e instanceof Tau2FormatError ? `${e.field} ${e.message}` : String(e)}`);
      }
      const reason = reasonLine(value as Map<string, unknown>);
      rows.push({ id: taskKey(`${domain}/${id}`), subset: domain, domain, task_id: id, task: dumpsPy(value), prompt: `τ²-bench ${domain} task ${id}${reason ? `: ${reason}` : ""}` });
    });
  }
  return rows;
}
