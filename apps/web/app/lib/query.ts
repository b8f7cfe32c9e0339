/** A positive integer from a query parameter, or the fallback (bad or hostile values never throw). */
export function intParam(value: string | null, fallback: number, max = 100_000): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}
