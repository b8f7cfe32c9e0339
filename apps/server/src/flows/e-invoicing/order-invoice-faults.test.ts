import type { StaffInvoice } from "@shop/contract/admin";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LOST_ALLOWANCE } from "../../modules/invoices/sync.js";
import { invoiceSetting } from "../../test/invoice-steps.js";
import { guestCartOrder } from "../../test/order-helpers.js";

/**
 * E-invoices when ECPay answers badly or not at all, and the edges of when an invoice is due
 * (decision 57). The simulator is asked directly (`issue`, `allowance`) where another party acts.
 */
let k: Awaited<ReturnType<typeof invoiceSetting>>;
beforeAll(async () => {
  k = await invoiceSetting();
});
afterAll(() => k.t.close());

const latest = (no: string) => k.t.services.orderInvoices.records.latestFor(k.t.database.db, no);
/** Moves the clock on, runs the queue (its retries are due), and moves it back. */
async function later(seconds: number) {
  k.t.clock.advance(seconds);
  try {
    await k.runJobs();
  } finally {
    k.t.clock.advance(-seconds);
  }
}
const refundOne = async (no: string, productId: number) =>
  k.admin("POST", `/orders/${no}/refund`, { reason: "少一件", items: [{ variant_id: await k.s.variantOf(productId), qty: 1 }] });

describe("what ECPay already holds", () => {
  test("an invoice of this sale is taken; one of another amount under our number waits for staff", async () => {
    const no = await k.cardOrder(40);
    const inv = await latest(no);
    await k.t.providers.einvoice.issue({
      relateNumber: no,
      buyer: { kind: "mobile", barcode: "/ABC1234" },
      name: "王小明",
      email: "",
      phone: "0912345678",
      lines: inv?.lines ?? [],
    });
    await k.runJobs();
    expect(await k.eInvoice(no)).toMatchObject({ status: "issued", invoice_no: k.sim().invoices.get(no)?.invoiceNo });

    const other = await k.cardOrder(41);
    await k.t.providers.einvoice.issue({
      relateNumber: other,
      buyer: { kind: "member", customerId: "" },
      name: "別人",
      email: "x@example.com",
      phone: "0900000000",
      lines: [{ name: "別的東西", count: 1, word: "件", price: 1, amount: 1 }],
    });
    await k.runJobs();
    expect(await k.staffInvoiceOf(other)).toMatchObject({ status: "pending", parked: true });
    expect((await k.staffInvoiceOf(other)).last_error).toContain("金額不符");
  });
});

describe("answers that never came", () => {
  test("a lost allowance is settled by what ECPay says is left, not sent again", async () => {
    const no = await k.deliveredOrder(42, 2);
    await k.runJobs();
    k.sim().failNext("lose");
    await refundOne(no, 42);
    await k.runJobs();
    await later(120);
    const held = k.sim().invoices.get(no);
    expect(held?.allowances).toHaveLength(1);
    const inv = await k.staffInvoiceOf(no);
    expect(inv).toMatchObject({ parked: false, allowance_total: held?.allowances[0]?.amount });
  });

  test("a lost allowance ECPay's remainder cannot explain waits for staff; 確認已折讓 records it", async () => {
    const no = await k.deliveredOrder(43, 3);
    await k.runJobs();
    k.sim().failNext("lose");
    await refundOne(no, 43);
    await k.runJobs();
    // Someone allows NT$1 on the invoice in ECPay's own back office meanwhile.
    const held = k.sim().invoices.get(no);
    await k.t.providers.einvoice.allowance({
      invoiceNo: held?.invoiceNo ?? "",
      invoiceDate: held?.invoiceDate ?? "",
      customerName: "x",
      email: "",
      lines: [{ name: "價差", count: 1, word: "式", price: 1, amount: 1 }],
    });
    await later(120);
    const parked = await k.staffInvoiceOf(no);
    expect(parked).toMatchObject({ parked: true, last_error: LOST_ALLOWANCE, can_confirm_allowance: true });
    const number = held?.allowances[0]?.allowanceNo ?? "";
    const bad = await k.admin("POST", `/invoices/${parked.id}/allowance_confirmed`, { allowance_no: "123", reason: "已查" });
    expect(bad.status).toBe(400);
    const ok = await k.admin<StaffInvoice>("POST", `/invoices/${parked.id}/allowance_confirmed`, {
      allowance_no: number,
      reason: "綠界後台已有此折讓",
    });
    expect(ok.body.data).toMatchObject({ parked: false, can_confirm_allowance: false });
    expect(ok.body.data.allowances.map((a) => a.allowance_no)).toContain(number);
    // Nothing was sent twice, and the next refund goes through.
    await refundOne(no, 43);
    await k.runJobs();
    expect(k.sim().invoices.get(no)?.allowances).toHaveLength(3);
  });

  test("a busy answer to GetIssue is not 'never issued': the cancelled order's invoice is found and voided", async () => {
    const no = await k.cardOrder(44);
    k.sim().failNext("lose");
    await k.runJobs();
    expect(k.sim().invoices.has(no)).toBe(true);
    await k.t.call("POST", "/api/order/cancelOrder", { token: k.token, body: { order_no: no, reason: "不要了" } });
    // The next look-up is refused as busy: it must not count as "ECPay holds none".
    k.sim().failNext("系統忙碌，請稍後再試");
    await later(300);
    await later(600);
    expect(k.sim().invoices.get(no)?.voided).toBe(true);
    expect((await latest(no))?.status).toBe("voided");
  });

  test("an Issue with no answer, then a cancellation: decided only once ECPay has had time to finish it", async () => {
    const no = await k.cardOrder(45);
    k.sim().failNext("hang");
    await k.runJobs();
    await k.t.call("POST", "/api/order/cancelOrder", { token: k.token, body: { order_no: no, reason: "不要了" } });
    await later(30);
    expect((await latest(no))?.status).toBe("pending");
    await later(300);
    expect((await latest(no))?.status).toBe("not_issued");
    expect(k.sim().invoices.has(no)).toBe(false);
  });
});

