import { type APIRequestContext, expect, test } from "@playwright/test";
import { fillHomeAddress, fillReceiver, orderNoOf, payByCard, registerMember, shot, signIn, toCheckout } from "./flows";
import { phonePage } from "./helpers";

/** 加價購 and 滿額贈 (decision 93): staff make them, a shopper on a phone takes both and sees them on the order. */

const PRODUCT = 4;
interface AdminProduct {
  variants: Array<{ id: number; price: number }>;
}

async function operator(request: APIRequestContext) {
  const r = await request.post("/api/admin/auth/login", { data: { username: "operator", password: "operator12345" } });
  const token = ((await r.json()) as { data: { token: string } }).data.token;
  return { Authorization: `Bearer ${token}` };
}

test("a shopper takes a 加價購 item and chooses a 滿額贈 gift, pays, and sees both on the order and its invoice", async ({
  browser,
  request,
}) => {
  test.slow();
  const headers = await operator(request);
  const product = ((await (await request.get(`/api/admin/products/${PRODUCT}`, { headers })).json()) as { data: AdminProduct })
    .data;
  const goods = product.variants[0] as { id: number; price: number };
  const other = async (id: number) =>
    (((await (await request.get(`/api/admin/products/${id}`, { headers })).json()) as { data: AdminProduct }).data.variants[0]
      ?.id ?? 0) as number;
  const [addOnVariant, giftA, giftB] = [await other(2), await other(3), await other(5)];
  const window = {
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 3_600_000).toISOString(),
  };
  const deal = {
    title: "E2E 加購茶杯",
    variant_id: addOnVariant,
    price: 99,
    per_order_cap: 2,
    trigger_product_ids: [PRODUCT],
    ...window,
  };
  // The gift's threshold is this product's price + NT$1: one unit is NT$1 short of it, two reach it.
  const rule = { title: "E2E 滿額贈", threshold: goods.price + 1, variant_ids: [giftA, giftB], ...window };
  const madeDeal = await request.post("/api/admin/addon_deals", { headers, data: deal });
  expect(madeDeal.ok()).toBe(true);
  const madeRule = await request.post("/api/admin/gift_rules", { headers, data: rule });
  expect(madeRule.ok()).toBe(true);
  // A shared code typed at checkout with them (decision 92; every refusal's wording: coupon-codes.spec.ts).
  const code = `DEAL-${Date.now().toString(36).toUpperCase().slice(-5)}`;
  const madeCode = await request.post("/api/admin/coupons", {
    headers,
    data: { kind: "amount", issue: "shared", title: "加購日折扣", value: 50, code },
  });
  expect(madeCode.ok(), await madeCode.text()).toBe(true);
  const dealId = ((await madeDeal.json()) as { data: { id: number } }).data.id;
  const ruleId = ((await madeRule.json()) as { data: { id: number } }).data.id;

  const { context, page } = await phonePage(browser);
  try {
    const member = await registerMember(request, "加價購會員");
    await signIn(page, member.phone, member.password);
    await toCheckout(page, PRODUCT);
    await page.getByLabel("新竹物流宅配").check();
    await fillReceiver(page, member.phone);
    await fillHomeAddress(page);

    const panel = page.getByRole("region", { name: "加價購與滿額贈" });
    await expect(panel.getByText("再買 NT$1 送")).toBeVisible();
    await panel.getByRole("button", { name: "加購E2E 加購茶杯" }).click();
    await expect(page.getByTestId("checkout-addon-line")).toContainText("加購價 NT$99 × 1");
    // The add-on does not count towards the gift: still NT$1 short.
    await expect(panel.getByText("再買 NT$1 送")).toBeVisible();
    await shot(page, "deals-checkout-short-phone");

    // A second unit of the goods reaches the gift; the shopper picks the second one.
    await page.goto("/select_cart");
    await page.getByLabel(/數量$/).first().selectOption("2");
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "前往結帳" }).click();
    await expect(page.getByTestId("payable")).toBeVisible();
    await page.getByLabel("新竹物流宅配").check();
    await fillReceiver(page, member.phone);
    await fillHomeAddress(page);
    await panel.getByRole("button", { name: "加購E2E 加購茶杯" }).click();
    await expect(panel.getByText("請選擇一項贈品")).toBeVisible();
    const second = panel.getByRole("radio").nth(1);
    await second.check();
    const giftName = ((await second.locator("xpath=..").textContent()) ?? "").replace("（已送完）", "").trim();
    // The quote confirms the pick: the gift's line at NT$0 and the add-on's at its deal price.
    await expect(page.getByTestId("checkout-gift-line")).toContainText(giftName);
    await expect(page.getByTestId("checkout-gift-line")).toContainText("NT$0");
    await expect(page.getByTestId("checkout-addon-line")).toContainText("NT$99");
    // The code: a wrong one is refused in words, the right one is a discount line; the gift stays.
    await page.getByLabel("優惠碼").fill("NOPE-0000");
    await page.getByRole("button", { name: "套用" }).click();
    await expect(page.locator("#coupon-code-error")).toHaveText("查無此優惠碼，請確認後再輸入");
    await page.getByLabel("優惠碼").fill(code.toLowerCase());
    await page.getByRole("button", { name: "套用" }).click();
    await expect(page.getByText(`加購日折扣（${code}）`).first()).toBeVisible();
    await expect(page.getByTestId("checkout-gift-line")).toContainText(giftName);
    // Tapped without Playwright's hit test: with the code's message and the deals panel the radio's
    // neighbours were reported over it (noted on issue 50); a tap on the row checks it all the same.
    await page.getByLabel("信用卡", { exact: true }).check({ force: true });
    await payByCard(page, "4242 4242 4242 4242");
    await shot(page, "deals-checkout-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, "deals-checkout-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "確認下單" }).click();
    await expect(page.getByTestId("finish-title")).toHaveText("感謝您的訂購，付款已完成");
    await expect(page.getByTestId("finish-deals")).toContainText("加價購");
    await expect(page.getByTestId("finish-deals")).toContainText("贈品");
    const orderNo = await orderNoOf(page);
    await shot(page, "deals-finish-phone");

    await page.getByRole("link", { name: "查看訂單明細" }).click();
    await expect(page.getByText("加價購", { exact: true })).toBeVisible();
    await expect(page.getByText("贈品", { exact: true })).toBeVisible();
    await expect(page.getByText(`加購日折扣（${code}）`)).toBeVisible();
    await shot(page, "deals-order-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, "deals-order-desktop");

    // The e-invoice: issued for what was paid (the gift at NT$0 does not change it).
    const paid = Number(((await page.getByTestId("payable").first().textContent()) ?? "").replace(/\D/g, ""));
    await expect
      .poll(
        async () => {
          const r = await request.get(`/api/test/einvoice/${orderNo}`);
          return r.ok() ? ((await r.json()) as { data: { sales_amount: number } }).data.sales_amount : null;
        },
        { timeout: 25_000, intervals: [500, 1000] },
      )
      .toBe(paid);
  } finally {
    // Turned off first, so other specs' carts are priced as they expect even if this one failed.
    await request.put(`/api/admin/addon_deals/${dealId}`, { headers, data: { ...deal, active: false } });
    await request.put(`/api/admin/gift_rules/${ruleId}`, { headers, data: { ...rule, active: false } });
    await context.close().catch(() => undefined);
  }
});
