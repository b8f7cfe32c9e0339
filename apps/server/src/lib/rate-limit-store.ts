interface Window {
  current: number;
  startedAt: number;
}
type Answer = (error: Error | null, result: { current: number; ttl: number }) => void;

/**
 * The in-memory store of @fastify/rate-limit's per-route limits when there is no Redis, in place of
 * its LocalStore (11.2), which answers every caller with one shared object: requests that arrive
 * together all read the count after the last of them, so a burst of 12 under a limit of 10 refused
 * all 12. This answers each hit with its own count (decision 77). A fixed window, as before.
 *
 * A plain Map in window order, not an LRU cache: every limited route has its own store, and an LRU
 * allocates its whole capacity up front (about 4 MB resident for the shop's routes before anyone
 * came). Past MAX_CLIENTS the oldest windows go first: they are the nearest to ending anyway.
 */
const MAX_CLIENTS = 5000;

export class SnapshotRateStore {
  private readonly windows = new Map<string, Window>();

  incr(key: string, answer: Answer, timeWindow: number) {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.startedAt + timeWindow <= now) {
      // Deleted first so the new window goes to the end: the Map stays oldest-first.
      this.windows.delete(key);
      this.windows.set(key, { current: 1, startedAt: now });
      if (this.windows.size > MAX_CLIENTS) this.windows.delete(this.windows.keys().next().value as string);
      return answer(null, { current: 1, ttl: timeWindow });
    }
    w.current += 1;
    answer(null, { current: w.current, ttl: timeWindow - (now - w.startedAt) });
  }

  read(key: string, answer: Answer, timeWindow: number) {
    const w = this.windows.get(key);
    const now = Date.now();
    if (!w || w.startedAt + timeWindow <= now) return answer(null, { current: 0, ttl: 0 });
    answer(null, { current: w.current, ttl: timeWindow - (now - w.startedAt) });
  }

  /** Each route with its own limit gets its own counts. */
  child() {
    return new SnapshotRateStore();
  }
}
