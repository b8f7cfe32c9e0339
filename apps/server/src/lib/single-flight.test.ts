import { describe, expect, test } from "vitest";
import { createSingleFlight } from "./single-flight.js";

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe("identical reads in flight share one", () => {
  test("callers while a read runs join it; the next caller after it settles reads again", async () => {
    const flights = createSingleFlight();
    let reads = 0;
    const gate = deferred<string>();
    const read = () => {
      reads++;
      return gate.promise;
    };
    const joined = [flights.run("page 1", read), flights.run("page 1", read), flights.run("page 1", read)];
    const other = flights.run("page 2", async () => {
      reads++;
      return "two";
    });
    gate.resolve("one");
    expect(await Promise.all(joined)).toEqual(["one", "one", "one"]);
    expect(await other).toBe("two");
    expect(reads).toBe(2);
    expect(flights.size).toBe(0);
    expect(await flights.run("page 1", async () => `again ${++reads}`)).toBe("again 3");
  });

  test("after forget, a caller starts its own read instead of joining one begun before the write", async () => {
    const flights = createSingleFlight();
    const before = deferred<string>();
    const first = flights.run("k", () => before.promise);
    flights.forget();
    const second = flights.run("k", async () => "after the write");
    before.resolve("before the write");
    expect(await first).toBe("before the write");
    expect(await second).toBe("after the write");
  });

  test("a failed read fails everyone who joined it and is not kept; a read that throws at once is a rejection", async () => {
    const flights = createSingleFlight();
    const gate = deferred<string>();
    const a = flights.run("k", () => gate.promise);
    const b = flights.run("k", () => Promise.resolve("never read"));
    gate.reject(new Error("database gone"));
    await expect(a).rejects.toThrow("database gone");
    await expect(b).rejects.toThrow("database gone");
    expect(await flights.run("k", async () => "fine")).toBe("fine");
    await expect(
      flights.run("k", () => {
        throw new Error("at once");
      }),
    ).rejects.toThrow("at once");
  });
});
