import type { OrderView } from "@shop/contract";
import { asc, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { notifications } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

/** The buyer's own account for a transfer's refund (decision 83). */
const ACCOUNT = { bank_user_name: "王小明", bank_code: "004", branch_code: "0037", bank_account: "12345678901234" };

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let token = "";
let other = "";
let variant = 0;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  other = await s.login(DEMO_ACCOUNTS.downline.phone, DEMO_ACCOUNTS.downline.password);
  variant = await s.variantOf(34);
  await s.setStock(variant, 200);
});
afterAll(() => t.close());

/** A member's transfer order of `qty` units, paid, shipped and delivered (not yet completed). */
async function delivered(qty = 3) {
  const { order_no: no } = await s.memberOrder(token, variant, { qty });
  await t.services.payments.confirmOffline(no, "staff:1", "staff");
  await t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT4400001" });
  await t.services.orders.advance(no, "delivered", "staff:1");
  return no;
}
const ask = (no: string, items: Array<{ variant_id: number; qty: number }>, who = token, reason = "damaged") =>
  t.call<{ id: number; status: string }>("POST", "/api/order/return", {
    token: who,
    body: { order_no: no, items, reason, note: "外盒破損", refund_account: ACCOUNT },
  });
const detail = async (no: string) => (await s.detail(no, { token })).body.data as OrderView;
const staffAct = async (id: number, step: string, body: unknown = {}) =>
  t.call<{ status: string }>("POST", `/api/admin/returns/${id}/${step}`, { token: await s.staffToken(), body });
const wallet = async () => {
  const id = (await t.services.auth.authenticate(token))?.member.id ?? 0;
  return (await t.services.loyalty.balances(id)).wallet;
};

