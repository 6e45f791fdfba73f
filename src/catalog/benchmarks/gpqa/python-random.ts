/**
 * CPython's `random.Random(seed)` for an integer seed, as far as
 * simple-evals' GPQA needs it: the Mersenne Twister (MT19937) seeded by
 * init_by_array with the seed's 32-bit words, getrandbits, randbelow and
 * `sample(range(n), n)`, so the option permutations are the very ones
 * simple-evals draws with `random.Random(0)`. Pure.
 */

const N = 624;
const M = 397;

export class PythonRandom {
  private readonly mt = new Uint32Array(N);
  private mti = N + 1;

  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error(`seed ${seed} is not a 32-bit non-negative integer`);
    // CPython seeds an int through init_by_array with its 32-bit words; 0 is the one-word key [0].
    this.initByArray([seed >>> 0]);
  }

  private initGenrand(s: number): void {
    this.mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = this.mt[i - 1]! ^ (this.mt[i - 1]! >>> 30);
      this.mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.mti = N;
  }

  private initByArray(key: number[]): void {
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = this.mt[i - 1]! ^ (this.mt[i - 1]! >>> 30);
      this.mt[i] = ((this.mt[i]! ^ Math.imul(prev, 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        this.mt[0] = this.mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = this.mt[i - 1]! ^ (this.mt[i - 1]! >>> 30);
      this.mt[i] = ((this.mt[i]! ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        this.mt[0] = this.mt[N - 1]!;
        i = 1;
      }
    }
    this.mt[0] = 0x80000000;
  }

  /** genrand_uint32. */
  private next32(): number {
    if (this.mti >= N) {
      for (let kk = 0; kk < N; kk++) {
        const y = (this.mt[kk]! & 0x80000000) | (this.mt[(kk + 1) % N]! & 0x7fffffff);
        this.mt[kk] = this.mt[(kk + M) % N]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.mti = 0;
    }
    let y = this.mt[this.mti++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** getrandbits(k) for 1 ≤ k ≤ 32. */
  getrandbits(k: number): number {
    return this.next32() >>> (32 - k);
  }

  /** _randbelow_with_getrandbits(n): a uniform integer in [0, n). */
  randbelow(n: number): number {
    const k = 32 - Math.clz32(n);
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** sample(range(n), n) for a small n (CPython's pool branch): a permutation of 0..n-1. */
  permutation(n: number): number[] {
    const pool = Array.from({ length: n }, (_, i) => i);
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const j = this.randbelow(n - i);
      out.push(pool[j]!);
      pool[j] = pool[n - i - 1]!;
    }
    return out;
  }
}
