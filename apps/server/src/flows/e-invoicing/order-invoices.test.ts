import { MAIN_SHOP_ID, type OrderView, type StoreResult } from "@shop/contract";
import type { StaffInvoice } from "@shop/contract/admin";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { notifications } from "../../db/schema/index.js";
import { invoiceSetting } from "../../test/invoice-steps.js";
import { guestCartOrder, guestReceiver } from "../../test/order-helpers.js";

/** Every sale gets its e-invoice (decision 57), told against the in-process ECPay simulator. */
let k: Awaited<ReturnType<typeof invoiceSetting>>;
beforeAll(async () => {
  k = await invoiceSetting();
});
afterAll(() => k.t.close());
describe("issuing", () => {
  test("an English order is told of its invoice in English, its carrier too (decision 109)", async () => {
    const no = await k.cardOrder(21, { lang: "en" });
    await k.runJobs();
    const told = await k.t.database.db.select().from(notifications).where(eq(notifications.memberId, k.memberId));
    const notice = told.find((n) => n.title === `E-invoice issued for order ${no}`);
    expect(notice?.body).toMatch(
      /^Invoice number [A-Z]{2}-\d{8}, issued \d{4}\/\d{2}\/\d{2}, random code \d{4}, Mobile barcode carrier \/ABC1234$/,
    );
  });

  test("a card payment issues the invoice: number on the order page, the member told it, the simulator holds it", async () => {
    const no = await k.cardOrder(21);
    expect(await k.eInvoice(no)).toMatchObject({ status: "pending", status_label: "開立中", invoice_no: null });
    await k.runJobs();
    const inv = await k.eInvoice(no);
    const order = (await k.s.detail(no, { token: k.token })).body.data;
    expect(inv).toMatchObject({ status: "issued", carrier: "手機條碼 /ABC1234", amount: order.order_amount, printable: false });
    const held = k.sim().invoices.get(no);
    expect(held).toMatchObject({ invoiceNo: inv?.invoice_no, randomNumber: inv?.random_number, salesAmount: order.order_amount });
    expect(held?.data).toMatchObject({ CarrierType: "3", CarrierNum: "/ABC1234", Print: "0", Donation: "0" });
    const told = await k.t.database.db.select().from(notifications).where(eq(notifications.memberId, k.memberId));
    const notice = told.find((n) => n.title === `訂單 ${no} 電子發票已開立`);
    expect(notice?.body).toContain(`發票號碼 ${inv?.invoice_no?.slice(0, 2)}-${inv?.invoice_no?.slice(2)}`);
    expect(notice?.body).toContain(`隨機碼 ${inv?.random_number}`);
    // Running the queue again issues nothing more.
    const calls = k.sim().calls.Issue;
    await k.runJobs();
    expect(k.sim().calls.Issue).toBe(calls);
  });

  test("points are the shop's discount: the invoice is the order less points, wallet included, lines adding up", async () => {
    const no = await k.cardOrder(22, { points: 100, wallet: 50 });
    await k.runJobs();
    const order = (await k.s.detail(no, { token: k.token })).body.data;
    expect(order.points_used).toBe(100);
    const held = k.sim().invoices.get(no);
    expect(held?.salesAmount).toBe(order.order_amount - 100);
    const items = held?.data.Items as Array<{ ItemName: string; ItemAmount: number }>;
    expect(items.at(-1)).toMatchObject({ ItemName: "點數折抵", ItemAmount: -100 });
  });

  test("an order paid wholly in points is not invoiced", async () => {
    const v = await k.s.variantOf(23);
    await k.s.setStock(v, 100);
    const quote = await k.t.call<{ quote: { order_amount: number } }>("POST", "/api/order/pay_info/fast", {
      token: k.token,
      body: { variant_id: v, qty: 1, ship_method: "hct" },
    });
    const { order_no } = await k.s.memberOrder(k.token, v, {
      payment_method: "points_wallet",
      points: quote.body.data.quote.order_amount,
    });
    await k.runJobs();
    expect((await k.s.detail(order_no, { token: k.token })).body.data.status).toBe("paid");
    expect(await k.eInvoice(order_no)).toBeNull();
  });

  test("cash on delivery is invoiced when delivered, not when shipped", async () => {
    const cart = await k.s.cartWith([{ variantId: await k.s.variantOf(24), qty: 1 }]);
    const r = await k.s.store(guestCartOrder(cart.lineIds, { payment_method: "cod" }), { headers: cart.headers });
    const no = r.body.data.order_no;
    await k.t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT2" });
    await k.runJobs();
    expect(k.sim().invoices.has(no)).toBe(false);
    await k.t.services.orders.advance(no, "delivered", "staff:1");
    await k.runJobs();
    expect(k.sim().invoices.get(no)?.data).toMatchObject({ CarrierType: "3", CarrierNum: "/ABC1234" });
  });

  test("by the setting, a paid order is invoiced when it ships", async () => {
    expect((await k.admin("PUT", "/invoice_settings", { issue_on: "shipped" })).body.data).toMatchObject({
      issue_on: "shipped",
      environment: "simulator",
    });
    try {
      const no = await k.cardOrder(25);
      await k.runJobs();
      expect(await k.eInvoice(no)).toBeNull();
      await k.t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT3" });
      await k.runJobs();
      expect((await k.eInvoice(no))?.status).toBe("issued");
    } finally {
      await k.admin("PUT", "/invoice_settings", { issue_on: "paid" });
    }
  });

  test("a paid order keeps the setting it read until the cache switch drops it (a save on another instance)", async () => {
    await k.cardOrder(27); // the setting ("paid") is now kept
    // Written past this instance's service, as another instance's save would be.
    await k.t.database.db.transaction((tx) => k.t.services.shops.setSettings(tx, MAIN_SHOP_ID, { einvoice_issue_on: "shipped" }));
    try {
      const keptPaid = await k.cardOrder(28);
      expect(await k.eInvoice(keptPaid)).toMatchObject({ status: "pending" });
      k.t.publicCache.invalidate(); // what the Redis broadcast of that save does here
      const afterSwitch = await k.cardOrder(29);
      expect(await k.eInvoice(afterSwitch)).toBeNull();
    } finally {
      await k.admin("PUT", "/invoice_settings", { issue_on: "paid" });
    }
  });
});

