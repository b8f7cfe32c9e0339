import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  fillHomeAddress,
  fillReceiver,
  orderNoOf,
  payByCard,
  registerMember,
  shot,
  signIn,
  staffSignIn,
  toCheckout,
} from "./flows";
import { phonePage } from "./helpers";

/** What the e-invoice simulator holds for an order (test mode only). */
interface SimInvoice {
  invoice_no: string;
  voided: boolean;
  sales_amount: number;
  carrier_type: string;
  carrier_num: string;
  allowances: Array<{ allowance_no: string; amount: number }>;
}

/** Waits until the simulator's record of the order passes `ok` (the job queue sends invoices within seconds). */
async function simulatorHolds(request: APIRequestContext, orderNo: string, ok: (i: SimInvoice) => boolean) {
  let last: SimInvoice | null = null;
  await expect
    .poll(
      async () => {
        const r = await request.get(`/api/test/einvoice/${orderNo}`);
        last = r.ok() ? ((await r.json()) as { data: SimInvoice }).data : null;
        return last !== null && ok(last);
      },
      { timeout: 25_000, intervals: [500, 1000] },
    )
    .toBe(true);
  return last as unknown as SimInvoice;
}

/** Reloads the order page until its invoice shows `status`. */
async function invoiceShows(page: Page, status: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await page.getByTestId("invoice-status").textContent())?.trim();
      },
      { timeout: 25_000, intervals: [1000, 2000] },
    )
    .toBe(status);
}

test("a member's mobile-barcode invoice is issued on card payment, voided on cancel; a partial refund is an allowance", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const member = await registerMember(request, "發票測試會員");
  await signIn(page, member.phone, member.password);
  await toCheckout(page, 4);
  await page.getByLabel("新竹物流宅配").check();
  await fillReceiver(page, member.phone);
  await fillHomeAddress(page);
  await page.getByRole("radio", { name: "手機條碼" }).check();
  // A barcode with the right shape that the tax platform does not know: refused under the field, nothing charged.
  await page.locator("#invoice-carrier").fill("/0000000");
  await payByCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "確認下單" }).click();
  await expect(page.getByText("查無此手機條碼")).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await page.locator("#invoice-carrier").fill("/ABC1234");
  await expect(page.getByText("查無此手機條碼")).toHaveCount(0);
  await payByCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "確認下單" }).click();
  await expect(page.getByTestId("finish-title")).toHaveText("感謝您的訂購，付款已完成");
  const orderNo = await orderNoOf(page);

  // Issued by the job queue: the number on the order page is the simulator's.
  await page.goto(`/member/order_detail?order_no=${orderNo}`);
  await invoiceShows(page, "已開立");
  const issued = await simulatorHolds(request, orderNo, (i) => !i.voided);
  expect(issued).toMatchObject({ carrier_type: "3", carrier_num: "/ABC1234" });
  await expect(page.getByTestId("invoice-no")).toHaveText(`${issued.invoice_no.slice(0, 2)}-${issued.invoice_no.slice(2)}`);
  await expect(page.getByTestId("order-invoice")).toContainText("手機條碼 /ABC1234");
  await shot(page, "order-invoice-desktop");

  // Cancelled in the same period: voided at the provider.
  await page.getByRole("button", { name: "取消訂單" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "取消訂單" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("已取消");
  await simulatorHolds(request, orderNo, (i) => i.voided);
  await invoiceShows(page, "已作廢");

  // Another order, delivered, refunded in part by an operator: an allowance of what went back.
  const variant = ((await (await request.get("/api/product/get?id=5")).json()) as { data: { variants: Array<{ id: number }> } })
    .data.variants[0]?.id;
  const prime = (
    (await (
      await request.post("/api/payments/simulator/prime", {
        data: { card_number: "4242424242424242", expiry: "12/30", ccv: "123" },
      })
    ).json()) as { data: { prime: string } }
  ).data.prime;
  const placed = await request.post("/api/order/store/fast", {
    headers: { authorization: `Bearer ${member.token}` },
    data: {
      variant_id: variant,
      qty: 2,
      ship_method: "hct",
      payment_method: "card",
      prime,
      receiver: { name: "發票測試會員", phone: member.phone },
      address: { zip: "100", county: "臺北市", district: "中正區", line: "重慶南路一段 122 號" },
      invoice: { type: "mobile", carrier: "/ABC1234" },
    },
  });
  const second = ((await placed.json()) as { data: { order_no: string } }).data.order_no;
  await request.post("/api/test/orders/fulfil", { data: { order_no: second, complete: true } });
  const whole = await simulatorHolds(request, second, (i) => i.sales_amount > 0);

  const staff = await browser.newPage();
  await staffSignIn(staff, "operator", "operator12345");
  await staff.goto("/admin/orders");
  await staff.getByPlaceholder("訂單編號、電話或收件人").fill(second);
  await staff.getByRole("cell", { name: second }).click();
  await staff.getByLabel("取消／退款原因").fill("一盒破損");
  await staff.getByLabel(/可退 2/).fill("1");
  await staff.getByRole("button", { name: "部分退款" }).click();
  const refundLine = staff.getByText(/部分退款　退款 NT\$[\d,]+/);
  await expect(refundLine).toBeVisible();
  const refunded = Number(/退款 NT\$([\d,]+)/.exec((await refundLine.textContent()) ?? "")?.[1]?.replace(/,/g, ""));
  const allowed = await simulatorHolds(request, second, (i) => i.allowances.length === 1);
  expect(allowed.allowances[0]?.amount).toBe(refunded);
  expect(allowed.voided).toBe(false);
  expect(refunded).toBeLessThan(whole.sales_amount);

  // The back office lists it in this period with the allowance.
  await staff.goto("/admin/invoices");
  await staff.getByPlaceholder("訂單編號或發票號碼").fill(second);
  await expect(staff.getByRole("cell", { name: `${whole.invoice_no.slice(0, 2)}-${whole.invoice_no.slice(2)}` })).toBeVisible();
  await expect(staff.getByRole("row").filter({ hasText: second })).toContainText("已開立");
  await shot(staff, "admin-invoices");
  await staff.close();

  // On a phone, the buyer sees the invoice and the allowance.
  const phone = await phonePage(browser);
  await signIn(phone.page, member.phone, member.password);
  await phone.page.goto(`/member/order_detail?order_no=${second}`);
  await expect(phone.page.getByTestId("order-invoice")).toContainText(`已折讓 NT$${refunded.toLocaleString("en-US")}`);
  await shot(phone.page, "order-invoice-phone");
  await phone.context.close();
});
