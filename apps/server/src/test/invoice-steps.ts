import type { StaffInvoice } from "@shop/contract/admin";
import { DEMO_ACCOUNTS } from "../demo/seed.js";
import { createTestApp, type TestApp } from "./harness.js";
import { orderSteps } from "./order-helpers.js";

/**
 * The e-invoice tests' setting (decision 57): a test app whose invoices go to the in-process ECPay
 * simulator, the demo member signed in with wallet and points to spend, an owner's token, and the
 * steps the tests share.
 */
export async function invoiceSetting() {
  const t: TestApp = await createTestApp();
  const s = orderSteps(t);
  const token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  const memberId = (await t.services.auth.authenticate(token))?.member.id ?? 0;
  let staff = await s.staffToken();
  await t.database.db.transaction(async (tx) => {
    await t.services.loyalty.changeWallet(tx, memberId, 50_000, "測試", "test:grant");
    await t.services.loyalty.changePoints(tx, memberId, 50_000, "測試", "test:grant");
  });
  const sim = () => {
    const fake = t.providers.einvoiceSimulator;
    if (!fake) throw new Error("the e-invoice simulator is not running");
    return fake;
  };
  const admin = <T>(method: "GET" | "POST" | "PUT", url: string, body?: unknown) =>
    t.call<T>(method, `/api/admin${url}`, { token: staff, body });
  return {
    t,
    s,
    token,
    memberId,
    sim,
    admin,
    /** Staff tokens live 12 hours: a test that moves the clock signs in again. */
    async staffAgain() {
      staff = await s.staffToken();
    },
    runJobs: () => t.services.jobs.runDue(50),
    eInvoice: async (no: string) => (await s.detail(no, { token })).body.data.e_invoice,
    staffInvoiceOf: async (no: string) =>
      (await admin<{ items: StaffInvoice[] }>("GET", `/invoices?q=${no}`)).body.data.items[0] as StaffInvoice,
    /** A member's card order of one unit of `productId` (barcode carrier unless `extra` says otherwise). */
    async cardOrder(productId: number, extra: Record<string, unknown> = {}): Promise<string> {
      const v = await s.variantOf(productId);
      await s.setStock(v, 100);
      const r = await s.memberOrder(token, v, {
        payment_method: "card",
        prime: await s.prime(),
        invoice: { type: "mobile", carrier: "/ABC1234" },
        ...extra,
      });
      return r.order_no;
    },
    /** A member's transfer order the shop confirmed, shipped and delivered. */
    async deliveredOrder(productId: number, qty: number): Promise<string> {
      const v = await s.variantOf(productId);
      await s.setStock(v, 100);
      const { order_no } = await s.memberOrder(token, v, { qty, invoice: { type: "donation", donation_code: "8585" } });
      await t.services.payments.confirmOffline(order_no, "staff:1", "staff");
      await t.services.orders.advance(order_no, "delivered", "staff:1", { trackingNo: "HCT1" });
      return order_no;
    },
  };
}