describe("returns within the appraisal period", () => {
  test("a member asks, staff approve, receive and refund: units back in stock, money to their own account (not the wallet), order stays delivered", async () => {
    const no = await delivered(3);
    expect((await detail(no)).can_request_return).toBe(true);
    const r = await ask(no, [{ variant_id: variant, qty: 1 }]);
    expect(r.status, r.body.message).toBe(200);
    const id = r.body.data.id;
    const view = await detail(no);
    expect(view.can_request_return).toBe(false);
    expect(view.return_request).toMatchObject({ status: "requested", reason_label: "商品瑕疵或損壞", note: "外盒破損" });
    expect((await ask(no, [{ variant_id: variant, qty: 1 }])).body.message).toBe("此訂單已有處理中的退換貨申請");

    expect((await staffAct(id, "refund", {})).status).toBe(409);
    expect((await staffAct(id, "approve")).status).toBe(200);
    expect((await staffAct(id, "approve")).status).toBe(409);
    expect((await staffAct(id, "receive", { disposition: "restock" })).status).toBe(200);
    const stock = await s.stockOf(variant);
    const before = await wallet();
    const refunded = await staffAct(id, "refund", {});
    expect(refunded.status, refunded.body.message).toBe(200);
    expect(refunded.body.data.status).toBe("refunded");
    expect(await s.stockOf(variant)).toBe(stock + 1);
    // A transfer's refund goes to the account given on the form, not the wallet (decision 83).
    expect(await wallet()).toBe(before);
    const after = await detail(no);
    expect(after.status).toBe("delivered");
    expect(after.return_request?.status).toBe("refunded");
    expect(after.can_request_return).toBe(true);
    // One notice per step; the refund is told once, by the order's refund notice with the amount.
    const told = await t.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(like(notifications.title, `訂單 ${no} %`))
      .orderBy(asc(notifications.id));
    expect(told.map((n) => n.title).filter((x) => x.includes("退"))).toEqual([
      `訂單 ${no} 退貨申請已核准，請寄回商品`,
      `訂單 ${no} 已收到您退回的商品，將盡快退款`,
      expect.stringMatching(new RegExp(`^訂單 ${no} 部分退款 NT\\$\\d`)),
    ]);
    expect(await t.services.inventory.unbalanced()).toEqual([]);
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
  });

  test("an order placed in English is told of its return in English: approval, receipt and the refund", async () => {
    const { order_no: no } = await s.memberOrder(token, variant, { qty: 2, lang: "en" });
    await t.services.payments.confirmOffline(no, "staff:1", "staff");
    await t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT4400002" });
    await t.services.orders.advance(no, "delivered", "staff:1");
    const id = (await ask(no, [{ variant_id: variant, qty: 1 }])).body.data.id;
    expect((await staffAct(id, "approve")).status).toBe(200);
    expect((await staffAct(id, "receive", { disposition: "restock" })).status).toBe(200);
    expect((await staffAct(id, "refund", {})).status).toBe(200);
    const told = await t.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(like(notifications.title, `Order ${no}:%`))
      .orderBy(asc(notifications.id));
    expect(told.map((n) => n.title)).toEqual([
      `Order ${no}: your return request is approved; please send the goods back`,
      `Order ${no}: we have your returned goods and will refund you soon`,
      expect.stringMatching(new RegExp(`^Order ${no}: NT\\$[\\d,]+ refunded$`)),
    ]);
  });

  test("bad requests are refused with a zh-TW message and change nothing", async () => {
    const no = await delivered(2);
    const cases: Array<[Promise<{ status: number; body: { message: string } }>, number, string]> = [
      [ask(no, [{ variant_id: variant, qty: 3 }]), 422, "最多可退 2 件"],
      [
        ask(no, [
          { variant_id: variant, qty: 1 },
          { variant_id: variant, qty: 2 },
        ]),
        422,
        "最多可退 2 件",
      ],
      [ask(no, [{ variant_id: 999999, qty: 1 }]), 422, "此訂單沒有這個商品"],
      [ask(no, [{ variant_id: variant, qty: 1 }], other), 404, "查無此訂單"],
      [ask(no, [], token), 400, "請選擇要退貨的商品"],
      [ask(no, [{ variant_id: variant, qty: 1 }], token, "bored"), 400, "請選擇退貨原因"],
      [
        t.call("POST", "/api/order/return", {
          body: { order_no: no, items: [{ variant_id: variant, qty: 1 }], reason: "damaged" },
        }),
        // Signed out, it is a guest's request: the order's phone comes first (decision 83).
        400,
        "請輸入訂購時填寫的手機號碼",
      ],
    ];
    for (const [call, status, message] of cases) {
      const r = await call;
      expect(r.status, message).toBe(status);
      expect(r.body.message).toContain(message);
    }
    const { order_no: unpaid } = await s.memberOrder(token, variant);
    expect((await ask(unpaid, [{ variant_id: variant, qty: 1 }])).body.message).toBe("只有已送達、尚未完成的訂單可以申請退貨");
    expect((await detail(no)).return_request).toBeNull();
  });

  test("a rejected request tells the member why, and they may ask again; after the period they cannot", async () => {
    const no = await delivered(1);
    const id = (await ask(no, [{ variant_id: variant, qty: 1 }])).body.data.id;
    const rejected = await staffAct(id, "reject", { reason: "商品已拆封使用" });
    expect(rejected.status, rejected.body.message).toBe(200);
    const view = await detail(no);
    expect(view.return_request).toMatchObject({ status: "rejected", staff_note: "商品已拆封使用" });
    expect(view.can_request_return).toBe(true);
    t.clock.advance(8 * 86_400);
    token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    expect((await detail(no)).can_request_return).toBe(false);
    const late = await ask(no, [{ variant_id: variant, qty: 1 }]);
    expect([late.status, late.body.message]).toEqual([409, "已超過 7 天鑑賞期，無法線上申請退貨，請聯繫客服"]);
  });

  test("an open return keeps the order from completing by itself until staff settle it", async () => {
    const no = await delivered(2);
    const id = (await ask(no, [{ variant_id: variant, qty: 1 }])).body.data.id;
    t.clock.advance(8 * 86_400);
    token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    await t.services.orders.completeDue();
    expect((await detail(no)).status).toBe("delivered");
    expect((await staffAct(id, "reject", { reason: "超過鑑賞期" })).status).toBe(200);
    await t.services.orders.completeDue();
    expect((await detail(no)).status).toBe("completed");
  });

  test("rival steps fired together: double approval, receiving against rejecting, a request against the order completing", async () => {
    for (let round = 0; round < 4; round++) {
      const no = await delivered(1);
      const id = (await ask(no, [{ variant_id: variant, qty: 1 }])).body.data.id;
      const staff = await s.staffToken();
      // Two staff press 核准 at once: one approves it.
      const approvals = await Promise.all(
        [1, 2].map(() => t.call("POST", `/api/admin/returns/${id}/approve`, { token: staff, body: {} })),
      );
      expect(approvals.map((r) => r.status).sort()).toEqual([200, 409]);
      // The goods arrive while someone rejects it: receiving and rejecting exclude each other.
      const both = await Promise.all([
        t.call<{ status: string }>("POST", `/api/admin/returns/${id}/receive`, {
          token: staff,
          body: { disposition: "restock" },
        }),
        t.call<{ status: string }>("POST", `/api/admin/returns/${id}/reject`, { token: staff, body: { reason: "重複申請" } }),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = both.find((r) => r.status === 200)?.body.data.status;
      expect((await detail(no)).return_request?.status).toBe(winner);
    }
    for (let round = 0; round < 4; round++) {
      const no = await delivered(1);
      t.clock.advance(7 * 86_400 - 60);
      token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
      t.clock.advance(61);
      const [asked] = await Promise.all([ask(no, [{ variant_id: variant, qty: 1 }]), t.services.orders.completeDue()]);
      const view = await detail(no);
      // Either the request got in first and holds the order open, or the order completed first and the request was refused.
      if (asked.status === 200) expect([view.status, view.return_request?.status]).toEqual(["delivered", "requested"]);
      else expect([asked.status, view.status, view.return_request]).toEqual([409, "completed", null]);
    }
  });
});
