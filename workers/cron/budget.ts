/**
 * What one cron pass may spend: wall time, attempt rows read, and items per
 * phase. Every phase checks the budget before each unit of work and leaves
 * the rest to the next pass (the cron fires every minute).
 */
export interface PassLimits {
  /** Wall time for the whole pass; the next pass starts a minute later. */
  ms: number;
  /** Attempt rows the pass may read (aggregates, drift, sweeps). */
  rows: number;
  /** Finished runs handled per pass. */
  finishes: number;
  /** Active runs the sweeper looks at per pass. */
  runs: number;
  /** Attempt messages the sweeper may re-send per pass. */
  resends: number;
  /** Webhook deliveries tried per pass. */
  deliveries: number;
  /** Provider batches (options.batch) polled per pass, each one provider request and, once ended, its results. */
  batches: number;
}

export const DEFAULT_LIMITS: PassLimits = {
  ms: 45_000,
  rows: 500_000,
  finishes: 50,
  runs: 25,
  resends: 2_000,
  deliveries: 50,
  batches: 20,
};

export class Budget {
  private readonly deadline: number;
  private rowsLeft: number;
  resendsLeft: number;

  constructor(readonly limits: PassLimits, startMs = Date.now()) {
    this.deadline = startMs + limits.ms;
    this.rowsLeft = limits.rows;
    this.resendsLeft = limits.resends;
  }

  spend(rows: number): void {
    this.rowsLeft -= rows;
  }

  /** Time and rows remain for another unit of work. */
  ok(): boolean {
    return this.rowsLeft > 0 && Date.now() < this.deadline;
  }

  rows(): number {
    return Math.max(0, this.rowsLeft);
  }
}
