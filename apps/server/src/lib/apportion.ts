/**
 * Splits a whole `amount` over `weights` in proportion, as whole numbers that add up to it exactly
 * (largest remainder: each gets its floor, the rest go one by one to the largest fractions, ties
 * to the first). All weights zero: all shares zero.
 */
export function apportion(weights: number[], amount: number): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (w * amount) / total);
  const out = exact.map(Math.floor);
  let rest = amount - out.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (rest <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    rest--;
  }
  return out;
}
