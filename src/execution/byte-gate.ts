/**
 * A gate on the bytes an isolate holds at once for one purpose: a caller
 * asks for n bytes and runs when what is held plus n fits the cap (or when
 * nothing is held, so a single call larger than the cap still runs, alone).
 * Waiters are served in arrival order, so a large call is not starved by
 * small ones passing it. LiveCodeBench's hidden tests use it: a problem's
 * blob is held three times while its program is built and sent (the text,
 * the program, the request body), and an invocation scores several
 * attempts at once within a 128 MB isolate. Pure (promises only).
 */
export class ByteGate {
  private held = 0;
  private readonly waiting: { bytes: number; go: () => void }[] = [];

  constructor(readonly cap: number) {}

  /** Runs `fn` once `bytes` fit, and frees them when it settles. */
  async hold<T>(bytes: number, fn: () => Promise<T>): Promise<T> {
    const need = Math.max(0, bytes);
    // A waiter's bytes are counted when it is woken (wake), so no caller arriving meanwhile overcommits.
    if (this.waiting.length > 0 || !this.fits(need)) await new Promise<void>((go) => this.waiting.push({ bytes: need, go }));
    else this.held += need;
    try {
      return await fn();
    } finally {
      this.held -= need;
      this.wake();
    }
  }

  /** Bytes held now. */
  get inUse(): number {
    return this.held;
  }

  private fits(bytes: number): boolean {
    return this.held === 0 || this.held + bytes <= this.cap;
  }

  private wake(): void {
    while (this.waiting.length > 0 && this.fits(this.waiting[0]!.bytes)) {
      const next = this.waiting.shift()!;
      this.held += next.bytes;
      next.go();
    }
  }
}
