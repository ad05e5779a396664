// What an attacker can work out from published totals: a total over some groups of people is
// known exactly when its vector (one coefficient per group) is a linear combination of the
// published totals' vectors. Checked by Gaussian elimination modulo a prime below 2^26, so that
// every product is exact in a double; a combination found modulo the prime and not over the
// rationals would need the prime to divide a determinant of these small 0/1 systems.
const PRIME = 67_108_859;

const mod = (a: number) => ((a % PRIME) + PRIME) % PRIME;

function inverse(a: number): number {
  // Fermat: a^(p−2) mod p, by squaring with exact products.
  let result = 1;
  let base = mod(a);
  for (let e = PRIME - 2; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) result = (result * base) % PRIME;
    base = (base * base) % PRIME;
  }
  return result;
}

/** The linear span of the vectors added so far, over groups numbered 0 … size − 1. */
export class LinearSpan {
  private readonly rows: Array<{ pivot: number; row: Float64Array }> = [];
  private readonly size: number;

  constructor(size: number) {
    this.size = size;
  }

  private reduce(vector: ReadonlyMap<number, number>): Float64Array {
    const v = new Float64Array(this.size);
    for (const [i, c] of vector) v[i] = mod(v[i]! + c);
    for (const { pivot, row } of this.rows) {
      const factor = v[pivot]!;
      if (factor === 0) continue;
      for (let i = 0; i < this.size; i += 1)
        if (row[i] !== 0) v[i] = mod(v[i]! - ((factor * row[i]!) % PRIME));
    }
    return v;
  }

  /** Adds a published total: the sum of the groups with their coefficients. */
  add(vector: ReadonlyMap<number, number>): void {
    const v = this.reduce(vector);
    const pivot = v.findIndex((c) => c !== 0);
    if (pivot < 0) return;
    const scale = inverse(v[pivot]!);
    for (let i = 0; i < this.size; i += 1) v[i] = (v[i]! * scale) % PRIME;
    this.rows.push({ pivot, row: v });
  }

  /** Whether the total `vector` follows from the totals added. */
  contains(vector: ReadonlyMap<number, number>): boolean {
    return this.reduce(vector).every((c) => c === 0);
  }
}
