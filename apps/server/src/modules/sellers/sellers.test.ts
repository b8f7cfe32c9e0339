import type {
  Paged,
  SellerHome,
  SellerOrderSummary,
  SellerOrderView,
  SellerStockLogView,
  SellerStockView,
  StoreResult,
  TrackingView,
} from "@shop/contract";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orders, shopProducts, shopSettings, walletEntries } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestReceiver, homeAddress, orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let seller: string;
let sellerId: number;
let member: string;
let shop2Product: number;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  seller = await s.login(DEMO_ACCOUNTS.seller.phone, DEMO_ACCOUNTS.seller.password);
  sellerId = (await t.services.auth.authenticate(seller))?.member.id ?? 0;
  member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  const [first] = await t.database.db
    .select()
    .from(shopProducts)
    .where(eq(shopProducts.shopId, 2))
    .orderBy(shopProducts.productId);
  shop2Product = first?.productId ?? 0;
});
afterAll(() => t.close());

const call = <T>(path: string, body: unknown, token = seller) => t.call<T>("POST", `/api/seller/${path}`, { body, token });
const get = <T>(path: string, token = seller) => t.call<T>("GET", `/api/${path}`, { token });

/** A guest orders in shop 2 by transfer, delivered to a home address. */
async function shop2Order(opts: { qty?: number; ship?: "hct" | "self" | "cvs_711"; shopId?: number; productId?: number } = {}) {
  const v = await s.variantOf(opts.productId ?? shop2Product);
  const ship = opts.ship ?? "self";
  const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
    body: {
      variant_id: v,
      qty: opts.qty ?? 2,
      shop_id: opts.shopId ?? 2,
      ship_method: ship,
      payment_method: "transfer",
      receiver: guestReceiver,
      ...(ship === "cvs_711"
        ? { cvs_store: { type: "cvs_711", id: "131386", name: "建盛門市", address: "台北市中正區重慶南路一段 1 號" } }
        : { address: homeAddress }),
      invoice: { type: "member" },
    },
  });
  if (r.status !== 200) throw new Error(`${r.status} ${r.body.message}`);
  return { orderNo: r.body.data.order_no, variantId: v };
}

const sellerStockOf = async (variantId: number) =>
  (await get<SellerStockView[]>("seller/inventory")).body.data.find((x) => x.variant_id === variantId)?.qty ?? 0;
const walletOf = async (memberId: number) => (await t.services.loyalty.balances(memberId)).wallet;

describe("whose money a seller may confirm", () => {
  test("a transfer into the company's account is confirmed by staff only; the seller is refused and nothing changes", async () => {
    // Without its own account, the sub-mall's buyers pay the company.
    const own = await t.database.db.select().from(shopSettings).where(eq(shopSettings.shopId, 2));
    await t.database.db.delete(shopSettings).where(eq(shopSettings.shopId, 2));
    // Written past the services: the quote's kept reference reads are told, as a staff save would.
    t.publicCache.invalidate();
    try {
      const { orderNo } = await shop2Order({ ship: "hct" });
      const detail = await call<SellerOrderView>("detail", { order_no: orderNo });
      expect(detail.body.data.actions.confirm_payment).toBe(false);
      expect(detail.body.data.transfer?.account).toBe("1234-5678-9012");
      const r = await call("updateSellerPayment", { order_no: orderNo });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe("此筆款項匯入總公司帳戶，需由總公司確認收款");
      expect((await t.services.orders.byNo(orderNo))?.status).toBe("pending_payment");
      await t.services.payments.confirmOffline(orderNo, "staff:1", "staff");
      expect((await t.services.orders.byNo(orderNo))?.status).toBe("paid");
    } finally {
      if (own.length > 0) await t.database.db.insert(shopSettings).values(own);
      t.publicCache.invalidate();
    }
  });

  test("cash on delivery by the warehouse's carrier is the company's; once the seller delivers it, the seller's", async () => {
    const v = await s.variantOf(shop2Product);
    const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
      body: {
        variant_id: v,
        qty: 1,
        shop_id: 2,
        ship_method: "hct",
        payment_method: "cod",
        receiver: guestReceiver,
        address: homeAddress,
        invoice: { type: "member" },
      },
    });
    expect(r.status).toBe(200);
    const order_no = r.body.data.order_no;
    const refused = await call("updateSellerPayment", { order_no });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("貨到付款由物流代收，需由總公司確認收款");
    expect((await call("updateShipMethod", { order_no, ship_method: "self" })).status).toBe(200);
    expect((await call<SellerOrderView>("detail", { order_no })).body.data.actions.confirm_payment).toBe(true);
    expect((await call("updateSellerPayment", { order_no })).status).toBe(200);
  });
});

