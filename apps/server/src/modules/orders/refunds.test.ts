import type { AddressBookEntry, DepotStockView } from "@shop/contract";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pointEntries, walletEntries } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { homeAddress, orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let token = "";
let staffToken = "";
let memberId = 0;
let addressId = 0;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  memberId = (await t.services.auth.authenticate(token))?.member.id ?? 0;
  staffToken = await s.staffToken();
  addressId = (
    await t.call<AddressBookEntry>("POST", "/api/user/addr/store", {
      body: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone, ...homeAddress },
      token,
    })
  ).body.data.id;
  await t.database.db.transaction((tx) => t.services.loyalty.changeWallet(tx, memberId, 50_000, "測試", "test:grant"));
});
afterAll(() => t.close());

const depotHeld = async (variantId: number) =>
  (await t.call<DepotStockView[]>("GET", "/api/user/inventory/cloud", { token })).body.data.find(
    (d) => d.variant_id === variantId,
  )?.qty ?? 0;
const refund = (no: string, items?: Array<{ variant_id: number; qty: number }>) =>
  t.call<{ status: string }>("POST", `/api/admin/orders/${no}/refund`, {
    token: staffToken,
    body: { reason: "不要了", ...(items ? { items } : {}) },
  });

/** A depot order of `qty` units paid by card: completed at once, the goods in the member's depot. */
async function depotOrder(productId: number, qty: number) {
  const v = await s.variantOf(productId);
  await s.setStock(v, 100);
  const { order_no } = await s.memberOrder(token, v, {
    qty,
    ship_method: "depot",
    payment_method: "card",
    prime: await s.prime(),
  });
  const order = await t.services.orders.byNo(order_no);
  expect(order?.status).toBe("completed");
  return { no: order_no, variant: v, order };
}

describe("refunding a cloud-depot order", () => {
  test("with everything still in the depot: the goods leave the depot, back into stock, the card is refunded", async () => {
    const { no, variant, order } = await depotOrder(21, 2);
    const stock = await s.stockOf(variant);
    expect(await depotHeld(variant)).toBe(2);
    const r = await refund(no);
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe("refunded");
    expect(await depotHeld(variant)).toBe(0);
    expect(await s.stockOf(variant)).toBe(stock + 2);
    const pays = await t.services.payments.paymentsOf(order?.id ?? 0);
    expect(pays.map((p) => [p.status, p.refunded, p.refundSettled])).toEqual([["refunded", order?.payable, order?.payable]]);
    // The points the completion earned are taken back.
    const earned = await t.database.db
      .select()
      .from(pointEntries)
      .where(and(eq(pointEntries.memberId, memberId), like(pointEntries.ref, `order:${no}:earn%`)));
    expect(earned.reduce((a, e) => a + e.delta, 0)).toBe(0);
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
  });

  test("after a pick-up: the whole refund is refused and nothing moves; the rest is refunded in part", async () => {
    const { no, variant, order } = await depotOrder(22, 3);
    const picked = await t.call("POST", "/api/user/takeout/hct", {
      token,
      body: { items: [{ variant_id: variant, qty: 1 }], address_id: addressId },
    });
    expect(picked.status).toBe(200);
    const stock = await s.stockOf(variant);

    const whole = await refund(no);
    expect(whole.status).toBe(409);
    expect(whole.body.message).toMatch(
      /^「.+」雲端庫存僅剩 2 件（其餘已提貨），無法全數退款；請改為部分退款，退回仍在雲端庫存的數量$/,
    );
    expect(await depotHeld(variant)).toBe(2);
    expect((await t.services.orders.byNo(no))?.status).toBe("completed");

    // More than is left to refund is refused too.
    expect((await refund(no, [{ variant_id: variant, qty: 4 }])).status).toBe(422);

    const part = await refund(no, [{ variant_id: variant, qty: 2 }]);
    expect(part.status).toBe(200);
    expect(part.body.message).toBe("已部分退款");
    expect(part.body.data.status).toBe("completed");
    expect(await depotHeld(variant)).toBe(0);
    expect(await s.stockOf(variant)).toBe(stock + 2);
    const [given] = await t.services.orders.refundsOf(order?.id ?? 0);
    const share = Math.floor((((order?.goodsAmount ?? 0) - (order?.discountTotal ?? 0)) * 2) / 3);
    expect(given).toMatchObject({ kind: "partial", goodsValue: share, money: share, wallet: 0, points: 0 });
    const [pay] = await t.services.payments.paymentsOf(order?.id ?? 0);
    expect(pay).toMatchObject({ status: "paid", refunded: share, refundSettled: share });
    // The unit that was picked up cannot come back.
    expect((await refund(no)).status).toBe(409);
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
    expect(await t.services.inventory.unbalanced()).toEqual([]);
  });
});

describe("cash on delivery", () => {
  test("a confirmed COD order cancelled before shipping gives no money back: none was collected", async () => {
    const v = await s.variantOf(24);
    await s.setStock(v, 10);
    const no = (await s.memberOrder(token, v, { payment_method: "cod", wallet: 30 })).order_no;
    expect((await t.call("POST", `/api/admin/orders/${no}/confirm_payment`, { token: staffToken, body: {} })).status).toBe(200);
    const before = (await t.services.loyalty.balances(memberId)).wallet;
    expect((await t.call("POST", "/api/order/cancelOrder", { token, body: { order_no: no, reason: "不要了" } })).status).toBe(
      200,
    );
    // Only the NT$30 of wallet money the order used comes back.
    expect((await t.services.loyalty.balances(memberId)).wallet).toBe(before + 30);
    const order = await t.services.orders.byNo(no);
    const pays = await t.services.payments.paymentsOf(order?.id ?? 0);
    expect(pays.map((p) => [p.status, p.refunded, p.message])).toEqual([["failed", 0, "訂單已取消，貨到付款尚未收款"]]);
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
  });
});

describe("partial refunds of a delivered order", () => {
  test("two partial refunds then the rest give back exactly what was paid, by source", async () => {
    const v = await s.variantOf(23);
    await s.setStock(v, 100);
    const no = (await s.memberOrder(token, v, { qty: 3, points: 100, wallet: 50 })).order_no;
    for (const [action, body] of [
      ["confirm_payment", {}],
      ["ship", { tracking_no: "HCT20261125" }],
      ["deliver", {}],
    ] as const) {
      expect((await t.call("POST", `/api/admin/orders/${no}/${action}`, { token: staffToken, body })).status).toBe(200);
    }
    const order = await t.services.orders.byNo(no);
    expect((await refund(no, [{ variant_id: v, qty: 1 }])).body.data.status).toBe("delivered");
    expect((await refund(no, [{ variant_id: v, qty: 1 }])).body.data.status).toBe("delivered");
    expect((await refund(no)).body.data.status).toBe("refunded");
    const back = await t.services.orders.refundsOf(order?.id ?? 0);
    expect(back.map((b) => b.kind)).toEqual(["partial", "partial", "refund"]);
    expect(back.reduce((a, b) => a + b.money, 0)).toBe(order?.payable);
    expect(back.reduce((a, b) => a + b.wallet, 0)).toBe(order?.walletUsed);
    expect(back.reduce((a, b) => a + b.points, 0)).toBe(order?.pointsUsed);
    // The transfer came back into the wallet, the wallet and points used came back too.
    const wallet = await t.database.db
      .select()
      .from(walletEntries)
      .where(like(walletEntries.ref, `order:${no}:%`));
    expect(wallet.reduce((a, e) => a + e.delta, 0)).toBe((order?.payable ?? 0) + 0);
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
  });
});