describe("checking the buyer's choice at checkout", () => {
  test("a barcode or donation code the platform does not know is refused before payment; a bad tax id too", async () => {
    const cart = await k.s.cartWith([{ variantId: await k.s.variantOf(26), qty: 1 }]);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ type: "mobile", carrier: "/0000000" }, "invoice.carrier", "查無此手機條碼"],
      [{ type: "donation", donation_code: "000" }, "invoice.donation_code", "查無此捐贈碼"],
      [{ type: "company", tax_id: "22099132", title: "茶行" }, "invoice.tax_id", "統一編號不正確"],
    ];
    for (const [invoice, field, message] of cases) {
      const r = await k.s.store(guestCartOrder(cart.lineIds, { payment_method: "card", prime: await k.s.prime(), invoice }), {
        headers: cart.headers,
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toContain(message);
      expect((r.body.data as unknown as { errors: Array<{ field: string }> }).errors[0]?.field).toBe(field);
    }
    // Nothing was ordered: the cart still holds the line.
    const again = await k.s.store(guestCartOrder(cart.lineIds), { headers: cart.headers });
    expect(again.status).toBe(200);
  });
});

describe("giving back", () => {
  test("a cancelled paid order's invoice is voided in its period", async () => {
    const no = await k.cardOrder(27);
    await k.runJobs();
    const cancel = await k.t.call<OrderView>("POST", "/api/order/cancelOrder", {
      token: k.token,
      body: { order_no: no, reason: "不要了" },
    });
    expect(cancel.status).toBe(200);
    await k.runJobs();
    expect(k.sim().invoices.get(no)).toMatchObject({ voided: true, voidReason: "訂單取消" });
    expect(await k.eInvoice(no)).toMatchObject({ status: "voided", status_label: "已作廢" });
  });

  test("cancelled before the invoice went out: nothing is ever issued", async () => {
    const no = await k.cardOrder(28);
    await k.t.call("POST", "/api/order/cancelOrder", { token: k.token, body: { order_no: no, reason: "按錯了" } });
    await k.runJobs();
    expect(k.sim().invoices.has(no)).toBe(false);
    expect((await k.eInvoice(no))?.status).toBe("not_issued");
  });

  test("a partial refund is an allowance of what went back; refunding the rest allows the rest", async () => {
    const no = await k.deliveredOrder(29, 3);
    await k.runJobs();
    const v = await k.s.variantOf(29);
    const part = await k.admin("POST", `/orders/${no}/refund`, { reason: "瑕疵", items: [{ variant_id: v, qty: 1 }] });
    expect(part.status).toBe(200);
    await k.runJobs();
    const held = k.sim().invoices.get(no);
    const first = held?.allowances[0]?.amount ?? 0;
    expect(first).toBeGreaterThan(0);
    expect((await k.eInvoice(no))?.allowance_total).toBe(first);
    await k.admin("POST", `/orders/${no}/refund`, { reason: "全部退貨" });
    await k.runJobs();
    expect(k.sim().invoices.get(no)?.voided).toBe(false);
    expect(held?.allowances.reduce((a, x) => a + x.amount, 0)).toBe(held?.salesAmount);
    const csv = await k.admin<string>("GET", `/invoices.csv?period=${periodNow()}`);
    expect(csv.body.data).toContain(no);
    expect(csv.body.data.split("\n").filter((l) => l.startsWith("折讓") && l.includes(no))).toHaveLength(2);
  });

  test("a whole refund after the invoice's period is an allowance, not a void", async () => {
    const no = await k.deliveredOrder(30, 1);
    await k.runJobs();
    k.t.clock.advance(65 * 86_400);
    try {
      await k.staffAgain();
      await k.admin("POST", `/orders/${no}/refund`, { reason: "退貨" });
      await k.runJobs();
      const held = k.sim().invoices.get(no);
      expect(held?.voided).toBe(false);
      expect(held?.allowances.map((a) => a.amount)).toEqual([held?.salesAmount]);
    } finally {
      k.t.clock.advance(-65 * 86_400);
      await k.staffAgain();
    }
  });
});

