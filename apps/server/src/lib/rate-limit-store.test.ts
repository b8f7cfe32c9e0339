import { afterEach, describe, expect, test, vi } from "vitest";
import { SnapshotRateStore } from "./rate-limit-store.js";

const hit = (store: SnapshotRateStore, key: string, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve) => store.incr(key, (_e, r) => resolve(r), windowMs));
const read = (store: SnapshotRateStore, key: string, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve) => store.read(key, (_e, r) => resolve(r), windowMs));

afterEach(() => vi.useRealTimers());

describe("the in-memory rate-limit store", () => {
  test("each hit gets its own count; the window ends and counting starts again at 1", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-29T00:00:00Z") });
    const store = new SnapshotRateStore();
    const counts = [];
    for (let i = 0; i < 12; i++) counts.push((await hit(store, "a")).current);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect((await hit(store, "b")).current).toBe(1);
    vi.advanceTimersByTime(30_000);
    expect(await read(store, "a")).toEqual({ current: 12, ttl: 30_000 });
    vi.advanceTimersByTime(30_000);
    expect(await read(store, "a")).toEqual({ current: 0, ttl: 0 });
    expect(await hit(store, "a")).toEqual({ current: 1, ttl: 60_000 });
  });

  test("past 5,000 clients the oldest window is dropped, the newest kept; a child counts apart", async () => {
    const store = new SnapshotRateStore();
    await hit(store, "first");
    await hit(store, "first");
    for (let i = 0; i < 5000; i++) await hit(store, `client-${i}`);
    expect((await read(store, "first")).current).toBe(0);
    expect((await read(store, "client-0")).current).toBe(1);
    expect((await read(store, "client-4999")).current).toBe(1);
    const child = store.child();
    expect((await hit(child, "client-0")).current).toBe(1);
    expect((await hit(store, "client-0")).current).toBe(2);
  });
});
