import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { stockWriteOffs } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

/** Issue 47: staff choose restock or write-off on receipt, and refund an amount they see and choose. */
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

/** The buyer's own account for the refund of a transfer (臺灣銀行 營業部). */
const ACCOUNT = { bank_user_name: "王小明", bank_code: "004", branch_code: "0037", bank_account: "12345678901234" };

type StaffReturn = {
  id: number;
  status: string;
  refundable: number | null;
  refund_account: { holder: string; bank: string; account: string } | null;
  refund_amount: number | null;
  disposition: string | null;
};

/** A member's transfer order, delivered, with a return of one unit asked and approved. */
async function approvedReturn(qty = 3) {
  const { order_no: no } = await s.memberOrder(token, variant, { qty });
  await t.services.payments.confirmOffline(no, "staff:1", "staff");
  await t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT4400001" });
  await t.services.orders.advance(no, "delivered", "staff:1");
  const r = await t.call<{ id: number }>("POST", "/api/order/return", {
    token,
    body: { order_no: no, items: [{ variant_id: variant, qty: 1 }], reason: "damaged", note: "", refund_account: ACCOUNT },
  });
  expect(r.status, r.body.message).toBe(200);
  expect((await staffAct(r.body.data.id, "approve")).status).toBe(200);
  return { no, id: r.body.data.id };
}
const staffAct = async (id: number, step: string, body: unknown = {}) =>
  t.call<StaffReturn>("POST", `/api/admin/returns/${id}/${step}`, { token: await s.staffToken(), body });
const queue = async (status: string) =>
  (await t.call<{ items: StaffReturn[] }>("GET", `/api/admin/returns?status=${status}`, { token: await s.staffToken() })).body
    .data;
const wallet = async () => {
  const id = (await t.services.auth.authenticate(token))?.member.id ?? 0;
  return (await t.services.loyalty.balances(id)).wallet;
};