describe("money the seller received", () => {
  test("is the seller's to give back: the buyer cannot cancel online, staff can, the company's wallet pays nothing", async () => {
    const buyer = await s.login(DEMO_ACCOUNTS.shop2Member.phone, DEMO_ACCOUNTS.shop2Member.password);
    const buyerId = (await t.services.auth.authenticate(buyer))?.member.id ?? 0;
    const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
      token: buyer,
      body: {
        variant_id: await s.variantOf(shop2Product),
        qty: 1,
        shop_id: 2,
        ship_method: "hct",
        payment_method: "transfer",
        receiver: guestReceiver,
        address: homeAddress,
        invoice: { type: "member" },
      },
    });
    const order_no = r.body.data.order_no;
    expect((await call("updateSellerPayment", { order_no })).status).toBe(200);
    const wallet = (await t.services.loyalty.balances(buyerId)).wallet;
    const cancel = await t.call("POST", "/api/order/cancelOrder", { token: buyer, body: { order_no, reason: "不要了" } });
    expect(cancel.status).toBe(422);
    expect(cancel.body.message).toBe("此筆款項已付給賣家，請聯繫賣家或客服辦理取消與退款");
    await t.services.orders.cancelByStaff(order_no, "staff:1", "賣家缺貨");
    expect((await t.services.loyalty.balances(buyerId)).wallet).toBe(wallet);
    const order = await t.services.orders.byNo(order_no);
    const [pay] = await t.services.payments.paymentsOf(order?.id ?? 0);
    expect(pay).toMatchObject({ status: "refunded", message: "由賣家退還款項" });
    // A confirmation arriving for the cancelled order is not the seller's to make.
    expect((await call("updateSellerPayment", { order_no })).status).toBe(409);
  });
});