function periodNow() {
  const d = new Date(k.t.clock.now.getTime() + 8 * 3_600_000);
  const m = d.getUTCMonth() + 1;
  return `${d.getUTCFullYear()}-${String(m - ((m - 1) % 2)).padStart(2, "0")}`;
}

describe("when the provider refuses or an answer is lost", () => {
  test("a refusal parks the invoice with the provider's words; the order goes on; 重開 with a corrected carrier issues it once", async () => {
    const no = await k.cardOrder(31);
    k.sim().failNext("載具號碼驗證失敗");
    await k.runJobs();
    expect((await k.s.detail(no, { token: k.token })).body.data.status).toBe("paid");
    const parked = await k.staffInvoiceOf(no);
    expect(parked).toMatchObject({ status: "pending", parked: true, last_error: "載具號碼驗證失敗", can_retry: true });
    const queue = await k.admin<{ items: StaffInvoice[] }>("GET", "/invoices?attention=1");
    expect(queue.body.data.items.map((i) => i.order_no)).toContain(no);
    expect((await k.admin<{ waiting: { invoices: number } }>("GET", "/dashboard")).body.data.waiting.invoices).toBeGreaterThan(0);
    const retried = await k.admin<StaffInvoice>("POST", `/invoices/${parked.id}/retry`, {
      reason: "買家改用會員載具",
      invoice: { type: "member" },
    });
    expect(retried.body.data).toMatchObject({ parked: false, buyer: "會員載具" });
    await k.runJobs();
    expect(await k.staffInvoiceOf(no)).toMatchObject({ status: "issued", parked: false, last_error: "" });
    expect(k.sim().invoices.get(no)?.data).toMatchObject({ CarrierType: "1" });
  });

  test("an issue whose answer was lost is looked up, not sent again: one invoice", async () => {
    const no = await k.cardOrder(32);
    k.sim().failNext("lose");
    await k.runJobs();
    expect(k.sim().invoices.has(no)).toBe(true);
    expect((await k.eInvoice(no))?.status).toBe("pending");
    k.t.clock.advance(120);
    await k.runJobs();
    k.t.clock.advance(-120);
    expect(await k.eInvoice(no)).toMatchObject({ status: "issued", invoice_no: k.sim().invoices.get(no)?.invoiceNo });
  });
});

