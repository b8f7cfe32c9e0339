/**
 * Identical reads in flight at once share one (decision 110): a hot page asked for by fifty
 * shoppers in the same moment is read once, and each of them gets that read. Nothing is kept
 * once it settles — the next request reads again — so no answer is older than the read that was
 * running when it was asked. `forget` (after a write) makes later requests start their own read
 * instead of joining one begun before the write. A failure reaches everyone who joined it.
 */
export function createSingleFlight() {
  let flights = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, read: () => Promise<T>): Promise<T> {
      const flying = flights.get(key);
      if (flying) return flying as Promise<T>;
      const these = flights;
      const mine: Promise<T> = Promise.resolve()
        .then(read)
        .finally(() => {
          if (these.get(key) === mine) these.delete(key);
        });
      these.set(key, mine);
      return mine;
    },
    forget() {
      flights = new Map();
    },
    /** Reads running now (for tests). */
    get size() {
      return flights.size;
    },
  };
}
