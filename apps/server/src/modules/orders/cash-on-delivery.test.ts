import type { OrderView } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orderEvents, orders, payments } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let staff: string;
let variant: number;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  staff = await s.staffToken();
  variant = await s.variantOf(34);
  await s.setStock(variant, 100);
});
afterAll(() => t.close());

async function order(payment: "cod" | "transfer") {
  const cart = await s.cartWith([{ variantId: variant, qty: 2 }]);
  const r = await s.store(guestCartOrder(cart.lineIds, { payment_method: payment, invoice: { type: "member" } }), {
    headers: cart.headers,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.order_no;
}
const paymentOf = async (no: string) => {
  const [o] = await t.database.db.select().from(orders).where(eq(orders.orderNo, no));
  const [p] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, o?.id ?? 0));
  return { status: o?.status, paidAt: o?.paidAt ?? null, payment: p?.status };
};
const staffView = (no: string) =>
  t.call<{ can_ship: boolean; can_confirm_payment: boolean; can_staff_cancel: boolean; history: Array<{ reason: string }> }>(
    "GET",
    `/api/admin/orders/${no}`,
    { token: staff },
  );
const ship = (no: string, tracking = "HCT5500123") =>
  t.call<OrderView>("POST", `/api/admin/orders/${no}/ship`, { token: staff, body: { tracking_no: tracking } });

describe("cash on delivery ships before it is paid", () => {
  test("shipped unpaid, the buyer never sees 已付款 before paying; the carrier's delivery collects it", async () => {
    const no = await order("cod");
    expect((await staffView(no)).body.data.can_ship).toBe(true);
    // 待出貨 lists it (the dashboard's tile opens this list).
    const queue = await t.call<{ items: Array<{ order_no: string }> }>("GET", "/api/admin/orders?queue=to_ship&per_page=100", {
      token: staff,
    });
    expect(queue.body.data.items.map((o) => o.order_no)).toContain(no);
    const shipped = await ship(no);
    expect(shipped.status, shipped.body.message).toBe(200);
    expect(await paymentOf(no)).toEqual({ status: "shipped", paidAt: null, payment: "pending" });
    const buyer = await s.detail(no);
    expect(buyer.body.data.status_label).toBe("已出貨");
    expect(buyer.body.data.paid_at).toBeNull();

    await t.services.orders.advance(no, "delivered", "provider:hct", { from: ["shipped"] });
    const after = await paymentOf(no);
    expect(after.status).toBe("delivered");
    expect(after.payment).toBe("paid");
    expect(after.paidAt).not.toBeNull();
    const [row] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, no));
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row?.id ?? 0));
    expect(events.find((e) => e.reason === "貨到付款已由物流代收")?.actor).toBe("provider:hct");
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
  });

  test("staff may record the cash before delivery; delivery then collects nothing twice", async () => {
    const no = await order("cod");
    await t.services.orders.advance(no, "processing", "staff:1");
    expect((await staffView(no)).body.data.can_confirm_payment).toBe(true);
    const r = await t.call("POST", `/api/admin/orders/${no}/confirm_payment`, { token: staff });
    expect(r.status, r.body.message).toBe(200);
    expect(await paymentOf(no)).toMatchObject({ status: "processing", payment: "paid" });
    const again = await t.call("POST", `/api/admin/orders/${no}/confirm_payment`, { token: staff });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("此訂單已確認收款");
    await ship(no);
    await t.services.orders.advance(no, "delivered", "staff:1");
    const history = (await staffView(no)).body.data.history.map((h) => h.reason);
    expect(history.filter((h) => h.includes("收款") || h.includes("代收"))).toEqual(["確認貨到付款已收款"]);
  });

  test("a transfer order is not shipped before the money arrived, and nothing changes", async () => {
    const no = await order("transfer");
    expect((await staffView(no)).body.data.can_ship).toBe(false);
    const r = await ship(no);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe("訂單尚未付款");
    expect(await paymentOf(no)).toEqual({ status: "pending_payment", paidAt: null, payment: "pending" });
    await expect(t.services.orders.advance(no, "processing", "staff:1")).rejects.toMatchObject({ code: "ORDER_NOT_PAID" });
  });

  test("a parcel that comes back (refused, not picked up) cancels the order: stock back, nothing collected", async () => {
    const no = await order("cod");
    const before = await s.stockOf(variant);
    await ship(no);
    expect((await staffView(no)).body.data.can_staff_cancel).toBe(true);
    const r = await t.call("POST", `/api/admin/orders/${no}/cancel`, { token: staff, body: { reason: "超商逾期未取" } });
    expect(r.status, r.body.message).toBe(200);
    expect(await paymentOf(no)).toMatchObject({ status: "cancelled", paidAt: null, payment: "failed" });
    expect(await s.stockOf(variant)).toBe(before + 2);
    expect((await staffView(no)).body.data.history.at(-1)?.reason).toBe("包裹退回：超商逾期未取");
    expect(await t.services.inventory.unbalanced()).toEqual([]);
  });

  test("delivery and a returned-parcel cancel fired together: one wins, and money and stock agree with it", async () => {
    for (let round = 0; round < 6; round++) {
      const no = await order("cod");
      await ship(no, `HCT55${round}`);
      const stock = await s.stockOf(variant);
      const results = await Promise.allSettled([
        t.services.orders.advance(no, "delivered", "provider:hct", { from: ["shipped"] }),
        t.services.orders.cancelByStaff(no, "staff:1", "拒收"),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const after = await paymentOf(no);
      if (after.status === "delivered") {
        expect(after.payment).toBe("paid");
        expect(await s.stockOf(variant)).toBe(stock);
      } else {
        expect(after).toMatchObject({ status: "cancelled", payment: "failed", paidAt: null });
        expect(await s.stockOf(variant)).toBe(stock + 2);
      }
    }
    expect(await t.services.inventory.unbalanced()).toEqual([]);
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
  });
});