describe("on receipt staff choose: back into stock, or written off as faulty", () => {
  test("receiving needs the choice; 瑕疵品 never reach sellable stock and are recorded; the messages say which", async () => {
    const { id } = await approvedReturn();
    const none = await staffAct(id, "receive", {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("輸入資料有誤：請選擇退回商品要回庫存或列為瑕疵品");
    const received = await staffAct(id, "receive", { disposition: "write_off" });
    expect(received.status, received.body.message).toBe(200);
    expect(received.body.message).toBe("已確認收到退貨，商品列為瑕疵品");
    expect(received.body.data.disposition).toBe("write_off");
    const stock = await s.stockOf(variant);
    const refunded = await staffAct(id, "refund", { amount: received.body.data.refundable });
    expect(refunded.status, refunded.body.message).toBe(200);
    expect(refunded.body.message).toBe("已退款，商品列為瑕疵品，不回庫存");
    expect(await s.stockOf(variant)).toBe(stock);
    const written = await t.database.db.select().from(stockWriteOffs).where(eq(stockWriteOffs.variantId, variant));
    expect(written).toEqual([expect.objectContaining({ qty: 1, shopId: null })]);
    expect(await t.services.inventory.unbalanced()).toEqual([]);

    const back = await approvedReturn();
    expect((await staffAct(back.id, "receive", { disposition: "restock" })).body.message).toBe("已確認收到退貨，商品將回庫存");
    const before = await s.stockOf(variant);
    const r = await staffAct(back.id, "refund", {});
    expect(r.body.message).toBe("已退款，商品已回庫存");
    expect(await s.stockOf(variant)).toBe(before + 1);
  });
});

describe("the refund amount: shown, asked, never more than refundable, paid once", () => {
  test("staff see the refundable amount, refund less, cannot refund more or twice", async () => {
    const { id } = await approvedReturn();
    const received = (await staffAct(id, "receive", { disposition: "restock" })).body.data;
    const refundable = received.refundable ?? 0;
    expect(refundable).toBeGreaterThan(0);
    expect((await queue("received")).items.find((x) => x.id === id)?.refundable).toBe(refundable);

    expect(received.refund_account).toEqual({ holder: "王小明", bank: "004 臺灣銀行 營業部（0037）", account: "12345678901234" });
    const before = await wallet();
    const tooMuch = await staffAct(id, "refund", { amount: refundable + 1 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe(`退款金額不可超過可退金額 NT$${refundable.toLocaleString("en-US")}`);
    expect((await staffAct(id, "refund", { amount: 1.5 })).status).toBe(400);
    expect(await wallet()).toBe(before);

    const part = refundable - 100;
    const [a, b] = await Promise.all([staffAct(id, "refund", { amount: part }), staffAct(id, "refund", { amount: part })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    // To the buyer's own account, not the wallet (whose withdrawal costs a fee).
    expect(await wallet()).toBe(before);
    const done = (await queue("refunded")).items.find((x) => x.id === id);
    expect(done).toMatchObject({ status: "refunded", refund_amount: part });
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
  });

  test("the queue's 處理中 view keeps a request through every step until it closes", async () => {
    const { id } = await approvedReturn();
    expect((await queue("open")).items.map((x) => x.id)).toContain(id);
    await staffAct(id, "receive", { disposition: "restock" });
    expect((await queue("open")).items.find((x) => x.id === id)?.status).toBe("received");
  });
});

describe("a transfer's refund goes to the buyer's own bank account", () => {
  test("the return form asks for it (bank, branch, account checked against the reference data); the payment says where it went", async () => {
    const { order_no: no } = await s.memberOrder(token, variant, { qty: 2 });
    await t.services.payments.confirmOffline(no, "staff:1", "staff");
    await t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT4400001" });
    await t.services.orders.advance(no, "delivered", "staff:1");
    const view = (await s.detail(no, { token })).body.data as { return_needs_account: boolean };
    expect(view.return_needs_account).toBe(true);
    const ask = (refund_account?: unknown) =>
      t.call<{ id: number }>("POST", "/api/order/return", {
        token,
        body: { order_no: no, items: [{ variant_id: variant, qty: 1 }], reason: "changed_mind", note: "", refund_account },
      });
    const none = await ask();
    expect([none.status, none.body.message]).toEqual([400, "請輸入退款帳戶：銀行、分行與帳號"]);
    const branch = await ask({ ...ACCOUNT, branch_code: "9999" });
    expect([branch.status, branch.body.message]).toEqual([400, "查無此分行代碼，請確認銀行與分行"]);
    expect((await ask({ ...ACCOUNT, bank_account: "123" })).status).toBe(400);
    const ok = await ask(ACCOUNT);
    expect(ok.status, ok.body.message).toBe(200);
    await staffAct(ok.body.data.id, "approve");
    await staffAct(ok.body.data.id, "receive", { disposition: "restock" });
    const before = await wallet();
    expect((await staffAct(ok.body.data.id, "refund", {})).status).toBe(200);
    expect(await wallet()).toBe(before);
    const after = (await s.detail(no, { token })).body.data as { payment: { message: string } | null };
    expect(after.payment?.message).toBe("已退款至買家帳戶 臺灣銀行 ****1234");
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
  });
});

describe("the order page's 全部退貨退款: the amount shown and asked too", () => {
  test("the refundable amount is on the staff view; more is refused; less is refunded exactly", async () => {
    const { order_no: no } = await s.memberOrder(token, variant, { qty: 2 });
    await t.services.payments.confirmOffline(no, "staff:1", "staff");
    await t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT4400001" });
    await t.services.orders.advance(no, "delivered", "staff:1");
    const staff = await s.staffToken();
    const view = async () =>
      (await t.call<{ refundable_amount: number | null }>("GET", `/api/admin/orders/${no}`, { token: staff })).body.data;
    const whole = (await view()).refundable_amount ?? 0;
    const order = await t.services.orders.byNo(no);
    expect(whole).toBe(order?.payable);
    const refund = (amount: number) =>
      t.call("POST", `/api/admin/orders/${no}/refund`, { token: staff, body: { reason: "整箱破損", amount } });
    const more = await refund(whole + 1);
    expect([more.status, more.body.message]).toEqual([422, `退款金額不可超過可退金額 NT$${whole.toLocaleString("en-US")}`]);
    const before = await wallet();
    expect((await refund(whole - 80)).status).toBe(200);
    expect(await wallet()).toBe(before + whole - 80);
    expect((await view()).refundable_amount).toBeNull();
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
  });
});

describe("no one completes an order a return is open on", () => {
  test("staff's 完成訂單 is refused while the return is open (its credits would go out first), and allowed once it is closed", async () => {
    const { no, id } = await approvedReturn();
    const staff = await s.staffToken();
    const early = await t.call("POST", `/api/admin/orders/${no}/complete`, { token: staff, body: {} });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain("處理中的退換貨申請");
    expect((await staffAct(id, "receive", { disposition: "restock" })).status).toBe(200);
    expect((await staffAct(id, "refund", {})).status).toBe(200);
    const later = await t.call("POST", `/api/admin/orders/${no}/complete`, { token: staff, body: {} });
    expect(later.status).not.toBe(409);
  });
});
