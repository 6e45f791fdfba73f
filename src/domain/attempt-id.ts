/**
 * Public attempt ids: `att_<run suffix>.<seq>`, so an id names its run and
 * its row without a lookup table. No I/O.
 */
export function attemptId(runId: string, seq: number): string {
  return `att_${runId.replace(/^run_/, "")}.${seq}`;
}

export function parseAttemptId(id: string): { runId: string; seq: number } | undefined {
  const m = id.match(/^att_([0-9a-z]{1,60})\.(0|[1-9][0-9]{0,8})$/);
  return m ? { runId: `run_${m[1]}`, seq: Number(m[2]) } : undefined;
}
