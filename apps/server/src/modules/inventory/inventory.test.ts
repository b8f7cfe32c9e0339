import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { stockMovements, variants } from "../../db/schema/index.js";
import { DomainError, isDomainError } from "../../lib/errors.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stockOf = async (id: number) =>
  (await t.database.db.select({ s: variants.stock }).from(variants).where(eq(variants.id, id)))[0]?.s ?? -1;
const variantIdOf = async (sku: string) =>
  (await t.database.db.select({ id: variants.id }).from(variants).where(eq(variants.sku, sku)))[0]?.id ?? 0;
/** Puts a variant at exactly `level` units, through the ledger. */
async function setStock(variantId: number, level: number) {
  await t.services.inventory.adjust(variantId, level - (await stockOf(variantId)), "adjust", "test");
}
const reserve = (lines: Array<{ variantId: number; qty: number }>, ref: string) =>
  t.database.db.transaction((tx) => t.services.inventory.reserve(tx, lines, ref));

describe("stock ledger", () => {
  test("the demo stock starts balanced", async () => {
    expect(await t.services.inventory.unbalanced()).toEqual([]);
  });

  test("500 concurrent buyers of a variant with 100 in stock: exactly 100 succeed, none oversold", async () => {
    const v = await variantIdOf("TS-001-1");
    await setStock(v, 100);
    const results = await Promise.allSettled(
      Array.from({ length: 500 }, (_, i) => reserve([{ variantId: v, qty: 1 }], `order:race-${i}`)),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok).toBe(100);
    expect(refused).toHaveLength(400);
    for (const r of refused) {
      const reason = (r as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(DomainError);
      expect(isDomainError(reason, "INSUFFICIENT_STOCK")).toBe(true);
    }
    expect(await stockOf(v)).toBe(0);
    expect(await t.services.inventory.unbalanced()).toEqual([]);
  });

  test("an order gets all its lines or none", async () => {
    const a = await variantIdOf("TS-002-1");
    const b = await variantIdOf("TS-003-1");
    await setStock(a, 10);
    await setStock(b, 1);
    await expect(
      reserve(
        [
          { variantId: a, qty: 5 },
          { variantId: b, qty: 2 },
        ],
        "order:partial",
      ),
    ).rejects.toThrow("庫存不足");
    expect(await stockOf(a)).toBe(10);
    expect(await stockOf(b)).toBe(1);
    const moves = await t.database.db.select().from(stockMovements).where(eq(stockMovements.ref, "order:partial"));
    expect(moves).toEqual([]);
  });

  test("release gives back what a reference took, once", async () => {
    const v = await variantIdOf("TS-004-1");
    await setStock(v, 7);
    await reserve([{ variantId: v, qty: 3 }], "order:cancel-me");
    expect(await stockOf(v)).toBe(4);
    await t.database.db.transaction((tx) => t.services.inventory.release(tx, "order:cancel-me"));
    await t.database.db.transaction((tx) => t.services.inventory.release(tx, "order:cancel-me"));
    expect(await stockOf(v)).toBe(7);
    expect(await t.services.inventory.unbalanced()).toEqual([]);
  });

  test("any sequence of reservations and releases keeps stock ≥ 0 and equal to its ledger", async () => {
    const v = await variantIdOf("TS-005-1");
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20 }),
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant("reserve" as const), qty: fc.integer({ min: 1, max: 8 }) }),
            fc.record({ op: fc.constant("release" as const), which: fc.nat() }),
          ),
          { maxLength: 12 },
        ),
        async (start, ops) => {
          await setStock(v, start);
          const refs: string[] = [];
          let expected = start;
          for (const o of ops) {
            if (o.op === "reserve") {
              const ref = `order:prop-${n++}`;
              try {
                await reserve([{ variantId: v, qty: o.qty }], ref);
                refs.push(ref);
                expected -= o.qty;
              } catch (error) {
                expect(isDomainError(error, "INSUFFICIENT_STOCK")).toBe(true);
                expect(o.qty).toBeGreaterThan(expected);
              }
            } else if (refs.length > 0) {
              const ref = refs.splice(o.which % refs.length, 1)[0] ?? "";
              const taken = (await t.database.db.select().from(stockMovements).where(eq(stockMovements.ref, ref))).reduce(
                (s, m) => s - m.delta,
                0,
              );
              await t.database.db.transaction((tx) => t.services.inventory.release(tx, ref));
              expected += taken;
            }
            const now = await stockOf(v);
            expect(now).toBe(expected);
            expect(now).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 15 },
    );
    expect(await t.services.inventory.unbalanced()).toEqual([]);
  });
});
