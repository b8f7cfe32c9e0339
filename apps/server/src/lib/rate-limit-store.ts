import { LRUCache } from "lru-cache";

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
 */
export class SnapshotRateStore {
  private readonly windows = new LRUCache<string, Window>({ max: 5000 });

  incr(key: string, answer: Answer, timeWindow: number) {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.startedAt + timeWindow <= now) {
      this.windows.set(key, { current: 1, startedAt: now });
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