describe("when an invoice is due", () => {
  test("an order paid while the setting said 'shipped' is invoiced when it ships after the setting changed", async () => {
    await k.admin("PUT", "/invoice_settings", { issue_on: "shipped" });
    const no = await k.cardOrder(46);
    await k.admin("PUT", "/invoice_settings", { issue_on: "paid" });
    await k.runJobs();
    expect(await latest(no)).toBeUndefined();
    await k.t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT7" });
    await k.runJobs();
    expect((await latest(no))?.status).toBe("issued");
  });

  test("cash on delivery confirmed before it ships is invoiced on delivery, not on the confirmation", async () => {
    const cart = await k.s.cartWith([{ variantId: await k.s.variantOf(47), qty: 1 }]);
    const r = await k.s.store(guestCartOrder(cart.lineIds, { payment_method: "cod" }), { headers: cart.headers });
    const no = r.body.data.order_no;
    await k.t.services.payments.confirmOffline(no, "staff:1", "staff");
    await k.runJobs();
    expect(await latest(no)).toBeUndefined();
    await k.t.services.orders.advance(no, "delivered", "staff:1", { trackingNo: "HCT8" });
    await k.runJobs();
    expect((await latest(no))?.status).toBe("issued");
  });
});

describe("the back office's records", () => {
  test("重新開立 is refused once money went back after the void; an allowance is listed in the period it was made", async () => {
    const no = await k.deliveredOrder(48, 2);
    await k.runJobs();
    const inv = await k.staffInvoiceOf(no);
    await k.admin("POST", `/invoices/${inv.id}/void`, { reason: "抬頭錯誤" });
    await k.runJobs();
    await refundOne(no, 48);
    await k.runJobs();
    expect((await k.staffInvoiceOf(no)).can_reissue).toBe(false);
    const refused = await k.admin("POST", `/invoices/${inv.id}/reissue`, { reason: "重開" });
    expect([refused.status, refused.body.message]).toEqual([409, "作廢後此訂單已有退款，金額已變動，請由會計人工開立"]);

    const later2 = await k.deliveredOrder(49, 2);
    await k.runJobs();
    k.t.clock.advance(62 * 86_400);
    try {
      await k.staffAgain();
      await refundOne(later2, 49);
      await k.runJobs();
      const period = (d: Date) => {
        const t = new Date(d.getTime() + 8 * 3_600_000);
        const m = t.getUTCMonth() + 1;
        return `${t.getUTCFullYear()}-${String(m - ((m - 1) % 2)).padStart(2, "0")}`;
      };
      const now = await k.admin<string>("GET", `/invoices.csv?period=${period(k.t.clock.now)}`);
      const then = await k.admin<string>(
        "GET",
        `/invoices.csv?period=${period(new Date(k.t.clock.now.getTime() - 62 * 86_400_000))}`,
      );
      const allowanceRows = (csv: string) => csv.split("\r\n").filter((l) => l.startsWith("折讓") && l.includes(later2));
      expect(allowanceRows(now.body.data)).toHaveLength(1);
      expect(allowanceRows(then.body.data)).toHaveLength(0);
      expect(then.body.data.split("\r\n").filter((l) => l.startsWith("發票") && l.includes(later2))).toHaveLength(1);
    } finally {
      k.t.clock.advance(-62 * 86_400);
      await k.staffAgain();
    }
  });
});