describe("staff by hand", () => {
  test("作廢, then 重新開立 under a new RelateNumber; 折讓 within what is left", async () => {
    const no = await k.cardOrder(35);
    await k.runJobs();
    const inv = await k.staffInvoiceOf(no);
    const tooMuch = await k.admin("POST", `/invoices/${inv.id}/allowance`, { amount: inv.amount + 1, reason: "價差" });
    expect(tooMuch.status).toBe(422);
    expect((await k.admin("POST", `/invoices/${inv.id}/void`, { reason: "" })).status).toBe(400);
    await k.admin("POST", `/invoices/${inv.id}/void`, { reason: "抬頭錯誤" });
    await k.runJobs();
    expect(k.sim().invoices.get(no)).toMatchObject({ voided: true, voidReason: "抬頭錯誤" });
    expect((await k.staffInvoiceOf(no)).can_reissue).toBe(true);
    const again = await k.admin<StaffInvoice>("POST", `/invoices/${inv.id}/reissue`, { reason: "重開正確抬頭" });
    expect(again.body.data.relate_number).toBe(`${no}R2`);
    await k.runJobs();
    expect(k.sim().invoices.get(`${no}R2`)?.voided).toBe(false);
    expect(await k.eInvoice(no)).toMatchObject({ status: "issued", invoice_no: k.sim().invoices.get(`${no}R2`)?.invoiceNo });
    const second = await k.staffInvoiceOf(`${no}`);
    await k.admin("POST", `/invoices/${second.id}/allowance`, { amount: 10, reason: "運費補償" });
    await k.runJobs();
    expect(
      k
        .sim()
        .invoices.get(`${no}R2`)
        ?.allowances.map((a) => a.amount),
    ).toEqual([10]);
    // Support reads but may not act.
    const support = await k.s.staffToken("support");
    const refused = await k.t.call("POST", `/api/admin/invoices/${second.id}/void`, { token: support, body: { reason: "x" } });
    expect(refused.status).toBe(403);
  });
});

describe("the buyer's 證明聯", () => {
  test("a company buyer downloads it as PDF; others have none; a guest must prove the phone", async () => {
    const no = await k.cardOrder(36, { invoice: { type: "company", tax_id: "04595257", title: "茶山好物股份有限公司" } });
    await k.runJobs();
    expect((await k.eInvoice(no))?.printable).toBe(true);
    const pdf = await k.t.app.inject({
      method: "POST",
      url: "/api/order/invoice_pdf",
      headers: { authorization: `Bearer ${k.token}`, "content-type": "application/json" },
      payload: JSON.stringify({ order_no: no }),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const other = await k.cardOrder(37);
    await k.runJobs();
    const none = await k.t.call("POST", "/api/order/invoice_pdf", { token: k.token, body: { order_no: other } });
    expect(none.status).toBe(404);

    const cart = await k.s.cartWith([{ variantId: await k.s.variantOf(38), qty: 1 }]);
    const guest = await k.s.store(
      guestCartOrder(cart.lineIds, {
        payment_method: "card",
        prime: await k.s.prime(),
        invoice: { type: "company", tax_id: "04595257", title: "茶行" },
      }),
      { headers: cart.headers },
    );
    await k.runJobs();
    const gno = (guest.body.data as StoreResult).order_no;
    const masked = (await k.s.detail(gno, { phone: guestReceiver.phone })).body.data.e_invoice;
    expect(masked).toMatchObject({ status: "issued", random_number: null, carrier: "○○○", printable: false });
    const refused = await k.t.call("POST", "/api/order/invoice_pdf", { body: { order_no: gno, phone: guestReceiver.phone } });
    expect(refused.status).toBe(403);
    const proven = await k.t.call("POST", "/api/order/invoice_pdf", {
      body: { order_no: gno, phone: guestReceiver.phone, access_token: (guest.body.data as StoreResult).access_token },
    });
    expect(proven.status).toBe(200);
  });
});