describe("who may use the seller area", () => {
  test("anonymous callers are told to sign in; a member without a shop is refused", async () => {
    expect((await call("list", {}, "")).status).toBe(401);
    const r = await call("list", {}, member);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("您尚未開設商城，無法使用賣家功能");
  });

  test("another shop's order is a 404 on every call and changes nothing", async () => {
    const { orderNo } = await shop2Order({ shopId: 1, productId: 34, ship: "hct" });
    for (const [path, body] of [
      ["detail", { order_no: orderNo }],
      ["updateSellerPayment", { order_no: orderNo }],
      ["updateShipMethod", { order_no: orderNo, ship_method: "self" }],
      ["updateSelfShip", { order_no: orderNo, carrier: "黑貓宅急便", tracking_no: "900100200300" }],
      ["updateShipStatus", { order_no: orderNo, status: "processing" }],
      ["updateFinish", { order_no: orderNo }],
    ] as const) {
      const r = await call(path, body);
      expect(r.status, path).toBe(404);
      expect(r.body.message).toBe("查無此訂單");
    }
    expect((await get(`seller/hct_detail?order_no=${orderNo}`)).status).toBe(404);
    expect((await get(`supmall/orderDetail?order_no=${orderNo}`)).status).toBe(404);
    expect((await t.services.orders.byNo(orderNo))?.status).toBe("pending_payment");
    const listed = await call<Paged<SellerOrderSummary>>("list", { keyword: orderNo });
    expect(listed.body.data.total).toBe(0);
  });

  test("bad input gets a zh-TW message and a 400", async () => {
    const r = await call("detail", { order_no: "abc" });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("輸入資料有誤：訂單編號為 14 位數字");
    const { orderNo } = await shop2Order();
    const bad = await call("updateSelfShip", { order_no: orderNo, carrier: "黑貓", tracking_no: "9".repeat(31) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("輸入資料有誤：物流單號或備註最多 30 個字");
    const status = await call("updateShipStatus", { order_no: orderNo, status: "completed" });
    expect(status.status).toBe(400);
  });
});

describe("a sub-mall order, start to finish", () => {
  test("listed with filters; payment confirmed; shipped from the seller's stock; finished; commission into the wallet", async () => {
    const { orderNo, variantId } = await shop2Order({ qty: 2 });
    const warehouseAfterOrder = await s.stockOf(variantId);
    const sellerStockBefore = await sellerStockOf(variantId);
    const walletBefore = await walletOf(sellerId);
    const earnings = async () => (await get<SellerHome>("seller/home")).body.data.earnings;
    const before = await earnings();
    expect(before.month).toMatch(/^\d{4}-\d{2}$/);

    const pending = await call<Paged<SellerOrderSummary>>("list", { status: "pending_payment", keyword: guestReceiver.phone });
    expect(pending.body.data.list.map((o) => o.order_no)).toContain(orderNo);
    expect((await call<Paged<SellerOrderSummary>>("list", { status: "paid", keyword: orderNo })).body.data.total).toBe(0);

    let view = (await call<SellerOrderView>("detail", { order_no: orderNo })).body.data;
    expect(view.actions).toMatchObject({ confirm_payment: true, self_ship: false, finish: false });
    expect(view.commission).toBe(Math.floor((view.goods_amount * 800) / 10_000));

    view = (await call<SellerOrderView>("updateSellerPayment", { order_no: orderNo })).body.data;
    expect(view.status).toBe("paid");
    // Paid: its commission is pending, not yet earned.
    expect(await earnings()).toMatchObject({
      pending: before.pending + view.commission,
      pending_orders: before.pending_orders + 1,
      month_earned: before.month_earned,
    });
    expect(view.actions).toMatchObject({ confirm_payment: false, self_ship: true, statuses: ["processing"] });

    const shipped = await call<SellerOrderView>("updateSelfShip", {
      order_no: orderNo,
      carrier: "黑貓宅急便",
      tracking_no: "900100200300",
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body.data).toMatchObject({ status: "shipped", tracking_no: "900100200300", carrier: "黑貓宅急便" });
    expect(shipped.body.data.history.map((h) => h.to_status)).toEqual(["pending_payment", "paid", "processing", "shipped"]);
    // The goods left the seller's hands, not the warehouse's: its reservation went back.
    expect(await sellerStockOf(variantId)).toBe(sellerStockBefore - 2);
    expect(await s.stockOf(variantId)).toBe(warehouseAfterOrder + 2);
    const log = (await get<SellerStockLogView[]>("seller/inventory/log")).body.data[0];
    expect(log).toMatchObject({ variant_id: variantId, delta: -2, reason: "order", note: `訂單 ${orderNo}` });

    // The buyer follows it by number and phone.
    const tracking = await t.call<TrackingView>("GET", `/api/order/hct_detail?order_no=${orderNo}&phone=${guestReceiver.phone}`);
    expect(tracking.body.data.carrier).toBe("賣家自行配送（黑貓宅急便）");
    expect(tracking.body.data.events.map((e) => e.status)).toContain("賣家已交寄（黑貓宅急便）");
    expect((await get<TrackingView>(`seller/hct_detail?order_no=${orderNo}`)).body.data.tracking_no).toBe("900100200300");

    // Delivered, then past the appraisal period (as if a week had gone by): the seller completes it.
    await call("updateShipStatus", { order_no: orderNo, status: "delivered" });
    await t.database.db
      .update(orders)
      .set({ deliveredAt: new Date(t.clock.now.getTime() - 30 * 86_400_000) })
      .where(eq(orders.orderNo, orderNo));
    const finished = await call<SellerOrderView>("updateFinish", { order_no: orderNo });
    expect(finished.body.data.status).toBe("completed");
    expect(finished.body.data.history.map((h) => h.to_status).slice(-2)).toEqual(["delivered", "completed"]);
    expect(await walletOf(sellerId)).toBe(walletBefore + view.commission);
    const [entry] = await t.database.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.memberId, sellerId), eq(walletEntries.ref, `order:${orderNo}:commission`)));
    expect(entry?.delta).toBe(view.commission);
    // Completed: earned this month and in all, no longer pending.
    expect(await earnings()).toMatchObject({
      pending: before.pending,
      pending_orders: before.pending_orders,
      month_earned: before.month_earned + view.commission,
      total_earned: before.total_earned + view.commission,
    });

    // A return after completion takes the commission back and the goods go back to the seller.
    await t.services.orders.refund(orderNo, "staff:1", "退貨");
    expect(await walletOf(sellerId)).toBe(walletBefore);
    expect(await earnings()).toMatchObject({ month_earned: before.month_earned, total_earned: before.total_earned });
    expect(await sellerStockOf(variantId)).toBe(sellerStockBefore);
    expect(await t.services.inventory.shopStockUnbalanced()).toEqual([]);
    expect(await t.services.inventory.unbalanced()).toEqual([]);
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
  });

  test("not enough of the seller's own stock: 409 naming the product, nothing moves", async () => {
    const { orderNo, variantId } = await shop2Order({ qty: 30 });
    await call("updateSellerPayment", { order_no: orderNo });
    const warehouse = await s.stockOf(variantId);
    const held = await sellerStockOf(variantId);
    const r = await call("updateSelfShip", { order_no: orderNo, carrier: "郵局", tracking_no: "EE123456789TW" });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/^賣家庫存不足：.+，請先補充庫存或改由總公司出貨$/);
    expect((await t.services.orders.byNo(orderNo))?.status).toBe("paid");
    expect(await s.stockOf(variantId)).toBe(warehouse);
    expect(await sellerStockOf(variantId)).toBe(held);
  });

  test("ship method: home delivery switches between HCT and the seller; store pickup cannot", async () => {
    const { orderNo } = await shop2Order({ ship: "hct" });
    const r = await call<SellerOrderView>("updateShipMethod", { order_no: orderNo, ship_method: "self" });
    expect(r.status).toBe(200);
    expect(r.body.data.ship_method).toBe("self");
    expect(r.body.data.actions.ship_methods).toEqual(["hct"]);
    expect((await call("updateShipMethod", { order_no: orderNo, ship_method: "self" })).status).toBe(409);

    const cvs = await shop2Order({ ship: "cvs_711" });
    const refused = await call("updateShipMethod", { order_no: cvs.orderNo, ship_method: "hct" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("只有宅配訂單可以變更配送方式");
    await call("updateSellerPayment", { order_no: cvs.orderNo });
    const selfShip = await call("updateSelfShip", { order_no: cvs.orderNo, carrier: "郵局", tracking_no: "EE123456789TW" });
    expect(selfShip.status).toBe(409);
  });

  test("the warehouse's HCT order: the seller can neither mark it delivered nor finish it, even once delivered", async () => {
    const { orderNo } = await shop2Order({ ship: "hct" });
    await call("updateSellerPayment", { order_no: orderNo });
    expect((await call<SellerOrderView>("updateShipStatus", { order_no: orderNo, status: "processing" })).body.data.status).toBe(
      "processing",
    );
    await t.services.orders.advance(orderNo, "shipped", "staff:1", { trackingNo: "HCT5550001" });
    const early = await call("updateShipStatus", { order_no: orderNo, status: "delivered" });
    expect(early.status).toBe(409);
    expect((await call("updateFinish", { order_no: orderNo })).status).toBe(409);
    await t.services.orders.advance(orderNo, "delivered", "provider:hct");
    // Completing it early would skip the buyer's appraisal period and pay the commission at once.
    const finish = await call("updateFinish", { order_no: orderNo });
    expect(finish.status).toBe(409);
    expect(finish.body.message).toBe("只有賣家自行配送的訂單可由賣家完成；物流配送的訂單於送達後鑑賞期滿自動完成");
    expect((await t.services.orders.byNo(orderNo))?.status).toBe("delivered");
  });

  test("goods move from the seller's cloud depot into the shop's stock, all or nothing", async () => {
    const variantId = await s.variantOf(shop2Product, 0);
    const none = await call("inventory/from_depot", { items: [{ variant_id: variantId, qty: 1 }] });
    expect(none.status).toBe(409);
    await t.database.db.transaction((tx) =>
      t.services.depot.deposit(tx, sellerId, [{ variantId, qty: 3 }], "test:depot", "測試入庫"),
    );
    const before = await sellerStockOf(variantId);
    const r = await call<SellerStockView[]>("inventory/from_depot", { items: [{ variant_id: variantId, qty: 3 }] });
    expect(r.status).toBe(200);
    expect(r.body.data.find((x) => x.variant_id === variantId)?.qty).toBe(before + 3);
    expect((await t.services.depot.stock(sellerId)).find((x) => x.variant_id === variantId)).toBeUndefined();
    expect((await call("inventory/from_depot", { items: [{ variant_id: variantId, qty: 1 }] })).status).toBe(409);
  });
});

describe("commission as a ledger", () => {
  test("random completions and returns: the seller's wallet is the sum of commissions on orders not returned", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ qty: fc.integer({ min: 1, max: 3 }), refund: fc.boolean(), self: fc.boolean() }), {
          minLength: 1,
          maxLength: 4,
        }),
        async (steps) => {
          const start = await walletOf(sellerId);
          let expected = start;
          for (const step of steps) {
            const { orderNo, variantId } = await shop2Order({ qty: step.qty, ship: step.self ? "self" : "hct" });
            await s.setStock(variantId, 1000);
            await t.services.payments.confirmOffline(orderNo, "staff:1", "staff");
            await t.services.orders.advance(orderNo, "completed", "staff:1", { trackingNo: "HCT000111" });
            const o = await t.services.orders.byNo(orderNo);
            const commission = Math.floor(((o?.goodsAmount ?? 0) * 800) / 10_000);
            if (step.refund) await t.services.orders.refund(orderNo, "staff:1", "退貨");
            else expected += commission;
          }
          expect(await walletOf(sellerId)).toBe(expected);
          expect(await t.services.loyalty.unbalanced()).toEqual([]);
        },
      ),
      { numRuns: 6 },
    );
  });
});
