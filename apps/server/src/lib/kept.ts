/** How long reference reads are kept when nothing says they changed (decision 60). */
export const KEEP_MS = 10_000;

/**
 * A value read from the database and kept for a short time (decision 60): callers while a read
 * runs share it, later callers get it until `ms` have passed, and `forget` (the cache switch, on
 * every instance) drops it at once. A failed read is not kept, and a caller whose shared read
 * failed reads again through its own arguments.
 */
export function kept<T, A extends unknown[]>(ms: number, read: (...args: A) => Promise<T>) {
  let entry: { until: number; value: Promise<T> } | undefined;
  return {
    get(...args: A): Promise<T> {
      const hit = entry;
      if (hit && hit.until > Date.now()) return hit.value.catch(() => read(...args));
      const mine = { until: Date.now() + ms, value: read(...args) };
      entry = mine;
      mine.value.catch(() => {
        if (entry === mine) entry = undefined;
      });
      return mine.value;
    },
    forget() {
      entry = undefined;
    },
  };
}
