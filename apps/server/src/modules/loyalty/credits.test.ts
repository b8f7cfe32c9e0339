import { and, eq, like } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orderLines, pointEntries } from "../../db/schema/index.js";
import type { TestApp } from "../../test/harness.js";
import { memberAndDownline } from "../../test/order-helpers.js";
import { taipeiMonth } from "./service.js";

let t: TestApp;
let ids: Record<"member" | "downline", number>;
let completedOrder: Awaited<ReturnType<typeof memberAndDownline>>["completedOrder"];
beforeAll(async () => {
  ({ t, ids, completedOrder } = await memberAndDownline());
});
afterAll(() => t.close());

const entries = (orderNo: string) =>
  t.database.db
    .select()
    .from(pointEntries)
    .where(like(pointEntries.ref, `order:${orderNo}:%`));

describe("points on completion", () => {
  test("own points per line; no team points while the upline has not qualified this month", async () => {
    const no = await completedOrder("downline", 45, 2);
    const order = await t.services.orders.byNo(no);
    const lines = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order?.id ?? 0));
    const base = (order?.goodsAmount ?? 0) - (order?.discountTotal ?? 0);
    const expected = lines.reduce(
      (sum, l) => sum + Math.floor((Math.floor((l.price * l.qty * base) / (order?.goodsAmount ?? 1)) * l.pointPercent) / 100),
      0,
    );
    expect(expected).toBeGreaterThan(0);
    const e = await entries(no);
    expect(e.map((x) => [x.memberId, x.delta, x.ref])).toEqual([[ids.downline, expected, `order:${no}:earn`]]);
    expect(await t.services.loyalty.monthSpend(ids.downline ?? 0, taipeiMonth(t.clock.now))).toBe(base);
  });

  test("once the upline qualifies for the month, a downline order earns them level-1 team points; a return takes all back", async () => {
    // The upline's own completed purchases this month reach the NT$3,000 threshold.
    while ((await t.services.loyalty.monthSpend(ids.member ?? 0, taipeiMonth(t.clock.now))) < 3000)
      await completedOrder("member", 46, 5);
    const no = await completedOrder("downline", 47, 3);
    const order = await t.services.orders.byNo(no);
    const base = (order?.goodsAmount ?? 0) - (order?.discountTotal ?? 0);
    const team = (await entries(no)).find((x) => x.ref.endsWith(":team1"));
    expect(team).toMatchObject({ memberId: ids.member, delta: Math.floor((base * 5) / 100) });

    const before = await t.services.loyalty.balances(ids.member ?? 0);
    await t.services.orders.refund(no, "staff:1", "商品瑕疵退貨");
    const after = await t.services.loyalty.balances(ids.member ?? 0);
    expect(after.points).toBe(before.points - (team?.delta ?? 0));
    const reversed = (await entries(no)).filter((x) => x.ref.endsWith(":reversal:1"));
    expect(reversed).toHaveLength(2);
    expect((await t.services.orders.byNo(no))?.status).toBe("refunded");
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
    expect(await t.services.inventory.unbalanced()).toEqual([]);
  });

  test("random sequences of orders and returns keep every ledger balanced and no balance negative", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            who: fc.constantFrom("member" as const, "downline" as const),
            product: fc.constantFrom(43, 44, 48),
            qty: fc.integer({ min: 1, max: 3 }),
            refund: fc.boolean(),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        async (steps) => {
          for (const step of steps) {
            const no = await completedOrder(step.who, step.product, step.qty);
            if (step.refund) await t.services.orders.refund(no, "staff:1", "測試退貨");
          }
          expect(await t.services.loyalty.unbalanced()).toEqual([]);
          for (const id of Object.values(ids)) {
            const b = await t.services.loyalty.balances(id);
            expect(b.points).toBeGreaterThanOrEqual(0);
            expect(b.wallet).toBeGreaterThanOrEqual(0);
          }
          // No order is credited twice.
          const refs = (
            await t.database.db
              .select({ ref: pointEntries.ref })
              .from(pointEntries)
              .where(and(like(pointEntries.ref, "order:%")))
          ).map((r) => r.ref);
          expect(new Set(refs).size).toBe(refs.length);
        },
      ),
      { numRuns: 6 },
    );
  }, 120_000);
});
