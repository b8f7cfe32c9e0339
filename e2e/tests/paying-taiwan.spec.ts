import { expect, type Page, test } from "@playwright/test";
import { fillHomeAddress, fillReceiver, orderNoOf, payByCard, shot } from "./flows";
import { newPhone, PHONE_UA } from "./helpers";

// Issue 48: paying the Taiwanese ways at checkout, on a phone — LINE Pay (approved, cancelled then
// paid again), a card in 6 instalments, an ATM virtual account, Apple Pay in 測試模式.
test.use({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/**
 * A guest's quick order of two 魚池阿薩姆紅茶 to a home address: 2 × NT$660 less NT$100 (promotion)
 * plus NT$120 delivery, NT$1,340 (over NT$1,000: 3 and 6 instalments offered).
 */
async function checkoutOverThousand(page: Page) {
  await page.goto("/cart?variant_id=20&qty=2");
  await expect(page.getByTestId("payable")).toBeVisible();
  await page.getByLabel("新竹物流宅配").check();
  await fillReceiver(page, newPhone());
  await fillHomeAddress(page);
  await expect(page.getByTestId("payable")).toHaveText("NT$1,340");
}

const money = (n: number) => `NT$${n.toLocaleString("en-US")}`;
const amountOf = async (page: Page) => Number(((await page.getByTestId("payable").textContent()) ?? "").replace(/[^\d]/g, ""));

async function placeWith(page: Page, method: string) {
  await page.getByRole("radio", { name: method }).check();
  await page.getByRole("button", { name: "確認下單" }).click();
}

test("a guest pays with LINE Pay: approved on the wallet's page, the finish page says paid", async ({ page }) => {
  await checkoutOverThousand(page);
  await page.getByRole("radio", { name: "LINE Pay" }).check();
  await expect(page.getByTestId("pay-hint")).toContainText("下單後前往 LINE Pay 完成付款");
  await shot(page, "paying-checkout-methods");
  await page.getByRole("button", { name: "確認下單" }).click();
  await expect(page).toHaveURL(/\/api\/payments\/simulator\/wallet\?rec_trade_id=/);
  await expect(page.getByRole("heading", { name: "LINE Pay 付款" })).toBeVisible();
  await shot(page, "paying-wallet-page");
  await page.getByRole("button", { name: "確認付款" }).click();
  await expect(page).toHaveURL(/\/orderfinish\?order_no=\d+&rec_trade_id=/);
  await expect(page.getByTestId("finish-status")).toHaveText("已付款");
  await expect(page.getByTestId("finish-title")).toHaveText("感謝您的訂購，付款已完成");
});

test("LINE Pay cancelled: still 待付款, then paid again with LINE Pay from the finish page", async ({ page }) => {
  await checkoutOverThousand(page);
  await placeWith(page, "LINE Pay");
  await page.getByRole("button", { name: "取消付款" }).click();
  await expect(page).toHaveURL(/\/orderfinish\?/);
  await expect(page.getByTestId("finish-status")).toHaveText("待付款");
  const repay = page.getByRole("region", { name: "重新付款" });
  await expect(repay.getByLabel("LINE Pay")).toBeChecked();
  await shot(page, "paying-finish-line-cancelled");
  await repay.getByRole("button", { name: /確認付款/ }).click();
  await expect(page.getByRole("heading", { name: "LINE Pay 付款" })).toBeVisible();
  await page.getByRole("button", { name: "確認付款" }).click();
  await expect(page.getByTestId("finish-status")).toHaveText("已付款");
});

test("a card in 6 instalments: the monthly amount shows, the order page says 6 期", async ({ page }) => {
  await checkoutOverThousand(page);
  await payByCard(page, "4242424242424242");
  const payable = await amountOf(page);
  expect(payable).toBeGreaterThanOrEqual(1000);
  const monthly = Math.floor(payable / 6);
  const first = payable - monthly * 5;
  const label = `6 期 0 利率，每期 ${money(monthly)}${first !== monthly ? `（首期 ${money(first)}）` : ""}`;
  const select = page.getByLabel("分期付款");
  await expect(select.locator("option", { hasText: label })).toHaveCount(1);
  await expect(select.locator("option").first()).toHaveText("一次付清");
  await select.selectOption({ label });
  // The whole choice again under the select (a phone's select cuts it short), with the total.
  await expect(page.getByTestId("instalment-chosen")).toHaveText(`${label}，合計 ${money(payable)}`);
  await shot(page, "paying-checkout-instalments");
  await page.getByRole("button", { name: "確認下單" }).click();
  await expect(page.getByTestId("finish-status")).toHaveText("已付款");
  await page.getByRole("link", { name: "查看訂單明細" }).click();
  await expect(page.getByText("信用卡 6 期分期")).toBeVisible();
});

test("an ATM virtual account: the account shows; a wrong amount leaves it unpaid, the exact amount pays it", async ({ page }) => {
  await checkoutOverThousand(page);
  const payable = await amountOf(page);
  await placeWith(page, "ATM 虛擬帳號（免回報）");
  await expect(page.getByTestId("finish-title")).toHaveText("訂單已成立，請於期限內轉帳至專屬帳號");
  const va = page.getByTestId("virtual-account");
  await expect(va.getByTestId("va-account")).toHaveText(/^\d{6,20}$/);
  await expect(va.getByTestId("va-amount")).toHaveText(money(payable));
  await expect(va.getByText("轉帳金額需與應付金額完全相同")).toBeVisible();
  await shot(page, "paying-finish-virtual-account");
  await va.getByRole("button", { name: "模擬金額錯誤的轉帳" }).click();
  await expect(va.getByTestId("va-note")).toBeVisible();
  await expect(page.getByTestId("finish-status")).toHaveText("待付款");
  await shot(page, "paying-finish-va-mismatch");
  // The order page shows the same account and note, and the exact amount pays it there.
  expect(await orderNoOf(page)).toMatch(/^\d{14}$/);
  await page.getByRole("link", { name: "查看訂單明細" }).click();
  await expect(va.getByTestId("va-amount")).toHaveText(money(payable));
  await expect(va.getByTestId("va-note")).toBeVisible();
  await shot(page, "paying-order-virtual-account");
  await va.getByRole("button", { name: "模擬轉帳（測試模式）" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("已付款");
  await expect(page.getByTestId("virtual-account")).toHaveCount(0);
});

test("Apple Pay in 測試模式 at checkout pays at once", async ({ page }) => {
  await checkoutOverThousand(page);
  const apple = page.getByRole("radio", { name: /Apple Pay/ });
  await expect(page.locator("label", { has: apple })).toContainText("測試模式");
  await placeWith(page, "Apple Pay");
  await expect(page.getByTestId("finish-status")).toHaveText("已付款");
});

test("Apple Pay from the product page: checkout opens with Apple Pay chosen and the order is paid", async ({ page }) => {
  await page.goto("/product/details?id=1");
  await page.getByTestId("device-wallet").getByRole("link", { name: "使用 Apple Pay 結帳（測試模式）" }).click();
  await expect(page).toHaveURL(/pay=apple_pay/);
  await expect(page.getByRole("radio", { name: /Apple Pay/ })).toBeChecked();
  await page.getByLabel("新竹物流宅配").check();
  await fillReceiver(page, newPhone());
  await fillHomeAddress(page);
  await page.getByRole("button", { name: "確認下單" }).click();
  await expect(page.getByTestId("finish-status")).toHaveText("已付款");
});

test("a declined card paid again from the finish page in 3 instalments", async ({ page }) => {
  await checkoutOverThousand(page);
  await payByCard(page, "4000000000000002");
  await page.getByRole("button", { name: "確認下單" }).click();
  await expect(page.getByTestId("finish-status")).toHaveText("待付款");
  const repay = page.getByRole("region", { name: "重新付款" });
  await repay.getByLabel("卡號").fill("4242 4242 4242 4242");
  await repay.getByLabel("有效期限（MM/YY）").fill("12/30");
  await repay.getByLabel("安全碼").fill("123");
  const payable = 1340;
  const label = `3 期 0 利率，每期 ${money(Math.floor(payable / 3))}（首期 ${money(payable - Math.floor(payable / 3) * 2)}）`;
  await repay.getByLabel("分期付款").selectOption({ label });
  await shot(page, "paying-again-instalments");
  await repay.getByRole("button", { name: /確認付款/ }).click();
  await expect(page.getByTestId("finish-status")).toHaveText("已付款");
  await page.getByRole("link", { name: "查看訂單明細" }).click();
  await expect(page.getByText("信用卡 3 期分期")).toBeVisible();
});
