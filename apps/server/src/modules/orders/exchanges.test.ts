import type { OrderView } from "@shop/contract";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { notifications, stockMovements } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

/** The buyer's own account for a transfer's refund (decision 83). */
const ACCOUNT = { bank_user_name: "王小明", bank_code: "004", branch_code: "0037", bank_account: "12345678901234" };

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let token = "";
let variant = 0;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  variant = await s.variantOf(34);
  await s.setStock(variant, 200);
});
afterAll(() => t.close());

/** A member's home-delivery order of `qty` units, paid, shipped and delivered. */
async function delivered(qty = 2, extra: Record<string, unknown> = {}) {
  const { order_no: no } = await s.memberOrder(token, variant, { qty, ...extra });
  await t.services.payments.confirmOffline(no, "staff:1", "staff");
  if (extra.ship_method !== "depot") {
    await t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT4400001" });
    await t.services.orders.advance(no, "delivered", "staff:1");
  }
  return no;
}
const askExchange = (no: string, qty = 1) =>
  t.call<{ id: number; status: string; kind: string }>("POST", "/api/order/return", {
    token,
    body: { order_no: no, kind: "exchange", items: [{ variant_id: variant, qty }], reason: "damaged", note: "瓶蓋破裂" },
  });
const detail = async (no: string) => (await s.detail(no, { token })).body.data as OrderView;
const staffAct = async (id: number, step: string, body: unknown = {}) =>
  t.call<{ status: string; reship_tracking_no: string }>("POST", `/api/admin/returns/${id}/${step}`, {
    token: await s.staffToken(),
    body,
  });
const walletOf = async () => {
  const id = (await t.services.auth.authenticate(token))?.member.id ?? 0;
  return (await t.services.loyalty.balances(id)).wallet;
};

