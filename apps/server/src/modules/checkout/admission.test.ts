import { describe, expect, test } from "vitest";
import { DomainError } from "../../lib/errors.js";
import { createAdmission, createSoldOutMemory, QUEUED_MESSAGE } from "./admission.js";

/** A piece of work that finishes when the test says so. */
function gate<T = string>() {
  let open!: (v: T) => void;
  const done = new Promise<T>((r) => {
    open = r;
  });
  return { done, open };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("checkout admission (decision 100)", () => {
  test("lets maxInFlight in at once, then the line in arrival order (first come, first served)", async () => {
    const a = createAdmission({ maxInFlight: 2, queueMax: 10, waitMs: 5_000 });
    const started: string[] = [];
    const works = ["a", "b", "c", "d", "e"].map((name) => ({ name, g: gate() }));
    const runs = works.map((w) =>
      a.run(async () => {
        started.push(w.name);
        return w.g.done;
      }),
    );
    await tick();
    expect(started).toEqual(["a", "b"]);
    expect(a.load()).toEqual({ inFlight: 2, waiting: 3 });
    // A newcomer while people wait goes to the back, even when a place frees up.
    works[1]?.g.open("b");
    await tick();
    expect(started).toEqual(["a", "b", "c"]);
    const late = gate();
    const lateRun = a.run(async () => {
      started.push("late");
      return late.done;
    });
    works[0]?.g.open("a");
    works[2]?.g.open("c");
    await tick();
    await tick();
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
    for (const w of works) w.g.open(w.name);
    await tick();
    expect(started.at(-1)).toBe("late");
    late.open("late");
    expect(await Promise.all([...runs, lateRun])).toEqual(["a", "b", "c", "d", "e", "late"]);
    expect(a.load()).toEqual({ inFlight: 0, waiting: 0 });
  });

  test("orders wait ahead of the quotes waiting, first come first served among themselves (decision 105)", async () => {
    const a = createAdmission({ maxInFlight: 1, queueMax: 10, waitMs: 5_000 });
    const started: string[] = [];
    const holder = gate();
    const step = (name: string, order: boolean) =>
      (async () => {
        await a.enter(order);
        started.push(name);
        a.leave();
      })();
    const running = a.run(() => holder.done);
    const steps = [
      step("quote 1", false),
      step("quote 2", false),
      step("order 1", true),
      step("quote 3", false),
      step("order 2", true),
    ];
    await tick();
    expect(a.load()).toEqual({ inFlight: 1, waiting: 5 });
    holder.open("held");
    await Promise.all([running, ...steps]);
    expect(started).toEqual(["order 1", "order 2", "quote 1", "quote 2", "quote 3"]);
  });

  test("a full line is answered 429 QUEUED at once, with Retry-After", async () => {
    const a = createAdmission({ maxInFlight: 1, queueMax: 1, waitMs: 5_000 });
    const first = gate();
    const running = a.run(() => first.done);
    const waiting = a.run(async () => "second");
    const at = Date.now();
    const refused = await a.run(async () => "third").catch((e: unknown) => e);
    expect(Date.now() - at).toBeLessThan(50);
    expect(refused).toBeInstanceOf(DomainError);
    const e = refused as DomainError;
    expect([e.kind, e.code, e.message]).toEqual(["rate_limited", "QUEUED", QUEUED_MESSAGE]);
    expect(e.headers["retry-after"]).toBe("1");
    first.open("first");
    expect(await Promise.all([running, waiting])).toEqual(["first", "second"]);
  });

  test("Retry-After is the line's expected wait at the pace checkouts have been finishing", async () => {
    let clock = 0;
    const a = createAdmission({ maxInFlight: 1, queueMax: 9, waitMs: 600_000 }, () => clock);
    const works = Array.from({ length: 10 }, () => gate());
    const runs: Array<Promise<string>> = works.map((w) => a.run(() => w.done));
    await tick();
    expect(a.load()).toEqual({ inFlight: 1, waiting: 9 });
    // Nothing finished yet: the first guess (10 a second per place) says a second.
    const early = (await a.run(async () => "x").catch((e: unknown) => e)) as DomainError;
    expect(early.headers["retry-after"]).toBe("1");
    // Two checkouts finish a second apart: 2 a second; nine wait, so the tenth waits ~5 s.
    clock = 1_000;
    works[0]?.open("0");
    await tick();
    clock = 2_000;
    works[1]?.open("1");
    await tick();
    // Two newcomers fill the line again.
    runs.push(
      a.run(async () => "fill"),
      a.run(async () => "fill"),
    );
    await tick();
    const refused = (await a.run(async () => "x").catch((e: unknown) => e)) as DomainError;
    expect(a.load().waiting).toBe(9);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.data).toEqual({ retry_after_s: 5 });
    // A stalled line (nothing finished for a minute) is capped at 30 s.
    clock = 62_000;
    const stalled = (await a.run(async () => "x").catch((e: unknown) => e)) as DomainError;
    expect(stalled.headers["retry-after"]).toBe("30");
    for (const w of works) w.open("done");
    await Promise.all(runs);
  });

  test("who is not let in within waitMs leaves the line with 429; the work never runs", async () => {
    const a = createAdmission({ maxInFlight: 1, queueMax: 10, waitMs: 30 });
    const first = gate();
    const running = a.run(() => first.done);
    let ran = false;
    const refused = await a
      .run(async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    expect((refused as DomainError).code).toBe("QUEUED");
    expect(a.load()).toEqual({ inFlight: 1, waiting: 0 });
    first.open("first");
    await running;
    expect(ran).toBe(false);
    expect(a.load()).toEqual({ inFlight: 0, waiting: 0 });
  });

  test("a failing piece of work frees its place", async () => {
    const a = createAdmission({ maxInFlight: 1, queueMax: 0, waitMs: 0 });
    await expect(a.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await a.run(async () => "next")).toBe("next");
  });
});

describe("sold-out memory (decision 100)", () => {
  test("remembers a variant for ttlMs, and forgets it when told", () => {
    let now = 1_000;
    const m = createSoldOutMemory(1_000, () => now);
    m.remember(7);
    expect(m.soldOut([3, 7])).toBe(7);
    now += 999;
    expect(m.soldOut([7])).toBe(7);
    now += 2;
    expect(m.soldOut([7])).toBeUndefined();
    m.remember(7);
    m.forget(7);
    expect(m.soldOut([7])).toBeUndefined();
    m.remember(8);
    m.forgetAll();
    expect(m.soldOut([8])).toBeUndefined();
  });
});
