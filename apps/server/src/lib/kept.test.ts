import { afterEach, describe, expect, it, vi } from "vitest";
import { kept } from "./kept.js";

describe("kept", () => {
  afterEach(() => vi.useRealTimers());

  it("shares one read while it runs and until the time is up, then reads again", async () => {
    vi.useFakeTimers();
    let reads = 0;
    const value = kept(10_000, async (n: number) => n + ++reads);
    expect(await Promise.all([value.get(10), value.get(20)])).toEqual([11, 11]);
    vi.advanceTimersByTime(9_999);
    expect(await value.get(30)).toBe(11);
    vi.advanceTimersByTime(1);
    expect(await value.get(40)).toBe(42);
    expect(reads).toBe(2);
  });

  it("forget drops the value at once", async () => {
    let reads = 0;
    const value = kept(10_000, async () => ++reads);
    await value.get();
    value.forget();
    expect(await value.get()).toBe(2);
  });

  it("a failed read is not kept, and a caller sharing it reads again through its own arguments", async () => {
    let fail = true;
    const value = kept(10_000, async (who: string) => {
      if (fail) throw new Error(`${who} failed`);
      return who;
    });
    const first = value.get("a");
    fail = false;
    const sharing = value.get("b");
    await expect(first).rejects.toThrow("a failed");
    expect(await sharing).toBe("b");
    expect(await value.get("c")).toBe("c");
    expect(await value.get("d")).toBe("c");
  });
});