describe("exchanges (換貨) within the appraisal period", () => {
  test("a member asks, staff approve, receive and send the same items again: stock in and out, money untouched, buyer told with the tracking number", async () => {
    const no = await delivered(2);
    const asked = await askExchange(no);
    expect([asked.status, asked.body.message]).toEqual([200, "已送出換貨申請，客服將盡快與您聯繫"]);
    const id = asked.body.data.id;
    expect((await detail(no)).return_request).toMatchObject({ kind: "exchange", kind_label: "換貨", status_label: "換貨申請中" });

    expect((await staffAct(id, "reship", { tracking_no: "HCT5500001" })).status).toBe(409);
    expect((await staffAct(id, "approve")).status).toBe(200);
    expect((await staffAct(id, "receive", { disposition: "restock" })).status).toBe(200);
    // While the request is open the order page cannot refund the same units (money and a replacement).
    const orderRefund = await t.call("POST", `/api/admin/orders/${no}/refund`, {
      token: await s.staffToken(),
      body: { reason: "重複處理" },
    });
    expect([orderRefund.status, orderRefund.body.message]).toEqual([409, "此訂單有處理中的退換貨申請，請在「退換貨申請」中處理"]);
    const stock = await s.stockOf(variant);
    const wallet = await walletOf();
    const bad = await staffAct(id, "reship", { tracking_no: "短" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("託運單號為 6–30 個英數字");
    const sent = await staffAct(id, "reship", { tracking_no: "HCT5500001" });
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.data).toMatchObject({ status: "reshipped", reship_tracking_no: "HCT5500001" });
    // A second press (or a refund after it) finds the request closed.
    for (const again of [await staffAct(id, "reship", { tracking_no: "HCT5500002" }), await staffAct(id, "refund", {})])
      expect([again.status, again.body.message]).toEqual([409, "此申請已處理完成"]);

    // The returned unit came in and the replacement went out: level unchanged, both movements recorded.
    expect(await s.stockOf(variant)).toBe(stock);
    const moves = await t.database.db
      .select({ delta: stockMovements.delta, reason: stockMovements.reason, ref: stockMovements.ref })
      .from(stockMovements)
      .where(and(eq(stockMovements.variantId, variant), like(stockMovements.ref, `return:${id}%`)))
      .orderBy(asc(stockMovements.id));
    expect(moves).toEqual([
      { delta: 1, reason: "restock", ref: `return:${id}` },
      { delta: -1, reason: "reserve", ref: `return:${id}:replacement` },
    ]);
    expect(await walletOf()).toBe(wallet);

    const view = await detail(no);
    expect(view.status).toBe("delivered");
    expect(view.return_request).toMatchObject({ status: "reshipped", reship_tracking_no: "HCT5500001" });
    const told = await t.database.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(like(notifications.title, `訂單 ${no} %`))
      .orderBy(asc(notifications.id));
    expect(told.filter((n) => n.title.includes("換貨") || n.title.includes("退回"))).toEqual([
      { title: `訂單 ${no} 換貨申請已核准，請寄回商品`, body: expect.stringMatching(/^請將商品寄回：|^請依客服指示寄回商品。$/) },
      { title: `訂單 ${no} 已收到您退回的商品，將盡快寄出換貨商品`, body: "" },
      { title: `訂單 ${no} 換貨商品已寄出`, body: "託運單號：HCT5500001" },
    ]);
    // Closed: the order completes after the appraisal period as any other.
    t.clock.advance(8 * 86_400);
    token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    await t.services.orders.completeDue();
    expect((await detail(no)).status).toBe("completed");
    expect(await t.services.inventory.unbalanced()).toEqual([]);
  });

  test("staff may refund an exchange they cannot fulfil; a return cannot be reshipped; store pick-up orders cannot be exchanged", async () => {
    const no = await delivered(1);
    const id = (await askExchange(no)).body.data.id;
    await staffAct(id, "approve");
    await staffAct(id, "receive", { disposition: "restock" });
    const wallet = await walletOf();
    const refunded = await staffAct(id, "refund", {});
    expect(refunded.status, refunded.body.message).toBe(200);
    expect(await walletOf()).toBeGreaterThan(wallet);

    const other = await delivered(1);
    const r = await t.call<{ id: number }>("POST", "/api/order/return", {
      token,
      body: { order_no: other, items: [{ variant_id: variant, qty: 1 }], reason: "changed_mind", refund_account: ACCOUNT },
    });
    expect(r.body.data.id).toBeGreaterThan(0);
    await staffAct(r.body.data.id, "approve");
    await staffAct(r.body.data.id, "receive", { disposition: "restock" });
    const reship = await staffAct(r.body.data.id, "reship", { tracking_no: "HCT5500009" });
    expect([reship.status, reship.body.message]).toEqual([409, "這是退貨申請，請以退款處理"]);

    const depot = await delivered(1, { ship_method: "depot" });
    const refused = await askExchange(depot);
    expect(refused.status).toBe(409);
    const bad = await t.call("POST", "/api/order/return", {
      token,
      body: { order_no: other, kind: "swap", items: [{ variant_id: variant, qty: 1 }], reason: "damaged" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("請選擇退貨或換貨");
  });

  test("two staff send the replacement at once, or one sends while another refunds: one wins, stock and money move once", async () => {
    for (let round = 0; round < 4; round++) {
      const no = await delivered(1);
      const id = (await askExchange(no)).body.data.id;
      await staffAct(id, "approve");
      await staffAct(id, "receive", { disposition: "restock" });
      const staff = await s.staffToken();
      const stock = await s.stockOf(variant);
      const wallet = await walletOf();
      const rivals = await Promise.all([
        t.call("POST", `/api/admin/returns/${id}/reship`, { token: staff, body: { tracking_no: `HCT66${round}0001` } }),
        round % 2 === 0
          ? t.call("POST", `/api/admin/returns/${id}/reship`, { token: staff, body: { tracking_no: `HCT66${round}0002` } })
          : t.call("POST", `/api/admin/returns/${id}/refund`, { token: staff, body: {} }),
      ]);
      expect(rivals.map((r) => r.status).sort()).toEqual([200, 409]);
      const after = (await detail(no)).return_request?.status;
      if (after === "reshipped") {
        expect(await s.stockOf(variant)).toBe(stock);
        expect(await walletOf()).toBe(wallet);
      } else {
        expect(after).toBe("refunded");
        expect(await s.stockOf(variant)).toBe(stock + 1);
      }
    }
    expect(await t.services.inventory.unbalanced()).toEqual([]);
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
  });
});
