import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pointEntries } from "../../db/schema/index.js";
import type { TestApp } from "../../test/harness.js";
import { memberAndDownline } from "../../test/order-helpers.js";

/**
 * Month-end settlement (Asia/Taipei months): an upline who qualifies only after a downline's order
 * completed gets that order's team points when the month is settled — once, however often the
 * settlement runs. A return takes its amount off the month it counted for.
 */
let t: TestApp;
let ids: Record<"member" | "downline", number>;
let completedOrder: Awaited<ReturnType<typeof memberAndDownline>>["completedOrder"];
beforeAll(async () => {
  ({ t, ids, completedOrder } = await memberAndDownline());
});
afterAll(() => t.close());

const baseOf = async (orderNo: string) => {
  const o = await t.services.orders.byNo(orderNo);
  return (o?.goodsAmount ?? 0) - (o?.discountTotal ?? 0) - (o?.pointsUsed ?? 0);
};
const teamEntries = (orderNo: string) =>
  t.database.db
    .select()
    .from(pointEntries)
    .where(like(pointEntries.ref, `order:${orderNo}:team%`));

describe("monthly settlement", () => {
  test("late qualification is settled at month end, once; a return comes off its own month", async () => {
    const loyalty = t.services.loyalty;
    // 31 August 2026, 23:00 in Taipei (15:00 UTC): still August there.
    t.clock.now = new Date("2026-08-31T15:00:00Z");
    const early = await completedOrder("downline", 45, 2);
    expect(await teamEntries(early)).toEqual([]);

    const returned = await completedOrder("downline", 45, 1);
    const spendBefore = await loyalty.monthSpend(ids.downline ?? 0, "2026-08");
    await t.services.orders.refund(returned, "staff:1", "退貨");
    expect(await loyalty.monthSpend(ids.downline ?? 0, "2026-08")).toBe(spendBefore - (await baseOf(returned)));

    // The upline qualifies later in the same month.
    while ((await loyalty.monthSpend(ids.member ?? 0, "2026-08")) < 3000) await completedOrder("member", 46, 5);
    await expect(loyalty.settleMonth("2026-08")).rejects.toMatchObject({ kind: "invalid", code: "MONTH_NOT_ENDED" });

    // 1 September in Taipei (16:00 UTC on the 31st): August can be settled.
    t.clock.now = new Date("2026-08-31T16:00:00Z");
    const before = await loyalty.balances(ids.member ?? 0);
    const runs = await Promise.all([loyalty.settleMonth("2026-08"), loyalty.settleMonth("2026-08")]);
    const expected = Math.floor(((await baseOf(early)) * 5) / 100);
    expect(expected).toBeGreaterThan(0);
    expect(runs.map((r) => r.team_points_credited).sort((a, b) => a - b)).toEqual([0, expected]);
    expect(runs[0]?.qualified_members).toBe(1);
    expect((await teamEntries(early)).map((e) => [e.memberId, e.delta])).toEqual([[ids.member, expected]]);
    expect(await teamEntries(returned)).toEqual([]);
    expect((await loyalty.balances(ids.member ?? 0)).points).toBe(before.points + expected);

    // The scheduled job finds August settled; running the settlement again adds nothing.
    expect(await loyalty.settleDueMonth()).toBeNull();
    expect((await loyalty.settleMonth("2026-08")).team_points_credited).toBe(0);
    expect((await loyalty.balances(ids.member ?? 0)).points).toBe(before.points + expected);
    expect(await loyalty.unbalanced()).toEqual([]);
  });

  test("the job settles the month just ended; bad months are refused", async () => {
    t.clock.now = new Date("2026-10-01T02:00:00Z");
    expect((await t.services.loyalty.settleDueMonth())?.month).toBe("2026-09");
    expect(await t.services.loyalty.settleDueMonth()).toBeNull();
    for (const bad of ["2026-13", "26-01", "2026-9", "2026-10", "2027-01"]) {
      await expect(t.services.loyalty.settleMonth(bad), bad).rejects.toMatchObject({ kind: "invalid" });
    }
  });
});
